import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { fen, id } from './primitives.ts';

/**
 * Nucleic acid tests (001 §2 'Nucleic acid test', §7 'Nucleic acid'): a patient books a test for themself or
 * for one of their contacts — single (单人单管) or pooled (多人混管) — pays it, shows the order's QR code at the
 * sampling point, and reads the result once the laboratory has reported it.
 *
 * Glossary of the spec's calls: `items list` = the hospital's test types with their price and the sampling
 * place (getNucleicAcidItems); `preCommit` = the checks and the summary before an order exists
 * (preCommitNucleicAcid); `POST /v1/natOrder` = the order, waiting for its money; `natOrder/page` = my orders,
 * one page (listNucleicAcidOrders), and the spec's `order/page` at `/v1/natOrder/order/page` the same
 * (listNucleicAcidOrdersPage); `natOrder/{id}` = one order with its result (getNucleicAcidOrder), and `order/{id}`
 * at `/v1/natOrder/order/{id}` the same (getNucleicAcidOrderById); `DELETE natOrder/{hospitalId}/{orderId}` = cancel an unpaid order;
 * `refund/{orderId}` = cancel a paid one, not sampled yet, with its refund. The spec's `health list`,
 * `orderHealth list` and `check` (the health declaration before a test): the hospital's questions
 * (getNucleicAcidHealthQuestions), the declaration saved with an order (listNucleicAcidOrderHealth; it is sent
 * as `health` of the order) and whether the order has one and whether it passed (checkNucleicAcidHealth). Route parameter `:type` of /nucleicAcidOrder is `single` or `mixed`
 * (NUCLEIC_ACID_ROUTE_TYPES).
 *
 * Order status: see NUCLEIC_ACID_STATUSES and nucleicAcidStatusOf.
 */

/** The test types: one person in one tube, or up to ten people's swabs in one tube (retested one by one if positive). */
export const nucleicAcidType = z.enum(['SINGLE', 'MIXED']);
export type NucleicAcidType = z.output<typeof nucleicAcidType>;

/** The `:type` of /nucleicAcidOrder/:type for each test type. */
export const NUCLEIC_ACID_ROUTE_TYPES: Record<NucleicAcidType, string> = { SINGLE: 'single', MIXED: 'mixed' };

/** The test type of a route's `:type`, or null for anything else. */
export function nucleicAcidTypeOfRoute(value: string | undefined): NucleicAcidType | null {
  const found = Object.entries(NUCLEIC_ACID_ROUTE_TYPES).find(([, route]) => route === value);
  return found ? (found[0] as NucleicAcidType) : null;
}

/** The order statuses, in the order an order goes through them. */
export const NUCLEIC_ACID_STATUSES = {
  NO_PAY: { title: '待支付', tone: 'warning', hint: '请尽快支付，支付后即可到采样点采样' },
  PAID: { title: '待采样', tone: 'primary', hint: '请在有效期内到采样点出示二维码采样' },
  SAMPLED: { title: '检测中', tone: 'primary', hint: '已采样，实验室正在检测，结果出来后可在此查看' },
  REPORTED: { title: '已出结果', tone: 'success', hint: '检测结果已出' },
  CANCEL: { title: '已取消', tone: 'muted', hint: '预约已取消' },
} as const satisfies Record<string, { title: string; tone: string; hint: string }>;
export type NucleicAcidStatus = keyof typeof NUCLEIC_ACID_STATUSES;

/** A status as the app shows it; an unknown one reads as reported (finished). */
export function nucleicAcidStatusOf(
  status: string,
): (typeof NUCLEIC_ACID_STATUSES)[NucleicAcidStatus] & { status: NucleicAcidStatus } {
  const known = status in NUCLEIC_ACID_STATUSES ? (status as NucleicAcidStatus) : 'REPORTED';
  return { status: known, ...NUCLEIC_ACID_STATUSES[known] };
}

export const nucleicAcidItem = z.object({
  type: nucleicAcidType,
  /** 单人单管 / 多人混管（10合1） */
  name: z.string(),
  priceFen: fen(),
  /** One line on what it is and for whom. */
  description: z.string(),
  /** When the result is usually ready, e.g. '采样后约6小时出结果'. */
  turnaround: z.string(),
});
export type NucleicAcidItem = z.output<typeof nucleicAcidItem>;

