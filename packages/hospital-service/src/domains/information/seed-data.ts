/**
 * Seed content of hospital information: each hospital's profile (fictional demo data, consistent with its
 * city; its address and main hotline are the hospitals domain's), its notices, the catalogue of drugs and
 * medical services with their base prices, the facilities the navigation lists, and the visit guide.
 */

export interface ProfileSeed {
  subtitle: string;
  level: string;
  founded: string;
  beds: string;
  website: string;
  introduction: string[];
  transport: string[];
  /** Hotlines besides the hospitals domain's main one. */
  extraHotlines: { label: string; number: string }[];
}

/** The profiles of the nine demo hospitals; any other hospital gets a plain one (see {@link profileOf}). */
export const PROFILES: Record<string, ProfileSeed> = {
  '1000': {
    subtitle: '三级甲等综合医院',
    level: '三级甲等',
    founded: '1952年',
    beds: '1500张',
    website: 'https://www.example-hospital.cn',
    introduction: [
      '示范人民医院始建于1952年，是一所集医疗、教学、科研、预防、保健于一体的三级甲等综合医院。',
      '医院设有临床科室42个、医技科室12个，年门诊量逾200万人次，全面推行预约诊疗和诊间结算。',
    ],
    transport: [
      '公交：乘坐 31路、115路 至“示范路口”站下车，步行约200米',
      '地铁：6号线“示范路”站 B 出口',
      '停车：门诊楼地下停车场（约600个车位）',
    ],
    extraHotlines: [{ label: '急诊', number: '010-65123120' }],
  },
  '1001': {
    subtitle: '三级甲等综合医院',
    level: '三级甲等',
    founded: '1950年',
    beds: '2200张',
    website: 'https://www.zz-first-hospital.example.cn',
    introduction: [
      '郑州市第一人民医院是郑州市属大型三级甲等综合医院，承担全市医疗救治与公共卫生任务。',
      '医院开放床位2200张，设有国家级、省级临床重点专科多个，年门诊量约180万人次。',
    ],
    transport: [
      '地铁：1号线、5号线“金水路”站 C 出口',
      '公交：乘坐 2路、26路 至“健康路”站',
      '停车：院内立体停车楼',
    ],
    extraHotlines: [{ label: '急诊', number: '0371-66281120' }],
  },
  '1002': {
    subtitle: '二级甲等综合医院',
    level: '二级甲等',
    founded: '1951年',
    beds: '600张',
    website: 'https://www.songtao-hospital.example.cn',
    introduction: [
      '松桃苗族自治县人民医院是县域医疗服务中心，承担全县及周边群众的基本医疗和急危重症救治。',
      '医院与省级医院建立远程会诊协作，常见病、多发病在县内即可得到规范诊治。',
    ],
    transport: ['公交：乘坐 县城1路、3路 至“民族路”站', '停车：医院东侧停车场'],
    extraHotlines: [],
  },
  '1003': {
    subtitle: '二级甲等综合医院',
    level: '二级甲等',
    founded: '1950年',
    beds: '500张',
    website: 'https://www.shiqian-hospital.example.cn',
    introduction: [
      '石阡县人民医院是一所集医疗、急救、预防、康复于一体的二级甲等综合医院。',
      '医院设有胸痛中心、卒中中心和危重孕产妇救治中心，服务全县群众。',
    ],
    transport: ['公交：乘坐 县城2路 至“温泉路”站', '停车：门诊楼前广场停车场'],
    extraHotlines: [],
  },
  '1004': {
    subtitle: '三级甲等综合医院',
    level: '三级甲等',
    founded: '2016年',
    beds: '1000张',
    website: 'https://www.shulan-hospital.example.cn',
    introduction: [
      '树兰（杭州）医院是一所三级甲等综合医院，以器官移植、感染病诊治等学科见长。',
      '医院推行全预约、全流程线上服务，门诊实行分时段就诊。',
    ],
    transport: [
      '地铁：3号线“东新园”站 A 出口，步行约300米',
      '公交：乘坐 11路、81路 至“东新路”站',
      '停车：医院地下停车场',
    ],
    extraHotlines: [{ label: '急诊', number: '0571-56750120' }],
  },
  '1005': {
    subtitle: '二级甲等综合医院',
    level: '二级甲等',
    founded: '1966年',
    beds: '400张',
    website: 'https://www.wanshan-hospital.example.cn',
    introduction: [
      '铜仁市万山区人民医院是万山区的区级综合医院，承担辖区常见病诊治、急诊急救和公共卫生服务。',
      '医院与铜仁市级医院组建医共体，重症患者可经绿色通道转诊。',
    ],
    transport: ['公交：乘坐 万山1路 至“仁山大道”站', '停车：医院北侧停车场'],
    extraHotlines: [],
  },
  '1006': {
    subtitle: '三级中西医结合医院',
    level: '三级',
    founded: '1958年',
    beds: '900张',
    website: 'https://www.trzxy-hospital.example.cn',
    introduction: [
      '铜仁市中西医结合医院是一所中西医并重的三级医院，设有中医内科、针灸推拿、康复等特色专科。',
      '医院中药房提供中药饮片代煎和配送服务。',
    ],
    transport: ['公交：乘坐 铜仁3路、8路 至“锦江路”站', '停车：医院地面停车场'],
    extraHotlines: [{ label: '急诊', number: '0856-5221120' }],
  },
  '1007': {
    subtitle: '三级乙等综合医院',
    level: '三级乙等',
    founded: '1943年',
    beds: '800张',
    website: 'https://www.lqph.example.cn',
    introduction: [
      '台州市路桥区人民医院是路桥区规模最大的综合医院，承担区域医疗、急救和教学任务。',
      '医院开展日间手术和一站式入院服务，门诊全面推行诊间支付。',
    ],
    transport: ['公交：乘坐 105路、116路 至“银安街”站', '停车：门诊楼西侧停车场'],
    extraHotlines: [{ label: '急诊', number: '0576-82421120' }],
  },
  '1008': {
    subtitle: '国际医疗旅游先行区综合医院',
    level: '综合医院',
    founded: '2018年',
    beds: '300张',
    website: 'https://www.boao-hospital.example.cn',
    introduction: [
      '海南博鳌超级医院位于博鳌乐城国际医疗旅游先行区，可使用先行区政策许可的国外已上市新药和器械。',
      '医院以多学科联合门诊为特色，提供国际医疗与康复服务。',
    ],
    transport: ['公交：琼海市区乘坐 乐城专线 至“康祥路”站', '自驾：博鳌机场约15分钟车程，院内设停车场'],
    extraHotlines: [],
  },
};

