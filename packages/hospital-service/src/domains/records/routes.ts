import {
  getDrugInstructions,
  getLabTrend,
  getReport,
  getReportPages,
  getReportPdf,
  getReportRequest,
  getVisit,
  listReportRequests,
  listReports,
  listVisitFollowUps,
  listVisits,
  searchReportsByCard,
} from '@patient/contract';
import { and, eq, or } from 'drizzle-orm';
import { addDays, chinaDate, DAY } from '../../platform/clock.ts';
import { userOf } from '../../platform/http/context.ts';
import { businessError, inputError, notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { askOutside } from '../../platform/outside-system.ts';
import { followUpsOfVisit, type PlannedFollowUp } from '../feedback/index.ts';
import { hospitals, requireHospital } from '../hospitals/index.ts';
import { contacts, healthCards, medicalCards, requireHisProven } from '../patients/index.ts';
import {
  findOwnedReport,
  isReady,
  noStore,
  provenContact,
  type RecordPorts,
  reportIdOfRequest,
  reportsOfVisits,
  toReport,
  toReportRequest,
  toReportSummary,
  toVisitSummary,
  visitsOf,
} from './access.ts';
import { type HisVisit, RECORD_SYSTEM_NAME } from './his.ts';
import { reportLayout, reportPages, reportTitle } from './pages.ts';
import { writePdf } from './pdf.ts';

/** The refusal for a contact the hospital has no record of (the app offers to file one: /noFile/…). */
const notFiled = () =>
  businessError(404, '未在本院建档', '该就诊人在本院暂无档案，请先建档后再查询', { filed: false });

/**
 * The follow-ups the hospital plans after a visit: after a stay, the satisfaction survey, the discharge
 * follow-up and a return visit two weeks after discharge with the same doctor; after an outpatient visit, the
 * follow-up questionnaire.
 */
export function followUpPlanOf(visit: HisVisit): PlannedFollowUp[] {
  if (visit.template.type === 'INPATIENT') {
    return [
      { kind: 'SATISFACTION', template: 'INPATIENT_SATISFACTION' },
      { kind: 'MISSION', template: 'DISCHARGE_FOLLOW_UP' },
      {
        kind: 'RETURN_VISIT',
        template: 'RETURN_VISIT',
        returnDate: addDays(visit.endDate ?? visit.date, 14),
        returnDoctor: visit.template.doctorName,
      },
    ];
  }
  return [{ kind: 'MISSION', template: 'OUTPATIENT_FOLLOW_UP' }];
}

/** The longest date range of a search by card. */
export const SEARCH_SPAN_DAYS = 366;

/** The health record and report calls, over the HIS, the LIS and the exam centre (the module's ports). */
export const recordRoutes = (ports: RecordPorts) => [
  route(listVisits, async ({ params, body }, ctx) => {
    const { contact } = await provenContact(ctx, params.hospitalId, body.contactId);
    const visits = await visitsOf(ctx.db, ports, contact, params.hospitalId);
    // Visits still going on (started later than now: none of the HIS's) are left out.
    const now = ctx.clock.now();
    return {
      filed: visits !== null,
      visits: (visits ?? [])
        .filter((v) => v.startedAt.getTime() <= now.getTime())
        .map((v) => toVisitSummary(v, contact, params.hospitalId)),
    };
  }),

  route(getVisit, async ({ params, body }, ctx) => {
    const { hospital, contact } = await provenContact(ctx, params.hospitalId, body.contactId);
    const visits = await visitsOf(ctx.db, ports, contact, params.hospitalId);
    if (visits === null) throw notFiled();
    const visit = visits.find((v) => v.visitNo === body.visitNo);
    if (!visit) throw notFound('就诊记录');
    const now = ctx.clock.now();
    const { template } = visit;
    return {
      ...toVisitSummary(visit, contact, params.hospitalId),
      record: {
        chiefComplaint: template.chiefComplaint,
        presentIllness: template.presentIllness,
        pastHistory: template.pastHistory,
        physicalExam: template.physicalExam,
        diagnoses: template.diagnoses,
        advice: template.advice,
      },
      prescriptions: visit.prescriptions.map((p) => ({
        prescriptionNo: p.prescriptionNo,
        category: p.category,
        issuedAt: p.issuedAt.toISOString(),
        doctorName: template.doctorName,
        drugs: p.drugs.map((d) => ({
          drugCode: d.drugCode,
          name: d.name,
          specification: d.specification,
          dose: d.dose,
          route: d.route,
          frequency: d.frequency,
          days: d.days,
          quantity: d.quantity,
        })),
      })),
      reports: (await reportsOfVisits(ports, contact, params.hospitalId, [visit])).map((r) =>
        toReportSummary(r, hospital, now),
      ),
    };
  }),

  route(listVisitFollowUps, async ({ params, body }, ctx) => {
    const { contact } = await provenContact(ctx, params.hospitalId, body.contactId);
    const visits = await visitsOf(ctx.db, ports, contact, params.hospitalId);
    if (visits === null) throw notFiled();
    const now = ctx.clock.now();
    const visit = visits.find((v) => v.visitNo === body.visitNo && v.startedAt.getTime() <= now.getTime());
    if (!visit) throw notFound('就诊记录');
    return followUpsOfVisit(
      ctx.db,
      {
        userId: userOf(ctx).id,
        contactId: contact.id,
        hospitalId: params.hospitalId,
        inhospitalId: visit.visitNo,
        department: visit.template.departmentName,
        patientName: contact.name,
        tasks: followUpPlanOf(visit),
      },
      now,
    );
  }),

  route(getDrugInstructions, async ({ params }, ctx) => {
    const { recordSystem } = ports;
    const drug = await askOutside(
      RECORD_SYSTEM_NAME,
      (signal) => recordSystem.drug(params.drugCode, signal),
      {
        timeoutMs: recordSystem.timeoutMs,
      },
    );
    if (!drug) throw notFound('药品说明书');
    ctx.reply.header('cache-control', 'private, max-age=3600');
    return { ...drug };
  }),

  route(listReports, async ({ params, body }, ctx) => {
    if (body.startDate && body.endDate && body.startDate > body.endDate) {
      throw inputError('endDate', '结束日期不能早于开始日期');
    }
    const { hospital, contact } = await provenContact(ctx, params.hospitalId, body.contactId);
    const visits = await visitsOf(ctx.db, ports, contact, params.hospitalId);
    if (visits === null) throw notFiled();
    const now = ctx.clock.now();
    return (
      await reportsOfVisits(
        ports,
        contact,
        params.hospitalId,
        visits,
        (o) => o.requestedAt.getTime() <= now.getTime() && (!body.kind || o.order.kind === body.kind),
      )
    )
      .filter((r) => {
        const day = chinaDate(r.order.requestedAt);
        return (!body.startDate || day >= body.startDate) && (!body.endDate || day <= body.endDate);
      })
      .sort((a, b) => b.order.requestedAt.getTime() - a.order.requestedAt.getTime())
      .map((r) => toReportSummary(r, hospital, now));
  }),

  route(getReport, async ({ params, body }, ctx) => {
    noStore(ctx);
    const hospital = await requireHospital(ctx.db, params.hospitalId);
    const found = await findOwnedReport(ctx, ports, params.hospitalId, body.reportId);
    if (!found) throw notFound('报告');
    return toReport(found, hospital, ctx.clock.now());
  }),

  route(getLabTrend, async ({ params, body }, ctx) => {
    const { contact } = await provenContact(ctx, params.hospitalId, body.contactId);
    const visits = await visitsOf(ctx.db, ports, contact, params.hospitalId);
    if (visits === null) throw notFiled();
    const now = ctx.clock.now();
    const seen = (
      await reportsOfVisits(ports, contact, params.hospitalId, visits, (o) => o.order.kind === 'LAB')
    )
      .filter((r) => isReady(r.source, now))
      .flatMap((r) => {
        const item = r.source.items?.find((i) => i.code === body.itemCode);
        return item && item.numeric !== null ? [{ r, item, numeric: item.numeric }] : [];
      })
      .sort((a, b) => a.r.source.collectedAt.getTime() - b.r.source.collectedAt.getTime());
    const latest = seen.at(-1);
    if (!latest) throw notFound('检验项目');
    return {
      itemCode: latest.item.code,
      name: latest.item.name,
      unit: latest.item.unit,
      referenceRange: latest.item.referenceRange,
      low: latest.item.low,
      high: latest.item.high,
      points: seen.map(({ r, item, numeric }) => ({
        reportId: r.source.reportId,
        reportName: r.source.name,
        at: r.source.collectedAt.toISOString(),
        value: numeric,
        flag: item.flag,
      })),
    };
  }),

  route(getReportPages, async ({ params, body }, ctx) => {
    noStore(ctx);
    const hospital = await requireHospital(ctx.db, params.hospitalId);
    const found = await findOwnedReport(ctx, ports, params.hospitalId, body.reportId);
    if (!found) throw notFound('报告');
    const report = toReport(found, hospital, ctx.clock.now());
    if (report.status !== 'READY') {
      throw businessError(409, '报告尚未出具', '报告尚未出具，出具后即可查看报告单');
    }
    return { reportId: report.reportId, title: reportTitle(report), pages: reportPages(report) };
  }),

  route(getReportPdf, async ({ params, body }, ctx) => {
    noStore(ctx);
    const hospital = await requireHospital(ctx.db, params.hospitalId);
    const found = await findOwnedReport(ctx, ports, params.hospitalId, body.reportId);
    if (!found) throw notFound('报告');
    const report = toReport(found, hospital, ctx.clock.now());
    if (report.status !== 'READY') {
      throw businessError(409, '报告尚未出具', '报告尚未出具，出具后即可下载报告单');
    }
    return writePdf(reportLayout(report), `${reportTitle(report)}-${report.reportId}.pdf`);
  }),

  route(listReportRequests, async ({ params, body }, ctx) => {
    const { contact } = await provenContact(ctx, params.hospitalId, body.contactId);
    const visits = await visitsOf(ctx.db, ports, contact, params.hospitalId);
    if (visits === null) throw notFiled();
    const now = ctx.clock.now();
    return (
      await reportsOfVisits(
        ports,
        contact,
        params.hospitalId,
        visits,
        (o) => o.requestedAt.getTime() <= now.getTime(),
      )
    )
      .sort((a, b) => b.order.requestedAt.getTime() - a.order.requestedAt.getTime())
      .map((r) => toReportRequest(r, now));
  }),

  route(getReportRequest, async ({ params, body }, ctx) => {
    noStore(ctx);
    await requireHospital(ctx.db, params.hospitalId);
    const reportId = reportIdOfRequest(body.requestId);
    const found = reportId && (await findOwnedReport(ctx, ports, params.hospitalId, reportId));
    if (!found) throw notFound('申请单');
    return toReportRequest(found, ctx.clock.now());
  }),

  route(searchReportsByCard, async ({ body }, ctx) => {
    noStore(ctx);
    if (body.startDate > body.endDate) throw inputError('endDate', '结束日期不能早于开始日期');
    if (Date.parse(body.endDate) - Date.parse(body.startDate) > SEARCH_SPAN_DAYS * DAY) {
      throw inputError('endDate', `查询时间跨度不能超过${SEARCH_SPAN_DAYS}天`);
    }
    const userId = userOf(ctx).id;
    const cardNo = body.cardNo.toUpperCase();
    // The card must be one of the account's contacts' (a medical card or an electronic health card), with its name.
    const [owner] = await ctx.db
      .selectDistinct({ contact: contacts })
      .from(contacts)
      .leftJoin(medicalCards, eq(medicalCards.contactId, contacts.id))
      .leftJoin(healthCards, eq(healthCards.contactId, contacts.id))
      .where(
        and(
          eq(contacts.userId, userId),
          eq(contacts.name, body.name),
          or(eq(medicalCards.medicalCardNo, cardNo), eq(healthCards.cardNo, cardNo)),
        ),
      )
      .limit(1);
    if (!owner) throw businessError(404, '未找到该卡', '未找到该卡号与姓名对应的就诊人，请核对后重试');
    const contact = owner.contact;
    requireHisProven(contact);
    const now = ctx.clock.now();
    const found = [];
    for (const hospital of await ctx.db.select().from(hospitals).orderBy(hospitals.id)) {
      const visits = await visitsOf(ctx.db, ports, contact, hospital.id);
      if (!visits) continue;
      const within = (o: { requestedAt: Date }) => {
        const day = chinaDate(o.requestedAt);
        return o.requestedAt.getTime() <= now.getTime() && day >= body.startDate && day <= body.endDate;
      };
      for (const r of await reportsOfVisits(ports, contact, hospital.id, visits, within)) {
        found.push({ at: r.order.requestedAt.getTime(), summary: toReportSummary(r, hospital, now) });
      }
    }
    return found.sort((a, b) => b.at - a.at).map((f) => f.summary);
  }),
];
