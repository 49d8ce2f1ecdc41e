import { createHash } from 'node:crypto';
import { validateMainlandId } from '@patient/validation';

/**
 * One coherent story per person (issue 27): what a hospital's systems know of someone — visits, stays, wards,
 * diagnoses, today's bills, lab and exam reports — derived from (hospital, ID number, name) alone, so every
 * simulated system (and the local FHIR server of the HIS adapter's tests) tells the same one. Pure: no tables,
 * no clock (the caller passes the day it is). Sex and birth date come from a mainland ID number; another
 * document gets them from a hash of the person. Diagnoses fit sex and age (no 妇产科 for a man, no 儿科 for an
 * adult, no cataract at twenty); a department's ward and its doctors are the same for every person of a
 * hospital, so a stay names the same ward everywhere.
 */

export type Sex = '男' | '女';

/** Who the story is about: the HIS's key of a person (the same as patients' `HisPerson`). */
export interface StoryPerson {
  hospitalId: string;
  identityCard: string;
  name: string;
}

/** A clinical department of the story's catalogue (the same at every hospital). */
export interface StoryDepartment {
  code: string;
  name: string;
  /** Where its clinic is. */
  location: string;
  /** Its inpatient ward: the same name wherever a stay in it appears. */
  ward: StoryWard;
  /** Who it treats: a sex (null: both), an age range in whole years (inclusive). */
  sex: Sex | null;
  minAge: number;
  maxAge: number;
}

export interface StoryWard {
  code: string;
  name: string;
  location: string;
}

export interface StoryDoctor {
  /** The hospital's staff number (stable per hospital, department and position). */
  code: string;
  name: string;
  sex: Sex;
  title: '主任医师' | '副主任医师' | '主治医师' | '住院医师';
  departmentCode: string;
}

export interface StoryDiagnosis {
  /** ICD-10 code. */
  icd10: string;
  name: string;
}

export interface StoryVisit {
  visitNo: string;
  /** YYYY-MM-DD (China). */
  date: string;
  department: StoryDepartment;
  doctor: StoryDoctor;
  diagnosis: StoryDiagnosis;
}

export interface StoryStay {
  admissionNo: string;
  department: StoryDepartment;
  ward: StoryWard;
  bed: string;
  doctor: StoryDoctor;
  diagnosis: StoryDiagnosis;
  admittedOn: string;
  /** null: still in hospital. */
  dischargedOn: string | null;
}

export interface StoryOrderItem {
  code: string;
  name: string;
  specification: string;
  quantity: number;
  unit: string;
  /** fen */
  unitPrice: number;
  /** fen: quantity × unitPrice */
  amount: number;
}

export interface StoryOrder {
  orderNo: string;
  kind: 'PRESCRIPTION' | 'EXAM' | 'LAB';
  title: string;
  visitNo: string;
  department: StoryDepartment;
  doctor: StoryDoctor;
  items: StoryOrderItem[];
  /** fen */
  total: number;
}

export interface StoryLabItem {
  code: string;
  name: string;
  value: number;
  unit: string;
  low: number;
  high: number;
  /** N normal, H above, L below the reference range. */
  flag: 'N' | 'H' | 'L';
}

export interface StoryLabReport {
  reportNo: string;
  visitNo: string;
  title: string;
  specimen: string;
  date: string;
  items: StoryLabItem[];
}

export interface StoryExamReport {
  reportNo: string;
  visitNo: string;
  modality: 'CT' | 'US' | 'DX' | 'MR' | 'ECG';
  title: string;
  bodyPart: string;
  findings: string;
  conclusion: string;
  date: string;
}

export interface PersonStory {
  person: StoryPerson & { sex: Sex; birthDate: string; age: number };
  /** 病案号 (the HIS's patient number) and 就诊卡号 at this hospital. */
  patientNo: string;
  cardNo: string;
  /** Outpatient visits, newest first; the first is today's. */
  visits: StoryVisit[];
  /** At most two stays, newest first. */
  stays: StoryStay[];
  /** Today's unpaid outpatient orders (from today's visit). */
  unpaidOrders: StoryOrder[];
  labReports: StoryLabReport[];
  examReports: StoryExamReport[];
}

const ward = (code: string, name: string, location: string): StoryWard => ({ code, name, location });

