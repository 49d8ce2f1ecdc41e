import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { fen, id, isoDate } from './primitives.ts';

/**
 * Appointments, scheduled and same-day (001 §2, §7 'Appointment'; 000 §3–§4 schedule sources).
 * Route parameters keep the spec's names: departmentId is our department id, deptId the HIS department code,
 * scheduleItemId one doctor's half-day schedule, hisScheduleId the HIS id of that schedule.
 */

/** Schedule source states of 000 §3; labels in 000 §4 ('bookable' / 'remaining N', 'fully booked', …). */
export const sourceState = z.enum(['APPOINTABLE', 'ALL_APPOINTED', 'STOPED', 'NO_SOURCE']);
export type SourceState = z.output<typeof sourceState>;
/** Schedule source types of 000 §3; the label is the type name + '门诊', an empty type '普通门诊'. */
export const sourceType = z.enum(['NORMAL', 'EXPERT', 'EMERGENCY', 'DEPARTMENT', 'VIP']);
export type SourceType = z.output<typeof sourceType>;
export const halfDay = z.enum(['AM', 'PM']);

export const department = z.object({
  departmentId: z.string(),
  /** null for a first-level department. */
  parentId: z.nullable(z.string()),
  name: z.string(),
  /** HIS department code (route parameter deptId). */
  deptId: z.string(),
  /** Full pinyin without tones, e.g. 'xinxueguanneike', and initials, e.g. 'xxgnk' (for queryBySpell). */
  pinyin: z.string(),
  initials: z.string(),
  intro: z.nullable(z.string()),
  location: z.nullable(z.string()),
});
export type Department = z.output<typeof department>;

export const departmentGroup = z.object({
  departmentId: z.string(),
  name: z.string(),
  children: z.array(department),
});
export type DepartmentGroup = z.output<typeof departmentGroup>;

export const doctor = z.object({
  doctorId: z.string(),
  name: z.string(),
  /** 主任医师, 副主任医师, 主治医师, 医师 */
  title: z.string(),
  speciality: z.string(),
  intro: z.nullable(z.string()),
  departmentId: z.string(),
  departmentName: z.string(),
  deptId: z.string(),
  /** The doctor's photo (an image URL) where the HIS has one; absent or null: the app shows a drawn avatar. */
  photo: z.optional(z.nullable(z.string())),
});
export type Doctor = z.output<typeof doctor>;

/** One doctor's (or a department's) half-day schedule. */
export const scheduleItem = z.object({
  scheduleItemId: z.string(),
  hisScheduleId: z.string(),
  hospitalId: z.string(),
  departmentId: z.string(),
  departmentName: z.string(),
  deptId: z.string(),
  /** null for a department (general) clinic without a named doctor. */
  doctorId: z.nullable(z.string()),
  doctorName: z.nullable(z.string()),
  doctorTitle: z.nullable(z.string()),
  date: z.string(),
  halfDay,
  type: z.nullable(sourceType),
  state: sourceState,
  /** Places left; null when the HIS does not say. */
  remaining: z.nullable(z.number()),
  fee: fen(),
});
export type ScheduleItem = z.output<typeof scheduleItem>;

/** One bookable time slot of a schedule. */
export const source = z.object({
  sourceId: z.string(),
  scheduleItemId: z.string(),
  /** HH:mm */
  startTime: z.string(),
  endTime: z.string(),
  remaining: z.number(),
  state: sourceState,
});
export type Source = z.output<typeof source>;

const byHospital = z.object({ hospitalId: id() });
/** Same-day booking (today) or scheduled booking (from tomorrow); default scheduled. */
const sameDay = () => z.optional(z.boolean());

export const listDepartments = endpoint({
  id: 'listDepartments',
  method: 'GET',
  path: '/v1/dept/hospital/:hospitalId',
  summary: '科室列表（两级）',
  auth: false,
  params: byHospital,
  results: z.array(departmentGroup),
});

