/**
 * What the simulated LIS and PACS know: the lab panels with their items (adult reference ranges as Chinese lab
 * sheets print them) and the imaging, endoscopy and pathology studies with their (fictional) findings.
 */

export interface LabItemSeed {
  code: string;
  name: string;
  abbreviation: string;
  unit: string;
  low: number | null;
  high: number | null;
  decimals: number;
  /** Typical value and spread of a healthy adult (the LIS's values scatter around it). */
  centre: number;
  spread: number;
  /** Qualitative items: the normal result (their value is this unless the visit says otherwise). */
  qualitative?: string;
}

export interface LabPanelSeed {
  name: string;
  specimen: string;
  /** What the patient does before the sample is taken, and where. */
  preparation: string[];
  location: string;
  items: LabItemSeed[];
}

const BLOOD_ROOM = '门诊楼1层 采血室';

/** A numeric item: range, decimals, a healthy adult's centre and spread. */
export const item = (
  code: string,
  name: string,
  abbreviation: string,
  unit: string,
  low: number | null,
  high: number | null,
  decimals: number,
  centre: number,
  spread: number,
): LabItemSeed => ({ code, name, abbreviation, unit, low, high, decimals, centre, spread });

/** A qualitative item whose normal result is `normal` (default 阴性). */
export const qualitative = (
  code: string,
  name: string,
  abbreviation: string,
  normal = '阴性',
): LabItemSeed => ({
  code,
  name,
  abbreviation,
  unit: '',
  low: null,
  high: null,
  decimals: 0,
  centre: 0,
  spread: 0,
  qualitative: normal,
});

export const LAB_PANELS: Record<string, LabPanelSeed> = {
  BIOCHEM: {
    name: '生化全套',
    specimen: '血清',
    preparation: ['需空腹8-12小时采血（前一日晚餐后禁食，可少量饮水）。', '采血前一日避免饮酒及高脂饮食。'],
    location: BLOOD_ROOM,
    items: [
      item('GLU', '葡萄糖', 'GLU', 'mmol/L', 3.9, 6.1, 2, 5.1, 0.5),
      item('ALT', '丙氨酸氨基转移酶', 'ALT', 'U/L', 9, 50, 0, 24, 8),
      item('AST', '天门冬氨酸氨基转移酶', 'AST', 'U/L', 15, 40, 0, 23, 5),
      item('CREA', '肌酐', 'CREA', 'μmol/L', 57, 111, 0, 78, 10),
      item('UA', '尿酸', 'UA', 'μmol/L', 208, 428, 0, 330, 40),
      item('TC', '总胆固醇', 'TC', 'mmol/L', null, 5.2, 2, 4.5, 0.4),
      item('TG', '甘油三酯', 'TG', 'mmol/L', null, 1.7, 2, 1.2, 0.25),
      item('K', '钾', 'K', 'mmol/L', 3.5, 5.3, 2, 4.2, 0.3),
    ],
  },
  CBC: {
    name: '血常规+C反应蛋白',
    specimen: '全血',
    preparation: ['无需空腹，随时可采血。'],
    location: BLOOD_ROOM,
    items: [
      item('WBC', '白细胞计数', 'WBC', '×10⁹/L', 3.5, 9.5, 2, 6.2, 1.2),
      item('NEUT', '中性粒细胞百分比', 'NEUT%', '%', 40, 75, 1, 58, 6),
      item('LYM', '淋巴细胞百分比', 'LYM%', '%', 20, 50, 1, 32, 5),
      item('RBC', '红细胞计数', 'RBC', '×10¹²/L', 3.8, 5.8, 2, 4.7, 0.3),
      item('HGB', '血红蛋白', 'HGB', 'g/L', 115, 175, 0, 142, 8),
      item('PLT', '血小板计数', 'PLT', '×10⁹/L', 125, 350, 0, 230, 40),
      item('CRP', 'C反应蛋白', 'CRP', 'mg/L', null, 10, 1, 3, 2),
    ],
  },
  HBA1C: {
    name: '糖化血红蛋白',
    specimen: '全血',
    preparation: ['无需空腹，随时可采血。'],
    location: BLOOD_ROOM,
    items: [item('HBA1C', '糖化血红蛋白', 'HbA1c', '%', 4, 6, 1, 5.4, 0.3)],
  },
  URINE: {
    name: '尿常规',
    specimen: '尿液',
    preparation: ['请留取晨起第一次中段尿约10ml，1小时内送检。', '女性请避开月经期。'],
    location: '门诊楼1层 检验科标本接收处',
    items: [
      item('PH', '酸碱度', 'pH', '', 4.5, 8, 1, 6, 0.5),
      item('SG', '比重', 'SG', '', 1.003, 1.03, 3, 1.018, 0.005),
      qualitative('PRO', '尿蛋白', 'PRO'),
      qualitative('UGLU', '尿葡萄糖', 'GLU'),
      qualitative('BLD', '隐血', 'BLD'),
      qualitative('KET', '酮体', 'KET'),
    ],
  },
};

export interface StudySeed {
  kind: 'IMAGING' | 'PATHOLOGY';
  name: string;
  departmentName: string;
  /** Examined part, or the specimen of a pathology study. */
  specimen: string;
  modality: string;
  technique: string;
  findings: string;
  impression: string;
  /** Pathology only. */
  gross?: string;
  preparation: string[];
  location: string;
}

