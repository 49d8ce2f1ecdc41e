import { createHash } from 'node:crypto';
import { DAY } from '../../platform/clock.ts';
import { askOutside } from '../../platform/outside-system.ts';
import type { HisPerson } from '../patients/index.ts';

/** What the patient is told names the system when it fails or times out (askOutside). */
export const PREPAID_LEDGER = '医院预交金账户系统（HIS）';

/**
 * The ledger refused a call: an account it does not know, an amount that is not a positive number of fen, a
 * reference posted before with another amount, a refund larger than the balance. Its message is the patient's.
 */
export class PrepaidLedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrepaidLedgerError';
  }
}

/** A recharge this service took and the ledger credited (its reference `recharge:<id>`). */
export interface LedgerCredit {
  ref: string;
  amountFen: number;
  at: Date;
}

/** A movement the hospital made on the account itself (spending at its windows and machines). */
export interface LedgerMovement {
  kind: 'SPEND';
  /** Its reference at the HIS, unique: posted once here. */
  ref: string;
  amountFen: number;
  at: Date;
  title: string;
  channel: string;
}

/** A posting the ledger confirmed. */
export interface LedgerReceipt {
  receiptNo: string;
}

/**
 * The hospital's prepaid account ledger (HIS 预交金账户): the truth of an account's money. This service keeps a
 * copy of its book (`prepaid_entries`) and writes a movement there only after the ledger confirmed it. Every call
 * may go over a network (a Promise); the handlers call it through `askOutside` before they write.
 */
export interface PrepaidLedger {
  /** How long one call may take (default: OUTSIDE_CALL_TIMEOUT_MS). */
  readonly timeoutMs?: number;
  /** Opens an account for the person (our account number `accountRef`): the HIS's account number. Idempotent by `accountRef`. */
  open(request: { accountRef: string; cardNo: string; person: HisPerson }): Promise<{ accountNo: string }>;
  /** Credits a recharge paid here, once by `ref` (the same receipt again). */
  credit(request: { accountNo: string; ref: string; amountFen: number; at: Date }): Promise<LedgerReceipt>;
  /**
   * What the hospital did on the account up to `asOf`: spending at its windows and machines, oldest first, each
   * with its own reference. `credits` are the recharges credited from here (a real HIS reads its own books; the
   * simulation derives the visits from them).
   */
  hospitalMovements(request: {
    accountNo: string;
    credits: LedgerCredit[];
    asOf: Date;
  }): Promise<LedgerMovement[]>;
  /** Pays `amountFen` of the balance back the way a recharge came (closing), once by `ref`. */
  refund(request: { accountNo: string; ref: string; amountFen: number; at: Date }): Promise<LedgerReceipt>;
  /** Closes the account (after its refunds). Idempotent. */
  close(request: { accountNo: string; at: Date }): Promise<void>;
}

/** Asks the prepaid ledger with its deadline; its own refusals (PrepaidLedgerError) pass through. */
export const askLedger = <T>(
  ledger: PrepaidLedger,
  call: (ledger: PrepaidLedger) => Promise<T>,
): Promise<T> =>
  askOutside(PREPAID_LEDGER, () => call(ledger), {
    timeoutMs: ledger.timeoutMs,
    passThrough: (error) => error instanceof PrepaidLedgerError,
  });

/** When the simulated patient spends at the hospital after a recharge. */
export const SPEND_AFTER_MS = 2 * DAY;
const SPEND_ITEMS = ['西药费', '检查费', '化验费', '治疗费'] as const;
const ACCOUNT_NO = /^YJ\d{4,}$/;

const hashOf = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0);

/**
 * The simulated HIS ledger. It plays the patient's visits: two days after each recharge was credited, the
 * outpatient fees of a visit (30–60 % of that recharge) are paid from the account at the hospital's self-service
 * machine — deterministic per recharge. Account numbers are `YJ<hospital><our account number>`; postings are
 * checked (a known account, positive fen, one amount per reference) and remembered in memory.
 */
export class SimulatedPrepaidLedger implements PrepaidLedger {
  /** A simulation: production refuses to start with it unless DEMO_SIMULATED_PORTS allows `prepaid`. */
  readonly simulated = true;
  readonly #posted = new Map<string, number>();

  async open({ accountRef, person }: { accountRef: string; cardNo: string; person: HisPerson }) {
    if (!/^\d{1,12}$/.test(accountRef)) throw new PrepaidLedgerError('账户编号不正确');
    if (!/^\d{1,10}$/.test(person.hospitalId)) throw new PrepaidLedgerError('医院不存在');
    return { accountNo: `YJ${person.hospitalId}${accountRef.padStart(8, '0')}` };
  }

  async credit(request: { accountNo: string; ref: string; amountFen: number; at: Date }) {
    return this.#post('C', request);
  }

  async refund(request: { accountNo: string; ref: string; amountFen: number; at: Date }) {
    return this.#post('R', request);
  }

  async hospitalMovements({
    accountNo,
    credits,
    asOf,
  }: {
    accountNo: string;
    credits: LedgerCredit[];
    asOf: Date;
  }) {
    this.#known(accountNo);
    return credits
      .filter((c) => c.at.getTime() + SPEND_AFTER_MS <= asOf.getTime())
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .map((credit): LedgerMovement => {
        const ref = `his-spend:${credit.ref.split(':').pop()}`;
        const h = hashOf(ref);
        return {
          kind: 'SPEND',
          ref,
          amountFen: Math.round((credit.amountFen * (30 + (h % 31))) / 100),
          at: new Date(credit.at.getTime() + SPEND_AFTER_MS),
          title: `门诊缴费 · ${SPEND_ITEMS[h % SPEND_ITEMS.length]}`,
          channel: '医院自助机',
        };
      });
  }

  async close({ accountNo }: { accountNo: string; at: Date }) {
    this.#known(accountNo);
  }

  #known(accountNo: string) {
    if (!ACCOUNT_NO.test(accountNo)) throw new PrepaidLedgerError(`预交金账户 ${accountNo} 不存在`);
  }

  #post(
    kind: 'C' | 'R',
    { accountNo, ref, amountFen }: { accountNo: string; ref: string; amountFen: number },
  ) {
    this.#known(accountNo);
    if (!(Number.isInteger(amountFen) && amountFen > 0)) throw new PrepaidLedgerError('金额应为正整数（分）');
    if (!ref.trim()) throw new PrepaidLedgerError('缺少业务流水号');
    const key = `${kind}:${accountNo}:${ref}`;
    const known = this.#posted.get(key);
    if (known !== undefined && known !== amountFen) {
      throw new PrepaidLedgerError(`流水号 ${ref} 已以不同金额入账`);
    }
    this.#posted.set(key, amountFen);
    const digits = String(hashOf(key)).padStart(10, '0').slice(-10);
    return { receiptNo: `${kind === 'C' ? 'CZ' : 'TK'}${digits}` };
  }
}
