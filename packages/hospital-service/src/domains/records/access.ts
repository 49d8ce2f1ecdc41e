import type { Report, ReportRequest, ReportSummary, VisitSummary } from '@patient/contract';
import type { DbOrTx } from '../../platform/database/connect.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { userOf } from '../../platform/http/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { askOutside } from '../../platform/outside-system.ts';
import { requireHospital } from '../hospitals/index.ts';
import {
  type ContactRow,
  type HisPerson,
  isFiled,
  provenContact as provenContactOf,
  provenContacts,
} from '../patients/index.ts';
import { EXAM_CENTRE_NAME, type ExamCentre } from './exam-centre.ts';
import { type HisOrder, type HisVisit, RECORD_SYSTEM_NAME, type RecordSystem } from './his.ts';
import { LABORATORY_NAME, type Laboratory, ReportNotFoundError, type SourceReport } from './lis.ts';

/**
 * Who may read what: a hospital's records and reports are read for a contact of the account that is proven for
 * the hospital's data (patients' provenContact / provenContacts); another account's contact, visit or report answers '不存在',
 * the same as none. Every answer carrying health data is marked Cache-Control: no-store.
 */

type Hospital = Awaited<ReturnType<typeof requireHospital>>;

export const personOf = (contact: ContactRow, hospitalId: string): HisPerson => ({
  hospitalId,
  identityCard: contact.documentNumber,
  name: contact.name,
});

/** Health data are never kept by a browser or a proxy. */
export function noStore(ctx: RequestContext): void {
  ctx.reply.header('cache-control', 'no-store');
}

/** The hospital and the account's proven contact, or the refusal (404 / identity required). */
export async function provenContact(ctx: RequestContext, hospitalId: string, contactId: string) {
  noStore(ctx);
  const hospital = await requireHospital(ctx.db, hospitalId);
  const contact = await provenContactOf(ctx.db, userOf(ctx).id, contactId);
  return { hospital, contact };
}

/** The outside systems the records and reports are read from (the module's ports). */
export interface RecordPorts {
  recordSystem: RecordSystem;
  laboratory: Laboratory;
  examCentre: ExamCentre;
}

/**
 * The contact's visits at the hospital, newest first; null when the person is not filed there. A failing HIS:
 * state 503 (askOutside).
 */
export async function visitsOf(
  db: DbOrTx,
  { recordSystem }: RecordPorts,
  contact: ContactRow,
  hospitalId: string,
): Promise<HisVisit[] | null> {
  const person = personOf(contact, hospitalId);
  if (!(await isFiled(db, person))) return null;
  return askOutside(
    RECORD_SYSTEM_NAME,
    (signal) => recordSystem.visitsOf(person, contact.createdAt, signal),
    {
      timeoutMs: recordSystem.timeoutMs,
    },
  );
}

/**
 * The reports of `reportIds` from one system, by id. A system that does not know a report the HIS listed
 * answers 404 '报告不存在' (the systems disagree); a failing one 503 (askOutside).
 */
async function askReports(
  system: string,
  port: Laboratory | ExamCentre,
  person: HisPerson,
  anchor: Date,
  reportIds: string[],
): Promise<Map<string, SourceReport>> {
  if (reportIds.length === 0) return new Map();
  try {
    const reports = await askOutside(system, (signal) => port.reportsOf(person, anchor, reportIds, signal), {
      timeoutMs: port.timeoutMs,
      passThrough: (error) => error instanceof ReportNotFoundError,
    });
    return new Map(reports.map((r) => [r.reportId, r]));
  } catch (error) {
    if (error instanceof ReportNotFoundError) throw notFound('报告');
    throw error;
  }
}

/** One report with where it comes from. */
export interface FoundReport {
  contact: ContactRow;
  visit: HisVisit;
  order: HisOrder;
  source: SourceReport;
}

/**
 * The contact's reports at the hospital of these visits' orders (all of them, or only those `only` accepts), in
 * the visits' order: lab reports from the laboratory, the others from the exam centre (one call each).
 */
export async function reportsOfVisits(
  ports: RecordPorts,
  contact: ContactRow,
  hospitalId: string,
  visits: HisVisit[],
  only: (order: HisOrder) => boolean = () => true,
): Promise<FoundReport[]> {
  const person = personOf(contact, hospitalId);
  const orders = visits.flatMap((visit) => visit.orders.filter(only).map((order) => ({ visit, order })));
  const ids = (lab: boolean) =>
    orders.filter(({ order }) => (order.order.kind === 'LAB') === lab).map(({ order }) => order.reportId);
  const [lab, exam] = await Promise.all([
    askReports(LABORATORY_NAME, ports.laboratory, person, contact.createdAt, ids(true)),
    askReports(EXAM_CENTRE_NAME, ports.examCentre, person, contact.createdAt, ids(false)),
  ]);
  return orders.map(({ visit, order }) => {
    const source = lab.get(order.reportId) ?? exam.get(order.reportId);
    if (!source) throw notFound('报告');
    return { contact, visit, order, source };
  });
}

