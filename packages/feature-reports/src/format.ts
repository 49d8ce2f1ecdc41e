import type { ReportKind, ReportRequest, ReportStatus, ReportSummary, VisitSummary } from '@patient/contract';
import type { StatusLook } from '@patient/feature-kit';
import { chinaDateTime as chinaDateTimeOf } from '@patient/validation';

/**
 * Texts and links of the record and report screens. Route parameters keep the spec's names (patientId,
 * recordId, otherId, type, sampleId …); this file is the one place that writes and reads them (glossary:
 * @patient/contract reports.ts).
 */

export const KIND_LABEL: Readonly<Record<ReportKind, string>> = {
  LAB: '检验',
  IMAGING: '检查',
  PATHOLOGY: '病理',
  HEALTH_CERTIFICATE: '健康证',
};

/** A kind's tab and heading: 检验报告, 检查报告, 病理报告, 健康证. */
export const kindTitle = (kind: ReportKind) =>
  kind === 'HEALTH_CERTIFICATE' ? KIND_LABEL[kind] : `${KIND_LABEL[kind]}报告`;

/** 体检项目 and 有效期 of a health certificate are read by these words. */
export const CERTIFICATE_CONCLUSION: Readonly<Record<'QUALIFIED' | 'UNQUALIFIED', StatusLook>> = {
  QUALIFIED: { label: '合格', hint: '各项体检结果合格，已发放健康证', tone: 'success' },
  UNQUALIFIED: { label: '不合格', hint: '有不合格项目，未发放健康证；治愈后可申请复检', tone: 'danger' },
};

export const REPORT_STATUS: Readonly<Record<ReportStatus, StatusLook>> = {
  PENDING: { label: '待出报告', hint: '标本已采集或检查已完成，报告出具后即可查看', tone: 'warning' },
  READY: { label: '已出报告', hint: '报告已出具并审核', tone: 'success' },
};

export const REQUEST_STATUS: Readonly<Record<ReportRequest['status'], StatusLook>> = {
  REQUESTED: { label: '已开单', hint: '请按注意事项准备后到检查地点', tone: 'warning' },
  COLLECTED: { label: '已采样/已检查', hint: '报告出具后可在报告查询中查看', tone: 'primary' },
  REPORTED: { label: '已出报告', hint: '报告已出具，可查看报告', tone: 'success' },
};

/** An instant as China time: '2025-03-10 09:05'. */
export function chinaDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return chinaDateTimeOf(iso) || '—';
}

/** The China date of an instant: '2025-03-10'. */
export const chinaDay = (iso: string) => chinaDateTime(iso).slice(0, 10);

/** Ids and codes in links: what the service accepts. */
export const isCode = (value: string | undefined | null): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value);

export const isDate = (value: string | undefined): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** The report kind of a route's `type` (lab, imaging, pathology, health_certificate), or null. */
export function kindOfRoute(type: string | undefined): ReportKind | null {
  const upper = (type ?? '').toUpperCase();
  return upper === 'LAB' || upper === 'IMAGING' || upper === 'PATHOLOGY' || upper === 'HEALTH_CERTIFICATE'
    ? upper
    : null;
}

const kindParam = (kind: ReportKind) => kind.toLowerCase();
const visitTypeParam = (type: VisitSummary['type']) => (type === 'INPATIENT' ? '2' : '1');

/** /searchReport/resultList/:cardId/:hospitalId/:contactId */
export const resultListPath = (cardId: string, hospitalId: string, contactId: string) =>
  `/searchReport/resultList/${encodeURIComponent(cardId)}/${hospitalId}/${contactId}`;

/** /searchReport/resultDetail/:hospitalId/:type/:name/:reportId */
export const resultDetailPath = (r: Pick<ReportSummary, 'hospitalId' | 'kind' | 'name' | 'reportId'>) =>
  `/searchReport/resultDetail/${r.hospitalId}/${kindParam(r.kind)}/${encodeURIComponent(r.name)}/${r.reportId}`;

/** /patientRecord/reportDetail/:type/:status/:reportId (the report opened from a visit). */
export const recordReportPath = (r: Pick<ReportSummary, 'kind' | 'status' | 'reportId'>) =>
  `/patientRecord/reportDetail/${kindParam(r.kind)}/${r.status.toLowerCase()}/${r.reportId}`;