export const listDepartmentsWithHis = endpoint({
  id: 'listDepartmentsWithHis',
  method: 'GET',
  path: '/v1/dept/dept_with_his/hospital/:hospitalId',
  summary: '科室列表（含 HIS 科室编码，平铺）',
  auth: false,
  params: byHospital,
  results: z.array(department),
});

export const searchDepartments = endpoint({
  id: 'searchDepartments',
  method: 'POST',
  path: '/v1/sources/hospitals/:hospitalId/queryBySpell',
  summary: '科室搜索（汉字、全拼或首字母，如“nk”“neike”找到内科）',
  auth: false,
  params: byHospital,
  body: z.object({ keyword: z.string().check(z.trim(), z.minLength(1), z.maxLength(20)) }),
  results: z.array(department),
});

/** A doctor with a summary of their sources per day, for the department's doctor list. */
export const doctorWithDays = z.object({
  doctor,
  days: z.array(
    z.object({
      date: z.string(),
      state: sourceState,
      remaining: z.nullable(z.number()),
      type: z.nullable(sourceType),
    }),
  ),
});

export const listDoctorsWithSchedules = endpoint({
  id: 'listDoctorsWithSchedules',
  method: 'POST',
  path: '/v1/schedules_resume/hospitals/:hospitalId/query',
  summary: '科室的医生及其每日号源概况',
  auth: false,
  params: byHospital,
  body: z.object({ departmentId: id(), date: z.optional(isoDate()), sameDay: sameDay() }),
  results: z.object({
    /** The bookable dates (the week strip): today for same-day, else tomorrow … the booking window. */
    dates: z.array(z.string()),
    doctors: z.array(doctorWithDays),
  }),
});

export const getDoctor = endpoint({
  id: 'getDoctor',
  method: 'GET',
  path: '/v1/doctors/:doctorId',
  summary: '医生详情',
  auth: false,
  params: z.object({ doctorId: id() }),
  results: doctor,
});

export const getDoctorResume = endpoint({
  id: 'getDoctorResume',
  method: 'POST',
  path: '/v1/schedules/appointments_resume/queryResume/:doctorId',
  summary: '医生简介与近期出诊',
  auth: false,
  params: z.object({ doctorId: id() }),
  results: z.object({ doctor, schedules: z.array(scheduleItem) }),
});

export const querySchedules = endpoint({
  id: 'querySchedules',
  method: 'POST',
  path: '/v1/schedules/hospitals/:hospitalId/query',
  summary: '排班查询（按科室或医生、日期范围）',
  auth: false,
  params: byHospital,
  body: z.object({
    departmentId: z.optional(id()),
    doctorId: z.optional(id()),
    startDate: isoDate(),
    endDate: isoDate(),
    sameDay: sameDay(),
  }),
  results: z.array(scheduleItem),
});

export const queryDoctorSchedule = endpoint({
  id: 'queryDoctorSchedule',
  method: 'POST',
  path: '/v1/schedules/appoint/doctor/:doctorId',
  summary: '医生的可预约排班',
  auth: false,
  params: z.object({ doctorId: id() }),
  body: z.object({ sameDay: sameDay() }),
  results: z.array(scheduleItem),
});

const sourceSearchBody = z.object({
  hospitalId: id(),
  date: isoDate(),
  departmentIds: z.optional(z.array(id()).check(z.maxLength(50))),
});

export const searchSources = endpoint({
  id: 'searchSources',
  method: 'POST',
  path: '/v1/schedules/sourceSearch',
  summary: '多科室排班一览（某日有号的科室与医生）',
  auth: false,
  body: sourceSearchBody,
  results: z.array(scheduleItem),
});

/**
 * The same search as {@link searchSources} at the specification's other path: its call list names both
 * POST /v1/schedules/source_search and POST /v1/schedules/sourceSearch, so both are served with one behaviour
 * (same body, same answer). The app itself calls searchSources.
 */
