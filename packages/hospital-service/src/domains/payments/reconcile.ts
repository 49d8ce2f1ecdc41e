import { and, eq, gte, lt } from 'drizzle-orm';
import { DAY } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { type BillRow, fenToYuan, type PaymentProvider } from './providers/provider.ts';
import { payments, refunds } from './tables.ts';

/** A money movement as our records have it. */
export interface OurRecord {
  type: 'pay' | 'refund';
  tradeNo: string;
  refundNo?: string;
  amountFen: number;
}

/**
 * One difference between the provider's bill and our records: NOT_HERE (the provider has it, we do not: money
 * taken that no order knows of), NOT_AT_PROVIDER (we have it, the provider does not), AMOUNT (both, amounts
 * differ).
 */
export interface Difference {
  kind: 'NOT_HERE' | 'NOT_AT_PROVIDER' | 'AMOUNT';
  type: 'pay' | 'refund';
  tradeNo: string;
  refundNo?: string;
  oursFen: number | null;
  theirsFen: number | null;
}

/** Count and sum of one side's pays and refunds. */
export interface Totals {
  pays: number;
  payFen: number;
  refunds: number;
  refundFen: number;
}

export interface Reconciliation {
  provider: string;
  date: string;
  bill: Totals;
  ours: Totals;
  differences: Difference[];
}

const keyOf = (r: { type: string; tradeNo: string; refundNo?: string }) =>
  `${r.type}|${r.tradeNo}|${r.refundNo ?? ''}`;

/** Sums amounts by movement (a movement listed twice counts twice: a double charge is a difference). */
function byMovement(rows: (BillRow | OurRecord)[]) {
  const map = new Map<string, { row: BillRow | OurRecord; fen: number }>();
  for (const row of rows) {
    const key = keyOf(row);
    const seen = map.get(key);
    map.set(key, { row: seen?.row ?? row, fen: (seen?.fen ?? 0) + row.amountFen });
  }
  return map;
}

/** Every difference between a bill and our records of the same day, by type then trade number. */
export function compareBill(bill: BillRow[], ours: OurRecord[]): Difference[] {
  const theirs = byMovement(bill);
  const mine = byMovement(ours);
  const differences: Difference[] = [];
  for (const key of new Set([...theirs.keys(), ...mine.keys()])) {
    const t = theirs.get(key);
    const o = mine.get(key);
    const row = (o ?? t)?.row as BillRow | OurRecord;
    const kind = !o ? 'NOT_HERE' : !t ? 'NOT_AT_PROVIDER' : o.fen !== t.fen ? 'AMOUNT' : null;
    if (!kind) continue;
    differences.push({
      kind,
      type: row.type,
      tradeNo: row.tradeNo,
      ...(row.refundNo ? { refundNo: row.refundNo } : {}),
      oursFen: o?.fen ?? null,
      theirsFen: t?.fen ?? null,
    });
  }
  return differences.sort((a, b) => a.type.localeCompare(b.type) || a.tradeNo.localeCompare(b.tradeNo));
}

function totalsOf(rows: (BillRow | OurRecord)[]): Totals {
  const pays = rows.filter((r) => r.type === 'pay');
  const back = rows.filter((r) => r.type === 'refund');
  const sum = (list: typeof rows) => list.reduce((fen, r) => fen + r.amountFen, 0);
  return { pays: pays.length, payFen: sum(pays), refunds: back.length, refundFen: sum(back) };
}

/** The China day `date` (YYYY-MM-DD) as an instant range. */
function chinaDay(date: string): [Date, Date] {
  const start = new Date(`${date}T00:00:00+08:00`);
  if (Number.isNaN(start.getTime()) || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    throw new RangeError(`not a date: ${date}`);
  }
  return [start, new Date(start.getTime() + DAY)];
}

/**
 * Our records of a China day for one provider: payments it confirmed that day (whatever became of them since)
 * and refunds it finished that day.
 */
export async function ourRecordsOn(db: DbOrTx, provider: string, date: string): Promise<OurRecord[]> {
  const [from, to] = chinaDay(date);
  const paid = await db
    .select({ tradeNo: payments.tradeNo, amount: payments.amount })
    .from(payments)
    .where(and(eq(payments.provider, provider), gte(payments.paidAt, from), lt(payments.paidAt, to)));
  const refunded = await db
    .select({ tradeNo: payments.tradeNo, refundNo: refunds.refundNo, amount: refunds.amount })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        eq(payments.provider, provider),
        eq(refunds.status, 'SUCCESS'),
        gte(refunds.finishedAt, from),
        lt(refunds.finishedAt, to),
      ),
    );
  return [
    ...paid.map((p) => ({ type: 'pay' as const, tradeNo: p.tradeNo, amountFen: p.amount })),
    ...refunded.map((r) => ({
      type: 'refund' as const,
      tradeNo: r.tradeNo,
      refundNo: r.refundNo,
      amountFen: r.amount,
    })),
  ];
}

/** Downloads the provider's bill of a China day and compares it with our records. */
export async function reconcile(
  db: DbOrTx,
  provider: PaymentProvider,
  date: string,
): Promise<Reconciliation> {
  chinaDay(date);
  const bill = await provider.downloadBill(date);
  const ours = await ourRecordsOn(db, provider.name, date);
  return {
    provider: provider.name,
    date,
    bill: totalsOf(bill),
    ours: totalsOf(ours),
    differences: compareBill(bill, ours),
  };
}

const PROVIDER_NAME: Record<string, string> = { 'wechat-pay': '微信支付', alipay: '支付宝', sandbox: '沙箱' };
const KIND_TEXT: Record<Difference['kind'], string> = {
  NOT_HERE: '渠道有、本院无',
  NOT_AT_PROVIDER: '本院有、渠道无',
  AMOUNT: '金额不一致',
};

/** Display width: a CJK character takes two columns. */
const widthOf = (text: string) => [...text].reduce((w, c) => w + (/[\u2E80-\uFFEF]/.test(c) ? 2 : 1), 0);
const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - widthOf(text)));

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => widthOf(r[i]))));
  return rows
    .map((r) =>
      r
        .map((cell, i) => pad(cell, widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The reconciliation as a finance clerk reads it: totals of both sides, then every difference. */
export function reportText(r: Reconciliation): string {
  const money = (fen: number | null) => (fen === null ? '—' : fenToYuan(fen));
  const summary = table([
    ['', '收款笔数', '收款金额（元）', '退款笔数', '退款金额（元）'],
    ['渠道账单', String(r.bill.pays), money(r.bill.payFen), String(r.bill.refunds), money(r.bill.refundFen)],
    ['本院记录', String(r.ours.pays), money(r.ours.payFen), String(r.ours.refunds), money(r.ours.refundFen)],
  ]);
  const [kind, hospitalId] = r.provider.split('@');
  const channel = `${PROVIDER_NAME[kind] ?? kind}${hospitalId ? `（医院 ${hospitalId} 的商户）` : ''}`;
  const head = `对账日期：${r.date}　支付渠道：${channel}`;
  if (r.differences.length === 0) return `${head}\n\n${summary}\n\n账目一致，无差异。`;
  const details = table([
    ['类型', '商户订单号', '退款单号', '差异', '本院金额', '渠道金额'],
    ...r.differences.map((d) => [
      d.type === 'pay' ? '收款' : '退款',
      d.tradeNo,
      d.refundNo ?? '—',
      KIND_TEXT[d.kind],
      money(d.oursFen),
      money(d.theirsFen),
    ]),
  ]);
  return `${head}\n\n${summary}\n\n差异 ${r.differences.length} 笔：\n${details}`;
}
