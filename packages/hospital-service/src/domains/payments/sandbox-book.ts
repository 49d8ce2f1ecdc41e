import { asc, eq } from 'drizzle-orm';
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
}

/** The sandbox provider's books: what its cashier collected and what it refunded (development only). */
export interface SandboxBook {
  record(entry: SandboxEntry): Promise<void>;
  /** The daily bill of a China date, in the order things happened. */
  billOn(date: string): Promise<BillRow[]>;
}

/** The sandbox's books in the service's database (table `sandbox_bill`), dated by the service's clock. */
export function sandboxBook(db: DbOrTx, clock: Clock): SandboxBook {
  return {
    async record(entry) {
      const at = clock.now();
      await db.insert(sandboxBill).values({
        date: chinaDate(at),
        type: entry.type,
        tradeNo: entry.tradeNo,
        refundNo: entry.refundNo ?? null,
        amount: entry.amountFen,
        at,
      });
    },
    async billOn(date) {
      const rows = await db
        .select()
        .from(sandboxBill)
        .where(eq(sandboxBill.date, date))
        .orderBy(asc(sandboxBill.id));
      return rows.map((r) => ({
        type: r.type === 'refund' ? 'refund' : 'pay',
        tradeNo: r.tradeNo,
        providerTradeId: `SANDBOX-${r.tradeNo}`,
        amountFen: r.amount,
        ...(r.refundNo ? { refundNo: r.refundNo } : {}),
        time: r.at.toISOString(),
      }));
    },
  };
}
