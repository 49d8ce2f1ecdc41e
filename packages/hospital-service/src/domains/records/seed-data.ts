/**
 * What the simulated HIS knows about visits (fictional, medically plausible): visit templates of three long-term
 * conditions (three follow-up visits each, so that a lab item has a history) and of acute visits, the orders
 * each visit sends to the LIS and the PACS, and the drug catalogue with its instructions.
 */

/** A lab order: the panel (report-data.ts LAB_PANELS) and the centre value of items the condition moves. */
export interface LabOrder {
  kind: 'LAB';
  panel: string;
  centres?: Record<string, number | string>;
  /** Hours after the visit start the report is signed (negative: never before the visit). */
  turnaroundHours: number;
}

/** An imaging or pathology order: the study (report-data.ts STUDIES). */
export interface StudyOrder {
  kind: 'IMAGING' | 'PATHOLOGY';
  study: string;
  turnaroundHours: number;
}

/** The exam centre's health certificate check (健康证): several items, one verdict, signed days later. */
export interface CertificateOrder {
  kind: 'HEALTH_CERTIFICATE';
  turnaroundHours: number;
}

export type VisitOrder = LabOrder | StudyOrder | CertificateOrder;

export interface PrescribedDrug {
  drugCode: string;
  dose: string;
  route: string;
  frequency: string;
  days: number;
  quantity: string;
}

export interface VisitTemplate {
  type: 'OUTPATIENT' | 'INPATIENT';
  departmentName: string;
  doctorName: string;
  /** Inpatient stays: days in hospital. */
  stayDays?: number;
  chiefComplaint: string;
  presentIllness: string;
  pastHistory: string;
  physicalExam: string;
  diagnoses: string[];
  advice: string;
  prescriptions: { category: string; drugs: PrescribedDrug[] }[];
  orders: VisitOrder[];
}

const metformin: PrescribedDrug = {
  drugCode: 'YP0001',
  dose: '0.5g',
  route: '口服',
  frequency: '每日2次',
  days: 30,
  quantity: '2盒',
};
const acarbose: PrescribedDrug = {
  drugCode: 'YP0002',
  dose: '50mg',
  route: '餐时嚼服',
  frequency: '每日3次',
  days: 30,
  quantity: '3盒',
};
const amlodipine: PrescribedDrug = {
  drugCode: 'YP0003',
  dose: '5mg',
  route: '口服',
  frequency: '每日1次',
  days: 28,
  quantity: '4盒',
};
const atorvastatin: PrescribedDrug = {
  drugCode: 'YP0004',
  dose: '20mg',
  route: '口服',
  frequency: '每晚1次',
  days: 28,
  quantity: '4盒',
};
const polyene: PrescribedDrug = {
  drugCode: 'YP0005',
  dose: '456mg',
  route: '口服',
  frequency: '每日3次',
  days: 28,
  quantity: '3盒',
};

const biochem = (centres: Record<string, number>, turnaroundHours = 4): LabOrder => ({
  kind: 'LAB',
  panel: 'BIOCHEM',
  centres,
  turnaroundHours,
});