/** The departments every story chooses from, with their wards. */
export const STORY_DEPARTMENTS: readonly StoryDepartment[] = [
  ['HX', '呼吸内科', '门诊楼2楼A区', ward('W-HX', '呼吸内科病区', '住院部7楼'), null, 14, 130],
  ['XN', '心血管内科', '门诊楼2楼B区', ward('W-XN1', '心血管内科一病区', '住院部5楼'), null, 18, 130],
  ['XH', '消化内科', '门诊楼2楼C区', ward('W-XH', '消化内科病区', '住院部6楼'), null, 14, 130],
  ['NF', '内分泌科', '门诊楼3楼A区', ward('W-NF', '内分泌科病区', '住院部8楼'), null, 14, 130],
  ['SJ', '神经内科', '门诊楼3楼B区', ward('W-SJ', '神经内科病区', '住院部9楼'), null, 14, 130],
  ['GK', '骨科', '门诊楼4楼A区', ward('W-GK', '骨科病区', '住院部10楼'), null, 0, 130],
  ['MN', '泌尿外科', '门诊楼4楼B区', ward('W-MN', '泌尿外科病区', '住院部11楼'), null, 14, 130],
  ['FK', '妇科', '门诊楼5楼A区', ward('W-FK', '妇科病区', '住院部12楼'), '女', 14, 130],
  ['CK', '产科', '门诊楼5楼B区', ward('W-CK', '产科病区', '住院部13楼'), '女', 18, 49],
  ['EK', '儿科', '门诊楼1楼C区', ward('W-EK', '儿科病区', '住院部3楼'), null, 0, 13],
  ['YK', '眼科', '门诊楼6楼A区', ward('W-YK', '眼科病区', '住院部14楼'), null, 0, 130],
  ['PF', '皮肤科', '门诊楼6楼B区', ward('W-PF', '皮肤科病区', '住院部14楼'), null, 0, 130],
].map(([code, name, location, w, sex, minAge, maxAge]) => ({
  code: code as string,
  name: name as string,
  location: location as string,
  ward: w as StoryWard,
  sex: sex as Sex | null,
  minAge: minAge as number,
  maxAge: maxAge as number,
}));

const DEPARTMENT = new Map(STORY_DEPARTMENTS.map((d) => [d.code, d]));

interface DiagnosisRule extends StoryDiagnosis {
  department: string;
  sex: Sex | null;
  minAge: number;
  maxAge: number;
  /** Treated in a ward as well (a stay may have it). */
  inpatient: boolean;
  /** What today's prescription holds for it: [code, name, specification, unit, price in fen]. */
  drugs: [string, string, string, string, number][];
  exam: ExamRule;
  lab: LabPanel;
}

interface ExamRule {
  code: string;
  modality: StoryExamReport['modality'];
  title: string;
  bodyPart: string;
  price: number;
  findings: string;
  conclusion: string;
}

type LabPanel = 'CBC' | 'GLUCOSE' | 'LIPIDS' | 'LIVER' | 'URINE';

const CT_CHEST = (findings: string, conclusion: string): ExamRule => ({
  code: 'CT-CHEST',
  modality: 'CT',
  title: '胸部CT平扫',
  bodyPart: '胸部',
  price: 23_000,
  findings,
  conclusion,
});
const DX_CHEST: ExamRule = {
  code: 'DX-CHEST',
  modality: 'DX',
  title: '胸部正位片',
  bodyPart: '胸部',
  price: 8_000,
  findings: '双肺纹理增粗，未见明确实变影；心影大小形态正常；双侧膈面光整。',
  conclusion: '双肺纹理增粗，请结合临床。',
};
const US = (
  code: string,
  title: string,
  bodyPart: string,
  findings: string,
  conclusion: string,
): ExamRule => ({
  code,
  modality: 'US',
  title,
  bodyPart,
  price: 12_000,
  findings,
  conclusion,
});
const ECG: ExamRule = {
  code: 'ECG-12',
  modality: 'ECG',
  title: '常规心电图',
  bodyPart: '心脏',
  price: 3_500,
  findings: '窦性心律，心率 76 次/分，PR 间期 0.16 s，QRS 时限 0.09 s，ST-T 未见明显异常。',
  conclusion: '窦性心律，正常心电图。',
};

const rule = (
  department: string,
  icd10: string,
  name: string,
  ages: [number, number],
  sex: Sex | null,
  inpatient: boolean,
  drugs: DiagnosisRule['drugs'],
  exam: ExamRule,
  lab: LabPanel,
): DiagnosisRule => ({
  department,
  icd10,
  name,
  minAge: ages[0],
  maxAge: ages[1],
  sex,
  inpatient,
  drugs,
  exam,
  lab,
});

const ADULT: [number, number] = [14, 130];
const ANY: [number, number] = [0, 130];