export const HOURS = [
  '门诊：周一至周日 08:00-12:00，14:00-17:30',
  '急诊：24小时开放',
  '检验报告：工作日次日可查',
];

export const NOTICES: { title: string; body: string[]; daysAgo: number }[] = [
  {
    title: '门诊就诊须知',
    body: [
      '本院实行预约诊疗，请按预约时段提前30分钟到院签到。',
      '就诊时请携带身份证或医保卡，佩戴口罩。',
      '过号患者请到分诊台重新排队。',
    ],
    daysAgo: 3,
  },
  {
    title: '检查检验须知',
    body: ['空腹检查请于上午10:00前完成抽血或检查。', '检查结果可在“报告查询”中查看。'],
    daysAgo: 10,
  },
  {
    title: '医保结算说明',
    body: [
      '本院已开通医保移动支付，挂号和门诊缴费可直接使用医保账户结算。',
      '自费部分可使用微信或支付宝支付。',
    ],
    daysAgo: 20,
  },
];

/** Facilities every hospital's navigation lists besides its departments (building, floor, area). */
export const FACILITIES: { name: string; location: string }[] = [
  { name: '挂号收费处', location: '门诊楼1层 A区' },
  { name: '门诊服务中心', location: '门诊楼1层 A区' },
  { name: '西药房', location: '门诊楼1层 B区' },
  { name: '中药房', location: '门诊楼1层 C区' },
  { name: '检验科（抽血处）', location: '门诊楼2层 A区' },
  { name: 'CT室', location: '医技楼1层' },
  { name: '磁共振室', location: '医技楼1层' },
  { name: '超声科', location: '门诊楼3层' },
  { name: '消化内镜中心', location: '门诊楼4层' },
  { name: '入院服务中心', location: '住院部1层' },
];

