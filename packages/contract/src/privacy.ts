import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { id } from './primitives.ts';

/**
 * The account holder's rights under 个人信息保护法 beyond consent: 注销账号 (deletion, §47) and 个人信息副本 (a copy
 * of what is held, §45). Deletion erases the account's personal data at once in one transaction; what the law
 * requires to keep (payments, refunds, invoices, orders) stays, detached from the person. It is refused while
 * money is in flight (each refusal names it).
 */

/** Why the account cannot be deleted now (e.g. an unpaid order, a refund under way, a prepaid balance). */
export const deletionBlocker = z.object({
  /** UNPAID_ORDER | REFUND_IN_PROGRESS | PREPAID_BALANCE */
  kind: z.string(),
  /** The reason in Chinese, naming the order or account and what to do. */
  message: z.string(),
});
export type DeletionBlocker = z.output<typeof deletionBlocker>;

/** What deletion does, and whether it is possible now. */
export const deletionOverview = z.object({
  /** The account's phone, masked: the number the confirmation code goes to. */
  phone: z.string(),
  /** Deleted at once. */
  erased: z.array(z.string()),
  /** Kept because the law requires it, detached from the person, with the period and the rule. */
  kept: z.array(z.object({ what: z.string(), period: z.string(), rule: z.string() })),
  blockers: z.array(deletionBlocker),
});
export type DeletionOverview = z.output<typeof deletionOverview>;

export const getAccountDeletion = endpoint({
  id: 'getAccountDeletion',
  method: 'GET',
  path: '/v1/account/deletion',
  summary: '注销账号：将删除与保留的信息，以及当前能否注销',
  results: deletionOverview,
});

export const sendDeletionCode = endpoint({
  id: 'sendDeletionCode',
  method: 'POST',
  path: '/v1/account/deletion/sendCode',
  summary: '注销账号：向本账号手机号发送验证码',
  results: z.object({ resendAfterSeconds: z.number() }),
});

export const deleteAccount = endpoint({
  id: 'deleteAccount',
  method: 'POST',
  path: '/v1/account/deletion',
  summary: '注销账号（短信验证码确认；有资金未结清时拒绝并说明原因）',
  body: z.object({ code: z.string().check(z.regex(/^\d{6}$/)) }),
  results: z.boolean(),
});

/** A prepared copy of the account's personal information (JSON and PDF), downloadable until `expiresAt`. */
export const dataCopy = z.object({
  copyId: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type DataCopy = z.output<typeof dataCopy>;

export const requestDataCopy = endpoint({
  id: 'requestDataCopy',
  method: 'POST',
  path: '/v1/account/dataCopy',
  summary: '申请个人信息副本（立即生成，7 天内可下载）',
  results: dataCopy,
});

export const listDataCopies = endpoint({
  id: 'listDataCopies',
  method: 'GET',
  path: '/v1/account/dataCopy',
  summary: '我的个人信息副本（未过期的，最新在前）',
  results: z.array(dataCopy),
});

export const dataCopyFormat = z.enum(['json', 'pdf']);
export type DataCopyFormat = z.output<typeof dataCopyFormat>;

/** A file of the copy: its name and its bytes in base64 (as report PDFs are sent). */
export const dataCopyFile = z.object({
  fileName: z.string(),
  mimeType: z.string(),
  data: z.string(),
});
export type DataCopyFile = z.output<typeof dataCopyFile>;

export const getDataCopyFile = endpoint({
  id: 'getDataCopyFile',
  method: 'GET',
  path: '/v1/account/dataCopy/:copyId',
  summary: '下载个人信息副本（仅本账号，过期后不可下载）',
  params: z.object({ copyId: id() }),
  query: z.object({ format: dataCopyFormat }),
  results: dataCopyFile,
});