/** /patientRecord/recordDetail/:type/:patientId/:recordId/:otherId/:contactId */
export const visitPath = (
  v: Pick<VisitSummary, 'type' | 'patientId' | 'visitNo' | 'hospitalId' | 'contactId'>,
) =>
  `/patientRecord/recordDetail/${visitTypeParam(v.type)}/${v.patientId}/${v.visitNo}/${v.hospitalId}/${v.contactId}`;

/** /patientRecord/recordDetail/recipeList/:type — the visit in the query. */
export const prescriptionsPath = (v: Pick<VisitSummary, 'type' | 'visitNo' | 'hospitalId' | 'contactId'>) =>
  `/patientRecord/recordDetail/recipeList/${visitTypeParam(v.type)}?${new URLSearchParams({
    hospitalId: v.hospitalId,
    contactId: v.contactId,
    visitNo: v.visitNo,
  })}`;

/** /patientRecord/reportList/:patientId/:recordId/:otherId — the contact in the query. */
export const visitReportsPath = (
  v: Pick<VisitSummary, 'patientId' | 'visitNo' | 'hospitalId' | 'contactId'>,
) => `/patientRecord/reportList/${v.patientId}/${v.visitNo}/${v.hospitalId}?contactId=${v.contactId}`;

/** /patientRecord/followUpList/:patientId/:recordId/:otherId — the contact in the query. */
export const followUpListPath = (
  v: Pick<VisitSummary, 'patientId' | 'visitNo' | 'hospitalId' | 'contactId'>,
) => `/patientRecord/followUpList/${v.patientId}/${v.visitNo}/${v.hospitalId}?contactId=${v.contactId}`;

/** The :status of /patientRecord/followUpDetail: answered (done) or not (todo). */
export const followUpStatusParam = (status: 'PENDING' | 'DONE') => (status === 'DONE' ? 'done' : 'todo');

/** /patientRecord/followUpDetail/:status/:scaleId — scaleId is the task; the visit in the query. */
export const followUpDetailPath = (t: { status: 'PENDING' | 'DONE'; taskId: string; inhospitalId: string }) =>
  `/patientRecord/followUpDetail/${followUpStatusParam(t.status)}/${t.taskId}?visitNo=${t.inhospitalId}`;

/** What a follow-up is, in a word. */
export const FOLLOW_UP_KIND: Readonly<Record<string, string>> = {
  SATISFACTION: '满意度调查',
  SCALE: '量表',
  MISSION: '随访问卷',
  STUDY: '健康宣教',
  RETURN_VISIT: '复诊提醒',
};

export const FOLLOW_UP_STATUS: Readonly<Record<'PENDING' | 'DONE', StatusLook>> = {
  PENDING: { label: '待完成', hint: '请按实际情况作答，每项只需完成一次', tone: 'warning' },
  DONE: { label: '已完成', hint: '已提交，答案不可修改', tone: 'success' },
};

export const drugPath = (drugCode: string) => `/patientRecord/drugInstructions?drugCode=${drugCode}`;

/** /reportDetail/pdf/:sampleId */
export const pagesPath = (reportId: string) => `/reportDetail/pdf/${reportId}`;

/** /reportApply/reportList/:patientId/:contactId */
export const requestListPath = (patientId: string, contactId: string) =>
  `/reportApply/reportList/${patientId}/${contactId}`;

/** /reportApply/reportApplyDetail/:type/:requesitionDetailId */
export const requestDetailPath = (r: Pick<ReportRequest, 'kind' | 'requestId'>) =>
  `/reportApply/reportApplyDetail/${kindParam(r.kind)}/${r.requestId}`;

/** /gapReport/resultList/:name/:cardNo/:startTime/:endTime */
export const gapResultPath = (name: string, cardNo: string, start: string, end: string) =>
  `/gapReport/resultList/${encodeURIComponent(name)}/${encodeURIComponent(cardNo)}/${start}/${end}`;

/** A card number shown with its last four digits only: '********0174'. */
export const maskCardNo = (no: string) => `${'*'.repeat(Math.max(0, no.length - 4))}${no.slice(-4)}`;

/** The no-record pages (the contact in the query). */
export const NO_FILE_RECORD = '/noFile/patientRecord';
export const NO_FILE_REPORT = '/noFile/searchReport';
