import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { id, isoDate, mobilePhone, personName } from './primitives.ts';

/**
 * Bed reservation (001 §2 'Bed reservation, patient side' and 'nurse side', §4, §6, §7 'Bed orders'). A patient
 * with an admission notice (入院通知单) applies for a bed in a ward; the ward's nurse offers an admission time;
 * the patient confirms it. The nurse side is the product's only second role: hospital staff signed in through
 * the corporate-messaging app (企业微信) call the `staff` service (`/wxcorp-service`, 001 §6).
 *
 * Statuses (001 §4 names the nurse's three lists: pending, confirm, finish):
 * - `PENDING` 待安排: applied (or created at the desk), waiting for the ward — the nurse's pending list;
 * - `CONFIRMED` 待确认: the ward offered an admission time, waiting for the patient — the confirm list;
 * - `FINISHED` 已确认: the patient confirmed the time — the finish list;
 * - `CANCELLED` 已取消: cancelled by the patient before finishing — the finish list as well.
 * A transfer of department puts an order back to PENDING in the new ward (the offered time is withdrawn).
 * Glossary of the spec's names: bedOrder = BedOrder, WXCorp = staff, dept = ward (病区).
 */

export const bedOrderStatus = z.enum(['PENDING', 'CONFIRMED', 'FINISHED', 'CANCELLED']);
export type BedOrderStatus = z.output<typeof bedOrderStatus>;

/** Title of each status, for the patient and the nurse. */
export const BED_ORDER_STATUS_TITLE: Record<BedOrderStatus, string> = {
  PENDING: '待安排',
  CONFIRMED: '待确认',
  FINISHED: '已确认入院',
  CANCELLED: '已取消',
};

/** The three lists of the nurse side and the statuses in each. */
export const bedOrderListType = z.enum(['pending', 'confirm', 'finish']);
export type BedOrderListType = z.output<typeof bedOrderListType>;
export const BED_ORDER_LIST: Record<BedOrderListType, { title: string; statuses: BedOrderStatus[] }> = {
  pending: { title: '待安排', statuses: ['PENDING'] },
  confirm: { title: '已安排待确认', statuses: ['CONFIRMED'] },
  finish: { title: '已完成', statuses: ['FINISHED', 'CANCELLED'] },
};

/** Half-day of an offered admission time. */
export const admitPeriod = z.enum(['AM', 'PM']);
export type AdmitPeriod = z.output<typeof admitPeriod>;
export const ADMIT_PERIOD_NAME: Record<AdmitPeriod, string> = {
  AM: '上午 8:00–11:30',
  PM: '下午 14:00–17:00',
};

/** Longest free texts. */
export const BED_TEXT_MAX = 200;
/** How far ahead a ward may offer (and a patient ask for) an admission day. */
export const BED_MAX_DAYS_AHEAD = 60;

/** A ward (病区) beds are reserved in. */
export const bedWard = z.object({ deptCode: z.string(), deptName: z.string(), location: z.string() });
export type BedWard = z.output<typeof bedWard>;

export const bedOrder = z.object({
  orderId: z.string(),
  /** Shown as 预约单号. */
  orderNo: z.string(),
  hospitalId: z.string(),
  status: bedOrderStatus,
  /** APP: applied by the patient; DESK: created by a nurse at the ward's desk. */
  source: z.enum(['APP', 'DESK']),
  /** The patient's contact, when applied in the app. */
  contactId: z.nullable(z.string()),
  patientName: z.string(),
  phone: z.string(),
  deptCode: z.string(),
  deptName: z.string(),
  /** 入院通知单号 */
  noticeNo: z.string(),
  /** 入院诊断 */
  diagnosis: z.string(),
  /** 开单医生 */
  doctorName: z.string(),
  /** The day the patient would like, or null. */
  expectedDate: z.nullable(z.string()),
  remark: z.string(),
  /** The offered admission: day, half-day, where to go and what to bring. */
  admission: z.nullable(
    z.object({ date: z.string(), period: admitPeriod, bedNo: z.string(), note: z.string(), by: z.string() }),
  ),
  appliedAt: z.string(),
  confirmedAt: z.nullable(z.string()),
  finishedAt: z.nullable(z.string()),
  cancelledAt: z.nullable(z.string()),
  cancelReason: z.nullable(z.string()),
});
export type BedOrder = z.output<typeof bedOrder>;