/** A report of one of the account's proven contacts at the hospital, or null. */
export async function findOwnedReport(
  ctx: RequestContext,
  ports: RecordPorts,
  hospitalId: string,
  reportId: string,
): Promise<FoundReport | null> {
  for (const contact of await provenContacts(ctx.db, userOf(ctx).id)) {
    const visits = await visitsOf(ctx.db, ports, contact, hospitalId);
    const visit = visits?.find((v) => v.orders.some((o) => o.reportId === reportId));
    if (visit) {
      const [found] = await reportsOfVisits(
        ports,
        contact,
        hospitalId,
        [visit],
        (o) => o.reportId === reportId,
      );
      return found;
    }
  }
  return null;
}

export const isReady = (source: SourceReport, now: Date) => source.reportedAt.getTime() <= now.getTime();

export function toVisitSummary(visit: HisVisit, contact: ContactRow, hospitalId: string): VisitSummary {
  return {
    visitNo: visit.visitNo,
    type: visit.template.type,
    hospitalId,
    contactId: String(contact.id),
    patientName: contact.name,
    patientId: visit.patientId,
    date: visit.date,
    endDate: visit.endDate,
    departmentName: visit.template.departmentName,
    doctorName: visit.template.doctorName,
    diagnosis: visit.template.diagnoses[0] ?? '',
  };
}

export function toReportSummary(found: FoundReport, hospital: Hospital, now: Date): ReportSummary {
  const { contact, visit, source } = found;
  const ready = isReady(source, now);
  return {
    reportId: source.reportId,
    kind: source.kind,
    name: source.name,
    status: ready ? 'READY' : 'PENDING',
    hospitalId: hospital.id,
    hospitalName: hospital.name,
    contactId: String(contact.id),
    patientName: contact.name,
    patientId: visit.patientId,
    visitNo: visit.visitNo,
    departmentName: visit.template.departmentName,
    doctorName: visit.template.doctorName,
    requestedAt: found.order.requestedAt.toISOString(),
    reportedAt: ready ? source.reportedAt.toISOString() : null,
    expectedAt: ready ? null : source.reportedAt.toISOString(),
    abnormalCount: ready && source.items ? source.items.filter((i) => i.flag !== 'NORMAL').length : null,
  };
}

/** The report; a pending one without its results or signers. */
export function toReport(found: FoundReport, hospital: Hospital, now: Date): Report {
  const { source } = found;
  const ready = isReady(source, now);
  return {
    ...toReportSummary(found, hospital, now),
    specimen: source.specimen,
    sampleNo: source.sampleNo,
    collectedAt: source.collectedAt.getTime() <= now.getTime() ? source.collectedAt.toISOString() : null,
    reporterName: ready ? source.reporterName : null,
    reviewerName: ready ? source.reviewerName : null,
    items: ready ? source.items : null,
    imaging: ready ? source.imaging : null,
    pathology: ready ? source.pathology : null,
    healthCertificate: ready ? source.healthCertificate : null,
  };
}

/** A request's id: the report's, marked as a request (申请单). */
export const requestIdOf = (reportId: string) => `SQ${reportId}`;
export const reportIdOfRequest = (requestId: string) =>
  requestId.startsWith('SQ') ? requestId.slice(2) : null;

/** The request behind a report: REQUESTED until the sample is taken, COLLECTED until it is signed. */
export function toReportRequest(found: FoundReport, now: Date): ReportRequest {
  const { contact, visit, order, source } = found;
  const status = isReady(source, now)
    ? 'REPORTED'
    : source.collectedAt.getTime() <= now.getTime()
      ? 'COLLECTED'
      : 'REQUESTED';
  return {
    requestId: requestIdOf(source.reportId),
    kind: source.kind,
    name: source.name,
    status,
    contactId: String(contact.id),
    patientName: contact.name,
    visitNo: visit.visitNo,
    departmentName: visit.template.departmentName,
    doctorName: visit.template.doctorName,
    performedBy: source.performedBy,
    location: source.location,
    specimen: source.specimen,
    requestedAt: order.requestedAt.toISOString(),
    preparation: source.preparation,
    reportId: source.reportId,
  };
}
