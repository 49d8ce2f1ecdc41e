import type { Region } from '@patient/contract';

/**
 * Provinces, cities and counties (GB/T 2260 codes and names, as in the 2023 statistical division
 * codes) for getProCountiesInfo. Static reference data, so it lives here rather than in a table.
 *
 * A subset: the provinces of the nine hospitals and a few more. Only some cities of each province are
 * listed, but every listed city has all of its counties (economic development zones, which carry
 * codes like 410171 but are no administrative division, are left out).
 *
 * The tree follows how addresses are written, not the statistical levels:
 * - a municipality (北京市, 上海市) has its districts directly under it (GB/T 2260's 市辖区 level,
 *   110100, is left out): 北京市 › 朝阳区;
 * - a county-level city or county governed directly by the province (海南 琼海市 469002, the
 *   省直辖县级行政区划 469000 of GB/T 2260) and a prefecture-level city without counties (儋州市) are
 *   leaves under the province: 海南省 › 琼海市.
 *
 * Every leaf is a "county": getStreetsVillagesInfo takes its code.
 */

/** `code name` pairs separated by whitespace, e.g. `110101 东城区 110102 西城区`. */
function leaves(list: string): Region[] {
  const parts = list.trim().split(/\s+/);
  const regions: Region[] = [];
  for (let i = 0; i < parts.length; i += 2) regions.push({ code: parts[i], name: parts[i + 1] });
  return regions;
}

const city = (code: string, name: string, counties: string): Region => ({
  code,
  name,
  children: leaves(counties),
});

const province = (code: string, name: string, children: Region[]): Region => ({ code, name, children });

export const REGIONS: readonly Region[] = [
  province(
    '110000',
    '北京市',
    leaves(`
      110101 东城区 110102 西城区 110105 朝阳区 110106 丰台区 110107 石景山区 110108 海淀区
      110109 门头沟区 110111 房山区 110112 通州区 110113 顺义区 110114 昌平区 110115 大兴区
      110116 怀柔区 110117 平谷区 110118 密云区 110119 延庆区`),
  ),
  province(
    '310000',
    '上海市',
    leaves(`
      310101 黄浦区 310104 徐汇区 310105 长宁区 310106 静安区 310107 普陀区 310109 虹口区
      310110 杨浦区 310112 闵行区 310113 宝山区 310114 嘉定区 310115 浦东新区 310116 金山区
      310117 松江区 310118 青浦区 310120 奉贤区 310151 崇明区`),
  ),
  province('330000', '浙江省', [
    city(
      '330100',
      '杭州市',
      `330102 上城区 330105 拱墅区 330106 西湖区 330108 滨江区 330109 萧山区 330110 余杭区
       330111 富阳区 330112 临安区 330113 临平区 330114 钱塘区 330122 桐庐县 330127 淳安县
       330182 建德市`,
    ),
    city(
      '330200',
      '宁波市',
      `330203 海曙区 330205 江北区 330206 北仑区 330211 镇海区 330212 鄞州区 330213 奉化区
       330225 象山县 330226 宁海县 330281 余姚市 330282 慈溪市`,
    ),
    city(
      '331000',
      '台州市',
      `331002 椒江区 331003 黄岩区 331004 路桥区 331022 三门县 331023 天台县 331024 仙居县
       331081 温岭市 331082 临海市 331083 玉环市`,
    ),
  ]),
  province('410000', '河南省', [
    city(
      '410100',
      '郑州市',
      `410102 中原区 410103 二七区 410104 管城回族区 410105 金水区 410106 上街区 410108 惠济区
       410122 中牟县 410181 巩义市 410182 荥阳市 410183 新密市 410184 新郑市 410185 登封市`,
    ),
    city(
      '410300',
      '洛阳市',
      `410302 老城区 410303 西工区 410304 瀍河回族区 410305 涧西区 410307 偃师区 410308 孟津区
       410311 洛龙区 410323 新安县 410324 栾川县 410325 嵩县 410326 汝阳县 410327 宜阳县
       410328 洛宁县 410329 伊川县`,
    ),
  ]),
  province('440000', '广东省', [
    city(
      '440100',
      '广州市',
      `440103 荔湾区 440104 越秀区 440105 海珠区 440106 天河区 440111 白云区 440112 黄埔区
       440113 番禺区 440114 花都区 440115 南沙区 440117 从化区 440118 增城区`,
    ),
    city(
      '440300',
      '深圳市',
      `440303 罗湖区 440304 福田区 440305 南山区 440306 宝安区 440307 龙岗区 440308 盐田区
       440309 龙华区 440310 坪山区 440311 光明区`,
    ),
  ]),
  province('460000', '海南省', [
    city('460100', '海口市', '460105 秀英区 460106 龙华区 460107 琼山区 460108 美兰区'),
    city('460200', '三亚市', '460202 海棠区 460203 吉阳区 460204 天涯区 460205 崖州区'),
    ...leaves(`
      460400 儋州市 469001 五指山市 469002 琼海市 469005 文昌市 469006 万宁市 469007 东方市
      469021 定安县 469022 屯昌县 469023 澄迈县 469024 临高县 469025 白沙黎族自治县
      469026 昌江黎族自治县 469027 乐东黎族自治县 469028 陵水黎族自治县
      469029 保亭黎族苗族自治县 469030 琼中黎族苗族自治县`),
  ]),
  province('510000', '四川省', [
    city(
      '510100',
      '成都市',
      `510104 锦江区 510105 青羊区 510106 金牛区 510107 武侯区 510108 成华区 510112 龙泉驿区
       510113 青白江区 510114 新都区 510115 温江区 510116 双流区 510117 郫都区 510118 新津区
       510121 金堂县 510129 大邑县 510131 蒲江县 510181 都江堰市 510182 彭州市 510183 邛崃市
       510184 崇州市 510185 简阳市`,
    ),
  ]),
  province('520000', '贵州省', [
    city(
      '520100',
      '贵阳市',
      `520102 南明区 520103 云岩区 520111 花溪区 520112 乌当区 520113 白云区 520115 观山湖区
       520121 开阳县 520122 息烽县 520123 修文县 520181 清镇市`,
    ),
    city(
      '520600',
      '铜仁市',
      `520602 碧江区 520603 万山区 520621 江口县 520622 玉屏侗族自治县 520623 石阡县 520624 思南县
       520625 印江土家族苗族自治县 520626 德江县 520627 沿河土家族自治县 520628 松桃苗族自治县`,
    ),
  ]),
];

/** Every leaf of the tree (the regions that have streets), by code. */
export const COUNTIES: ReadonlyMap<string, Region> = new Map(
  (function* walk(regions: readonly Region[]): Generator<[string, Region]> {
    for (const r of regions) {
      if (r.children?.length) yield* walk(r.children);
      else yield [r.code, r];
    }
  })(REGIONS),
);

/** The names from the province down to a county (a leaf of {@link REGIONS}), or null for no such county. */
export const COUNTY_PATHS: ReadonlyMap<string, readonly string[]> = new Map(
  (function* walk(regions: readonly Region[], above: string[]): Generator<[string, string[]]> {
    for (const r of regions) {
      if (r.children?.length) yield* walk(r.children, [...above, r.name]);
      else yield [r.code, [...above, r.name]];
    }
  })(REGIONS, []),
);