/** Diagnoses by department, each with the sex and ages it fits and what it is treated and examined with. */
const DIAGNOSES: readonly DiagnosisRule[] = [
  rule(
    'HX',
    'J06.900',
    '急性上呼吸道感染',
    ADULT,
    null,
    false,
    [['YP-LHQW', '连花清瘟胶囊', '0.35g×24粒', '盒', 1_480]],
    DX_CHEST,
    'CBC',
  ),
  rule(
    'HX',
    'J20.900',
    '急性支气管炎',
    ADULT,
    null,
    false,
    [
      ['YP-ABXS', '盐酸氨溴索片', '30mg×20片', '盒', 2_260],
      ['YP-AMXL', '阿莫西林胶囊', '0.25g×24粒', '盒', 1_850],
    ],
    DX_CHEST,
    'CBC',
  ),
  rule(
    'HX',
    'J18.900',
    '社区获得性肺炎',
    ADULT,
    null,
    true,
    [['YP-MXSX', '盐酸莫西沙星片', '0.4g×3片', '盒', 4_650]],
    CT_CHEST('右肺下叶见斑片状高密度影，边缘模糊，支气管通畅。', '右肺下叶炎症，建议治疗后复查。'),
    'CBC',
  ),
  rule(
    'HX',
    'J44.900',
    '慢性阻塞性肺疾病',
    [45, 130],
    null,
    true,
    [['YP-SMTL', '沙美特罗替卡松粉吸入剂', '50μg/250μg×60泡', '盒', 16_800]],
    CT_CHEST('双肺透亮度增高，肺纹理稀疏，双肺尖见肺大泡。', '慢性支气管炎、肺气肿征象。'),
    'CBC',
  ),
  rule(
    'XN',
    'I10.x00',
    '原发性高血压',
    [30, 130],
    null,
    false,
    [['YP-ALDP', '苯磺酸氨氯地平片', '5mg×28片', '盒', 3_120]],
    ECG,
    'LIPIDS',
  ),
  rule(
    'XN',
    'I25.103',
    '冠状动脉粥样硬化性心脏病',
    [45, 130],
    null,
    true,
    [
      ['YP-ASPL', '阿司匹林肠溶片', '100mg×30片', '盒', 1_560],
      ['YP-ATFT', '阿托伐他汀钙片', '20mg×7片', '盒', 2_890],
    ],
    US(
      'US-HEART',
      '心脏彩色多普勒超声',
      '心脏',
      '左室壁节段性运动减低，左室射血分数 55%，各瓣膜未见明显反流。',
      '左室节段性室壁运动异常，请结合临床。',
    ),
    'LIPIDS',
  ),
  rule(
    'XN',
    'I48.x00',
    '心房颤动',
    [50, 130],
    null,
    true,
    [['YP-LFSB', '利伐沙班片', '10mg×5片', '盒', 8_760]],
    ECG,
    'CBC',
  ),
  rule(
    'XH',
    'K29.500',
    '慢性胃炎',
    ADULT,
    null,
    false,
    [['YP-ALLZ', '奥美拉唑肠溶胶囊', '20mg×14粒', '盒', 2_140]],
    US(
      'US-ABD',
      '腹部彩超（肝胆胰脾）',
      '腹部',
      '肝脏大小形态正常，实质回声均匀；胆囊壁光滑；胰腺、脾脏未见异常。',
      '肝胆胰脾未见明显异常。',
    ),
    'LIVER',
  ),
  rule(
    'XH',
    'K21.000',
    '胃食管反流病',
    ADULT,
    null,
    false,
    [['YP-LBLZ', '雷贝拉唑钠肠溶片', '10mg×14片', '盒', 3_560]],
    US(
      'US-ABD',
      '腹部彩超（肝胆胰脾）',
      '腹部',
      '肝脏大小形态正常，实质回声均匀；胆囊壁光滑；胰腺、脾脏未见异常。',
      '肝胆胰脾未见明显异常。',
    ),
    'LIVER',
  ),
  rule(
    'XH',
    'K80.200',
    '胆囊结石',
    [20, 130],
    null,
    true,
    [['YP-XDSJ', '熊去氧胆酸胶囊', '0.25g×24粒', '盒', 5_480]],
    US(
      'US-ABD',
      '腹部彩超（肝胆胰脾）',
      '腹部',
      '胆囊大小正常，囊内见数个强回声团，后伴声影，随体位移动。',
      '胆囊多发结石。',
    ),
    'LIVER',
  ),
  rule(
    'NF',
    'E11.900',
    '2型糖尿病',
    [30, 130],
    null,
    true,
    [['YP-EJSG', '盐酸二甲双胍片', '0.5g×60片', '盒', 2_350]],
    US(
      'US-THY',
      '甲状腺彩超',
      '颈部',
      '甲状腺大小正常，实质回声均匀，未见明显结节。',
      '甲状腺未见明显异常。',
    ),
    'GLUCOSE',
  ),
  rule(
    'NF',
    'E05.900',
    '甲状腺功能亢进症',
    ADULT,
    null,
    false,
    [['YP-JQML', '甲巯咪唑片', '10mg×50片', '盒', 1_980]],
    US(
      'US-THY',
      '甲状腺彩超',
      '颈部',
      '甲状腺弥漫性增大，实质回声不均，血流信号丰富呈“火海征”。',
      '甲状腺弥漫性病变，符合甲亢改变。',
    ),
    'CBC',
  ),
  rule(
    'NF',
    'E78.500',
    '高脂血症',
    [30, 130],
    null,
    false,
    [['YP-ATFT', '阿托伐他汀钙片', '20mg×7片', '盒', 2_890]],
    US(
      'US-ABD',
      '腹部彩超（肝胆胰脾）',
      '腹部',
      '肝脏实质回声增强，前场回声细密，后场回声衰减。',
      '轻度脂肪肝。',
    ),
    'LIPIDS',
  ),
  rule(
    'SJ',
    'G43.900',
    '偏头痛',
    ADULT,
    null,
    false,
    [['YP-FGLQ', '盐酸氟桂利嗪胶囊', '5mg×20粒', '盒', 1_280]],
    {
      code: 'CT-HEAD',
      modality: 'CT',
      title: '头颅CT平扫',
      bodyPart: '头颅',
      price: 18_000,
      findings: '脑实质密度未见异常，脑室系统大小形态正常，中线结构居中。',
      conclusion: '头颅CT平扫未见明显异常。',
    },
    'CBC',
  ),
  rule(
    'SJ',
    'I63.900',
    '脑梗死',
    [50, 130],
    null,
    true,
    [['YP-ASPL', '阿司匹林肠溶片', '100mg×30片', '盒', 1_560]],
    {
      code: 'MR-HEAD',
      modality: 'MR',
      title: '头颅MR平扫+DWI',
      bodyPart: '头颅',
      price: 48_000,
      findings: '左侧基底节区见斑片状 DWI 高信号，ADC 值减低。',
      conclusion: '左侧基底节区急性腔隙性脑梗死。',
    },
    'LIPIDS',
  ),
  rule(
    'GK',
    'M51.202',
    '腰椎间盘突出症',
    [25, 130],
    null,
    true,
    [['YP-SLXB', '塞来昔布胶囊', '0.2g×6粒', '盒', 3_380]],
    {
      code: 'MR-LSPINE',
      modality: 'MR',
      title: '腰椎MR平扫',
      bodyPart: '腰椎',
      price: 52_000,
      findings: 'L4/5 椎间盘向后突出，硬膜囊受压，双侧侧隐窝变窄。',
      conclusion: 'L4/5 椎间盘突出。',
    },
    'CBC',
  ),
  rule(
    'GK',
    'M17.900',
    '膝关节骨性关节炎',
    [45, 130],
    null,
    false,
    [['YP-SLXB', '塞来昔布胶囊', '0.2g×6粒', '盒', 3_380]],
    {
      code: 'DX-KNEE',
      modality: 'DX',
      title: '膝关节正侧位片',
      bodyPart: '膝关节',
      price: 9_000,
      findings: '膝关节间隙变窄，关节边缘骨质增生，髁间隆起变尖。',
      conclusion: '膝关节退行性变。',
    },
    'CBC',
  ),
  rule(
    'GK',
    'S52.500',
    '桡骨远端骨折',
    ANY,
    null,
    true,
    [['YP-BLFN', '布洛芬混悬液', '100ml:2g', '瓶', 1_650]],
    {
      code: 'DX-WRIST',
      modality: 'DX',
      title: '腕关节正侧位片',
      bodyPart: '腕关节',
      price: 9_000,
      findings: '桡骨远端骨皮质连续性中断，断端轻度移位。',
      conclusion: '桡骨远端骨折。',
    },
    'CBC',
  ),
  rule(
    'MN',
    'N40.x00',
    '前列腺增生',
    [50, 130],
    '男',
    true,
    [['YP-TSLX', '盐酸坦索罗辛缓释胶囊', '0.2mg×10粒', '盒', 4_120]],
    US(
      'US-PROS',
      '泌尿系彩超（含前列腺）',
      '泌尿系',
      '前列腺体积增大，约 5.2×4.1×3.9 cm，内腺回声不均，膀胱残余尿约 40 ml。',
      '前列腺增生。',
    ),
    'URINE',
  ),
  rule(
    'MN',
    'N20.000',
    '肾结石',
    [18, 130],
    null,
    true,
    [['YP-PSZL', '排石颗粒', '20g×10袋', '盒', 2_860]],
    US(
      'US-URO',
      '泌尿系彩超',
      '泌尿系',
      '右肾下盏见一强回声，大小约 0.6 cm，后伴声影；双侧输尿管未见扩张。',
      '右肾结石。',
    ),
    'URINE',
  ),
  rule(
    'FK',
    'N76.000',
    '急性阴道炎',
    ADULT,
    '女',
    false,
    [['YP-KQLZ', '克霉唑阴道片', '0.5g×1片', '盒', 2_180]],
    US(
      'US-PELV',
      '妇科彩超（经腹）',
      '盆腔',
      '子宫大小正常，肌层回声均匀，双侧附件区未见明显包块。',
      '子宫及双附件未见明显异常。',
    ),
    'URINE',
  ),
  rule(
    'FK',
    'D25.900',
    '子宫平滑肌瘤',
    [30, 60],
    '女',
    true,
    [['YP-GZFL', '桂枝茯苓胶囊', '0.31g×60粒', '盒', 4_260]],
    US(
      'US-PELV',
      '妇科彩超（经腹）',
      '盆腔',
      '子宫增大，前壁肌层见一低回声结节，大小约 3.1×2.8 cm，边界清。',
      '子宫肌瘤。',
    ),
    'CBC',
  ),
  rule(
    'CK',
    'Z34.900',
    '正常妊娠监督',
    [20, 42],
    '女',
    false,
    [['YP-YSPP', '叶酸片', '0.4mg×31片', '盒', 1_580]],
    US(
      'US-OB',
      '产科彩超',
      '子宫',
      '宫内见单胎，胎心搏动可见，胎儿各径线与孕周相符，羊水量正常。',
      '宫内单活胎，超声孕周与停经时间相符。',
    ),
    'CBC',
  ),
  rule(
    'CK',
    'O80.000',
    '单胎顺产',
    [20, 42],
    '女',
    true,
    [['YP-YSPP', '叶酸片', '0.4mg×31片', '盒', 1_580]],
    US(
      'US-OB',
      '产科彩超',
      '子宫',
      '宫内见单胎，胎心搏动可见，胎儿各径线与孕周相符，羊水量正常。',
      '宫内单活胎，超声孕周与停经时间相符。',
    ),
    'CBC',
  ),
  rule(
    'EK',
    'J06.900',
    '急性上呼吸道感染',
    [0, 13],
    null,
    false,
    [['YP-XEBL', '小儿氨酚黄那敏颗粒', '6g×10袋', '盒', 1_320]],
    DX_CHEST,
    'CBC',
  ),
  rule(
    'EK',
    'J18.000',
    '支气管肺炎',
    [0, 13],
    null,
    true,
    [['YP-AQMS', '阿奇霉素干混悬剂', '0.1g×6袋', '盒', 2_450]],
    DX_CHEST,
    'CBC',
  ),
  rule(
    'EK',
    'A09.900',
    '感染性腹泻',
    [0, 13],
    null,
    false,
    [['YP-MTST', '蒙脱石散', '3g×10袋', '盒', 1_860]],
    US(
      'US-ABD',
      '腹部彩超（肝胆胰脾）',
      '腹部',
      '肝脏大小形态正常，实质回声均匀；肠管轻度积气。',
      '肠管积气，余未见明显异常。',
    ),
    'CBC',
  ),
  rule(
    'YK',
    'H52.100',
    '近视',
    [6, 40],
    null,
    false,
    [['YP-YDYA', '玻璃酸钠滴眼液', '0.1% 5ml', '支', 3_850]],
    US('US-EYE', '眼部B超', '眼部', '双眼玻璃体内未见明显异常回声，视网膜平伏。', '双眼未见明显异常。'),
    'CBC',
  ),
  rule(
    'YK',
    'H25.900',
    '老年性白内障',
    [55, 130],
    null,
    true,
    [['YP-BNTD', '苄达赖氨酸滴眼液', '0.5% 5ml', '支', 3_260]],
    US('US-EYE', '眼部B超', '眼部', '右眼晶状体回声增强，玻璃体内未见明显异常回声。', '右眼晶状体混浊。'),
    'GLUCOSE',
  ),
  rule(
    'PF',
    'L50.900',
    '荨麻疹',
    ANY,
    null,
    false,
    [['YP-LLTD', '氯雷他定片', '10mg×6片', '盒', 1_780]],
    US(
      'US-ABD',
      '腹部彩超（肝胆胰脾）',
      '腹部',
      '肝脏大小形态正常，实质回声均匀；胆囊壁光滑；胰腺、脾脏未见异常。',
      '肝胆胰脾未见明显异常。',
    ),
    'CBC',
  ),
  rule(
    'PF',
    'L20.900',
    '特应性皮炎',
    ANY,
    null,
    false,
    [['YP-TBSR', '丁酸氢化可的松乳膏', '0.1% 10g', '支', 2_120]],
    US(
      'US-ABD',
      '腹部彩超（肝胆胰脾）',
      '腹部',
      '肝脏大小形态正常，实质回声均匀；胆囊壁光滑；胰腺、脾脏未见异常。',
      '肝胆胰脾未见明显异常。',
    ),
    'CBC',
  ),
];

