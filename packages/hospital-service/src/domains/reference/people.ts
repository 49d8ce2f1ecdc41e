/**
 * The people dictionaries of getNatEthOccInfo: nationalities, ethnic groups and occupations. Static
 * reference data (national standards), so it lives here rather than in a table.
 *
 * A contact's `ethnicity` and `occupation` are stored and returned as the dictionary **name**
 * (汉族, 专业技术人员); the add and edit calls accept the name or the code and store the name.
 */

export interface DictionaryEntry {
  code: string;
  name: string;
}

function entries(list: string): DictionaryEntry[] {
  const parts = list.trim().split(/\s+/);
  const result: DictionaryEntry[] = [];
  for (let i = 0; i < parts.length; i += 2) result.push({ code: parts[i], name: parts[i + 1] });
  return result;
}

/**
 * Nationalities (GB/T 2659 / ISO 3166-1 alpha-3 codes): China and its special regions first, then
 * the countries patients most often come from.
 */
export const NATIONALITIES: readonly DictionaryEntry[] = entries(`
  CHN 中国 HKG 中国香港 MAC 中国澳门 TWN 中国台湾
  KOR 韩国 JPN 日本 PRK 朝鲜 MNG 蒙古 RUS 俄罗斯 KAZ 哈萨克斯坦 KGZ 吉尔吉斯斯坦 UZB 乌兹别克斯坦
  VNM 越南 LAO 老挝 MMR 缅甸 KHM 柬埔寨 THA 泰国 MYS 马来西亚 SGP 新加坡 IDN 印度尼西亚
  PHL 菲律宾 IND 印度 PAK 巴基斯坦 NPL 尼泊尔 BGD 孟加拉国 LKA 斯里兰卡
  USA 美国 CAN 加拿大 MEX 墨西哥 BRA 巴西 ARG 阿根廷 CHL 智利 PER 秘鲁
  GBR 英国 IRL 爱尔兰 FRA 法国 DEU 德国 ITA 意大利 ESP 西班牙 PRT 葡萄牙 NLD 荷兰 BEL 比利时
  CHE 瑞士 AUT 奥地利 SWE 瑞典 NOR 挪威 DNK 丹麦 FIN 芬兰 POL 波兰 CZE 捷克 GRC 希腊
  UKR 乌克兰 TUR 土耳其 ISR 以色列 IRN 伊朗 SAU 沙特阿拉伯 ARE 阿拉伯联合酋长国 EGY 埃及
  ZAF 南非 NGA 尼日利亚 KEN 肯尼亚 ETH 埃塞俄比亚 AUS 澳大利亚 NZL 新西兰`);

/** The 56 ethnic groups of GB 3304-1991 (codes 01–56), plus its 97 其他 and 98 外国血统中国籍人士. */
export const ETHNICITIES: readonly DictionaryEntry[] = entries(`
  01 汉族 02 蒙古族 03 回族 04 藏族 05 维吾尔族 06 苗族 07 彝族 08 壮族 09 布依族 10 朝鲜族
  11 满族 12 侗族 13 瑶族 14 白族 15 土家族 16 哈尼族 17 哈萨克族 18 傣族 19 黎族 20 傈僳族
  21 佤族 22 畲族 23 高山族 24 拉祜族 25 水族 26 东乡族 27 纳西族 28 景颇族 29 柯尔克孜族 30 土族
  31 达斡尔族 32 仫佬族 33 羌族 34 布朗族 35 撒拉族 36 毛南族 37 仡佬族 38 锡伯族 39 阿昌族
  40 普米族 41 塔吉克族 42 怒族 43 乌孜别克族 44 俄罗斯族 45 鄂温克族 46 德昂族 47 保安族
  48 裕固族 49 京族 50 塔塔尔族 51 独龙族 52 鄂伦春族 53 赫哲族 54 门巴族 55 珞巴族 56 基诺族
  97 其他 98 外国血统中国籍人士`);

/**
 * Occupations: the eight major groups of GB/T 6565-2015 (codes 1–8), then the situations of
 * patients who are not in work, which the standard does not classify but the health-card form must
 * offer (local codes 91–95).
 */
export const OCCUPATIONS: readonly DictionaryEntry[] = entries(`
  1 党的机关、国家机关、群众团体和社会组织、企事业单位负责人
  2 专业技术人员
  3 办事人员和有关人员
  4 社会生产服务和生活服务人员
  5 农、林、牧、渔业生产及辅助人员
  6 生产制造及有关人员
  7 军人
  8 不便分类的其他从业人员
  91 学生 92 离退休人员 93 无业人员 94 学龄前儿童 95 家务`);

function lookup(dictionary: readonly DictionaryEntry[]) {
  const byKey = new Map<string, string>();
  for (const e of dictionary) byKey.set(e.code, e.name).set(e.name, e.name);
  return (value: string): string | undefined => byKey.get(value.trim());
}

/** The dictionary name of an ethnic group given by code or name; undefined when unknown. */
export const ethnicityName = lookup(ETHNICITIES);

/** The dictionary name of an occupation given by code or name; undefined when unknown. */
export const occupationName = lookup(OCCUPATIONS);