/** Drugs: code, name, specification, unit, base price (fen), insurance category, manufacturer. */
export const DRUGS: [string, string, string, string, number, 'A' | 'B' | 'SELF', string][] = [
  ['YP0001', '阿莫西林胶囊', '0.25g×24粒', '盒', 1250, 'A', '华北制药股份有限公司'],
  ['YP0002', '头孢克肟分散片', '0.1g×6片', '盒', 2380, 'B', '广州白云山制药股份有限公司'],
  ['YP0003', '布洛芬缓释胶囊', '0.3g×20粒', '盒', 1560, 'A', '中美天津史克制药有限公司'],
  ['YP0004', '对乙酰氨基酚片', '0.5g×12片', '盒', 450, 'A', '上海强生制药有限公司'],
  ['YP0005', '硝苯地平控释片', '30mg×7片', '盒', 3290, 'A', '拜耳医药保健有限公司'],
  ['YP0006', '苯磺酸氨氯地平片', '5mg×7片', '盒', 1870, 'A', '辉瑞制药有限公司'],
  ['YP0007', '二甲双胍缓释片', '0.5g×30片', '盒', 2150, 'A', '中美上海施贵宝制药有限公司'],
  ['YP0008', '阿托伐他汀钙片', '20mg×7片', '盒', 2960, 'B', '辉瑞制药有限公司'],
  ['YP0009', '奥美拉唑肠溶胶囊', '20mg×14粒', '盒', 1680, 'A', '阿斯利康制药有限公司'],
  ['YP0010', '蒙脱石散', '3g×10袋', '盒', 1130, 'A', '博福-益普生（天津）制药有限公司'],
  ['YP0011', '氯雷他定片', '10mg×6片', '盒', 1820, 'B', '拜耳医药保健有限公司'],
  ['YP0012', '复方甘草片', '100片', '瓶', 520, 'A', '北京双鹤药业股份有限公司'],
  ['YP0013', '连花清瘟胶囊', '0.35g×24粒', '盒', 1450, 'B', '石家庄以岭药业股份有限公司'],
  ['YP0014', '板蓝根颗粒', '10g×20袋', '袋', 1690, 'A', '广州白云山和记黄埔中药有限公司'],
  ['YP0015', '阿司匹林肠溶片', '100mg×30片', '盒', 1590, 'A', '拜耳医药保健有限公司'],
  ['YP0016', '氯化钠注射液', '0.9% 250ml', '袋', 380, 'A', '四川科伦药业股份有限公司'],
  ['YP0017', '葡萄糖注射液', '5% 250ml', '袋', 390, 'A', '四川科伦药业股份有限公司'],
  ['YP0018', '门冬胰岛素注射液', '3ml:300单位', '支', 6980, 'B', '诺和诺德（中国）制药有限公司'],
  ['YP0019', '左氧氟沙星片', '0.5g×4片', '盒', 2240, 'A', '第一三共制药（北京）有限公司'],
  ['YP0020', '维生素C片', '0.1g×100片', '瓶', 350, 'SELF', '华中药业股份有限公司'],
];

