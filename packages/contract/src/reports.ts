import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { anyCardNo, id, isoDate } from './primitives.ts';

/**
 * Health record and reports (000 §2 'Health record', 'Report search'; 000 §7 the calls under /v1/patient and
 * /v1/report). The hospital's systems own the data: the HIS (visits, records, prescriptions), the LIS
 * (laboratory, 检验) and the PACS (imaging and exams, 检查; pathology, 病理). The service reads them for a
 * contact of the account that is proven for the hospital's data; another account's ids answer '不存在'.
 *
 * Route parameters of the apps keep the spec's names and are mapped once in the feature package:
 * | route param | here        | meaning                                                    |
 * |-------------|-------------|------------------------------------------------------------|
 * | patientId   | patientId   | the person's number in the HIS (病人 id, on every visit)    |
 * | recordId    | visitNo     | 就诊流水号: one outpatient visit or inpatient stay           |
 * | otherId     | hospitalId  | the hospital the visit belongs to                           |
 * | type        | visitType / kind | 1 outpatient, 2 inpatient; LAB, IMAGING, PATHOLOGY      |
 * | sampleId    | reportId    | the report (a lab report's sample number is its id too)     |
 */

const code = (max = 32) => z.string().check(z.regex(/^[A-Za-z0-9_-]+$/), z.maxLength(max));
const byHospital = z.object({ hospitalId: id() });

/** 检验 (laboratory), 检查 (imaging and other exams), 病理 (pathology), 健康证 (the exam centre's health certificate). */
export const reportKind = z.enum(['LAB', 'IMAGING', 'PATHOLOGY', 'HEALTH_CERTIFICATE']);
export type ReportKind = z.output<typeof reportKind>;

/** PENDING: ordered, sampled or examined, not yet reported; READY: reported and signed. */
export const reportStatus = z.enum(['PENDING', 'READY']);
export type ReportStatus = z.output<typeof reportStatus>;

/** A lab value against its reference range: HIGH ↑, LOW ↓, ABNORMAL (a qualitative result off its normal), NORMAL. */
export const labFlag = z.enum(['HIGH', 'LOW', 'ABNORMAL', 'NORMAL']);
export type LabFlag = z.output<typeof labFlag>;

export const labItem = z.object({
  code: code(),
  name: z.string(),
  /** The short name printed on lab sheets (GLU, ALT…). */
  abbreviation: z.string(),
  /** As printed: '7.42', '阴性', '+'. */
  value: z.string(),
  /** The value as a number, null for qualitative results. */
  numeric: z.nullable(z.number()),
  unit: z.string(),
  /** As printed: '3.90-6.10', '<5.20', '阴性'. */
  referenceRange: z.string(),
  low: z.nullable(z.number()),
  high: z.nullable(z.number()),
  flag: labFlag,
});
export type LabItem = z.output<typeof labItem>;

/** A health certificate's verdict: 合格 (the certificate is issued) or 不合格. */
export const certificateConclusion = z.enum(['QUALIFIED', 'UNQUALIFIED']);
export type CertificateConclusion = z.output<typeof certificateConclusion>;

/** 健康证 (从业人员健康证明): the exam centre's check of a food or public-place worker and its verdict. */
export const healthCertificate = z.object({
  /** The certificate's number; null when not issued (不合格). */
  certificateNo: z.nullable(z.string()),
  /** 从业类别: 食品生产经营, 公共场所… */
  category: z.string(),
  /** 体检项目 with each one's result and whether it passes. */
  items: z.array(z.object({ name: z.string(), result: z.string(), qualified: z.boolean() })),
  conclusion: certificateConclusion,
  /** 有效期 (China dates, both included); null when not issued. */
  validFrom: z.nullable(isoDate()),
  validUntil: z.nullable(isoDate()),
});
export type HealthCertificate = z.output<typeof healthCertificate>;

export const reportSummary = z.object({
  reportId: code(),
  kind: reportKind,
  /** 生化全套, 血常规, 腰椎磁共振平扫… */
  name: z.string(),
  status: reportStatus,
  hospitalId: z.string(),
  hospitalName: z.string(),
  contactId: z.string(),
  patientName: z.string(),
  patientId: z.string(),
  visitNo: z.string(),
  /** The ordering department and doctor. */
  departmentName: z.string(),
  doctorName: z.string(),
  requestedAt: z.string(),
  /** When the report was signed; null while pending. */
  reportedAt: z.nullable(z.string()),
  /** Pending: when it is expected. */
  expectedAt: z.nullable(z.string()),
  /** Lab reports: how many items are off their range (null for other kinds and pending ones). */
  abnormalCount: z.nullable(z.number()),
});
export type ReportSummary = z.output<typeof reportSummary>;

export const report = z.object({
  ...reportSummary.shape,
  /** 标本 (血清, 全血, 尿液) or examined part. */
  specimen: z.string(),
  /** The lab's sample number or the exam's accession number. */
  sampleNo: z.string(),
  collectedAt: z.nullable(z.string()),
  /** 检验者 / 报告医生, 审核者; null while pending. */
  reporterName: z.nullable(z.string()),
  reviewerName: z.nullable(z.string()),
  /** LAB, ready: every item in the lab's order. */
  items: z.nullable(z.array(labItem)),
  /** IMAGING, ready. */
  imaging: z.nullable(
    z.object({
      modality: z.string(),
      bodyPart: z.string(),
      technique: z.string(),
      findings: z.string(),
      impression: z.string(),
    }),
  ),
  /** PATHOLOGY, ready. */
  pathology: z.nullable(z.object({ gross: z.string(), microscopic: z.string(), diagnosis: z.string() })),
  /** HEALTH_CERTIFICATE, ready. */
  healthCertificate: z.nullable(healthCertificate),
});
export type Report = z.output<typeof report>;

