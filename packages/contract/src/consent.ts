import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { id } from './primitives.ts';

/**
 * 隐私与授权: each hospital's 隐私政策 (privacy policy) and 用户协议 (user agreement), versioned and read before
 * login, and the account's consents to them, each with the version agreed to and when, withdrawn (never deleted)
 * with the time of the withdrawal. A SENSITIVE consent is the separate consent 个人信息保护法 §29 asks for
 * sensitive personal information (ID numbers, medical data, ID photos): it is given to the policy's current
 * version, whose section on sensitive information it refers to.
 */

/** The documents a hospital publishes. */
export const legalDocumentKind = z.enum(['POLICY', 'AGREEMENT']);
export type LegalDocumentKind = z.output<typeof legalDocumentKind>;
export const LEGAL_DOCUMENT_TITLES: Record<LegalDocumentKind, string> = {
  POLICY: '隐私政策',
  AGREEMENT: '用户协议',
};

/** What an account can consent to: a document, or the processing of sensitive information (under POLICY). */
export const consentKind = z.enum(['POLICY', 'AGREEMENT', 'SENSITIVE']);
export type ConsentKind = z.output<typeof consentKind>;
export const CONSENT_TITLES: Record<ConsentKind, string> = {
  POLICY: '隐私政策',
  AGREEMENT: '用户协议',
  SENSITIVE: '敏感个人信息处理',
};
/** The document whose version a consent of each kind names. */
export const CONSENT_DOCUMENT: Record<ConsentKind, LegalDocumentKind> = {
  POLICY: 'POLICY',
  AGREEMENT: 'AGREEMENT',
  SENSITIVE: 'POLICY',
};

/** A document's version: the date it takes effect, YYYY-MM-DD. */
export const documentVersion = () => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

export const legalDocumentSummary = z.object({
  kind: legalDocumentKind,
  title: z.string(),
  version: z.string(),
});
export type LegalDocumentSummary = z.output<typeof legalDocumentSummary>;

export const legalDocumentSection = z.object({
  heading: z.string(),
  paragraphs: z.array(z.string()),
});

export const legalDocument = z.object({
  kind: legalDocumentKind,
  hospitalId: z.string(),
  title: z.string(),
  version: z.string(),
  /** Who publishes it (the hospital's name). */
  publisher: z.string(),
  sections: z.array(legalDocumentSection),
});
export type LegalDocument = z.output<typeof legalDocument>;

export const consentRecord = z.object({
  consentId: z.string(),
  hospitalId: z.string(),
  kind: consentKind,
  /** The version of the document (CONSENT_DOCUMENT) agreed to. */
  version: z.string(),
  /** Whether that version is still the hospital's current one. */
  current: z.boolean(),
  agreedAt: z.string(),
  withdrawnAt: z.nullable(z.string()),
});
export type ConsentRecord = z.output<typeof consentRecord>;

export const listLegalDocuments = endpoint({
  id: 'listLegalDocuments',
  method: 'GET',
  path: '/v1/privacy/documents',
  summary: '医院当前的隐私政策与用户协议（版本）',
  auth: false,
  query: z.object({ hospitalId: id() }),
  results: z.array(legalDocumentSummary),
});

export const getLegalDocument = endpoint({
  id: 'getLegalDocument',
  method: 'GET',
  path: '/v1/privacy/documents/:kind',
  summary: '隐私政策或用户协议全文（当前版本）',
  auth: false,
  params: z.object({ kind: legalDocumentKind }),
  query: z.object({ hospitalId: id() }),
  results: legalDocument,
});

export const giveConsent = endpoint({
  id: 'giveConsent',
  method: 'POST',
  path: '/v1/privacy/consents',
  summary: '同意隐私政策、用户协议或敏感个人信息处理（仅当前版本）',
  body: z.object({ hospitalId: id(), kind: consentKind, version: documentVersion() }),
  results: consentRecord,
});

export const listConsents = endpoint({
  id: 'listConsents',
  method: 'GET',
  path: '/v1/privacy/consents',
  summary: '我的授权记录（含已撤回，最新在前）',
  query: z.object({ hospitalId: id() }),
  results: z.array(consentRecord),
});

export const withdrawConsent = endpoint({
  id: 'withdrawConsent',
  method: 'POST',
  path: '/v1/privacy/consents/withdraw',
  summary: '撤回一项授权（保留记录）；撤回隐私政策或用户协议即退出登录，再次登录时重新同意',
  body: z.object({ consentId: id() }),
  results: consentRecord,
});

/** How a staff member touched a patient's data: a list that showed it, a detail read, a change. */
export const dataAccessAction = z.enum(['LIST', 'VIEW', 'CHANGE']);
export type DataAccessAction = z.output<typeof dataAccessAction>;
export const DATA_ACCESS_ACTION_NAMES: Record<DataAccessAction, string> = {
  LIST: '在列表中查看',
  VIEW: '查看详情',
  CHANGE: '处理',
};

/** One read (or change) of the account's data by a member of the hospital's staff (个人信息保护法 §45, §50). */
export const dataAccessRecord = z.object({
  accessId: z.string(),
  at: z.string(),
  /** Who: the staff member's name and title when it happened. */
  staffName: z.string(),
  staffTitle: z.string(),
  action: dataAccessAction,
  /** What, in words (床位预约 BR00000012). */
  what: z.string(),
  /** Why: the work it served (安排住院床位). */
  purpose: z.string(),
  /** Whose data (the contact's masked name). */
  patientName: z.string(),
});
export type DataAccessRecord = z.output<typeof dataAccessRecord>;

/** At most this many of the newest records are listed (`total` counts them all). */
export const DATA_ACCESS_LIST_LIMIT = 100;

export const listDataAccess = endpoint({
  id: 'listDataAccess',
  method: 'GET',
  path: '/v1/privacy/access-log',
  summary: '医院工作人员查看我的信息的记录（最新在前）',
  query: z.object({ hospitalId: id() }),
  results: z.object({ items: z.array(dataAccessRecord), total: z.int() }),
});