const SURNAMES = [
  '李',
  '王',
  '张',
  '刘',
  '陈',
  '杨',
  '赵',
  '黄',
  '周',
  '吴',
  '徐',
  '孙',
  '胡',
  '朱',
  '高',
  '林',
];
const GIVEN: Record<Sex, string[]> = {
  男: ['明', '强', '伟', '军', '斌', '志刚', '建国', '海涛', '文博', '晓东'],
  女: ['静', '敏', '丽', '娟', '芳', '秀英', '雅琴', '晓燕', '丽华', '婷'],
};
const TITLES: StoryDoctor['title'][] = ['主任医师', '副主任医师', '主治医师', '住院医师'];

function digest(...parts: (string | number)[]): Buffer {
  return createHash('sha256').update(parts.join('|')).digest();
}

function digitsOf(bytes: Buffer, count: number): string {
  return (BigInt(`0x${bytes.toString('hex')}`) % 10n ** BigInt(count)).toString().padStart(count, '0');
}

/** The doctors of a department at a hospital: four, the same for every person (a hash of hospital and department). */
export function storyDoctors(hospitalId: string, departmentCode: string): StoryDoctor[] {
  return TITLES.map((title, i) => {
    const h = digest('doctor', hospitalId, departmentCode, i);
    const sex: Sex = h[0] % 2 === 0 ? '男' : '女';
    return {
      code: `${departmentCode}${String(i + 1).padStart(3, '0')}`,
      name: `${SURNAMES[h[1] % SURNAMES.length]}${GIVEN[sex][h[2] % GIVEN[sex].length]}`,
      sex,
      title,
      departmentCode,
    };
  });
}