export const STUDIES: Record<string, StudySeed> = {
  US_ABDOMEN: {
    preparation: ['检查前须空腹8小时（前一日晚餐后禁食）。'],
    location: '门诊楼3层 超声科',
    kind: 'IMAGING',
    name: '腹部彩超（肝胆胰脾）',
    departmentName: '超声科',
    specimen: '肝、胆、胰、脾',
    modality: '超声',
    technique: '常规二维及彩色多普勒超声检查',
    findings:
      '肝脏形态大小正常，包膜光整，肝实质回声细密增强，远场回声衰减，肝内管道结构显示欠清。胆囊大小正常，壁光滑，腔内未见明显异常回声。胰腺、脾脏大小形态正常，回声均匀。',
    impression: '脂肪肝（轻-中度）。胆、胰、脾未见明显异常。',
  },
  MR_LUMBAR: {
    preparation: [
      '体内有心脏起搏器、金属植入物者请勿检查，并告知医生。',
      '检查前请取下金属饰品、手机、钥匙等物品。',
    ],
    location: '医技楼1层 磁共振室',
    kind: 'IMAGING',
    name: '腰椎磁共振平扫',
    departmentName: '放射科',
    specimen: '腰椎',
    modality: 'MR',
    technique: 'T1WI、T2WI矢状位及T2WI横断位平扫',
    findings:
      '腰椎生理曲度变直，各椎体边缘骨质增生。L4/5椎间盘T2WI信号减低，向左后方突出，相应硬膜囊及左侧神经根受压；L5/S1椎间盘信号减低，轻度膨出。椎管未见明显狭窄，脊髓圆锥位置正常。',
    impression: 'L4/5椎间盘突出（左后型），左侧神经根受压；L5/S1椎间盘膨出；腰椎退行性变。',
  },
  ES_GASTRO: {
    preparation: ['检查前须空腹8小时、禁水2小时。', '检查当日须由家属陪同。'],
    location: '门诊楼4层 消化内镜中心',
    kind: 'IMAGING',
    name: '电子胃镜检查',
    departmentName: '消化内镜中心',
    specimen: '食管、胃、十二指肠',
    modality: '内镜',
    technique: '普通电子胃镜检查，胃窦活检2块',
    findings:
      '食管黏膜光滑，齿状线清晰。胃底黏液湖清，胃体黏膜光滑。胃窦黏膜红白相间，以红为主，散在点状糜烂，于胃窦小弯取活检2块。幽门圆，开闭好。十二指肠球部及降部未见异常。',
    impression: '慢性非萎缩性胃炎伴糜烂（已活检，待病理）。',
  },
  CT_CHEST: {
    preparation: ['检查前请取下金属饰品。', '孕妇或可能怀孕者请告知医生。'],
    location: '医技楼1层 CT室',
    kind: 'IMAGING',
    name: '胸部CT平扫',
    departmentName: '放射科',
    specimen: '胸部',
    modality: 'CT',
    technique: '胸部螺旋CT平扫，层厚1.25mm',
    findings:
      '右肺下叶见斑片状高密度影，边界模糊，内见支气管充气征；余肺野清晰。气管、支气管通畅。纵隔内未见肿大淋巴结。心影大小正常。双侧胸腔未见积液。',
    impression: '右肺下叶炎症，建议治疗后复查。',
  },
  PATH_GASTRIC: {
    preparation: ['标本由内镜中心送检，无需患者准备。'],
    location: '医技楼5层 病理科',
    kind: 'PATHOLOGY',
    name: '胃窦活检病理',
    departmentName: '病理科',
    specimen: '胃窦黏膜活检组织',
    modality: '病理',
    technique: 'HE染色',
    gross: '灰白色碎组织2块，大小均约0.2cm×0.2cm×0.1cm，全部取材。',
    findings: '胃窦黏膜慢性炎细胞浸润，轻度活动，局灶腺体轻度肠上皮化生，未见异型增生。HP(-)。',
    impression: '（胃窦）慢性非萎缩性胃炎，轻度活动，伴局灶轻度肠上皮化生。',
  },
};

/** Who signs reports, per kind: the reporter and the reviewer. */
export const SIGNERS: Record<'LAB' | 'IMAGING' | 'PATHOLOGY', [string, string]> = {
  LAB: ['刘芳', '孙明'],
  IMAGING: ['黄磊', '吴强'],
  PATHOLOGY: ['郑敏', '马骏'],
};

/** One item of the health certificate check: its normal result and, for a failing one, what was found. */
export interface CertificateItemSeed {
  name: string;
  normal: string;
  /** The finding that fails the check (the item can fail), else absent. */
  failing?: string;
}

/** 从业人员健康检查 items (the exclusion diseases: dysentery, typhoid, hepatitis A and E, active TB, purulent skin disease). */
export const CERTIFICATE_ITEMS: CertificateItemSeed[] = [
  { name: '内科检查', normal: '未见异常' },
  { name: '皮肤检查', normal: '未见异常', failing: '手部化脓性皮肤病' },
  { name: '胸部X线检查', normal: '心肺膈未见异常', failing: '右上肺斑片影，考虑肺结核可能' },
  { name: '甲型肝炎抗体IgM', normal: '阴性' },
  { name: '戊型肝炎抗体IgM', normal: '阴性', failing: '阳性' },
  { name: '粪便培养（痢疾杆菌、伤寒及副伤寒沙门菌）', normal: '未检出', failing: '检出痢疾杆菌' },
];

/** 从业类别 of a health certificate. */
export const CERTIFICATE_CATEGORIES = [
  '食品生产经营',
  '公共场所',
  '药品生产经营',
  '化妆品生产',
  '生活饮用水供水',
];

/** Where and how the check is done. */
export const CERTIFICATE_ORDER = {
  name: '从业人员健康检查',
  performedBy: '健康管理中心',
  specimen: '血液、粪便',
  location: '门诊楼5层 健康管理中心',
  preparation: ['检查当日空腹采血。', '携带身份证原件；粪便标本于采样前一日领取采样管。'],
  signers: ['陈慧', '郑国华'] as [string, string],
};
