import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { id, personName } from './primitives.ts';
import { labItem, pdfFile } from './reports.ts';

/**
 * Physical-exam reports (体检报告, 001 §2 'Exam reports', §7): a contact's health check-ups at the hospital's
 * physical-exam centre, found by contact (or card) or by exam number and name; the summary and the doctor's
 * conclusions first, then each department's section. Read for the account's proven contacts only.
 *
 * | spec            | here        | meaning                                     |
 * |-----------------|-------------|---------------------------------------------|
 * | medicalNumber   | examNo      | 体检号: the exam's number on the guide sheet |
 * | patientName     | name        | the examined person's name                  |
 */

const code = (max = 32) => z.string().check(z.regex(/^[A-Za-z0-9_-]+$/), z.maxLength(max));

export const examSummary = z.object({
  examNo: z.string(),
  hospitalId: z.string(),
  hospitalName: z.string(),
  contactId: z.string(),
  patientName: z.string(),
  /** 年度健康体检, 入职体检… */
  packageName: z.string(),
  /** Exam day (China). */
  date: z.string(),
  /** PENDING: examined, the summary not signed yet; READY: signed. */
  status: z.enum(['PENDING', 'READY']),
  reportedAt: z.nullable(z.string()),
  /** How many findings the conclusions list (null while pending). */
  findingCount: z.nullable(z.number()),
});
export type ExamSummary = z.output<typeof examSummary>;

export const examSection = z.object({
  /** 一般检查, 内科, 血常规… */
  name: z.string(),
  doctorName: z.string(),
  items: z.array(labItem),
  /** The section's own conclusion: '未见明显异常', '血压偏高'. */
  conclusion: z.string(),
});
export type ExamSection = z.output<typeof examSection>;

export const examReport = z.object({
  ...examSummary.shape,
  /** 总检结论: one paragraph by the chief doctor. */
  summary: z.nullable(z.string()),
  /** The findings with their advice, the most important first. */
  conclusions: z.nullable(z.array(z.object({ finding: z.string(), advice: z.string() }))),
  chiefDoctorName: z.nullable(z.string()),
  sections: z.nullable(z.array(examSection)),
});
export type ExamReport = z.output<typeof examReport>;

export const listExamReports = endpoint({
  id: 'listExamReports',
  sensitive: true,
  method: 'POST',
  path: '/v1/medical-examination/report/list',
  summary: '就诊人的体检报告列表，新的在前',
  body: z.object({ hospitalId: id(), contactId: id() }),
  results: z.array(examSummary),
});

export const findExamReport = endpoint({
  id: 'findExamReport',
  sensitive: true,
  method: 'POST',
  path: '/v1/medical-examination/report/:examNo/:name',
  summary: '按体检号与姓名查询体检报告（须为本账号就诊人）',
  params: z.object({ examNo: code(), name: personName() }),
  body: z.object({ hospitalId: id() }),
  results: examReport,
});

export const getExamReportPages = endpoint({
  id: 'getExamReportPages',
  sensitive: true,
  method: 'POST',
  path: '/v1/report/:examNo/getExamReportPdf',
  summary: '体检报告的页面图像（SVG）',
  params: z.object({ examNo: code() }),
  body: z.object({ hospitalId: id() }),
  results: z.object({
    examNo: z.string(),
    title: z.string(),
    pages: z.array(z.object({ width: z.number(), height: z.number(), image: z.string() })),
  }),
});

/** The name an exam report's PDF is downloaded by (getExamReportPdfFile's `fileName`): `<examNo>.pdf`. */
export function examReportFileName(examNo: string): string {
  return `${examNo}.pdf`;
}
/** The exam number of a download name, or null when it is not one. */
export function examNoOfFileName(fileName: string): string | null {
  const match = /^([A-Za-z0-9_-]{1,32})\.pdf$/.exec(fileName);
  return match ? match[1] : null;
}

/**
 * The spec's `GET download file by name` (001 §7 'Exam reports'; the path is not shown: here
 * `/v1/report/downloadFile`, next to getExamReportPdf). The file name is `examReportFileName(examNo)`; the
 * service writes the PDF from the structured result for the account's own contacts only (another's: 404). The
 * `fileName` query value never reaches the access log (it carries the exam number).
 */
export const getExamReportPdfFile = endpoint({
  id: 'getExamReportPdfFile',
  sensitive: true,
  method: 'GET',
  path: '/v1/report/downloadFile',
  summary: '按文件名下载体检报告 PDF（文件名为 体检号.pdf；由结构化结果生成）',
  query: z.object({
    hospitalId: id(),
    fileName: z.string().check(z.maxLength(40), z.regex(/^[A-Za-z0-9_-]{1,32}\.pdf$/)),
  }),
  results: pdfFile,
});

/**
 * The spec's getHealthExamRecords (001 §7 'Exam reports': `POST /v1/report/{id}/getHealthExamRecords`, the id
 * being the contact's): the proven contact's health check-ups (体检记录) at the hospital, newest first, as
 * summaries (another account's contact or an unproven one: 404).
 */
export const getHealthExamRecords = endpoint({
  id: 'getHealthExamRecords',
  sensitive: true,
  method: 'POST',
  path: '/v1/report/:contactId/getHealthExamRecords',
  summary: '就诊人的体检记录（须为本账号已核验的就诊人），新的在前',
  params: z.object({ contactId: id() }),
  body: z.object({ hospitalId: id() }),
  results: z.array(examSummary),
});

/**
 * The spec's `GET /v1/common/pdfToImg` (001 §7 'Exam reports'): a report PDF the caller may read, named as it is
 * downloaded (`examReportFileName(examNo)`), as page images — the pages of the very layout the PDF is written
 * from (SVG data URLs), so the images and the file never differ. The account's own contacts' reports only.
 */
export const pdfToImg = endpoint({
  id: 'pdfToImg',
  method: 'GET',
  path: '/v1/common/pdfToImg',
  summary: '报告 PDF 转页面图像（文件名为 体检号.pdf；仅限本账号就诊人的报告）',
  query: z.object({
    hospitalId: id(),
    fileName: z.string().check(z.maxLength(40), z.regex(/^[A-Za-z0-9_-]{1,32}\.pdf$/)),
  }),
  results: z.object({
    fileName: z.string(),
    title: z.string(),
    pageCount: z.int(),
    pages: z.array(z.object({ width: z.number(), height: z.number(), image: z.string() })),
  }),
});
