import type { NucleicAcidItems, NucleicAcidType } from '@patient/contract';

/**
 * The hospital's nucleic acid test offer (the same for every seeded hospital): prices as the national cap of
 * 2022 (单检 ¥16, 混检 ¥3.5 per person), the sampling point, how long a paid order may be sampled, the notices.
 */
export const NUCLEIC_ACID_VALID_DAYS = 3;

const ITEMS: NucleicAcidItems['items'] = [
  {
    type: 'SINGLE',
    name: '单人单管',
    priceFen: 1600,
    description: '一人一管，单独检测；出行、入院、陪护等需要个人检测报告时选择',
    turnaround: '采样后约6小时出结果',
  },
  {
    type: 'MIXED',
    name: '多人混管（10合1）',
    priceFen: 350,
    description: '十人一管，混合检测；混管阳性时单独复核，日常筛查时选择',
    turnaround: '采样后约12小时出结果',
  },
];

/** The offer of a hospital, named in its texts. */
export function nucleicAcidItemsOf(hospitalName: string): NucleicAcidItems {
  return {
    items: ITEMS,
    place: `${hospitalName}门诊楼东侧核酸采样点`,
    hours: '每日 08:00–12:00，14:00–17:30',
    validDays: NUCLEIC_ACID_VALID_DAYS,
    notices: [
      `支付成功后${NUCLEIC_ACID_VALID_DAYS}天内有效，请在有效期内到采样点出示二维码采样，逾期请取消预约申请退款。`,
      '采样前2小时请勿进食、饮水、吸烟、饮酒、嚼口香糖。',
      '请携带被检测人有效身份证件，全程佩戴口罩，保持一米间距。',
      '采样前可取消预约，已支付的费用原路退回；采样后不能取消。',
      '发热或有呼吸道症状的患者，请先到发热门诊就诊。',
    ],
  };
}

/** One type of the offer, or null. */
export function nucleicAcidItemOf(type: NucleicAcidType) {
  return ITEMS.find((i) => i.type === type) ?? null;
}

/** The health declaration before a test (the same for every seeded hospital): answering yes needs the fever clinic. */
export const NUCLEIC_ACID_HEALTH_QUESTIONS = [
  {
    code: 'SYMPTOMS',
    text: '近14天内是否有发热（≥37.3℃）、干咳、乏力、咽痛、嗅（味）觉减退、腹泻等症状？',
    flaggedAnswer: true,
  },
  {
    code: 'CONTACT',
    text: '近14天内是否接触过新冠肺炎确诊病例、疑似病例或无症状感染者？',
    flaggedAnswer: true,
  },
  { code: 'TRAVEL', text: '近14天内是否有中高风险地区旅居史？', flaggedAnswer: true },
  { code: 'ISOLATION', text: '目前是否处于集中或居家隔离观察期？', flaggedAnswer: true },
] as const;

export const NUCLEIC_ACID_HEALTH_NOTICE =
  '请如实填写健康申报，隐瞒或虚报将承担相应法律责任；如有以上任一情况，请到发热门诊采样检测。';
