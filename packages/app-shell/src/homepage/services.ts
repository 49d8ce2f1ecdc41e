import type { ServiceKey } from '@patient/hospital-config';

export interface ServiceEntry {
  title: string;
  /** A spec route (001 §2, 000 §2). */
  path: string;
  /** One character shown in the entry's icon. */
  glyph: string;
  /** The icon's background under its white glyph: at least 4.5:1 against white (services.test.ts). */
  color: string;
}

/** Every service a homepage can point at; hospitals pick and order them in their config. */
export const SERVICE_ENTRIES: Record<ServiceKey, ServiceEntry> = {
  appointment: { title: '预约挂号', path: '/depts', glyph: '挂', color: '#0958d9' },
  todayAppointment: { title: '当日挂号', path: '/today/depts', glyph: '今', color: '#0f8181' },
  appointmentList: { title: '挂号记录', path: '/appointmentList', glyph: '记', color: '#2f54eb' },
  outpatientFee: { title: '门诊缴费', path: '/outpatientFee/list', glyph: '缴', color: '#b35e04' },
  inpatientFee: { title: '住院服务', path: '/inpatientFee/manage', glyph: '住', color: '#de1583' },
  reportSearch: { title: '报告查询', path: '/searchReport', glyph: '报', color: '#388512' },
  patientRecord: { title: '健康档案', path: '/patientRecord', glyph: '档', color: '#722ed1' },
  queue: { title: '排队叫号', path: '/callingQueuing', glyph: '队', color: '#d93a05' },
  contacts: { title: '就诊人管理', path: '/contactList', glyph: '人', color: '#0074df' },
  patientCode: { title: '患者码', path: '/patientCode', glyph: '码', color: '#078286' },
  healthCard: { title: '电子健康卡', path: '/healthCardsList', glyph: '卡', color: '#d4380d' },
  checkup: { title: '检查预约', path: '/checkAppoint/list', glyph: '检', color: '#30860b' },
  invoice: { title: '电子发票', path: '/invoice/chooseInvoiceContact', glyph: '票', color: '#c41d7f' },
  medicalRecordCopy: { title: '病案复印', path: '/medicalRecord/index', glyph: '案', color: '#531dab' },
  prepaidAccount: { title: '预交金', path: '/account', glyph: '预', color: '#a26805' },
  hosIntroduction: { title: '医院介绍', path: '/hosIntroduction', glyph: '院', color: '#0958d9' },
  hospitalNavigation: { title: '院内导航', path: '/hospitalNavigation', glyph: '导', color: '#078286' },
  priceInquiry: { title: '价格查询', path: '/priceInquiry', glyph: '价', color: '#587f04' },
  medicalGuidance: { title: '就医指南', path: '/medicalGuidance', glyph: '指', color: '#1d39c4' },
  examReport: { title: '体检报告', path: '/searchMedicalReport', glyph: '体', color: '#cf1322' },
  nucleicAcid: { title: '核酸检测', path: '/nucleicAcidIndex', glyph: '核', color: '#006d75' },
  companionCard: { title: '陪护证', path: '/patientCareCard/list', glyph: '陪', color: '#ad4e00' },
  medicalInsurance: { title: '医保支付', path: '/medicalInsurance/transit', glyph: '保', color: '#10239e' },
  bedReservation: { title: '床位预约', path: '/bedReservation/patient/list', glyph: '床', color: '#9e1068' },
  screening: { title: '健康筛查', path: '/screeningList', glyph: '筛', color: '#537f00' },
  feedback: { title: '投诉建议', path: '/feedback/add', glyph: '建', color: '#757575' },
};

/** Elder mode puts these first, in large tiles: the services patients use most (when the hospital offers them). */
export const ELDER_FIRST: ServiceKey[] = ['appointment', 'outpatientFee', 'reportSearch', 'contacts'];