const page = {
  page: z.optional(z.int().check(z.gte(1), z.lte(1000))),
  pageSize: z.optional(z.int().check(z.gte(1), z.lte(50))),
};
const bedOrderPage = z.object({
  items: z.array(bedOrder),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
export type BedOrderPage = z.output<typeof bedOrderPage>;

const text = (max = BED_TEXT_MAX) => z.string().check(z.trim(), z.maxLength(max));
const required = (max = BED_TEXT_MAX) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
/** 入院通知单号: letters and digits. */
const noticeNo = () => z.string().check(z.trim(), z.regex(/^[A-Za-z0-9-]{4,32}$/));

/** What the admission notice says, typed by the patient or the nurse. */
const applicationFields = {
  deptCode: id(),
  noticeNo: noticeNo(),
  diagnosis: required(100),
  doctorName: required(30),
  expectedDate: z.optional(z.nullable(isoDate())),
  phone: mobilePhone(),
  remark: z.optional(text()),
};

// ——— Patient side ———

export const listBedWards = endpoint({
  id: 'listBedWards',
  method: 'GET',
  path: '/v1/bedOrder/dept',
  summary: '可预约床位的病区',
  query: z.object({ hospitalId: id() }),
  results: z.array(bedWard),
});

export const listBedOrders = endpoint({
  id: 'listBedOrders',
  method: 'POST',
  path: '/v1/bedOrder/page',
  summary: '我的床位预约',
  body: z.object({ hospitalId: id(), ...page }),
  results: bedOrderPage,
});

export const applyBedOrder = endpoint({
  id: 'applyBedOrder',
  method: 'POST',
  path: '/v1/bedOrder',
  summary: '申请床位预约（凭入院通知单）',
  body: z.object({ hospitalId: id(), contactId: id(), ...applicationFields }),
  results: bedOrder,
});

export const getBedOrder = endpoint({
  id: 'getBedOrder',
  method: 'GET',
  path: '/v1/bedOrder/:orderId',
  summary: '床位预约详情',
  params: z.object({ orderId: id() }),
  results: bedOrder,
});

export const confirmBedTime = endpoint({
  id: 'confirmBedTime',
  method: 'POST',
  path: '/v1/bedOrder/confirmTime',
  summary: '确认病区安排的入院时间',
  body: z.object({ orderId: id() }),
  results: bedOrder,
});

export const cancelBedOrder = endpoint({
  id: 'cancelBedOrder',
  method: 'POST',
  path: '/v1/bedOrder/:orderId',
  summary: '取消床位预约',
  params: z.object({ orderId: id() }),
  body: z.optional(z.object({ reason: z.optional(text(100)) })),
  results: bedOrder,
});

// ——— Nurse side (staff service) ———

/** A member of the hospital's staff, as signed in through the corporate-messaging app. */
export const staffProfile = z.object({
  staffId: z.string(),
  hospitalId: z.string(),
  name: z.string(),
  title: z.string(),
  /** The wards whose orders she sees and handles. */
  wards: z.array(bedWard),
});
export type StaffProfile = z.output<typeof staffProfile>;

export const getStaffSignIn = endpoint({
  id: 'getStaffSignIn',
  service: 'staff',
  auth: false,
  method: 'GET',
  path: '/v1/WXCorp/auth/authorize',
  summary: '企业微信网页授权地址（工作人员登录）',
  query: z.object({
    hospitalId: id(),
    /** Same-origin path (with the tab's one-time sign-in nonce) the platform returns to with `code` and `state`. */
    redirect: z.string().check(z.regex(/^\/(?!\/)[^\s\\]{0,300}$/)),
    /** What the platform hands back unchanged: the hospital id, as every return to the apps carries it (001 §1). */
    state: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  }),
  results: z.object({ url: z.string(), simulated: z.boolean() }),
});

export const staffSignIn = endpoint({
  id: 'staffSignIn',
  service: 'staff',
  auth: false,
  method: 'POST',
  path: '/v1/WXCorp/auth/login',
  summary: '以企业微信授权码登录（工作人员）',
  body: z.object({ hospitalId: id(), code: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,128}$/)) }),
  results: staffProfile,
});

export const getStaffSession = endpoint({
  id: 'getStaffSession',
  service: 'staff',
  method: 'GET',
  path: '/v1/WXCorp/auth/session',
  summary: '当前登录的工作人员',
  results: staffProfile,
});

export const staffSignOut = endpoint({
  id: 'staffSignOut',
  service: 'staff',
  auth: false,
  method: 'POST',
  path: '/v1/WXCorp/auth/logout',
  summary: '工作人员退出登录',
  results: z.boolean(),
});

const staffListBody = z.object({
  /** One of her wards, or all of them. */
  deptCode: z.optional(id()),
  /** Patient name, phone or notice number. */
  keyword: z.optional(text(32)),
  ...page,
});

export const listPendingBedOrders = endpoint({
  id: 'listPendingBedOrders',
  service: 'staff',
  method: 'POST',
  path: '/v1/WXCorp/bedOrder/pending/page',
  summary: '待安排的床位预约（护士）',
  body: staffListBody,
  results: bedOrderPage,
});

