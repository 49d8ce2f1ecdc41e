import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { type Clock, chinaDate } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import type { BillRow } from './providers/provider.ts';
import { sandboxBill } from './tables.ts';

/** One entry of the sandbox provider's books. */
export interface SandboxEntry {
  type: 'pay' | 'refund';
  tradeNo: string;
  refundNo?: string;
  amountFen: number;
  /** When the money moved (a refund: when it is paid back). Default: now. */
  at?: Date;
}

/** The sandbox provider's books: what its cashier collected and what it refunded (development only). */
export interface SandboxBook {
  /** Books a movement once: a trade number already collected, or a refund number already booked, is left as it is. */
  record(entry: SandboxEntry): Promise<void>;
  /** The daily bill of a China date, in the order things happened (what has happened by now). */
  billOn(date: string): Promise<BillRow[]>;
  /** A refund it has taken, with when it is (or was) paid back; null if it never took it. */
  refundOf(refundNo: string): Promise<(SandboxEntry & { at: Date }) | null>;
  /** Pays a refund back now (the sandbox refund desk); false if it is not waiting. */
  payBackNow(refundNo: string): Promise<boolean>;
}

/** The sandbox's books in the service's database (table `sandbox_bill`), dated by the service's clock. */
export function sandboxBook(db: DbOrTx, clock: Clock): SandboxBook {
  return {
    async record(entry) {
      const at = entry.at ?? clock.now();
      await db
        .insert(sandboxBill)
        .values({
          date: chinaDate(at),
          type: entry.type,
          tradeNo: entry.tradeNo,
          refundNo: entry.refundNo ?? null,
          amount: entry.amountFen,
          at,
        })
        .onConflictDoNothing();
    },
    async billOn(date) {
      const rows = await db
        .select()
        .from(sandboxBill)
        .where(and(eq(sandboxBill.date, date), lte(sandboxBill.at, clock.now())))
        .orderBy(asc(sandboxBill.at), asc(sandboxBill.id));
      return rows.map((r) => ({
        type: r.type === 'refund' ? 'refund' : 'pay',
        tradeNo: r.tradeNo,
        providerTradeId: `SANDBOX-${r.tradeNo}`,
        amountFen: r.amount,
        ...(r.refundNo ? { refundNo: r.refundNo } : {}),
        time: r.at.toISOString(),
      }));
    },
    async refundOf(refundNo) {
      const [row] = await db
        .select()
        .from(sandboxBill)
        .where(and(eq(sandboxBill.type, 'refund'), eq(sandboxBill.refundNo, refundNo)))
        .limit(1);
      if (!row) return null;
      return { type: 'refund', tradeNo: row.tradeNo, refundNo, amountFen: row.amount, at: row.at };
    },
    async payBackNow(refundNo) {
      const now = clock.now();
      const moved = await db
        .update(sandboxBill)
        .set({ at: now, date: chinaDate(now) })
        .where(
          and(eq(sandboxBill.type, 'refund'), eq(sandboxBill.refundNo, refundNo), gt(sandboxBill.at, now)),
        )
        .returning({ id: sandboxBill.id });
      return moved.length > 0;
    },
  };
}
