import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { followUpKind } from './feedback.ts';
import { id } from './primitives.ts';
import { reportSummary } from './reports.ts';

/**
 * Health record (000 §2 'Health record'): a contact's visits at the hospital (outpatient visits and inpatient
 * stays, newest first), each visit's record, prescriptions and reports, and the drug instructions. Read from
 * the HIS for a contact of the account that is proven for the hospital's data. Glossary: reports.ts.
 */

const code = (max = 32) => z.string().check(z.regex(/^[A-Za-z0-9_-]+$/), z.maxLength(max));
const byHospital = z.object({ hospitalId: id() });

/** OUTPATIENT (门诊, route type 1) or INPATIENT (住院, route type 2). */
export const visitType = z.enum(['OUTPATIENT', 'INPATIENT']);
export type VisitType = z.output<typeof visitType>;

export const visitSummary = z.object({
  visitNo: z.string(),
  type: visitType,
  hospitalId: z.string(),
  contactId: z.string(),
  patientName: z.string(),
  /** The person's number in the HIS. */
  patientId: z.string(),
  /** Visit day, or admission day (China, YYYY-MM-DD). */
  date: z.string(),
  /** Discharge day of an inpatient stay; null otherwise. */
  endDate: z.nullable(z.string()),
  departmentName: z.string(),
  doctorName: z.string(),
  /** The main diagnosis. */
  diagnosis: z.string(),
});
export type VisitSummary = z.output<typeof visitSummary>;

export const drugLine = z.object({
  drugCode: code(),
  name: z.string(),
  /** 规格, e.g. 0.5g×30片. */
  specification: z.string(),
  /** 单次用量, e.g. 0.5g. */
  dose: z.string(),
  /** 用法, e.g. 口服. */
  route: z.string(),
  /** 频次, e.g. 每日2次. */
  frequency: z.string(),
  days: z.number(),
  quantity: z.string(),
});
export type DrugLine = z.output<typeof drugLine>;

export const prescription = z.object({
  prescriptionNo: z.string(),
  /** 西药 / 中成药 … */
  category: z.string(),
  issuedAt: z.string(),
  doctorName: z.string(),
  drugs: z.array(drugLine),
});
export type Prescription = z.output<typeof prescription>;

export const visitDetail = z.object({
  ...visitSummary.shape,
  record: z.object({
    chiefComplaint: z.string(),
    presentIllness: z.string(),
    pastHistory: z.string(),
    physicalExam: z.string(),
    diagnoses: z.array(z.string()),
    advice: z.string(),
  }),
  prescriptions: z.array(prescription),
  reports: z.array(reportSummary),
});
export type VisitDetail = z.output<typeof visitDetail>;

export const listVisits = endpoint({
  id: 'listVisits',
  sensitive: true,
  method: 'POST',
  path: '/v1/patient/visits/:hospitalId',
  summary: '就诊人的就诊记录（门诊、住院），新的在前；未建档时 filed 为 false',
  params: byHospital,
  body: z.object({ contactId: id() }),
  results: z.object({ filed: z.boolean(), visits: z.array(visitSummary) }),
});

export const getVisit = endpoint({
  id: 'getVisit',
  sensitive: true,
  method: 'POST',
  path: '/v1/patient/visit/:hospitalId',
  summary: '一次就诊的病历、处方与报告',
  params: byHospital,
  body: z.object({ contactId: id(), visitNo: code() }),
  results: visitDetail,
});

export const drugInstructions = z.object({
  drugCode: z.string(),
  name: z.string(),
  genericName: z.string(),
  specification: z.string(),
  manufacturer: z.string(),
  indications: z.string(),
  dosage: z.string(),
  adverseReactions: z.string(),
  contraindications: z.string(),
  precautions: z.string(),
  storage: z.string(),
});
export type DrugInstructions = z.output<typeof drugInstructions>;

export const getDrugInstructions = endpoint({
  id: 'getDrugInstructions',
  method: 'GET',
  path: '/v1/patient/medicine/:drugCode',
  summary: '药品说明书',
  params: z.object({ drugCode: code() }),
  results: drugInstructions,
});

/**
 * One follow-up of a visit (随访): a questionnaire, a scale, a satisfaction survey, an article or a return-visit
 * reminder the hospital gives after the visit. The task itself is the feedback area's (`getFollowUpTask`,
 * `saveFollowUpTask`: answered once); `taskId` is the spec's `scaleId` in /patientRecord/followUpDetail.
 */
export const visitFollowUp = z.object({
  taskId: z.string(),
  /** The visit or stay (visitNo). */
  inhospitalId: z.string(),
  kind: followUpKind,
  title: z.string(),
  department: z.string(),
  status: z.enum(['PENDING', 'DONE']),
  doneAt: z.nullable(z.string()),
});
export type VisitFollowUp = z.output<typeof visitFollowUp>;

export const listVisitFollowUps = endpoint({
  id: 'listVisitFollowUps',
  sensitive: true,
  method: 'POST',
  path: '/v1/patient/followUpList/:hospitalId',
  summary: '一次就诊的随访与问卷（未完成的在前）',
  params: byHospital,
  body: z.object({ contactId: id(), visitNo: code() }),
  results: z.array(visitFollowUp),
});
