import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { fen, id } from './primitives.ts';

/**
 * Electronic invoices (001 §2 'Invoices', §7 'Invoices'): the medical electronic invoices (医疗电子票据) the
 * provincial platform issued for a contact's paid settlements at one hospital, the settlements that can still
 * be invoiced (several of one kind merged into one invoice), and an invoice as page images.
 *
 * Glossary of the spec's names: `queryInvoice` the invoices, `selectInvoice` the settlements not invoiced yet
 * (canInvoiceList), `queryMergeCashInfo` what a merged invoice of the chosen settlements would hold,
 * `mergePrintInvoice` issue it, `pdfToImage` the invoice's pages as images (`file`: the invoice's file id).
 */

export const invoiceType = z.enum(['OUTPATIENT', 'INPATIENT', 'REGISTRATION']);
export type InvoiceType = z.output<typeof invoiceType>;
export const INVOICE_TYPE_LABEL: Record<InvoiceType, string> = {
  OUTPATIENT: '门诊',
  INPATIENT: '住院',
  REGISTRATION: '挂号',
};

/** Most settlements one merged invoice may hold. */
export const MERGE_MAX = 20;

export const invoiceSummary = z.object({
  /** The invoice file's id (pdfToImage, invoiceDetail/:file). */
  fileId: z.string(),
  hospitalId: z.string(),
  contactId: z.string(),
  type: invoiceType,
  /** 票据代码 */
  invoiceCode: z.string(),
  /** 票据号码 */
  invoiceNumber: z.string(),
  amount: fen(),
  issuedAt: z.string(),
  /** Masked. */
  payerName: z.string(),
  settlementCount: z.int(),
});
export type InvoiceSummary = z.output<typeof invoiceSummary>;

export const paidSettlement = z.object({
  settlementId: z.string(),
  type: invoiceType,
  /** 预约挂号 · 心血管内科, 门诊缴费 · 西药费… */
  title: z.string(),
  department: z.string(),
  amount: fen(),
  paidAt: z.string(),
  /** APP: paid in this app; HIS: paid at the hospital. */
  source: z.enum(['APP', 'HIS']),
});
export type PaidSettlement = z.output<typeof paidSettlement>;

const byHospital = z.object({ hospitalId: id() });
const chosen = z.object({
  contactId: id(),
  settlementIds: z.array(id()).check(z.minLength(1), z.maxLength(MERGE_MAX)),
});

export const listInvoices = endpoint({
  id: 'listInvoices',
  method: 'POST',
  path: '/queryInvoice/:hospitalId',
  summary: '就诊人在该院的电子票据（门诊、住院、挂号）',
  params: byHospital,
  body: z.object({ contactId: id() }),
  results: z.array(invoiceSummary),
});

export const listInvoiceableSettlements = endpoint({
  id: 'listInvoiceableSettlements',
  method: 'POST',
  path: '/v1/contact/:hospitalId/selectInvoice',
  summary: '尚未开具电子票据的已缴费结算（可合并开票）',
  params: byHospital,
  body: z.object({ contactId: id() }),
  results: z.array(paidSettlement),
});

export const invoiceLine = z.object({ name: z.string(), amount: fen() });

export const previewMergedInvoice = endpoint({
  id: 'previewMergedInvoice',
  method: 'POST',
  path: '/v1/contact/:hospitalId/queryMergeCashInfo',
  summary: '合并开票预览：所选结算的合计与费用项目',
  params: byHospital,
  body: chosen,
  results: z.object({
    type: invoiceType,
    amount: fen(),
    /** 大写金额 */
    capital: z.string(),
    lines: z.array(invoiceLine),
    settlementCount: z.int(),
  }),
});

export const mergePrintInvoice = endpoint({
  id: 'mergePrintInvoice',
  method: 'POST',
  path: '/v1/contact/:hospitalId/mergePrintInvoice',
  summary: '将所选结算合并开具一张电子票据（每笔结算只开一次）',
  params: byHospital,
  body: chosen,
  results: invoiceSummary,
});

export const invoicePages = endpoint({
  id: 'invoicePages',
  method: 'GET',
  path: '/v1/contact/pdfToImage',
  summary: '电子票据的页面图像（服务端按医疗电子票据版式排版，SVG）',
  query: z.object({ fileId: id() }),
  results: z.object({
    invoice: invoiceSummary,
    /** 大写金额 */
    capital: z.string(),
    lines: z.array(invoiceLine),
    /** The name to save the page under. */
    fileName: z.string(),
    pages: z.array(
      z.object({
        width: z.number(),
        height: z.number(),
        /** data:image/svg+xml;base64,… */
        image: z.string(),
      }),
    ),
  }),
});

/** How long an invoice's view token opens it. */
export const INVOICE_VIEW_TOKEN_TTL_MINUTES = 10;

/** An invoice view token: `<invoice>.<expiry ms>.<signature>` (letters, digits, '.', '_', '-'). */
export const invoiceViewToken = () =>
  z.string().check(z.maxLength(120), z.regex(/^\d{1,10}\.\d{13}\.[A-Za-z0-9_-]{43}$/, '票据链接格式不正确'));

/**
 * A short-lived token naming one of the account's invoices (001 §7 'Invoices' `POST {token}`): issued to the
 * invoice's owner (another's file id: 404), it opens that invoice's view without a session for
 * INVOICE_VIEW_TOKEN_TTL_MINUTES minutes (openInvoiceByToken), e.g. from the e-invoice page opened elsewhere.
 */
export const issueInvoiceViewToken = endpoint({
  id: 'issueInvoiceViewToken',
  method: 'POST',
  path: '/v1/contact/invoiceViewToken',
  summary: '为本账号的电子票据生成短时有效的查看令牌（10 分钟）',
  body: z.object({ fileId: id() }),
  results: z.object({ token: z.string(), expiresAt: z.string(), path: z.string() }),
});

/**
 * The spec's `POST {token}`: the token is the whole address there; here it follows a fixed prefix. Opens the
 * invoice the token names, as invoicePages answers it, without a session; an expired, forged or unknown token is
 * one answer (400 链接已失效).
 */
export const openInvoiceByToken = endpoint({
  id: 'openInvoiceByToken',
  method: 'POST',
  path: '/v1/invoice/view/:token',
  summary: '凭查看令牌打开电子票据（无需登录；令牌短时有效）',
  auth: false,
  params: z.object({ token: invoiceViewToken() }),
  results: invoicePages.results,
});
