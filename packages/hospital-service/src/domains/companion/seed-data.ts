/** The health declaration every seeded hospital asks of a companion (the hospital may change it in its table). */
export const COMPANION_QUESTIONS: { code: string; text: string; allowedAnswer: boolean }[] = [
  { code: 'FEVER', text: '近14天内是否有发热（体温≥37.3℃）、咳嗽、咽痛等症状？', allowedAnswer: false },
  { code: 'CONTACT', text: '近14天内是否接触过传染病确诊或疑似患者？', allowedAnswer: false },
  { code: 'TRAVEL', text: '近14天内是否到过中高风险地区？', allowedAnswer: false },
  {
    code: 'HEALTHY',
    text: '本人身体状况是否能胜任陪护工作（无严重慢性病、无行动不便）？',
    allowedAnswer: true,
  },
];

/** The notice above the form, and the promise the companion makes. */
export const COMPANION_NOTICE = [
  '每位住院患者原则上限一名固定陪护人，陪护人须年满18周岁、身体健康。',
  '申请提交后由病区审核，审核通过后凭陪护证二维码进出病区，二维码每30秒更新一次，截图无效。',
  '陪护期间请遵守病区管理规定，患者出院后陪护证自动失效。',
];
export const COMPANION_PROMISE = '本人承诺以上申报信息真实准确，如有隐瞒愿承担相应责任。';
