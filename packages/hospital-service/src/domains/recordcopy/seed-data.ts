import type { RecordCopyConfig } from '@patient/contract';

/**
 * What every hospital of the group configures for record copies (configureList, getParaConfigContent): the
 * purposes, the parts with their price per copy (the first pages every copy includes are required), postage,
 * where to pick copies up, and the notices.
 */
export function recordCopyConfigOf(hospitalName: string): RecordCopyConfig {
  return {
    purposes: [
      { code: 'COMMERCIAL_INSURANCE', name: '商业保险理赔' },
      { code: 'MEDICAL_INSURANCE', name: '医保报销' },
      { code: 'PERSONAL', name: '个人保存' },
      { code: 'FURTHER_TREATMENT', name: '转院继续治疗' },
      { code: 'DISABILITY', name: '伤残鉴定' },
      { code: 'WORK_INJURY', name: '工伤认定' },
      { code: 'LEGAL', name: '法律诉讼' },
    ],
    parts: [
      { code: 'FRONT_PAGE', name: '病案首页', priceFen: 200, required: true },
      { code: 'ADMISSION', name: '入院记录', priceFen: 200, required: true },
      { code: 'DISCHARGE', name: '出院记录', priceFen: 200, required: true },
      { code: 'OPERATION', name: '手术及麻醉记录', priceFen: 300, required: false },
      { code: 'LAB', name: '检验报告', priceFen: 500, required: false },
      { code: 'IMAGING', name: '影像检查报告', priceFen: 300, required: false },
      { code: 'ORDERS', name: '医嘱单', priceFen: 500, required: false },
      { code: 'TEMPERATURE', name: '体温单', priceFen: 200, required: false },
      { code: 'NURSING', name: '护理记录', priceFen: 500, required: false },
      { code: 'CONSENT', name: '知情同意书', priceFen: 300, required: false },
    ],
    maxCopies: 10,
    postageFen: 1500,
    pickup: { place: `${hospitalName}门诊楼三楼病案室`, hours: '工作日 08:00-12:00，14:00-17:30' },
  };
}

export const RECORD_COPY_TEXTS = {
  APPLY_NOTICE: {
    title: '病案复印须知',
    paragraphs: [
      '根据《医疗机构病历管理规定》，患者本人或其委托代理人可申请复印出院患者的病历资料。',
      '请上传清晰完整的身份证人像面和国徽面照片；代办人还需上传与患者关系的证明（户口本、结婚证或出生证明）。',
      '申请提交并支付后，病案室将在1至3个工作日内审核；审核未通过的，已付款项原路退回。',
      '审核前可取消申请；审核通过后病案即开始复印，不能取消。',
      '邮寄到付款项不退；复印件邮寄时间一般为2至4天。',
    ],
  },
  AGENT_NOTICE: {
    title: '代办须知',
    paragraphs: [
      '代办人为患者的配偶、父母、子女或其他法定代理人。',
      '请上传患者身份证照片，并上传能证明与患者关系的材料照片。',
      '患者已故的，请在到院领取时携带死亡证明。',
    ],
  },
  PICKUP_NOTICE: {
    title: '自取须知',
    paragraphs: [
      '复印件备好后，订单状态变为“待自取”。',
      '请携带申请时上传的身份证原件，在工作时间到病案室领取。',
      '备好后30天内未领取的，请先致电病案室。',
    ],
  },
} as const;
