import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { fen, id, personName } from './primitives.ts';

/**
 * Prepaid account (001 §2 'Prepaid account', §7 'Prepaid account'): a patient's 就诊卡预交金 account at one
 * hospital, kept by the hospital's HIS. The patient opens it in the contact's real name, recharges it online
 * (an `ACCOUNT_RECHARGE` order paid through the payment module), reads its transactions (recharges, spending at
 * the hospital, refunds) with the running balance, and closes it: the balance goes back the way it was paid.
 *
 * Glossary of the spec's names: `patientAccountInfo` the contact's account, `patientCreatAccount` open it,
 * `patientGetAccountTransactionRecords` its transactions, `patientAccountCancellation` close it (`name`: the
 * account holder's name, typed to confirm), `patientGetAccountCards` the cards it is used with, `cardInfo` what
 * the recharge screen needs, `pay` a recharge order. Amounts are integer fen.
 */

/** The hospital's recharge limits (fen). */
export const RECHARGE_LIMITS = {
  /** Least one recharge: ¥1.00. */
  minFen: 100,
  /** Most one recharge: ¥5,000.00. */
  maxFen: 500_000,
  /** Most an account may hold: ¥20,000.00. */
  maxBalanceFen: 2_000_000,
  /** The suggested amounts. */
  presetsFen: [5_000, 10_000, 20_000, 50_000, 100_000, 200_000],
} as const;

export const accountStatus = z.enum(['OPEN', 'CLOSED']);
export type AccountStatus = z.output<typeof accountStatus>;

export const prepaidAccount = z.object({
  accountId: z.string(),
  /** The HIS's account number. */
  accountNo: z.string(),
  hospitalId: z.string(),
  contactId: z.string(),
  /** Masked (张*). */
  patientName: z.string(),
  /** Masked ID number. */
  identityCard: z.string(),
  /** The hospital card the account was opened with. */
  cardNo: z.string(),
  status: accountStatus,
  balance: fen(),
  /** What of the balance can go back the way it was paid (online recharges not yet spent). */
  refundable: fen(),
  openedAt: z.string(),
  closedAt: z.nullable(z.string()),
});
export type PrepaidAccount = z.output<typeof prepaidAccount>;

const byHospital = z.object({ hospitalId: id() });
const byContact = z.object({ contactId: id() });

export const accountInfo = z.object({
  contactId: z.string(),
  /** Masked. */
  patientName: z.string(),
  /** Masked. */
  identityCard: z.string(),
  /** The contact's default card at the hospital; null: none bound yet (open needs one). */
  cardNo: z.nullable(z.string()),
  /** The open account, else the latest closed one, else null. */
  account: z.nullable(prepaidAccount),
});
export type AccountInfo = z.output<typeof accountInfo>;

export const getAccountInfo = endpoint({
  id: 'getAccountInfo',
  method: 'POST',
  path: '/v1/account/:hospitalId/patientAccountInfo',
  summary: '就诊人的预交金账户（余额、可原路退回金额）',
  params: byHospital,
  body: byContact,
  results: accountInfo,
});

export const openAccount = endpoint({
  id: 'openAccount',
  method: 'POST',
  path: '/v1/account/:hospitalId/patientCreatAccount',
  summary: '以就诊人实名开通预交金账户（每院每人一个）',
  params: byHospital,
  body: byContact,
  results: prepaidAccount,
});

export const transactionKind = z.enum(['RECHARGE', 'SPEND', 'REFUND']);
export type TransactionKind = z.output<typeof transactionKind>;

export const accountTransaction = z.object({
  transactionId: z.string(),
  kind: transactionKind,
  /** Positive fen; SPEND and REFUND lower the balance. */
  amount: fen(),
  balanceAfter: fen(),
  at: z.string(),
  /** 在线充值, 门诊缴费 · 西药费, 销户退款… */
  title: z.string(),
  /** 微信支付, 医院自助机, 原路退回… */
  channel: z.string(),
  /** REFUND: PROCESSING until the provider has paid it back. */
  status: z.enum(['DONE', 'PROCESSING']),
});
export type AccountTransaction = z.output<typeof accountTransaction>;

export const listAccountTransactions = endpoint({
  id: 'listAccountTransactions',
  method: 'POST',
  path: '/v1/account/:hospitalId/patientGetAccountTransactionRecords',
  summary: '预交金账户的充值、消费与退款记录（含每笔后的余额）',
  params: byHospital,
  body: z.object({ accountId: id() }),
  results: z.object({ account: prepaidAccount, items: z.array(accountTransaction) }),
});

export const closeAccount = endpoint({
  id: 'closeAccount',
  method: 'GET',
  path: '/v1/account/patientAccountCancellation',
  summary: '注销预交金账户（余额原路退回；须输入账户人姓名确认）',
  query: z.object({ accountId: id(), name: personName() }),
  results: z.object({ account: prepaidAccount, refundFen: fen() }),
});

export const accountCard = z.object({
  cardId: z.string(),
  cardNo: z.string(),
  /** 就诊卡, 医保卡, 电子健康卡. */
  cardType: z.string(),
  isDefault: z.boolean(),
});
export type AccountCard = z.output<typeof accountCard>;

export const listAccountCards = endpoint({
  id: 'listAccountCards',
  method: 'GET',
  path: '/v1/account/patientGetAccountCards',
  summary: '预交金账户可用的就诊卡（就诊人在该院的卡）',
  query: z.object({ hospitalId: id(), contactId: id() }),
  results: z.object({
    patientName: z.string(),
    identityCard: z.string(),
    account: z.nullable(prepaidAccount),
    cards: z.array(accountCard),
  }),
});

export const rechargeInfo = endpoint({
  id: 'rechargeInfo',
  method: 'POST',
  path: '/v1/account/cardInfo',
  summary: '充值页：就诊人的开通中账户与医院的充值限额',
  body: z.object({ hospitalId: id(), contactId: id() }),
  results: z.object({
    account: prepaidAccount,
    minFen: fen(),
    maxFen: fen(),
    /** What may still be added before the balance reaches its limit. */
    roomFen: fen(),
    presetsFen: z.array(fen()),
  }),
});

export const rechargeStatus = z.enum(['PENDING', 'PAID', 'CLOSED']);

export const recharge = z.object({
  rechargeId: z.string(),
  accountId: z.string(),
  hospitalId: z.string(),
  contactId: z.string(),
  amount: fen(),
  /** PAID: credited to the account; CLOSED: not paid (the account was closed, or the money went back). */
  status: rechargeStatus,
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
  /** The account's balance now. */
  balance: fen(),
});
export type Recharge = z.output<typeof recharge>;

export const createRecharge = endpoint({
  id: 'createRecharge',
  method: 'POST',
  path: '/v1/account/pay',
  summary: '预交金充值下单（随后经统一支付模块支付，orderType ACCOUNT_RECHARGE）',
  body: z.object({ hospitalId: id(), accountId: id(), amount: z.int() }),
  results: recharge,
});

export const getRecharge = endpoint({
  id: 'getRecharge',
  method: 'GET',
  path: '/v1/account/recharge/:rechargeId',
  summary: '充值单及其到账状态',
  params: z.object({ rechargeId: id() }),
  results: recharge,
});
