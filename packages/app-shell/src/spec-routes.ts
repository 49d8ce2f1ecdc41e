import routes from './spec-routes.json';

/**
 * One route of the specification: the 161 routes of both documents, from spec/routes.json without its `spec`
 * field (regenerate with `node scripts/sync-spec-routes.mjs`).
 */
export interface SpecRoute {
  path: string;
  area: string;
  loadsPatients: boolean;
}

export const SPEC_ROUTES: readonly SpecRoute[] = routes;

/** Chinese names of the spec's areas, used for titles of screens not built yet. */
export const AREA_TITLES: Record<string, string> = {
  'health-record': '健康档案',
  'report-search': '报告查询',
  'outpatient-fee': '门诊缴费',
  'inpatient-fee': '住院服务',
  queue: '排队叫号',
  feedback: '投诉建议',
  'contacts-cards': '就诊人管理',
  screening: '健康筛查',
  general: '首页',
  appointment: '预约挂号',
  'appointment-today': '当日挂号',
  checkup: '检查预约',
  invoice: '电子发票',
  'medical-record-copy': '病案复印',
  'delivery-address': '收货地址',
  'prepaid-account': '预交金账户',
  'hospital-info': '医院信息',
  'exam-report': '体检报告',
  'nucleic-acid': '核酸检测',
  'health-code': '健康码',
  'companion-card': '陪护证',
  'health-card': '电子健康卡',
  insurance: '医保支付',
  'bed-patient': '床位预约',
  'bed-nurse': '床位预约（护士端）',
};
