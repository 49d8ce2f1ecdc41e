import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { id, isoDate } from './primitives.ts';

/**
 * Check-up (examination) appointments (001 §2 'Check-up appointments', §7). The HIS names its fields with
 * pinyin abbreviations; they stay in the route parameters and are mapped here, once, to readable names.
 *
 * Glossary (the spec does not give meanings; these are the HIS conventions we read them as):
 * | HIS     | here            | meaning                                              |
 * |---------|-----------------|------------------------------------------------------|
 * | brsqhm  | applicationNo   | 病人申请号码: the examination request number          |
 * | czyhid  | orderItemId     | 处置医嘱 id: the request's order line                 |
 * | brjzlx  | visitType       | 病人就诊类型: 1 outpatient, 2 inpatient, 3 check-up   |
 * | zlxmbm  | itemCode        | 诊疗项目编码: the examination item code               |
 * | cretbz  | urgentFlag      | 加急标志: 1 urgent, 0 routine                         |
 * | sfjzpb  | emergencySchedule | 是否急诊排班: 1 emergency schedule, 0 normal         |
 * | xmlxid  | itemTypeId      | 项目类型 id: CT, MR, US (ultrasound), ES (endoscopy)  |
 * | bryyrq  | date            | 病人预约日期: the appointment date                    |
 * | kyzysl  | available       | 可预约总数量: places left that day                    |
 * | pbgzbh  | workNo          | 排班工作编号: the schedule's work number              |
 * | pbpcid  | batchId         | 排班批次 id: the time slot's batch                    |
 * | pbsjfw  | timeRange       | 排班时间范围: e.g. 08:00-09:00                        |
 */
export const CHECKUP_GLOSSARY = {
  brsqhm: 'applicationNo',
  czyhid: 'orderItemId',
  brjzlx: 'visitType',
  zlxmbm: 'itemCode',
  cretbz: 'urgentFlag',
  sfjzpb: 'emergencySchedule',
  xmlxid: 'itemTypeId',
  bryyrq: 'date',
  kyzysl: 'available',
  pbgzbh: 'workNo',
  pbpcid: 'batchId',
  pbsjfw: 'timeRange',
} as const;

const code = (max = 32) => z.string().check(z.regex(/^[A-Za-z0-9_-]+$/), z.maxLength(max));
const byHospital = z.object({ hospitalId: id() });

/** Identifies one examination request (brsqhm + czyhid). */
const application = { applicationNo: code(), orderItemId: code() };

export const checkupStatus = z.enum(['UNBOOKED', 'BOOKED', 'CANCELLED', 'DONE']);

export const checkupApplication = z.object({
  ...application,
  contactId: z.string(),
  patientName: z.string(),
  visitType: code(4),
  itemCode: code(),
  itemName: z.string(),
  urgentFlag: code(4),
  emergencySchedule: code(4),
  itemTypeId: code(8),
  itemTypeName: z.string(),
  departmentName: z.string(),
  requestedAt: z.string(),
  status: checkupStatus,
  /** Set when booked. */
  appointment: z.nullable(
    z.object({ date: z.string(), timeRange: z.string(), location: z.string(), bookedAt: z.string() }),
  ),
});
export type CheckupApplication = z.output<typeof checkupApplication>;

export const listCheckupApplications = endpoint({
  id: 'listCheckupApplications',
  method: 'POST',
  path: '/v1/checkByHospital/getCheckApply/:hospitalId',
  summary: '检查申请单列表',
  params: byHospital,
  body: z.object({ contactId: id() }),
  results: z.array(checkupApplication),
});

export const getCheckupRemaining = endpoint({
  id: 'getCheckupRemaining',
  method: 'POST',
  path: '/v1/checkByHospital/getRemainingNumber/:hospitalId',
  summary: '检查可预约日期及余号',
  params: byHospital,
  body: z.object({
    ...application,
    visitType: code(4),
    itemCode: code(),
    urgentFlag: code(4),
    emergencySchedule: code(4),
    itemTypeId: code(8),
  }),
  results: z.array(z.object({ date: z.string(), available: z.number() })),
});

export const getCheckupTimes = endpoint({
  id: 'getCheckupTimes',
  method: 'POST',
  path: '/v1/checkByHospital/getSchedulingTime/:hospitalId',
  summary: '检查某日的时段',
  params: byHospital,
  body: z.object({ ...application, date: isoDate() }),
  results: z.array(
    z.object({ workNo: z.string(), batchId: z.string(), timeRange: z.string(), available: z.number() }),
  ),
});

export const bookCheckup = endpoint({
  id: 'bookCheckup',
  method: 'POST',
  path: '/v1/checkByHospital/saveOrder/:hospitalId',
  summary: '确认检查预约',
  params: byHospital,
  body: z.object({
    ...application,
    date: isoDate(),
    available: z.number(),
    workNo: code(),
    batchId: code(),
    timeRange: z.string().check(z.regex(/^\d{2}:\d{2}-\d{2}:\d{2}$/)),
  }),
  results: checkupApplication,
});

export const getCheckupNotices = endpoint({
  id: 'getCheckupNotices',
  method: 'POST',
  path: '/v1/checkByHospital/getAnnouncementsInfo/:hospitalId',
  summary: '检查注意事项',
  params: byHospital,
  body: z.object({ itemCode: code() }),
  results: z.object({ notices: z.array(z.string()) }),
});

export const cancelCheckup = endpoint({
  id: 'cancelCheckup',
  method: 'POST',
  path: '/v1/checkByHospital/cancleOrder/:hospitalId',
  summary: '取消检查预约',
  params: byHospital,
  body: z.object(application),
  results: checkupApplication,
});

export const getCheckupCancelRule = endpoint({
  id: 'getCheckupCancelRule',
  method: 'POST',
  path: '/check/cancel_OrderInfo/:hospitalId',
  summary: '检查预约能否取消及截止时间',
  params: byHospital,
  body: z.object(application),
  results: z.object({
    canCancel: z.boolean(),
    deadline: z.nullable(z.string()),
    reason: z.nullable(z.string()),
  }),
});

export const listCheckupReminders = endpoint({
  id: 'listCheckupReminders',
  method: 'GET',
  path: '/v1/dict/DJLF',
  summary: '检查前准备须知（按类别）',
  auth: false,
  results: z.array(z.object({ id: z.string(), title: z.string(), content: z.array(z.string()) })),
});