export const nucleicAcidItems = z.object({
  items: z.array(nucleicAcidItem),
  /** Where and when samples are taken. */
  place: z.string(),
  hours: z.string(),
  /** How many days a paid order may be sampled. */
  validDays: z.int(),
  notices: z.array(z.string()),
});
export type NucleicAcidItems = z.output<typeof nucleicAcidItems>;

/** One gene target of the result: 阴性 (not detected) or 阳性. */
export const nucleicAcidTarget = z.object({
  name: z.string(),
  result: z.enum(['NEGATIVE', 'POSITIVE']),
  /** Cycle threshold when detected; null: not detected. */
  ct: z.nullable(z.number()),
});

export const nucleicAcidResult = z.object({
  result: z.enum(['NEGATIVE', 'POSITIVE']),
  targets: z.array(nucleicAcidTarget),
  method: z.string(),
  reportedAt: z.string(),
  reporterName: z.string(),
  reviewerName: z.string(),
});
export type NucleicAcidResult = z.output<typeof nucleicAcidResult>;

export const nucleicAcidOrder = z.object({
  orderId: z.string(),
  hospitalId: z.string(),
  hospitalName: z.string(),
  /** One of NUCLEIC_ACID_STATUSES; read it through nucleicAcidStatusOf. */
  status: z.string(),
  type: nucleicAcidType,
  itemName: z.string(),
  priceFen: fen(),
  contactId: z.string(),
  /** Masked as the app shows them: 张*, 1101**********1230. */
  patientName: z.string(),
  documentNumber: z.string(),
  /** What the sampling point scans (PAID only; null otherwise). */
  qrCode: z.nullable(z.string()),
  place: z.string(),
  hours: z.string(),
  /** The last moment a paid order may be sampled. */
  validUntil: z.string(),
  sampleNo: z.nullable(z.string()),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
  sampledAt: z.nullable(z.string()),
  cancelledAt: z.nullable(z.string()),
  /** REPORTED only. */
  result: z.nullable(nucleicAcidResult),
  refund: z.nullable(z.object({ amountFen: fen(), status: z.enum(['REFUNDING', 'REFUNDED']) })),
  canPay: z.boolean(),
  canCancel: z.boolean(),
});
export type NucleicAcidOrder = z.output<typeof nucleicAcidOrder>;

/** One question of the health declaration (流行病学调查); `flaggedAnswer` is the answer that needs the fever clinic. */
export const nucleicAcidHealthQuestion = z.object({
  code: z.string(),
  text: z.string(),
  flaggedAnswer: z.boolean(),
});
export type NucleicAcidHealthQuestion = z.output<typeof nucleicAcidHealthQuestion>;

/** An answer of the declaration as saved with an order; `flagged`: the answer needs the fever clinic. */
export const nucleicAcidHealthAnswer = z.object({
  code: z.string(),
  text: z.string(),
  answer: z.boolean(),
  flagged: z.boolean(),
});
export type NucleicAcidHealthAnswer = z.output<typeof nucleicAcidHealthAnswer>;

/**
 * The order's input. `health` (optional, so the declaration can be skipped where a hospital does not ask for it):
 * the answers of the declaration, every question once; they are saved with the order. A flagged answer does not
 * refuse the order — the test is still done, at the fever clinic (checkNucleicAcidHealth says so).
 */
const orderInput = z.object({
  hospitalId: id(),
  contactId: id(),
  type: nucleicAcidType,
  health: z.optional(z.array(z.object({ code: id(), answer: z.boolean() })).check(z.maxLength(30))),
});

export const getNucleicAcidItems = endpoint({
  id: 'getNucleicAcidItems',
  method: 'GET',
  path: '/v1/natOrder/items',
  summary: '核酸检测：检测项目、价格、采样地点和须知',
  query: z.object({ hospitalId: id() }),
  results: nucleicAcidItems,
});

export const preCommitNucleicAcid = endpoint({
  id: 'preCommitNucleicAcid',
  method: 'POST',
  path: '/v1/natOrder/preCommit',
  summary: '核酸检测预约前校验：就诊人、项目和价格（不生成订单）',
  body: orderInput,
  results: z.object({
    type: nucleicAcidType,
    itemName: z.string(),
    priceFen: fen(),
    patientName: z.string(),
    documentNumber: z.string(),
    place: z.string(),
    validDays: z.int(),
  }),
});