/** Three follow-up visits per condition, oldest first (180, 90 and 0 days before the anchor). */
export const CONDITIONS: Record<string, VisitTemplate[]> = {
  DIABETES: [
    {
      type: 'OUTPATIENT',
      departmentName: '内分泌科',
      doctorName: '李建国',
      chiefComplaint: '口干、多饮、多尿1个月',
      presentIllness: '1个月前无明显诱因出现口干、多饮，日饮水约3000ml，夜尿2-3次，体重下降约3kg。',
      pastHistory: '否认高血压、冠心病史，否认药物过敏史。',
      physicalExam: 'BP 128/82mmHg，BMI 26.1，心肺听诊未见异常，双足背动脉搏动正常。',
      diagnoses: ['2型糖尿病'],
      advice: '糖尿病饮食，控制总热量，每日运动30分钟；监测空腹及餐后血糖；1个月后复诊。',
      prescriptions: [{ category: '西药', drugs: [metformin] }],
      orders: [
        biochem({ GLU: 9.6, TG: 2.2 }),
        { kind: 'LAB', panel: 'HBA1C', centres: { HBA1C: 8.9 }, turnaroundHours: 5 },
      ],
    },
    {
      type: 'OUTPATIENT',
      departmentName: '内分泌科',
      doctorName: '李建国',
      chiefComplaint: '糖尿病复诊',
      presentIllness: '规律服用二甲双胍，口干较前好转，自测空腹血糖7-8mmol/L。',
      pastHistory: '2型糖尿病3个月。否认药物过敏史。',
      physicalExam: 'BP 124/80mmHg，BMI 25.6。',
      diagnoses: ['2型糖尿病'],
      advice: '继续控制饮食及运动，加用阿卡波糖餐时嚼服；3个月后复查。',
      prescriptions: [{ category: '西药', drugs: [metformin, acarbose] }],
      orders: [biochem({ GLU: 8.2, TG: 1.9 })],
    },
    {
      type: 'OUTPATIENT',
      departmentName: '内分泌科',
      doctorName: '李建国',
      chiefComplaint: '糖尿病复诊，复查血糖',
      presentIllness: '规律服药，无低血糖发作，自测空腹血糖6-7mmol/L。',
      pastHistory: '2型糖尿病6个月。否认药物过敏史。',
      physicalExam: 'BP 122/78mmHg，BMI 25.0。',
      diagnoses: ['2型糖尿病'],
      advice: '血糖控制较前好转，继续当前方案；糖化血红蛋白结果出来后于门诊或线上复诊。',
      prescriptions: [{ category: '西药', drugs: [metformin, acarbose] }],
      orders: [
        biochem({ GLU: 7.3, TG: 1.7 }),
        { kind: 'LAB', panel: 'HBA1C', centres: { HBA1C: 7.1 }, turnaroundHours: 30 },
      ],
    },
  ],
  HYPERTENSION: [
    {
      type: 'OUTPATIENT',
      departmentName: '心血管内科',
      doctorName: '陈思远',
      chiefComplaint: '头晕、颈部发紧2周',
      presentIllness: '2周前起晨起头晕，多次自测血压150-165/95-102mmHg，无胸痛。',
      pastHistory: '否认糖尿病史，父亲有高血压病史。否认药物过敏史。',
      physicalExam: 'BP 158/98mmHg，心率76次/分，律齐，未闻及杂音。',
      diagnoses: ['原发性高血压2级', '高脂血症'],
      advice: '低盐低脂饮食，每日食盐不超过5g；每日早晚测血压并记录；2周后复诊。',
      prescriptions: [{ category: '西药', drugs: [amlodipine, atorvastatin] }],
      orders: [biochem({ TC: 6.5, UA: 452 })],
    },
    {
      type: 'OUTPATIENT',
      departmentName: '心血管内科',
      doctorName: '陈思远',
      chiefComplaint: '高血压复诊',
      presentIllness: '规律服药，头晕好转，血压130-140/85-90mmHg。',
      pastHistory: '原发性高血压3个月。否认药物过敏史。',
      physicalExam: 'BP 136/86mmHg，心率72次/分。',
      diagnoses: ['原发性高血压2级', '高脂血症'],
      advice: '继续当前治疗，3个月后复查血脂、肝肾功能。',
      prescriptions: [{ category: '西药', drugs: [amlodipine, atorvastatin] }],
      orders: [biochem({ TC: 5.8, UA: 431 })],
    },
    {
      type: 'OUTPATIENT',
      departmentName: '心血管内科',
      doctorName: '陈思远',
      chiefComplaint: '高血压复诊，复查血脂',
      presentIllness: '规律服药，无不适，血压125-135/80-85mmHg。',
      pastHistory: '原发性高血压6个月。否认药物过敏史。',
      physicalExam: 'BP 128/82mmHg，心率70次/分。',
      diagnoses: ['原发性高血压2级', '高脂血症'],
      advice: '血压、血脂控制尚可，继续当前方案；尿常规结果出来后请查看。',
      prescriptions: [{ category: '西药', drugs: [amlodipine, atorvastatin] }],
      orders: [biochem({ TC: 5.1, UA: 418 }), { kind: 'LAB', panel: 'URINE', turnaroundHours: 30 }],
    },
  ],
  FATTY_LIVER: [
    {
      type: 'OUTPATIENT',
      departmentName: '消化内科',
      doctorName: '周文静',
      chiefComplaint: '体检发现转氨酶升高1周',
      presentIllness: '1周前单位体检发现谷丙转氨酶升高，无乏力、纳差、黄疸，饮酒少。',
      pastHistory: '否认肝炎病史，否认药物过敏史。',
      physicalExam: 'BMI 27.3，腹软，无压痛，肝脾肋下未触及。',
      diagnoses: ['非酒精性脂肪性肝病'],
      advice: '控制体重，减少高脂高糖饮食，戒酒；1个月后复查肝功能。',
      prescriptions: [{ category: '西药', drugs: [polyene] }],
      orders: [
        biochem({ ALT: 86, AST: 52, TG: 2.6 }),
        { kind: 'IMAGING', study: 'US_ABDOMEN', turnaroundHours: 2 },
      ],
    },
    {
      type: 'OUTPATIENT',
      departmentName: '消化内科',
      doctorName: '周文静',
      chiefComplaint: '脂肪肝复诊',
      presentIllness: '体重下降2kg，无不适。',
      pastHistory: '非酒精性脂肪性肝病3个月。',
      physicalExam: 'BMI 26.5，腹软，无压痛。',
      diagnoses: ['非酒精性脂肪性肝病'],
      advice: '继续生活方式干预，3个月后复查。',
      prescriptions: [{ category: '西药', drugs: [polyene] }],
      orders: [biochem({ ALT: 63, AST: 41, TG: 2.1 })],
    },
    {
      type: 'OUTPATIENT',
      departmentName: '消化内科',
      doctorName: '周文静',
      chiefComplaint: '脂肪肝复诊，复查肝功能',
      presentIllness: '坚持运动及饮食控制，体重较初诊下降4kg。',
      pastHistory: '非酒精性脂肪性肝病6个月。',
      physicalExam: 'BMI 25.8，腹软，无压痛。',
      diagnoses: ['非酒精性脂肪性肝病'],
      advice: '肝功能明显好转，继续生活方式干预；尿常规结果出来后请查看。',
      prescriptions: [],
      orders: [biochem({ ALT: 45, AST: 33, TG: 1.8 }), { kind: 'LAB', panel: 'URINE', turnaroundHours: 30 }],
    },
  ],
};

