import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { fen, id, isoDate, personName } from './primitives.ts';

/**
 * Outpatient and inpatient fees (000 §2 'Outpatient fee', 'Inpatient fee'; 000 §7 the fee calls; 001 §7
 * 'Outpatient payment'). Amounts are integer fen. The HIS names of the spec stay in the paths:
 *
 * | HIS call              | here                                                                       |
 * |-----------------------|----------------------------------------------------------------------------|
 * | officeCharges         | the contact's unpaid outpatient orders (prescriptions and requests)        |
 * | officeChargeDetails   | one order with its items                                                   |
 * | chargedFee            | the paid merged payments (charges) of the contact                          |
 * | orderUniformly        | merges chosen orders into one charge and locks them at the HIS (billLock)  |
 * | billLock              | renews (lock) or releases (unlock) a pending charge's lock                 |
 * | cancelChargePrePay    | cancels a pending charge: its orders are unlocked, its payment closed      |
 * | invalidOrder refund   | a paid charge with an order the HIS invalidated goes back whole            |
 * | inpatientInfo(List)   | the contact's current stay / every stay                                    |
 * | feeTotal              | a stay's cost by category (the sum report)                                 |
 * | dayReport, feeDetail  | a stay's days with their totals; one day's items                           |
 * | advancePayment        | a deposit (预交金) to pay; its history                                      |
 * | inhospitalPreSettle   | the discharge pre-settlement: owed (a settlement to pay) or to refund      |
 * | inhospitalReceipt     | the receipt of a settled stay                                              |
 */

/** 西药、检查、检验、治疗: how the HIS groups an outpatient visit's orders. */
export const OUTPATIENT_CATEGORY_NAMES = {
  WESTERN_MEDICINE: '西药',
  EXAMINATION: '检查',
  LABORATORY: '检验',
  TREATMENT: '治疗',
} as const;
export const outpatientCategory = z.enum(['WESTERN_MEDICINE', 'EXAMINATION', 'LABORATORY', 'TREATMENT']);
export type OutpatientCategory = z.output<typeof outpatientCategory>;

export const feeLine = z.object({
  name: z.string(),
  specification: z.string(),
  quantity: z.number(),
  unit: z.string(),
  unitPrice: fen(),
  amount: fen(),
});
export type FeeLine = z.output<typeof feeLine>;

/**
 * UNPAID: waiting (LOCKED while a pending charge holds it); PAID; INVALIDATED: the doctor invalidated it after
 * it was paid (its charge may be refunded); REFUNDING / REFUNDED with its charge.
 */
export const outpatientOrderStatus = z.enum([
  'UNPAID',
  'LOCKED',
  'PAID',
  'INVALIDATED',
  'REFUNDING',
  'REFUNDED',
]);

export const outpatientOrder = z.object({
  orderId: z.string(),
  /** The HIS's prescription or request number. */
  hisOrderNo: z.string(),
  contactId: z.string(),
  hospitalId: z.string(),
  category: outpatientCategory,
  title: z.string(),
  department: z.string(),
  doctor: z.string(),
  prescribedAt: z.string(),
  amount: fen(),
  /** Whether medical insurance covers (part of) it. */
  insuranceCovered: z.boolean(),
  status: outpatientOrderStatus,
  /** The charge that paid (or holds) it. */
  chargeId: z.nullable(z.string()),
  items: z.array(feeLine),
});
export type OutpatientOrder = z.output<typeof outpatientOrder>;

/** PENDING: locked and waiting for its money; CANCELLED (by the patient) or EXPIRED: the orders are free again. */
export const chargeStatus = z.enum(['PENDING', 'PAID', 'CANCELLED', 'EXPIRED', 'REFUNDING', 'REFUNDED']);

