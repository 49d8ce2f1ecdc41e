import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  fullPath,
  INVOICE_VIEW_TOKEN_TTL_MINUTES,
  type InvoiceSummary,
  type InvoiceType,
  invoicePages,
  issueInvoiceViewToken,
  listInvoiceableSettlements,
  listInvoices,
  mergePrintInvoice,
  openInvoiceByToken,
  type PaidSettlement,
  previewMergedInvoice,
} from '@patient/contract';
import { capitalAmountOfFen, maskName } from '@patient/validation';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { MINUTE } from '../../platform/clock.ts';
import { isUniqueViolation } from '../../platform/database/errors.ts';
import { parseId } from '../../platform/database/ids.ts';
import { type RequestContext, userOf } from '../../platform/http/context.ts';
import { ApiError, businessError, conflict, inputError, notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { OutsideSystemError } from '../../platform/outside-system.ts';
import { requireHospital } from '../hospitals/index.ts';
import { type ContactRow, provenContact } from '../patients/index.ts';
import { paidPaymentsOf } from '../payments/index.ts';
import { askSettlements, type HisSettlements, type SettlementFact } from './his.ts';
import { askPlatform, type EInvoicePlatform } from './platform.ts';
import { eInvoices, type InvoiceLineRow, invoicedSettlements } from './tables.ts';

type InvoiceRow = typeof eInvoices.$inferSelect;
type Hospital = Awaited<ReturnType<typeof requireHospital>>;

/** The outside systems behind the invoice calls (the module's ports). */
interface InvoiceSystems {
  his: HisSettlements;
  platform: EInvoicePlatform;
}

/**
 * The invoice kind of an order type of this app's payments, or null for money that is not invoiced when paid:
 * prepaid recharges and deposits (预交金) are invoiced with the settlement they pay for.
 */
export function invoiceTypeOf(orderType: string): InvoiceType | null {
  if (orderType === 'APPOINTMENT') return 'REGISTRATION';
  if (/RECHARGE|DEPOSIT/.test(orderType)) return null;
  return /INPATIENT/.test(orderType) ? 'INPATIENT' : 'OUTPATIENT';
}

const toSummary = (r: InvoiceRow): InvoiceSummary => ({
  fileId: r.fileId,
  hospitalId: r.hospitalId,
  contactId: String(r.contactId),
  type: r.type as InvoiceType,
  invoiceCode: r.invoiceCode,
  invoiceNumber: r.invoiceNumber,
  amount: r.amount,
  issuedAt: r.issuedAt.toISOString(),
  payerName: maskName(r.payerName),
  settlementCount: r.serials.length,
});

/** Fee lines of several settlements, one per item name, in the order first seen. */
function mergedLines(facts: SettlementFact[]): InvoiceLineRow[] {
  const byName = new Map<string, number>();
  for (const fact of facts) {
    for (const line of fact.lines) byName.set(line.name, (byName.get(line.name) ?? 0) + line.amount);
  }
  return [...byName].map(([name, amount]) => ({ name, amount }));
}

/** Every paid settlement of the contact at the hospital: the HIS's and this app's own paid orders. */
async function settlementsOf(
  ctx: RequestContext,
  { his }: InvoiceSystems,
  contact: ContactRow,
  hospitalId: string,
) {
  const listed = await askSettlements(his, (h) =>
    h.settlementsOf({
      hospitalId,
      identityCard: contact.documentNumber,
      name: contact.name,
      contactId: contact.id,
      knownSince: contact.createdAt,
    }),
  );
  const facts: SettlementFact[] = listed.map((s) => ({
    ...s,
    hospitalId,
    contactId: contact.id,
    source: 'HIS',
  }));
  const now = ctx.clock.now();
  for (const payment of await paidPaymentsOf(ctx.db, contact.userId)) {
    const type = invoiceTypeOf(payment.orderType);
    if (!type) continue;
    const payable = ctx.payables.of(payment.orderType);
    const order = await payable.describe(ctx.db, payment.orderId, now);
    if (!order || order.contactId !== contact.id || order.hospitalId !== hospitalId) continue;
    const items = await payable.feeItems(ctx.db, payment.orderId);
    const lines = items.length > 0 ? items.map((i) => ({ name: i.name, amount: i.amountFen })) : [];
    const total = order.settlement.totalFen;
    facts.push({
      settlementId: `P-${payment.id}`,
      hospitalId,
      contactId: contact.id,
      type,
      title: order.description,
      department: '',
      amount: total,
      paidAt: payment.paidAt ?? payment.createdAt,
      source: 'APP',
      lines:
        lines.reduce((s, l) => s + l.amount, 0) === total
          ? lines
          : [{ name: order.description, amount: total }],
      invoicedAtWindow: false,
    });
  }
  return facts.sort((a, b) => b.paidAt.getTime() - a.paidAt.getTime());
}

async function invoicedIds(ctx: RequestContext, facts: SettlementFact[]): Promise<Set<string>> {
  if (facts.length === 0) return new Set();
  const rows = await ctx.db
    .select({ id: invoicedSettlements.settlementId })
    .from(invoicedSettlements)
    .where(
      inArray(
        invoicedSettlements.settlementId,
        facts.map((f) => f.settlementId),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * Issues one invoice for the settlements, once: a settlement already invoiced refuses the whole invoice. Our
 * number is taken first, the platform issues the invoice under it, then the invoice is written.
 */
async function issue(
  ctx: RequestContext,
  { platform }: InvoiceSystems,
  contact: ContactRow,
  hospital: Hospital,
  facts: SettlementFact[],
  issuedAt: Date,
): Promise<InvoiceRow> {
  const amount = facts.reduce((sum, f) => sum + f.amount, 0);
  const type = facts[0].type;
  const id = await nextInvoiceId(ctx);
  const numbers = await askPlatform(platform, (p) =>
    p.issue({ requestNo: String(id), hospitalId: hospital.id, type, amount, issuedAt }),
  );
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(eInvoices)
        .overridingSystemValue()
        .values({
          id,
          userId: contact.userId,
          contactId: contact.id,
          hospitalId: hospital.id,
          fileId: randomBytes(12).toString('hex'),
          type,
          ...numbers,
          amount,
          payerName: contact.name,
          payerIdNumber: contact.documentNumber,
          lines: mergedLines(facts),
          serials: facts.map((f) => ({ settlementId: f.settlementId, paidAt: f.paidAt.toISOString() })),
          issuedAt,
        })
        .returning();
      await tx
        .insert(invoicedSettlements)
        .values(facts.map((f) => ({ settlementId: f.settlementId, invoiceId: row.id })));
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('已开具电子票据', '所选费用已开具电子票据，请在票据列表中查看');
    throw error;
  }
}

/** The next invoice id: the platform's request number and the hospital's serial. */
async function nextInvoiceId(ctx: RequestContext): Promise<number> {
  const result = (await ctx.db.execute(
    sql`SELECT nextval(pg_get_serial_sequence('e_invoices', 'id')) AS id`,
  )) as unknown as { rows: { id: number | string }[] };
  return Number(result.rows[0].id);
}

/** The invoices the hospital issued at its windows when the settlement was paid, on the platform by now. */
async function windowInvoices(
  ctx: RequestContext,
  systems: InvoiceSystems,
  contact: ContactRow,
  hospital: Hospital,
  facts: SettlementFact[],
) {
  const done = await invoicedIds(ctx, facts);
  for (const fact of facts) {
    if (!fact.invoicedAtWindow || done.has(fact.settlementId)) continue;
    try {
      await issue(ctx, systems, contact, hospital, [fact], fact.paidAt);
    } catch (error) {
      // Another request issued it meanwhile (an outside system's failure is not that).
      if (!(error instanceof ApiError) || error instanceof OutsideSystemError) throw error;
    }
  }
}

const provenContactOf = (ctx: RequestContext, contactId: string) =>
  provenContact(ctx.db, userOf(ctx).id, contactId);

/** The chosen settlements: each the contact's, not invoiced, all of one kind. */
async function chosenSettlements(
  ctx: RequestContext,
  systems: InvoiceSystems,
  contact: ContactRow,
  hospitalId: string,
  ids: string[],
) {
  if (new Set(ids).size !== ids.length) throw inputError('settlementIds', '所选费用有重复，请重新选择');
  const facts = await settlementsOf(ctx, systems, contact, hospitalId);
  const byId = new Map(facts.map((f) => [f.settlementId, f]));
  const chosen = ids.map((id) => byId.get(id));
  if (chosen.some((f) => f === undefined)) throw notFound('缴费记录');
  const list = chosen as SettlementFact[];
  const done = await invoicedIds(ctx, list);
  if (done.size > 0) throw conflict('已开具电子票据', '所选费用中有已开具电子票据的，请刷新后重新选择');
  if (new Set(list.map((f) => f.type)).size > 1) {
    throw inputError('settlementIds', '门诊、住院和挂号费用须分别开票，请选择同一类费用');
  }
  return list;
}

const toSettlement = (f: SettlementFact): PaidSettlement => ({
  settlementId: f.settlementId,
  type: f.type,
  title: f.title,
  department: f.department,
  amount: f.amount,
  paidAt: f.paidAt.toISOString(),
  source: f.source,
});

/** An invoice as its pages (the e-invoice platform's layout) with its summary and lines. */
async function invoiceView(ctx: RequestContext, { platform }: InvoiceSystems, row: InvoiceRow) {
  const hospital = await requireHospital(ctx.db, row.hospitalId);
  const pages = await askPlatform(platform, (p) =>
    p.render({
      type: row.type as InvoiceType,
      invoiceCode: row.invoiceCode,
      invoiceNumber: row.invoiceNumber,
      checkCode: row.checkCode,
      hospitalName: hospital.name,
      hospitalCode: hospital.originCode,
      payerName: row.payerName,
      payerIdNumber: row.payerIdNumber,
      amount: row.amount,
      lines: row.lines,
      serials: row.serials,
      issuedAt: row.issuedAt,
    }),
  );
  return {
    invoice: toSummary(row),
    capital: capitalAmountOfFen(row.amount),
    lines: row.lines,
    fileName: `电子票据-${row.invoiceCode}-${row.invoiceNumber}.svg`,
    pages,
  };
}

/** The user's invoice by its file id, or 404 (another user's as a missing one). */
async function ownInvoice(ctx: RequestContext, fileId: string): Promise<InvoiceRow> {
  const [row] = await ctx.db
    .select()
    .from(eInvoices)
    .where(and(eq(eInvoices.fileId, fileId), eq(eInvoices.userId, userOf(ctx).id)))
    .limit(1);
  if (!row) throw notFound('电子票据');
  return row;
}

/** The one answer for a view token that does not open (forged, expired, its invoice gone). */
const invoiceLinkRefused = () =>
  businessError(400, '链接已失效', '该电子票据链接无效或已过期，请在应用内重新打开');

const invoiceTokenMac = (secret: Buffer, body: string) =>
  createHmac('sha256', secret).update(`invoice-view|${body}`).digest();

/**
 * A view token `<invoice id>.<expiry ms>.<mac>`: the mac (HMAC-SHA256 of the service secret, this purpose only)
 * covers the invoice, its owner and the expiry, so the token names one invoice of one account until it expires.
 */
export function sealInvoiceToken(secret: Buffer, row: InvoiceRow, now: Date) {
  const expiresAt = new Date(now.getTime() + INVOICE_VIEW_TOKEN_TTL_MINUTES * MINUTE);
  const body = `${row.id}.${expiresAt.getTime()}`;
  const mac = invoiceTokenMac(secret, `${body}.${row.userId}`).toString('base64url');
  return { token: `${body}.${mac}`, expiresAt };
}

/** The invoice and owner a token names, or null (bad mac, expired). The owner is checked against the row. */
function openInvoiceToken(secret: Buffer, token: string, now: Date) {
  const [id, expires, mac] = token.split('.');
  const invoiceId = parseId(id);
  if (invoiceId === null || Number(expires) <= now.getTime()) return null;
  // The owner is not in the token: the mac is checked against the row's owner once the row is read.
  return {
    invoiceId,
    check: (userId: number) => {
      const expected = invoiceTokenMac(secret, `${id}.${expires}.${userId}`);
      const given = Buffer.from(mac, 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** The invoice calls over the HIS's settlements and the e-invoice platform (the module's ports). */
export const invoiceRoutes = (systems: InvoiceSystems) => [
  route(listInvoices, async ({ params, body }, ctx) => {
    const hospital = await requireHospital(ctx.db, params.hospitalId);
    const contact = await provenContactOf(ctx, body.contactId);
    await windowInvoices(
      ctx,
      systems,
      contact,
      hospital,
      await settlementsOf(ctx, systems, contact, hospital.id),
    );
    const rows = await ctx.db
      .select()
      .from(eInvoices)
      .where(and(eq(eInvoices.contactId, contact.id), eq(eInvoices.hospitalId, hospital.id)))
      .orderBy(desc(eInvoices.issuedAt), desc(eInvoices.id));
    return rows.map(toSummary);
  }),

  route(listInvoiceableSettlements, async ({ params, body }, ctx) => {
    const hospital = await requireHospital(ctx.db, params.hospitalId);
    const contact = await provenContactOf(ctx, body.contactId);
    const facts = await settlementsOf(ctx, systems, contact, hospital.id);
    await windowInvoices(ctx, systems, contact, hospital, facts);
    const done = await invoicedIds(ctx, facts);
    return facts.filter((f) => !done.has(f.settlementId)).map(toSettlement);
  }),

  route(previewMergedInvoice, async ({ params, body }, ctx) => {
    await requireHospital(ctx.db, params.hospitalId);
    const contact = await provenContactOf(ctx, body.contactId);
    const facts = await chosenSettlements(ctx, systems, contact, params.hospitalId, body.settlementIds);
    const amount = facts.reduce((sum, f) => sum + f.amount, 0);
    return {
      type: facts[0].type,
      amount,
      capital: capitalAmountOfFen(amount),
      lines: mergedLines(facts),
      settlementCount: facts.length,
    };
  }),

  route(mergePrintInvoice, async ({ params, body }, ctx) => {
    const hospital = await requireHospital(ctx.db, params.hospitalId);
    const contact = await provenContactOf(ctx, body.contactId);
    const facts = await chosenSettlements(ctx, systems, contact, hospital.id, body.settlementIds);
    return toSummary(await issue(ctx, systems, contact, hospital, facts, ctx.clock.now()));
  }),

  route(invoicePages, async ({ query }, ctx) =>
    invoiceView(ctx, systems, await ownInvoice(ctx, query.fileId)),
  ),

  route(issueInvoiceViewToken, async ({ body }, ctx) => {
    const row = await ownInvoice(ctx, body.fileId);
    const { token, expiresAt } = sealInvoiceToken(ctx.secret, row, ctx.clock.now());
    return {
      token,
      expiresAt: expiresAt.toISOString(),
      path: fullPath(openInvoiceByToken).replace(':token', token),
    };
  }),

  route(openInvoiceByToken, async ({ params }, ctx) => {
    ctx.reply.header('cache-control', 'no-store');
    const opened = openInvoiceToken(ctx.secret, params.token, ctx.clock.now());
    const [row] = opened
      ? await ctx.db.select().from(eInvoices).where(eq(eInvoices.id, opened.invoiceId)).limit(1)
      : [];
    if (!row || !opened?.check(row.userId)) throw invoiceLinkRefused();
    return invoiceView(ctx, systems, row);
  }),
];