/** Acute visits; a person has two of them, 20–150 days before the anchor. */
/**
 * The health certificate check every person had at the hospital's exam centre (a food or public-place worker's
 * yearly 从业人员健康检查): its report is the 健康证 (the stool culture takes three days).
 */
export const HEALTH_CERTIFICATE_VISIT: VisitTemplate = {
  type: 'OUTPATIENT',
  departmentName: '健康管理中心',
  doctorName: '陈慧',
  chiefComplaint: '办理健康证，要求从业人员健康检查',
  presentIllness: '无不适主诉。',
  pastHistory: '否认肝炎、结核等传染病史，否认药物过敏史。',
  physicalExam: '一般情况良好，心肺听诊未见异常。',
  diagnoses: ['从业人员健康检查'],
  advice: '健康证有效期一年，到期前请及时复检；结果不合格者治愈后可申请复检。',
  prescriptions: [],
  orders: [{ kind: 'HEALTH_CERTIFICATE', turnaroundHours: 72 }],
};

export const ACUTE_VISITS: VisitTemplate[] = [
  {
    type: 'OUTPATIENT',
    departmentName: '呼吸内科',
    doctorName: '王海燕',
    chiefComplaint: '发热、咽痛、咳嗽2天',
    presentIllness: '2天前受凉后出现发热，最高38.6℃，伴咽痛、干咳，无胸闷气促。',
    pastHistory: '否认慢性肺病史，否认药物过敏史。',
    physicalExam: 'T 38.2℃，咽部充血，双侧扁桃体I度肿大，双肺呼吸音清。',
    diagnoses: ['急性上呼吸道感染'],
    advice: '多饮水、注意休息；体温超过38.5℃可服布洛芬；3天不退热或出现气促请及时复诊。',
    prescriptions: [
      {
        category: '中成药',
        drugs: [
          { drugCode: 'YP0006', dose: '1.4g', route: '口服', frequency: '每日3次', days: 5, quantity: '1盒' },
        ],
      },
      {
        category: '西药',
        drugs: [
          { drugCode: 'YP0007', dose: '0.3g', route: '口服', frequency: '必要时', days: 3, quantity: '1盒' },
        ],
      },
    ],
    orders: [
      {
        kind: 'LAB',
        panel: 'CBC',
        centres: { WBC: 11.8, NEUT: 81.2, LYM: 14.6, CRP: 18.4 },
        turnaroundHours: 1,
      },
    ],
  },
  {
    type: 'OUTPATIENT',
    departmentName: '骨科',
    doctorName: '赵立新',
    chiefComplaint: '腰痛伴左下肢麻木1个月',
    presentIllness: '1个月前搬重物后出现腰痛，逐渐出现左小腿外侧麻木，久坐加重。',
    pastHistory: '否认外伤史，否认药物过敏史。',
    physicalExam: 'L4/5棘突旁压痛，左直腿抬高试验50°阳性，双下肢肌力正常。',
    diagnoses: ['腰椎间盘突出症（L4/5）'],
    advice: '卧硬板床休息，避免弯腰提重物；腰背肌功能锻炼；症状加重或出现大小便异常立即就诊。',
    prescriptions: [
      {
        category: '西药',
        drugs: [
          {
            drugCode: 'YP0008',
            dose: '0.2g',
            route: '口服',
            frequency: '每日1次',
            days: 14,
            quantity: '2盒',
          },
        ],
      },
    ],
    orders: [{ kind: 'IMAGING', study: 'MR_LUMBAR', turnaroundHours: 26 }],
  },
  {
    type: 'OUTPATIENT',
    departmentName: '消化内科',
    doctorName: '周文静',
    chiefComplaint: '上腹部隐痛、反酸3个月',
    presentIllness: '3个月来反复上腹部隐痛，餐后明显，伴反酸、嗳气，无黑便。',
    pastHistory: '否认消化道出血史，否认药物过敏史。',
    physicalExam: '腹软，上腹部轻压痛，无反跳痛。',
    diagnoses: ['慢性非萎缩性胃炎'],
    advice: '规律饮食，忌辛辣刺激及浓茶咖啡；病理结果出来后复诊。',
    prescriptions: [
      {
        category: '西药',
        drugs: [
          {
            drugCode: 'YP0009',
            dose: '20mg',
            route: '口服',
            frequency: '每日2次（早晚餐前）',
            days: 28,
            quantity: '2盒',
          },
        ],
      },
    ],
    orders: [
      { kind: 'IMAGING', study: 'ES_GASTRO', turnaroundHours: 2 },
      { kind: 'PATHOLOGY', study: 'PATH_GASTRIC', turnaroundHours: 96 },
    ],
  },
  {
    type: 'INPATIENT',
    departmentName: '呼吸内科',
    doctorName: '王海燕',
    stayDays: 7,
    chiefComplaint: '咳嗽、咳黄痰伴发热5天',
    presentIllness: '5天前出现咳嗽、咳黄脓痰，发热最高39.2℃，伴右侧胸痛，门诊以“肺炎”收入院。',
    pastHistory: '否认慢性阻塞性肺疾病史，否认药物过敏史。',
    physicalExam: 'T 38.8℃，右下肺可闻及湿啰音。',
    diagnoses: ['社区获得性肺炎（右下肺）'],
    advice: '出院后继续口服抗生素3天，注意休息，2周后门诊复查胸部CT。',
    prescriptions: [
      {
        category: '出院带药',
        drugs: [
          {
            drugCode: 'YP0010',
            dose: '0.457g',
            route: '口服',
            frequency: '每日2次',
            days: 3,
            quantity: '1盒',
          },
        ],
      },
    ],
    orders: [
      {
        kind: 'LAB',
        panel: 'CBC',
        centres: { WBC: 13.6, NEUT: 86.1, LYM: 9.8, CRP: 56 },
        turnaroundHours: 1,
      },
      { kind: 'IMAGING', study: 'CT_CHEST', turnaroundHours: 3 },
    ],
  },
];