export const listConfirmedBedOrders = endpoint({
  id: 'listConfirmedBedOrders',
  service: 'staff',
  method: 'POST',
  path: '/v1/WXCorp/bedOrder/confirm/page',
  summary: '已安排、待患者确认的床位预约（护士）',
  body: staffListBody,
  results: bedOrderPage,
});

export const listFinishedBedOrders = endpoint({
  id: 'listFinishedBedOrders',
  service: 'staff',
  method: 'POST',
  path: '/v1/WXCorp/bedOrder/finish/page',
  summary: '已完成的床位预约（护士）',
  body: staffListBody,
  results: bedOrderPage,
});

export const countBedOrders = endpoint({
  id: 'countBedOrders',
  service: 'staff',
  method: 'GET',
  path: '/v1/WXCorp/bedOrder/count',
  summary: '各列表的床位预约数（护士）',
  query: z.object({ deptCode: z.optional(id()) }),
  results: z.object({ pending: z.int(), confirm: z.int(), finish: z.int() }),
});

export const getStaffBedOrder = endpoint({
  id: 'getStaffBedOrder',
  service: 'staff',
  method: 'GET',
  path: '/v1/WXCorp/bedOrder/detail/:orderId',
  summary: '床位预约详情（护士）',
  params: z.object({ orderId: id() }),
  results: bedOrder,
});

export const confirmBedOrder = endpoint({
  id: 'confirmBedOrder',
  service: 'staff',
  method: 'POST',
  path: '/v1/WXCorp/bedOrder/confirm',
  summary: '安排入院时间（护士）',
  body: z.object({
    orderId: id(),
    date: isoDate(),
    period: admitPeriod,
    bedNo: z.optional(text(16)),
    note: z.optional(text()),
  }),
  results: bedOrder,
});

export const transferBedOrder = endpoint({
  id: 'transferBedOrder',
  service: 'staff',
  method: 'POST',
  path: '/v1/WXCorp/bedOrder/transferDepartment',
  summary: '转科：把床位预约转到其他病区（护士）',
  body: z.object({ orderId: id(), deptCode: id(), reason: required(100) }),
  results: bedOrder,
});

export const createBedOrder = endpoint({
  id: 'createBedOrder',
  service: 'staff',
  method: 'POST',
  path: '/v1/WXCorp/bedOrder/create',
  summary: '为窗口前的患者登记床位预约（护士）',
  body: z.object({ patientName: personName(), ...applicationFields }),
  results: bedOrder,
});

export const bedOrderLogAction = z.enum([
  'APPLY',
  'CREATE',
  'CONFIRM',
  'TRANSFER',
  'PATIENT_CONFIRM',
  'CANCEL',
]);
export type BedOrderLogAction = z.output<typeof bedOrderLogAction>;
export const BED_ORDER_LOG_ACTION: Record<BedOrderLogAction, string> = {
  APPLY: '患者申请',
  CREATE: '窗口登记',
  CONFIRM: '安排入院时间',
  TRANSFER: '转科',
  PATIENT_CONFIRM: '患者确认入院时间',
  CANCEL: '患者取消',
};

export const bedOrderLog = z.object({
  logId: z.string(),
  orderId: z.string(),
  action: bedOrderLogAction,
  /** Who: the staff member's name and title, or 患者. */
  actor: z.string(),
  actorKind: z.enum(['PATIENT', 'STAFF']),
  detail: z.string(),
  at: z.string(),
});
export type BedOrderLog = z.output<typeof bedOrderLog>;

export const listBedOrderLogs = endpoint({
  id: 'listBedOrderLogs',
  service: 'staff',
  method: 'POST',
  path: '/v1/WXCorp/bedOrder/behaviorLog/page',
  summary: '床位预约的操作记录（谁、何时、做了什么）',
  body: z.object({ orderId: id(), ...page }),
  results: z.object({ items: z.array(bedOrderLog), total: z.int(), page: z.int(), pageSize: z.int() }),
});

export const listStaffWards = endpoint({
  id: 'listStaffWards',
  service: 'staff',
  method: 'GET',
  path: '/v1/WXCorp/department',
  summary: '医院的病区（转科的去向；mine：本人负责的）',
  results: z.array(
    z.object({ deptCode: z.string(), deptName: z.string(), location: z.string(), mine: z.boolean() }),
  ),
});

export const getBedDictionary = endpoint({
  id: 'getBedDictionary',
  service: 'staff',
  method: 'GET',
  path: '/v1/WXCorp/dictionary',
  summary: '床位预约的字典：入院时段、转科原因、入院须知',
  results: z.object({
    periods: z.array(z.object({ value: admitPeriod, label: z.string() })),
    transferReasons: z.array(z.string()),
    admissionNote: z.string(),
  }),
});