/** Medical services: code, name, what it covers, unit, base price (fen), insurance category. */
export const SERVICES: [string, string, string, string, number, 'A' | 'B' | 'SELF'][] = [
  ['FW0001', '普通门诊诊查费', '', '次', 1000, 'A'],
  ['FW0002', '副主任医师诊查费', '', '次', 2500, 'A'],
  ['FW0003', '主任医师诊查费', '', '次', 3500, 'A'],
  ['FW0004', '急诊诊查费', '', '次', 1500, 'A'],
  ['FW0005', '血常规检查', '五分类', '次', 2000, 'A'],
  ['FW0006', '尿常规检查', '含沉渣', '次', 1200, 'A'],
  ['FW0007', '肝功能检查', '12项', '次', 9000, 'A'],
  ['FW0008', '肾功能检查', '5项', '次', 5000, 'A'],
  ['FW0009', '胸部CT平扫', '64排', '次', 18000, 'A'],
  ['FW0010', '头颅磁共振平扫', '1.5T', '次', 42000, 'B'],
  ['FW0011', '腹部彩色多普勒超声', '肝胆胰脾', '次', 16000, 'A'],
  ['FW0012', '心电图检查', '十二导联', '次', 2500, 'A'],
  ['FW0013', '电子胃镜检查', '', '次', 28000, 'A'],
  ['FW0014', '无痛胃镜麻醉', '静脉麻醉', '次', 45000, 'B'],
  ['FW0015', '静脉输液', '第一组', '组', 600, 'A'],
  ['FW0016', '肌肉注射', '', '次', 300, 'A'],
  ['FW0017', '普通病房床位费', '三人间', '日', 4000, 'A'],
  ['FW0018', '针灸治疗', '普通针刺', '次', 3000, 'A'],
  ['FW0019', '中药饮片代煎', '每剂', '剂', 300, 'SELF'],
  ['FW0020', '健康体检（基础套餐）', '含血常规、肝肾功能、心电图、胸片', '次', 38000, 'SELF'],
];

/** The visit step by step, with the app's screen for each step. */
export const GUIDE: { title: string; text: string[]; path: string | null; action: string | null }[] = [
  {
    title: '预约挂号',
    text: [
      '在线选择科室、医生和就诊时段，支付挂号费即预约成功。',
      '可预约未来7天的号源，当日号在“当日挂号”中预约。',
    ],
    path: '/depts',
    action: '预约挂号',
  },
  {
    title: '到院签到',
    text: ['就诊当日按预约时段提前30分钟到院，在线签到或到分诊台签到后进入排队。'],
    path: '/callingQueuing',
    action: '到院签到',
  },
  {
    title: '候诊就诊',
    text: ['在候诊区留意叫号屏或在线查看排队进度，叫到号后进入诊室就诊。', '过号请到分诊台重新排队。'],
    path: '/queueIndex',
    action: '查看排队',
  },
  {
    title: '缴费',
    text: ['医生开具检查、检验或处方后，可在线缴费，医保患者可直接医保结算。'],
    path: '/outpatientFee/list',
    action: '门诊缴费',
  },
  {
    title: '检查检验与取药',
    text: ['按缴费单上的地点完成检查检验；处方药品到药房签到后等候取药。', '院内位置可在“院内导航”中查找。'],
    path: '/hospitalNavigation',
    action: '院内导航',
  },
  {
    title: '查看报告',
    text: ['检验报告一般当日或次日出具，可在线查看，如有疑问请复诊。'],
    path: '/searchReport',
    action: '报告查询',
  },
];

/**
 * A hospital's profile: its own from PROFILES, or — for a hospital only the hospitals domain knows (a new one,
 * `pnpm new-hospital`) — a plain one from its name, to be replaced by a PROFILES entry when its facts are known.
 */
export function profileOf(hospital: { id: string; name: string }): ProfileSeed {
  return (
    PROFILES[hospital.id] ?? {
      subtitle: '综合医院',
      level: '待公布',
      founded: '待公布',
      beds: '待公布',
      website: '',
      introduction: [`${hospital.name}的医院介绍正在完善中。`],
      transport: [],
      extraHotlines: [],
    }
  );
}