export interface DrugSeed {
  drugCode: string;
  name: string;
  genericName: string;
  specification: string;
  manufacturer: string;
  indications: string;
  dosage: string;
  adverseReactions: string;
  contraindications: string;
  precautions: string;
  storage: string;
}

/** The drug catalogue (fictional manufacturers; instructions abridged from the usual package inserts). */
export const DRUGS: DrugSeed[] = [
  {
    drugCode: 'YP0001',
    name: '盐酸二甲双胍缓释片',
    genericName: '盐酸二甲双胍缓释片',
    specification: '0.5g×30片',
    manufacturer: '示范制药有限公司',
    indications: '用于单纯饮食控制及体育锻炼治疗无效的2型糖尿病。',
    dosage:
      '口服，随晚餐或早晚餐服用，起始剂量0.5g每日1次，根据血糖调整，每日最大剂量不超过2g。须整片吞服，不得掰开或嚼碎。',
    adverseReactions: '常见腹泻、恶心、腹胀、口中金属味，多在治疗初期出现，随用药时间延长可减轻。',
    contraindications: '中重度肾功能不全；急慢性代谢性酸中毒；严重感染、外伤、大手术；对本品过敏者。',
    precautions: '使用碘造影剂检查前后48小时暂停服用；定期检查肾功能；避免过量饮酒。',
    storage: '遮光，密封，在25℃以下保存。',
  },
  {
    drugCode: 'YP0002',
    name: '阿卡波糖片',
    genericName: '阿卡波糖片',
    specification: '50mg×30片',
    manufacturer: '示范制药有限公司',
    indications: '配合饮食控制治疗2型糖尿病，降低餐后血糖。',
    dosage: '用餐前即刻整片吞服或与前几口食物一起咀嚼服用，起始剂量50mg每日3次。',
    adverseReactions: '常见胃肠胀气、腹胀、腹泻，少见腹痛。',
    contraindications: '对本品过敏者；有明显消化和吸收障碍的慢性胃肠功能紊乱者；严重肾功能损害者。',
    precautions: '与其他降糖药合用出现低血糖时，应口服葡萄糖纠正，蔗糖效果不佳。',
    storage: '密封，在25℃以下干燥处保存。',
  },
  {
    drugCode: 'YP0003',
    name: '苯磺酸氨氯地平片',
    genericName: '苯磺酸氨氯地平片',
    specification: '5mg×7片',
    manufacturer: '示范制药有限公司',
    indications: '高血压；慢性稳定性心绞痛。',
    dosage: '口服，通常起始剂量5mg每日1次，最大剂量10mg每日1次。',
    adverseReactions: '常见头痛、水肿（踝部）、面部潮红、心悸、乏力。',
    contraindications: '对二氢吡啶类药物过敏者；严重低血压者。',
    precautions: '不宜自行骤然停药；出现明显下肢水肿请告知医生。',
    storage: '遮光，密封保存。',
  },
  {
    drugCode: 'YP0004',
    name: '阿托伐他汀钙片',
    genericName: '阿托伐他汀钙片',
    specification: '20mg×7片',
    manufacturer: '示范制药有限公司',
    indications: '高胆固醇血症；冠心病或冠心病等危症患者降低心血管事件风险。',
    dosage: '口服，常用起始剂量10-20mg每日1次，可在一天中任何时间服用。',
    adverseReactions: '偶见肌肉疼痛、腹泻、恶心、转氨酶升高。',
    contraindications: '活动性肝病或不明原因的转氨酶持续升高；妊娠及哺乳期妇女；对本品过敏者。',
    precautions: '出现不明原因的肌肉疼痛、压痛或无力请及时就医；定期复查肝功能及肌酸激酶。',
    storage: '密封，在30℃以下保存。',
  },
  {
    drugCode: 'YP0005',
    name: '多烯磷脂酰胆碱胶囊',
    genericName: '多烯磷脂酰胆碱胶囊',
    specification: '228mg×24粒',
    manufacturer: '示范制药有限公司',
    indications: '辅助改善中毒性肝损伤及脂肪肝、肝炎患者的食欲不振、右上腹压迫感。',
    dosage: '口服，成人起始剂量每次456mg（2粒），每日3次，随餐用足量液体整粒吞服。',
    adverseReactions: '大剂量时偶见胃肠道不适、腹泻。',
    contraindications: '对本品成分过敏者。',
    precautions: '不能替代戒酒、控制饮食等生活方式干预。',
    storage: '密封，在25℃以下保存。',
  },
  {
    drugCode: 'YP0006',
    name: '连花清瘟胶囊',
    genericName: '连花清瘟胶囊',
    specification: '0.35g×24粒',
    manufacturer: '示范中药有限公司',
    indications: '清瘟解毒，宣肺泄热。用于流行性感冒属热毒袭肺证，症见发热、咳嗽、咽痛。',
    dosage: '口服，一次4粒，一日3次。',
    adverseReactions: '偶见胃肠道不适、恶心、腹泻。',
    contraindications: '对本品过敏者禁用。',
    precautions: '忌烟、酒及辛辣、生冷、油腻食物；风寒感冒者不适用；高血压、心脏病患者慎用。',
    storage: '密封保存。',
  },
  {
    drugCode: 'YP0007',
    name: '布洛芬缓释胶囊',
    genericName: '布洛芬缓释胶囊',
    specification: '0.3g×20粒',
    manufacturer: '示范制药有限公司',
    indications: '用于缓解轻至中度疼痛，也用于普通感冒或流行性感冒引起的发热。',
    dosage: '口服，成人一次1粒，一日2次（早晚各一次）。',
    adverseReactions: '少数出现恶心、呕吐、胃烧灼感或轻度消化不良。',
    contraindications: '对其他非甾体抗炎药过敏者；活动性消化道溃疡或出血者；严重心力衰竭者。',
    precautions: '用于解热连续使用不超过3天，用于止痛不超过5天；不能同时服用其他含解热镇痛药的药品。',
    storage: '密封保存。',
  },
  {
    drugCode: 'YP0008',
    name: '塞来昔布胶囊',
    genericName: '塞来昔布胶囊',
    specification: '0.2g×6粒',
    manufacturer: '示范制药有限公司',
    indications: '缓解骨关节炎、类风湿关节炎的症状和体征；治疗急性疼痛。',
    dosage: '口服，每次0.2g，每日1次，或遵医嘱。',
    adverseReactions: '常见腹痛、腹泻、消化不良、头痛、水肿。',
    contraindications: '对磺胺类药物过敏者；冠状动脉搭桥手术围手术期；活动性消化道溃疡或出血。',
    precautions: '应使用最低有效剂量、最短疗程；有心血管疾病史者慎用。',
    storage: '密封，在25℃以下保存。',
  },
  {
    drugCode: 'YP0009',
    name: '奥美拉唑肠溶胶囊',
    genericName: '奥美拉唑肠溶胶囊',
    specification: '20mg×14粒',
    manufacturer: '示范制药有限公司',
    indications: '胃溃疡、十二指肠溃疡、反流性食管炎、胃泌素瘤。',
    dosage: '口服，不可咀嚼，一次20mg，一日1-2次，早晨或早晚餐前服用。',
    adverseReactions: '偶见头痛、腹泻、恶心、便秘、腹胀。',
    contraindications: '对本品过敏者；严重肾功能不全者慎用。',
    precautions: '长期服用应定期复查；与氯吡格雷合用需咨询医生。',
    storage: '遮光，密封，在阴凉干燥处保存。',
  },
  {
    drugCode: 'YP0010',
    name: '阿莫西林克拉维酸钾片',
    genericName: '阿莫西林克拉维酸钾片',
    specification: '0.457g×12片',
    manufacturer: '示范制药有限公司',
    indications: '敏感菌引起的下呼吸道感染、中耳炎、鼻窦炎、皮肤软组织感染等。',
    dosage: '口服，成人一次1片，一日2次，餐前服用可减少胃肠道反应。',
    adverseReactions: '常见腹泻、恶心、皮疹；偶见过敏反应。',
    contraindications: '青霉素过敏者禁用；有使用本品致胆汁淤积性黄疸或肝功能不全史者禁用。',
    precautions: '用药前须询问青霉素过敏史；出现皮疹、呼吸困难立即停药并就医。',
    storage: '遮光，密封，在干燥处保存。',
  },
];