export const searchSourcesSnake = endpoint({
  id: 'searchSourcesSnake',
  method: 'POST',
  path: '/v1/schedules/source_search',
  summary: '多科室排班一览（规范的另一路径，与 sourceSearch 相同）',
  auth: false,
  body: sourceSearchBody,
  results: z.array(scheduleItem),
});

export const querySources = endpoint({
  id: 'querySources',
  method: 'POST',
  path: '/v1/sources/hospitals/:hospitalId/query',
  summary: '排班的分时段号源',
  auth: false,
  params: byHospital,
  body: z.object({ scheduleItemId: id() }),
  results: z.object({ schedule: scheduleItem, sources: z.array(source) }),
});

/**
 * Order statuses of an appointment: LOCKED (slot held, order not placed), PENDING_PAYMENT, BOOKED (paid),
 * CANCELLED, REFUNDING (cancelled after paying: the place is free, the money on its way back), REFUNDED,
 * EXPIRED (hold ran out), STOPPED (clinic stopped; refundedAt once its money is back), VISITED.
 */
export const appointmentStatus = z.enum([
  'LOCKED',
  'PENDING_PAYMENT',
  'BOOKED',
  'CANCELLED',
  'REFUNDING',
  'REFUNDED',
  'EXPIRED',
  'STOPPED',
  'VISITED',
]);
export type AppointmentStatus = z.output<typeof appointmentStatus>;

export const appointmentOrder = z.object({
  orderId: z.string(),
  hospitalId: z.string(),
  hospitalName: z.string(),
  status: appointmentStatus,
  schedule: scheduleItem,
  source: source,
  /** Set once the order is placed. */
  contactId: z.nullable(z.string()),
  patientName: z.nullable(z.string()),
  medicalCardNo: z.nullable(z.string()),
  fee: fen(),
  /** The split of the fee (see preSettlement): insurance's part and the cash part, which is what is paid and refunded. */
  insurancePays: fen(),
  selfPays: fen(),
  /** When the hold ends (LOCKED and PENDING_PAYMENT): unpaid after this, the order expires and the slot is freed. */
  holdExpiresAt: z.nullable(z.string()),
  paidAt: z.nullable(z.string()),
  /** Paid orders can be cancelled (and refunded) until this moment. */
  cancelDeadline: z.string(),
  cancelReason: z.nullable(z.string()),
  refundedAt: z.nullable(z.string()),
  /** Queue number given by the HIS once booked. */
  visitNumber: z.nullable(z.string()),
  checkedIn: z.boolean(),
  createdAt: z.string(),
});
export type AppointmentOrder = z.output<typeof appointmentOrder>;

export const lockSource = endpoint({
  id: 'lockSource',
  method: 'POST',
  path: '/v1/sources/hospitals/:hospitalId/lock',
  summary: '锁定号源（保留期内为本人保留），生成待下单的预约单；号源须属于该医院',
  params: byHospital,
  body: z.object({ sourceId: id() }),
  results: z.object({ orderId: z.string(), holdExpiresAt: z.string() }),
});

export const unlockSource = endpoint({
  id: 'unlockSource',
  method: 'POST',
  path: '/v1/sources/hospitals/:hospitalId/unLock',
  summary: '释放锁定的号源（本人在该医院的预约单）',
  params: byHospital,
  body: z.object({ orderId: id() }),
  results: z.boolean(),
});

export const placeOrder = endpoint({
  id: 'placeOrder',
  method: 'POST',
  path: '/v1/orders/:orderId',
  summary: '确认预约：选择就诊人与就诊卡，生成待支付订单',
  params: z.object({ orderId: id() }),
  body: z.object({ contactId: id(), cardId: id() }),
  results: appointmentOrder,
});

export const getOrder = endpoint({
  id: 'getOrder',
  method: 'GET',
  path: '/v1/orders/:orderId',
  summary: '预约详情',
  params: z.object({ orderId: id() }),
  results: appointmentOrder,
});