export const outpatientCharge = z.object({
  chargeId: z.string(),
  contactId: z.string(),
  hospitalId: z.string(),
  /** Masked. */
  patientName: z.string(),
  status: chargeStatus,
  total: fen(),
  /** What the payment provider charges (after insurance). */
  selfPays: fen(),
  insurancePays: fen(),
  insuranceCovered: z.boolean(),
  /** PENDING: when the lock at the HIS ends. */
  lockExpiresAt: z.nullable(z.string()),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
  receiptNo: z.nullable(z.string()),
  /** A paid charge with an invalidated order can be refunded (whole: merged payments are refunded whole). */
  refundable: z.boolean(),
  refundReason: z.nullable(z.string()),
  orders: z.array(outpatientOrder),
});
export type OutpatientCharge = z.output<typeof outpatientCharge>;

const byHospital = z.object({ hospitalId: id() });
const contactBody = z.object({ contactId: id(), medicalCardNo: z.optional(id()) });

export const listOfficeCharges = endpoint({
  id: 'listOfficeCharges',
  method: 'POST',
  path: '/v1/outpatient/officeCharges/:hospitalId',
  summary: '待缴费门诊处方与检查检验单',
  params: byHospital,
  body: contactBody,
  results: z.array(outpatientOrder),
});

export const getOfficeChargeDetails = endpoint({
  id: 'getOfficeChargeDetails',
  method: 'GET',
  path: '/v1/outpatient/officeChargeDetails/:orderId',
  summary: '门诊处方或申请单明细',
  params: z.object({ orderId: id() }),
  results: outpatientOrder,
});

export const listChargedFees = endpoint({
  id: 'listChargedFees',
  method: 'POST',
  path: '/v1/outpatient/chargedFee/:hospitalId',
  summary: '门诊缴费记录',
  params: byHospital,
  body: contactBody,
  results: z.array(outpatientCharge),
});

/** Most orders one merged payment takes. */
export const MAX_ORDERS_PER_CHARGE = 20;

export const orderUniformly = endpoint({
  id: 'orderUniformly',
  method: 'POST',
  path: '/v1/interOfficePayment/orderUniformly',
  summary: '合并缴费：所选处方合并为一笔支付并在医院锁定',
  body: z.object({
    hospitalId: id(),
    contactId: id(),
    orderIds: z.array(id()).check(z.minLength(1), z.maxLength(MAX_ORDERS_PER_CHARGE)),
  }),
  results: outpatientCharge,
});

export const getOutpatientCharge = endpoint({
  id: 'getOutpatientCharge',
  method: 'GET',
  path: '/v1/outpatient/charge/:chargeId',
  summary: '门诊合并缴费单详情',
  params: z.object({ chargeId: id() }),
  results: outpatientCharge,
});

export const billLock = endpoint({
  id: 'billLock',
  method: 'POST',
  path: '/v1/outpatient/billLock/:chargeId',
  summary: '锁定（续期）或解锁待支付的缴费单',
  params: z.object({ chargeId: id() }),
  body: z.object({ lock: z.boolean() }),
  results: outpatientCharge,
});

export const cancelChargePrePay = endpoint({
  id: 'cancelChargePrePay',
  method: 'POST',
  path: '/v1/outpatient/cancelChargePrePay/:chargeId',
  summary: '取消缴费：解锁处方并关闭支付',
  params: z.object({ chargeId: id() }),
  results: outpatientCharge,
});

export const refundInvalidOrder = endpoint({
  id: 'refundInvalidOrder',
  method: 'POST',
  path: '/v1/outpatient/invalidOrder/refund/:chargeId',
  summary: '已作废处方退费（合并支付整笔原路退回）',
  params: z.object({ chargeId: id() }),
  results: outpatientCharge,
});

/** A code a hospital terminal scans to take the charge's payment (valid while the charge is locked). */
export const getPaymentQrCode = endpoint({
  id: 'getPaymentQrCode',
  method: 'GET',
  path: '/v1/common/qrCode',
  summary: '缴费二维码（院内自助机扫码支付）',
  query: z.object({ chargeId: id() }),
  results: z.object({ content: z.string(), expiresAt: z.string() }),
});

