import {
  type ExamReport,
  examNoOfFileName,
  findExamReport,
  getExamReportPages,
  getExamReportPdfFile,
  getHealthExamRecords,
  listExamReports,
  pdfToImg,
} from '@patient/contract';
import { chinaDate } from '@patient/validation';
import type { RequestContext } from '../../platform/http/context.ts';
import { userOf } from '../../platform/http/context.ts';
import { businessError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { askOutside } from '../../platform/outside-system.ts';
import { requireHospital } from '../hospitals/index.ts';
import { type ContactRow, isFiled, provenContacts } from '../patients/index.ts';
import { noStore, personOf, provenContact } from './access.ts';
import { EXAM_CENTRE_NAME, type ExamCentre, type SourceExam } from './exam-centre.ts';
import { examLayout, examPages, examTitle } from './pages.ts';
import { writePdf } from './pdf.ts';

type Hospital = Awaited<ReturnType<typeof requireHospital>>;

/**
 * The contact's exams at the hospital (none when not filed), newest first, those already done; a failing exam
 * centre: state 503 (askOutside).
 */
async function examsOfContact(
  ctx: RequestContext,
  centre: ExamCentre,
  contact: ContactRow,
  hospitalId: string,
) {
  const person = personOf(contact, hospitalId);
  if (!(await isFiled(ctx.db, person))) return [];
  const now = ctx.clock.now().getTime();
  const exams = await askOutside(
    EXAM_CENTRE_NAME,
    (signal) => centre.examsOf(person, contact.createdAt, signal),
    { timeoutMs: centre.timeoutMs },
  );
  return exams.filter((e) => e.examinedAt.getTime() <= now);
}

function toExamReport(exam: SourceExam, contact: ContactRow, hospital: Hospital, now: Date): ExamReport {
  const ready = exam.reportedAt.getTime() <= now.getTime();
  return {
    examNo: exam.examNo,
    hospitalId: hospital.id,
    hospitalName: hospital.name,
    contactId: String(contact.id),
    patientName: contact.name,
    packageName: exam.packageName,
    date: chinaDate(exam.examinedAt),
    status: ready ? 'READY' : 'PENDING',
    reportedAt: ready ? exam.reportedAt.toISOString() : null,
    findingCount: ready ? exam.conclusions.length : null,
    summary: ready ? exam.summary : null,
    conclusions: ready ? exam.conclusions : null,
    chiefDoctorName: ready ? exam.chiefDoctorName : null,
    sections: ready ? exam.sections : null,
  };
}

/** An exam of one of the account's proven contacts (named `name`, when given), or 404 — the same for others'. */
async function ownedExam(
  ctx: RequestContext,
  centre: ExamCentre,
  hospitalId: string,
  examNo: string,
  name?: string,
) {
  noStore(ctx);
  const hospital = await requireHospital(ctx.db, hospitalId);
  for (const contact of await provenContacts(ctx.db, userOf(ctx).id)) {
    if (name !== undefined && contact.name !== name) continue;
    const exam = (await examsOfContact(ctx, centre, contact, hospitalId)).find((e) => e.examNo === examNo);
    if (exam) return toExamReport(exam, contact, hospital, ctx.clock.now());
  }
  throw businessError(404, '体检报告不存在', '未找到该体检号与姓名对应的体检报告，请核对后重试');
}

/** The proven contact's exams at the hospital as summaries, newest first (404 for another's contact). */
async function examSummaries(ctx: RequestContext, centre: ExamCentre, hospitalId: string, contactId: string) {
  const { hospital, contact } = await provenContact(ctx, hospitalId, contactId);
  const now = ctx.clock.now();
  return (await examsOfContact(ctx, centre, contact, hospitalId)).map((exam) => {
    const { summary, conclusions, chiefDoctorName, sections, ...summaryOnly } = toExamReport(
      exam,
      contact,
      hospital,
      now,
    );
    return summaryOnly;
  });
}

/** The exam named by its download name (`<examNo>.pdf`), the account's own and signed (404 / 409). */
async function examOfFile(
  ctx: RequestContext,
  centre: ExamCentre,
  hospitalId: string,
  fileName: string,
  action: string,
) {
  const examNo = examNoOfFileName(fileName);
  if (examNo === null) throw businessError(404, '体检报告不存在', '未找到该文件对应的体检报告');
  const exam = await ownedExam(ctx, centre, hospitalId, examNo);
  if (exam.status !== 'READY') {
    throw businessError(409, '报告尚未出具', `体检报告尚未出具，出具后即可${action}`);
  }
  return exam;
}

/** The physical-exam report calls, over the exam centre (port `examCentre`). */
export const examRoutes = (centre: ExamCentre) => [
  route(listExamReports, async ({ body }, ctx) =>
    examSummaries(ctx, centre, body.hospitalId, body.contactId),
  ),

  route(getHealthExamRecords, async ({ params, body }, ctx) =>
    examSummaries(ctx, centre, body.hospitalId, params.contactId),
  ),

  route(findExamReport, async ({ params, body }, ctx) =>
    ownedExam(ctx, centre, body.hospitalId, params.examNo, params.name),
  ),

  route(getExamReportPages, async ({ params, body }, ctx) => {
    const exam = await ownedExam(ctx, centre, body.hospitalId, params.examNo);
    if (exam.status !== 'READY') throw businessError(409, '报告尚未出具', '体检报告尚未出具，出具后即可查看');
    return { examNo: exam.examNo, title: examTitle(exam), pages: examPages(exam) };
  }),

  route(getExamReportPdfFile, async ({ query }, ctx) => {
    const exam = await examOfFile(ctx, centre, query.hospitalId, query.fileName, '下载');
    return writePdf(examLayout(exam), `${examTitle(exam)}-${exam.examNo}.pdf`);
  }),

  // The PDF's pages as images: the layout the PDF is written from, drawn page by page (pages.ts).
  route(pdfToImg, async ({ query }, ctx) => {
    const exam = await examOfFile(ctx, centre, query.hospitalId, query.fileName, '查看');
    const pages = examPages(exam);
    return { fileName: query.fileName, title: examTitle(exam), pageCount: pages.length, pages };
  }),
];