export const listReports = endpoint({
  id: 'listReports',
  sensitive: true,
  method: 'POST',
  path: '/v1/report/list/:hospitalId',
  summary: '就诊人的报告列表（检验、检查、病理、健康证），新的在前',
  params: byHospital,
  body: z.object({
    contactId: id(),
    kind: z.optional(reportKind),
    /** Reports requested on or after / before or on these dates (China). */
    startDate: z.optional(isoDate()),
    endDate: z.optional(isoDate()),
  }),
  results: z.array(reportSummary),
});

export const getReport = endpoint({
  id: 'getReport',
  sensitive: true,
  method: 'POST',
  path: '/v1/report/detail/:hospitalId',
  summary: '报告详情（检验项目、检查所见与诊断、病理诊断）',
  params: byHospital,
  body: z.object({ reportId: code() }),
  results: report,
});

export const labTrendPoint = z.object({
  reportId: z.string(),
  reportName: z.string(),
  /** When the sample was taken (ISO instant). */
  at: z.string(),
  value: z.number(),
  flag: labFlag,
});
export type LabTrendPoint = z.output<typeof labTrendPoint>;

export const getLabTrend = endpoint({
  id: 'getLabTrend',
  sensitive: true,
  method: 'POST',
  path: '/v1/report/trend/:hospitalId',
  summary: '某检验项目在各次报告中的结果（趋势），旧的在前',
  params: byHospital,
  body: z.object({ contactId: id(), itemCode: code() }),
  results: z.object({
    itemCode: z.string(),
    name: z.string(),
    unit: z.string(),
    referenceRange: z.string(),
    low: z.nullable(z.number()),
    high: z.nullable(z.number()),
    points: z.array(labTrendPoint),
  }),
});

export const getReportPages = endpoint({
  id: 'getReportPages',
  sensitive: true,
  method: 'POST',
  path: '/v1/report/pages/:hospitalId',
  summary: '报告单的页面图像（由结构化结果排版，SVG）',
  params: byHospital,
  body: z.object({ reportId: code() }),
  results: z.object({
    reportId: z.string(),
    title: z.string(),
    pages: z.array(
      z.object({
        width: z.number(),
        height: z.number(),
        /** data:image/svg+xml;base64,… */
        image: z.string(),
      }),
    ),
  }),
});

/** A report written as a PDF file by the service (A4, the hospital's name, a CJK font subset embedded). */
export const pdfFile = z.object({
  fileName: z.string(),
  pageCount: z.int(),
  /** The file's bytes, base64 (application/pdf). */
  data: z.string(),
});
export type PdfFile = z.output<typeof pdfFile>;

export const getReportPdf = endpoint({
  id: 'getReportPdf',
  sensitive: true,
  method: 'POST',
  path: '/v1/report/pdfFile/:hospitalId',
  summary: '下载报告单 PDF（由结构化结果生成）',
  params: byHospital,
  body: z.object({ reportId: code() }),
  results: pdfFile,
});

export const searchReportsByCard = endpoint({
  id: 'searchReportsByCard',
  sensitive: true,
  method: 'POST',
  path: '/v1/report/byCard',
  summary: '按就诊卡或电子健康卡号、姓名与时间段查询各院报告（须为本账号就诊人的卡）',
  body: z.object({
    cardNo: anyCardNo(),
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(30)),
    startDate: isoDate(),
    endDate: isoDate(),
  }),
  results: z.array(reportSummary),
});

/** A request (申请单) the doctor sent to the lab or the imaging department, and where it stands. */
export const reportRequestStatus = z.enum(['REQUESTED', 'COLLECTED', 'REPORTED']);
export type ReportRequestStatus = z.output<typeof reportRequestStatus>;

export const reportRequest = z.object({
  requestId: code(),
  kind: reportKind,
  name: z.string(),
  status: reportRequestStatus,
  contactId: z.string(),
  patientName: z.string(),
  visitNo: z.string(),
  departmentName: z.string(),
  doctorName: z.string(),
  /** Where it is done (检验科, 放射科…) and where to go. */
  performedBy: z.string(),
  location: z.string(),
  specimen: z.string(),
  requestedAt: z.string(),
  /** What to do before (fasting, morning urine…). */
  preparation: z.array(z.string()),
  /** The report, once written. */
  reportId: z.string(),
});
export type ReportRequest = z.output<typeof reportRequest>;

export const listReportRequests = endpoint({
  id: 'listReportRequests',
  sensitive: true,
  method: 'POST',
  path: '/v1/report/requests/:hospitalId',
  summary: '就诊人的检验检查申请单，新的在前',
  params: byHospital,
  body: z.object({ contactId: id() }),
  results: z.array(reportRequest),
});

export const getReportRequest = endpoint({
  id: 'getReportRequest',
  sensitive: true,
  method: 'POST',
  path: '/v1/report/request/:hospitalId',
  summary: '检验检查申请单详情',
  params: byHospital,
  body: z.object({ requestId: code() }),
  results: reportRequest,
});