export const queryPatientInfoByCardNo = endpoint({
  id: 'queryPatientInfoByCardNo',
  method: 'GET',
  path: '/v1/contact/queryPatientInfoByCardNo',
  summary: '按就诊卡号查询本账号的就诊人',
  query: z.object({ hospitalId: id(), cardNo: id() }),
  results: z.object({ contactId: z.string(), patientName: z.string(), medicalCardNo: z.string() }),
});

/** IN_HOSPITAL; DISCHARGED (awaiting settlement); SETTLED. */
export const stayStatus = z.enum(['IN_HOSPITAL', 'DISCHARGED', 'SETTLED']);

export const inpatientStay = z.object({
  inpatientId: z.string(),
  /** 住院号 */
  admissionNo: z.string(),
  contactId: z.string(),
  hospitalId: z.string(),
  /** Masked. */
  patientName: z.string(),
  department: z.string(),
  ward: z.string(),
  bed: z.string(),
  doctor: z.string(),
  admittedOn: isoDate(),
  dischargedOn: z.nullable(isoDate()),
  /** Days so far (or of the whole stay). */
  days: z.int(),
  status: stayStatus,
  /** Deposits paid (at the counter and here). */
  deposit: fen(),
  /** Cost so far. */
  cost: fen(),
  /** deposit − cost (negative: owed). */
  balance: z.int(),
  /** Under the hospital's warning line: pay a deposit. */
  lowBalance: z.boolean(),
  warningLine: fen(),
});
export type InpatientStay = z.output<typeof inpatientStay>;

export const getInpatientInfo = endpoint({
  id: 'getInpatientInfo',
  method: 'POST',
  path: '/v1/inpatient/inpatientInfo/:hospitalId',
  summary: '就诊人当前住院信息（无在院记录时为 null）',
  params: byHospital,
  body: z.object({ contactId: id() }),
  results: z.nullable(inpatientStay),
});

export const listInpatientStays = endpoint({
  id: 'listInpatientStays',
  method: 'POST',
  path: '/v1/inpatient/inpatientInfoList/:hospitalId',
  summary: '就诊人的住院记录',
  params: byHospital,
  body: z.object({ contactId: id() }),
  results: z.array(inpatientStay),
});

export const findDischargedStays = endpoint({
  id: 'findDischargedStays',
  method: 'POST',
  path: '/v1/inpatient/dischargedStays/:hospitalId',
  summary: '按身份证号与姓名查询出院记录（限本账号就诊人）',
  params: byHospital,
  body: z.object({ idCard: z.string().check(z.regex(/^\d{17}[\dXx]$/)), patientName: personName() }),
  results: z.array(inpatientStay),
});

export const INPATIENT_FEE_CATEGORIES = [
  '床位费',
  '护理费',
  '诊查费',
  '西药费',
  '检查费',
  '化验费',
  '治疗费',
  '材料费',
] as const;

export const categoryTotal = z.object({ category: z.string(), amount: fen() });

export const getInpatientFeeTotal = endpoint({
  id: 'getInpatientFeeTotal',
  method: 'GET',
  path: '/v1/inpatient/feeTotal/:inpatientId',
  summary: '住院费用汇总（按类别）',
  params: z.object({ inpatientId: id() }),
  results: z.object({ stay: inpatientStay, categories: z.array(categoryTotal), total: fen() }),
});

export const getInpatientDayReport = endpoint({
  id: 'getInpatientDayReport',
  method: 'GET',
  path: '/v1/inpatient/dayReport/:inpatientId',
  summary: '住院每日费用（日报）',
  params: z.object({ inpatientId: id() }),
  results: z.object({
    stay: inpatientStay,
    days: z.array(z.object({ date: isoDate(), amount: fen(), items: z.int() })),
  }),
});