export const createNucleicAcidOrder = endpoint({
  id: 'createNucleicAcidOrder',
  method: 'POST',
  path: '/v1/natOrder',
  summary: '核酸检测预约下单（待支付）',
  body: orderInput,
  results: nucleicAcidOrder,
});

const orderPageQuery = z.object({
  hospitalId: id(),
  page: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(1000))),
  size: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(50))),
});
const orderPage = z.object({
  records: z.array(nucleicAcidOrder),
  total: z.int(),
  page: z.int(),
  size: z.int(),
});

export const listNucleicAcidOrders = endpoint({
  id: 'listNucleicAcidOrders',
  method: 'GET',
  path: '/v1/natOrder/page',
  summary: '我的核酸检测（最新在前，分页）',
  query: orderPageQuery,
  results: orderPage,
});

export const getNucleicAcidOrder = endpoint({
  id: 'getNucleicAcidOrder',
  method: 'GET',
  path: '/v1/natOrder/:orderId',
  summary: '核酸检测订单详情（含检测结果）',
  params: z.object({ orderId: id() }),
  results: nucleicAcidOrder,
});

/**
 * The spec's `GET order/page` (001 §7, in the line of preCommit and refund/{orderId}, so under /v1/natOrder
 * like them): the same page of my orders as natOrder/page.
 */
export const listNucleicAcidOrdersPage = endpoint({
  id: 'listNucleicAcidOrdersPage',
  method: 'GET',
  path: '/v1/natOrder/order/page',
  summary: '我的核酸检测（order/page；同 natOrder/page）',
  query: orderPageQuery,
  results: orderPage,
});

/** The spec's `GET order/{id}` (under /v1/natOrder like preCommit): the same order as natOrder/{id}. */
export const getNucleicAcidOrderById = endpoint({
  id: 'getNucleicAcidOrderById',
  method: 'GET',
  path: '/v1/natOrder/order/:orderId',
  summary: '核酸检测订单详情（order/{id}；同 natOrder/{id}）',
  params: z.object({ orderId: id() }),
  results: nucleicAcidOrder,
});

export const cancelNucleicAcidOrder = endpoint({
  id: 'cancelNucleicAcidOrder',
  method: 'DELETE',
  path: '/v1/natOrder/:hospitalId/:orderId',
  summary: '取消未支付的核酸检测订单',
  params: z.object({ hospitalId: id(), orderId: id() }),
  results: nucleicAcidOrder,
});

export const refundNucleicAcidOrder = endpoint({
  id: 'refundNucleicAcidOrder',
  method: 'POST',
  path: '/v1/natOrder/refund/:orderId',
  summary: '取消已支付、尚未采样的核酸检测并原路退款',
  params: z.object({ orderId: id() }),
  results: nucleicAcidOrder,
});

/** The spec's `GET health list` (under /v1/natOrder like items list): the questions of the health declaration. */
export const getNucleicAcidHealthQuestions = endpoint({
  id: 'getNucleicAcidHealthQuestions',
  method: 'GET',
  path: '/v1/natOrder/health/list',
  summary: '核酸检测：健康申报（流行病学调查）问题',
  query: z.object({ hospitalId: id() }),
  results: z.object({ questions: z.array(nucleicAcidHealthQuestion), notice: z.string() }),
});

/** The spec's `GET orderHealth list`: the declaration saved with one of my orders (empty: none was made). */
export const listNucleicAcidOrderHealth = endpoint({
  id: 'listNucleicAcidOrderHealth',
  method: 'GET',
  path: '/v1/natOrder/orderHealth/list',
  summary: '核酸检测订单的健康申报内容（仅本人订单）',
  query: z.object({ orderId: id() }),
  results: z.array(nucleicAcidHealthAnswer),
});

/**
 * The spec's `GET check`: whether one of my orders carries its declaration (`declared`) and whether it passed
 * (`passed`: declared and no flagged answer); `flagged`: the questions answered with the flagged answer; `advice`:
 * what the patient should do (declare first, go to the sampling point, or to the fever clinic).
 */
export const checkNucleicAcidHealth = endpoint({
  id: 'checkNucleicAcidHealth',
  method: 'GET',
  path: '/v1/natOrder/check',
  summary: '核酸检测订单的健康申报校验（是否已申报、是否通过）',
  query: z.object({ orderId: id() }),
  results: z.object({
    declared: z.boolean(),
    passed: z.boolean(),
    flagged: z.array(z.string()),
    advice: z.string(),
  }),
});