/** A department of the catalogue by its code. */
export const storyDepartment = (code: string): StoryDepartment | undefined => DEPARTMENT.get(code);

const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

function ageOn(birthDate: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

/**
 * Sex and birth date: from a mainland resident ID number (15 or 18 digits: the birth date it holds, the
 * 17th digit odd for a man); any other document, from a hash of the person (an adult of 18–80).
 */
export function sexAndBirthOf(person: StoryPerson, today: string): { sex: Sex; birthDate: string } {
  const id = validateMainlandId(
    person.identityCard.trim().toUpperCase(),
    new Date(`${today}T12:00:00+08:00`),
  );
  if (id.valid && id.id18 && id.birthDate) {
    return { sex: Number(id.id18[16]) % 2 === 1 ? '男' : '女', birthDate: id.birthDate };
  }
  const h = digest('born', person.identityCard.trim().toUpperCase(), person.name.trim());
  const birthDate = addDays(`${Number(today.slice(0, 4)) - 18 - (h[1] % 62)}-01-01`, h[2] % 365);
  return { sex: h[0] % 2 === 0 ? '男' : '女', birthDate };
}

const fits = (r: { sex: Sex | null; minAge: number; maxAge: number }, sex: Sex, age: number) =>
  (r.sex === null || r.sex === sex) && age >= r.minAge && age <= r.maxAge;

/** The diagnoses that fit a person of this sex and age (their departments fit too). */
export function diagnosesFor(
  sex: Sex,
  age: number,
): readonly (StoryDiagnosis & { department: string; inpatient: boolean })[] {
  return DIAGNOSES.filter(
    (d) => fits(d, sex, age) && fits(DEPARTMENT.get(d.department) as StoryDepartment, sex, age),
  );
}

/** Reference ranges by sex and age: [low, high]. */
function labItems(panel: LabPanel, sex: Sex, age: number, h: Buffer, abnormal: boolean): StoryLabItem[] {
  const child = age < 14;
  const panels: Record<LabPanel, [string, string, string, number, number, number][]> = {
    CBC: [
      ['WBC', '白细胞计数', '10^9/L', child ? 4.3 : 3.5, child ? 11.3 : 9.5, 1],
      [
        'RBC',
        '红细胞计数',
        '10^12/L',
        sex === '男' && !child ? 4.3 : 3.8,
        sex === '男' && !child ? 5.8 : 5.1,
        2,
      ],
      [
        'HGB',
        '血红蛋白',
        'g/L',
        child ? 110 : sex === '男' ? 130 : 115,
        child ? 160 : sex === '男' ? 175 : 150,
        0,
      ],
      ['PLT', '血小板计数', '10^9/L', 125, 350, 0],
      ['NEUT%', '中性粒细胞百分比', '%', 40, 75, 1],
    ],
    GLUCOSE: [
      ['GLU', '空腹血糖', 'mmol/L', 3.9, 6.1, 2],
      ['HbA1c', '糖化血红蛋白', '%', 4.0, 6.0, 1],
    ],
    LIPIDS: [
      ['TC', '总胆固醇', 'mmol/L', 2.8, 5.2, 2],
      ['TG', '甘油三酯', 'mmol/L', 0.56, 1.7, 2],
      ['HDL-C', '高密度脂蛋白胆固醇', 'mmol/L', 1.04, 2.0, 2],
      ['LDL-C', '低密度脂蛋白胆固醇', 'mmol/L', 0, 3.4, 2],
    ],
    LIVER: [
      ['ALT', '丙氨酸氨基转移酶', 'U/L', sex === '男' ? 9 : 7, sex === '男' ? 50 : 40, 0],
      ['AST', '天门冬氨酸氨基转移酶', 'U/L', sex === '男' ? 15 : 13, sex === '男' ? 40 : 35, 0],
      ['TBIL', '总胆红素', 'μmol/L', 3.4, 20.5, 1],
    ],
    URINE: [
      ['SG', '尿比重', '', 1.005, 1.03, 3],
      ['PH', '尿酸碱度', '', 4.5, 8.0, 1],
      ['WBC-U', '尿白细胞', '/μL', 0, 25, 0],
    ],
  };
  const defs = panels[panel];
  return defs.map(([code, name, unit, low, high, decimals], i) => {
    // The first item is out of range when the visit's diagnosis shows in this panel; the rest are normal.
    const span = high - low;
    const raw =
      abnormal && i === 0 ? high + span * (0.1 + (h[i] % 40) / 100) : low + span * (0.15 + (h[i] % 70) / 100);
    const value = Number(raw.toFixed(decimals));
    return { code, name, value, unit, low, high, flag: value > high ? 'H' : value < low ? 'L' : 'N' };
  });
}

const PANEL_TITLE: Record<LabPanel, [string, string, number]> = {
  CBC: ['血常规', '静脉血', 2_500],
  GLUCOSE: ['血糖 + 糖化血红蛋白', '静脉血', 4_300],
  LIPIDS: ['血脂四项', '静脉血', 3_600],
  LIVER: ['肝功能', '静脉血', 4_800],
  URINE: ['尿常规', '尿液', 1_500],
};

/** Whether the diagnosis shows in the lab panel it orders (the first item then is out of range). */
const SHOWS_IN_PANEL = new Set([
  'E11.900',
  'E78.500',
  'I10.x00',
  'I25.103',
  'I63.900',
  'J18.900',
  'J18.000',
  'N40.x00',
  'N20.000',
  'K80.200',
]);

/**
 * The person's story at a hospital, on `today` (YYYY-MM-DD, China): the same arguments give the same story.
 * Five outpatient visits (today's and four back to 400 days), up to two stays (one may be in progress) and
 * today's unpaid orders; every visit's lab and exam reports (today's are not ready yet).
 */
export function personStory(person: StoryPerson, today: string): PersonStory {
  const key = [person.hospitalId, person.identityCard.trim().toUpperCase(), person.name.trim()] as const;
  const { sex, birthDate } = sexAndBirthOf(person, today);
  const age = Math.max(0, ageOn(birthDate, today));
  const h = digest('story', ...key);
  const doctorOf = (department: string, n: number) => storyDoctors(person.hospitalId, department)[n % 4];
  const born = (date: string) => (date < birthDate ? birthDate : date);
  /** A diagnosis that fits the person's sex and age on that day (a ward's one for a stay). */
  const diagnosisOn = (date: string, n: number, inpatient: boolean): DiagnosisRule | undefined => {
    const fitting = (diagnosesFor(sex, Math.max(0, ageOn(birthDate, date))) as DiagnosisRule[]).filter(
      (d) => !inpatient || d.inpatient,
    );
    return fitting.length === 0 ? undefined : fitting[n % fitting.length];
  };

  const visitDays = [0, 20 + (h[0] % 40), 90 + (h[1] % 60), 200 + (h[2] % 80), 320 + (h[3] % 80)];
  const visits = visitDays.map((daysAgo, i): StoryVisit & { rule: DiagnosisRule } => {
    const date = born(addDays(today, -daysAgo));
    const r = diagnosisOn(date, h[4 + i], false) as DiagnosisRule;
    const v = digest('visit', ...key, i);
    return {
      visitNo: `MZ${person.hospitalId}${digitsOf(v.subarray(0, 8), 10)}`,
      date,
      department: DEPARTMENT.get(r.department) as StoryDepartment,
      doctor: doctorOf(r.department, v[8]),
      diagnosis: { icd10: r.icd10, name: r.name },
      rule: r,
    };
  });

  const stays: StoryStay[] = [];
  for (let i = 0; i < h[10] % 3; i++) {
    const s = digest('stay', ...key, i);
    // The newest may be in progress (admitted 2–8 days ago); an older one ended 30–250 days back.
    const current = i === 0 && s[0] % 2 === 0;
    const admittedOn = born(addDays(today, current ? -(2 + (s[1] % 7)) : -(30 + i * 150 + (s[1] % 100))));
    const r = diagnosisOn(admittedOn, h[11 + i], true);
    if (!r) continue;
    const department = DEPARTMENT.get(r.department) as StoryDepartment;
    stays.push({
      admissionNo: `ZY${person.hospitalId}${digitsOf(s.subarray(2, 10), 10)}`,
      department,
      ward: department.ward,
      bed: `${1 + (s[10] % 40)}床`,
      doctor: doctorOf(r.department, s[11]),
      diagnosis: { icd10: r.icd10, name: r.name },
      admittedOn,
      dischargedOn: current ? null : addDays(admittedOn, 3 + (s[12] % 10)),
    });
  }

  const todayVisit = visits[0];
  const o = digest('orders', ...key, today);
  const orderNo = (prefix: string, n: number) => `${prefix}${digitsOf(o.subarray(n * 4, n * 4 + 8), 10)}`;
  const item = (code: string, name: string, spec: string, quantity: number, unit: string, price: number) => ({
    code,
    name,
    specification: spec,
    quantity,
    unit,
    unitPrice: price,
    amount: quantity * price,
  });
  const order = (
    kind: StoryOrder['kind'],
    no: string,
    title: string,
    items: StoryOrderItem[],
  ): StoryOrder => ({
    orderNo: no,
    kind,
    title,
    visitNo: todayVisit.visitNo,
    department: todayVisit.department,
    doctor: todayVisit.doctor,
    items,
    total: items.reduce((sum, i) => sum + i.amount, 0),
  });
  const r0 = todayVisit.rule;
  const [panelTitle, specimen, panelPrice] = PANEL_TITLE[r0.lab];
  const unpaidOrders = [
    order(
      'PRESCRIPTION',
      orderNo('CF', 0),
      '西药处方',
      r0.drugs.map(([code, name, spec, unit, price], i) =>
        item(code, name, spec, 1 + ((o[20 + i] % 2) as number), unit, price),
      ),
    ),
    order('EXAM', orderNo('JC', 1), r0.exam.title, [
      item(r0.exam.code, r0.exam.title, '', 1, '次', r0.exam.price),
    ]),
    order('LAB', orderNo('JY', 2), panelTitle, [
      item(`LAB-${r0.lab}`, panelTitle, specimen, 1, '项', panelPrice),
      item('LAB-DRAW', specimen === '尿液' ? '尿液标本采集' : '静脉采血', '', 1, '次', 500),
    ]),
  ];

  const past = visits.slice(1);
  const labReports = past.map((v, i): StoryLabReport => {
    const l = digest('lab', v.visitNo);
    const [title, spec] = PANEL_TITLE[v.rule.lab];
    return {
      reportNo: `L${person.hospitalId}${digitsOf(l.subarray(0, 8), 10)}`,
      visitNo: v.visitNo,
      title,
      specimen: spec,
      date: v.date,
      items: labItems(
        v.rule.lab,
        sex,
        ageOn(birthDate, v.date),
        l.subarray(8),
        SHOWS_IN_PANEL.has(v.rule.icd10) && i % 2 === 0,
      ),
    };
  });
  const examReports = past.map((v): StoryExamReport => {
    const e = digest('exam', v.visitNo);
    return {
      reportNo: `E${person.hospitalId}${digitsOf(e.subarray(0, 8), 10)}`,
      visitNo: v.visitNo,
      modality: v.rule.exam.modality,
      title: v.rule.exam.title,
      bodyPart: v.rule.exam.bodyPart,
      findings: v.rule.exam.findings,
      conclusion: v.rule.exam.conclusion,
      date: v.date,
    };
  });

  return {
    person: { hospitalId: key[0], identityCard: key[1], name: key[2], sex, birthDate, age },
    patientNo: `BA${person.hospitalId}${digitsOf(digest('patientNo', ...key).subarray(0, 8), 8)}`,
    cardNo: `${person.hospitalId}${digitsOf(digest('card', ...key).subarray(0, 8), 8)}`,
    visits: visits.map(({ rule: _, ...v }) => v),
    stays,
    unpaidOrders,
    labReports,
    examReports,
  };
}