export const getInpatientFeeDetail = endpoint({
  id: 'getInpatientFeeDetail',
  method: 'GET',
  path: '/v1/inpatient/feeDetail/:inpatientId',
  summary: '住院某日费用清单',
  params: z.object({ inpatientId: id() }),
  query: z.object({ date: isoDate() }),
  results: z.object({
    date: isoDate(),
    total: fen(),
    items: z.array(z.extend(feeLine, { category: z.string() })),
  }),
});

/** A deposit paid here: the hospital's limits, in fen. */
export const DEPOSIT_LIMITS = { min: 10_000, max: 5_000_000 } as const;
/** Suggested deposits, in fen. */
export const DEPOSIT_PRESETS = [100_000, 200_000, 300_000, 500_000] as const;

/** REFUNDING / REFUNDED: given back (a surplus at discharge, or money that came after the discharge). */
export const depositStatus = z.enum(['PENDING', 'PAID', 'CLOSED', 'REFUNDING', 'REFUNDED']);

export const inpatientDeposit = z.object({
  depositId: z.string(),
  inpatientId: z.string(),
  admissionNo: z.string(),
  amount: fen(),
  /** ONLINE: paid here; COUNTER: at the hospital's desk. */
  channel: z.enum(['ONLINE', 'COUNTER']),
  status: depositStatus,
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
  receiptNo: z.nullable(z.string()),
});
export type InpatientDeposit = z.output<typeof inpatientDeposit>;

export const payAdvancePayment = endpoint({
  id: 'payAdvancePayment',
  method: 'POST',
  path: '/v1/inpatient/advancePayment',
  summary: '住院预交金充值（生成待支付的预交金单）',
  body: z.object({ inpatientId: id(), amount: fen() }),
  results: inpatientDeposit,
});

export const getAdvancePayment = endpoint({
  id: 'getAdvancePayment',
  method: 'GET',
  path: '/v1/inpatient/advancePayment/:depositId',
  summary: '预交金单',
  params: z.object({ depositId: id() }),
  results: inpatientDeposit,
});

export const listAdvancePayments = endpoint({
  id: 'listAdvancePayments',
  method: 'GET',
  path: '/v1/inpatient/advancePayment/history/:inpatientId',
  summary: '预交金充值记录',
  params: z.object({ inpatientId: id() }),
  results: z.array(inpatientDeposit),
});

export const inpatientSettlement = z.object({
  inpatientId: z.string(),
  stay: inpatientStay,
  total: fen(),
  deposit: fen(),
  /** What the patient still pays (cost beyond the deposits). */
  owed: fen(),
  /** What goes back to the patient (deposits beyond the cost). */
  refund: fen(),
  /**
   * Once settled: the part of `refund` given back through the payment provider (online deposits, each whole,
   * newest first, as far as they fit) and the rest, paid back at the discharge desk (deposits paid there).
   */
  refundOnline: fen(),
  refundAtDesk: fen(),
  /** The settlement to pay when something is owed (orderType INPATIENT_SETTLEMENT). */
  settlementId: z.nullable(z.string()),
  status: z.enum(['IN_HOSPITAL', 'TO_PAY', 'SETTLED']),
  categories: z.array(categoryTotal),
});
export type InpatientSettlement = z.output<typeof inpatientSettlement>;

export const inhospitalPreSettle = endpoint({
  id: 'inhospitalPreSettle',
  method: 'POST',
  path: '/v1/inpatient/inhospitalPreSettle/:inpatientId',
  summary: '出院预结算',
  params: z.object({ inpatientId: id() }),
  results: inpatientSettlement,
});

export const getInhospitalReceipt = endpoint({
  id: 'getInhospitalReceipt',
  method: 'GET',
  path: '/v1/inpatient/inhospitalReceipt/:inpatientId',
  summary: '出院结算单',
  params: z.object({ inpatientId: id() }),
  results: z.object({
    receiptNo: z.string(),
    settledAt: z.string(),
    settlement: inpatientSettlement,
    paid: fen(),
  }),
});
