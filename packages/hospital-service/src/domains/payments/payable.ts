import type { PayableOrderType } from '@patient/contract';
import type { DbOrTx } from '../../platform/database/connect.ts';
import type { ApiError } from '../../platform/http/errors.ts';
import type { FeeItem } from '../insurance/index.ts';

/**
 * What payments needs to know of one order of a paying domain (an appointment today; outpatient fees,
 * deposits, record copies next). The domain decides; payments never reads its tables.
 */
export interface PayableOrder {
  id: number;
  userId: number;
  hospitalId: string;
  /** What the patient pays through the provider now (the cash part, after insurance), in fen. */
  amountFen: number;
  /**
   * PAYABLE: waiting for its money; PAID: paid and kept (a second start answers the PAID payment); otherwise
   * the refusal to answer (why it cannot be paid, in the patient's words).
   */
  payability: 'PAYABLE' | 'PAID' | ApiError;
  /** When the order stops waiting for its money (the provider's order closes then too); null: no limit. */
  holdEndsAt: Date | null;
  /** The provider's product description (WeChat `description`, Alipay `subject`): ≤ 127 characters. */
  description: string;
  /** Where the app shows the order (the default return path after paying). */
  detailPath: string;
  /** What the cashier lists about the order, in order. */
  facts: [label: string, value: string][];
  /** The patient (a contact of the user); null for an order that is not for a patient. */
  contactId: number | null;
  /** The split kept with the order; its cash part is `amountFen`. */
  settlement: Settlement;
}

/** An order's fee split, in fen: total = fund (统筹基金) + account (个人账户) + cash (what a provider charges). */
export interface Settlement {
  mode: 'SELF' | 'MEDICAL';
  totalFen: number;
  fundFen: number;
  accountFen: number;
  cashFen: number;
}

/** A confirmed payment's effect on its order. */
export type PaidOutcome = { kept: true } | { kept: false; reason: string };

/**
 * A paying domain's side of a payment. Methods that take a transaction run inside one that payments opened;
 * `lock` takes the domain's locks (its own order of locks, ending with the order row) before payments locks the
 * payment row.
 */
export interface Payable {
  readonly orderType: PayableOrderType;
  /** The order, locked FOR UPDATE with whatever the domain locks first; null when there is none. */
  lock(tx: DbOrTx, orderId: number, now: Date): Promise<PayableOrder | null>;
  /** The order as it is now, without locks (status reads, the cashier page); null when there is none. */
  describe(db: DbOrTx, orderId: number, now: Date): Promise<PayableOrder | null>;
  /**
   * A payment the provider confirmed, on the locked order: the order keeps it (booked, paid) or cannot (the
   * hold ran out and the place is gone, cancelled meanwhile…) and the money goes back, for `reason`. With
   * `refusal` (the insurance centre refused the order's split) the order cannot keep it, for that reason.
   */
  paid(tx: DbOrTx, orderId: number, now: Date, refusal?: string): Promise<PaidOutcome>;
  /** The provider confirmed that the order's money went back (the order was locked by `lock`). */
  refunded(tx: DbOrTx, orderId: number, refundedAt: Date): Promise<void>;
  /** The order's fee items, for the insurance centre. */
  feeItems(db: DbOrTx, orderId: number): Promise<FeeItem[]>;
  /** Keeps a new split with the locked order, which is waiting for its money; its cash part is charged. */
  applySettlement(tx: DbOrTx, orderId: number, settlement: Settlement, now: Date): Promise<void>;
}

/** The paying domains of the service, by order type (built once in buildApp). */
export class Payables {
  readonly #byType = new Map<string, Payable>();

  constructor(payables: Payable[]) {
    for (const payable of payables) {
      if (this.#byType.has(payable.orderType)) throw new Error(`two payables for ${payable.orderType}`);
      this.#byType.set(payable.orderType, payable);
    }
  }

  /** The domain of an order type (every type of the contract has one). */
  of(orderType: string): Payable {
    const payable = this.#byType.get(orderType);
    if (!payable) throw new Error(`no payable registered for ${orderType}`);
    return payable;
  }
}