export const listOrders = endpoint({
  id: 'listOrders',
  method: 'POST',
  path: '/v1/orders/query',
  summary: '我的预约（最新在前）',
  body: z.object({
    status: z.optional(appointmentStatus),
    contactId: z.optional(id()),
    page: z.optional(z.number().check(z.int(), z.gte(1), z.lte(1000))),
  }),
  results: z.object({ orders: z.array(appointmentOrder), hasMore: z.boolean() }),
});

export const cancelOrder = endpoint({
  id: 'cancelOrder',
  method: 'POST',
  path: '/v1/orders/cancel',
  summary: '取消未支付的预约（释放号源）',
  body: z.object({ orderId: id(), reason: z.optional(z.string().check(z.maxLength(100))) }),
  results: appointmentOrder,
});

export const refundOrder = endpoint({
  id: 'refundOrder',
  method: 'POST',
  path: '/v1/orders/refundFeeAndNum',
  summary: '取消已支付的预约：退费并退号（截止时间前）',
  body: z.object({ orderId: id(), reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)) }),
  results: appointmentOrder,
});

export const preCheckin = endpoint({
  id: 'preCheckin',
  method: 'POST',
  path: '/v1/orders/pre_checkin',
  summary: '预签到（到院前确认就诊）',
  body: z.object({ orderId: id() }),
  results: appointmentOrder,
});

export const feeItem = z.object({ name: z.string(), amount: fen() });

export const queryDeptFee = endpoint({
  id: 'queryDeptFee',
  method: 'POST',
  path: '/v1/orders/queryDeptFee/:hospitalId',
  summary: '挂号费用明细',
  params: byHospital,
  query: z.object({ hisScheduleId: z.string().check(z.minLength(1), z.maxLength(64)), orderId: id() }),
  results: z.object({ items: z.array(feeItem), total: fen() }),
});

export const preSettlement = endpoint({
  id: 'preSettlement',
  method: 'POST',
  path: '/v1/orders/preSettlement/:orderId',
  summary: '预结算（医保与自费金额）',
  params: z.object({ orderId: id() }),
  /** insurancePays = fundPays (统筹基金) + accountPays (个人账户); selfPays is the cash part. */
  results: z.object({
    total: fen(),
    insurancePays: fen(),
    fundPays: fen(),
    accountPays: fen(),
    selfPays: fen(),
  }),
});

export const getPaymentAppId = endpoint({
  id: 'getPaymentAppId',
  method: 'GET',
  path: '/v1/orders/query/appid',
  summary: '支付使用的公众号/小程序 appId',
  auth: false,
  query: z.object({ hospitalId: id() }),
  results: z.object({ appId: z.string() }),
});

/**
 * The payment app's city-service green energy (001 §7 'Appointment': `GET /v1/ali/eco/cityservice/energy` with
 * code, scene, orderId): a reward the payment app gives the user for booking online, asked for an appointment
 * of the account that was paid in the payment app (Alipay). `code` is the payment app's authorisation code of
 * the user, `scene` its scene code. Once per order: asking again answers the first grant (`repeated`).
 */
export const claimCityServiceEnergy = endpoint({
  id: 'claimCityServiceEnergy',
  method: 'GET',
  path: '/v1/ali/eco/cityservice/energy',
  summary: '支付宝城市服务绿色能量：线上预约挂号（支付宝支付）后领取，每笔订单一次',
  query: z.object({
    code: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, '授权码格式不正确')),
    scene: z.string().check(z.regex(/^[A-Za-z0-9_]{1,32}$/, '场景码格式不正确')),
    orderId: id(),
  }),
  results: z.object({
    orderId: z.string(),
    scene: z.string(),
    /** The payment app's id of the grant. */
    grantId: z.string(),
    /** Grams of green energy. */
    energy: z.int(),
    grantedAt: z.string(),
    /** true when this order's energy was granted before (nothing new is granted). */
    repeated: z.boolean(),
  }),
});
