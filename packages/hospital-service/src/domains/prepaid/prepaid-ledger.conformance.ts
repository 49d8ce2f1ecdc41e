import { describe, expect, it } from 'vitest';
import type { HisPerson } from '../patients/index.ts';
import { type PrepaidLedger, PrepaidLedgerError } from './his.ts';

/** An implementation under test, a person it can open accounts for, and the instant the suite asks at. */
export interface PrepaidLedgerUnderTest {
  ledger: PrepaidLedger;
  person: HisPerson;
  cardNo: string;
  now: Date;
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * What every {@link PrepaidLedger} must do for the service: run with `make` giving a fresh implementation (a real
 * adapter against its test counterpart).
 */
export function prepaidLedgerConformance(name: string, make: () => PrepaidLedgerUnderTest): void {
  describe(`PrepaidLedger conformance: ${name}`, () => {
    it('opens an account once by our number: the same account number again, another for another account', async () => {
      const { ledger, person, cardNo } = make();
      const a = await ledger.open({ accountRef: '501', cardNo, person });
      expect(a.accountNo.trim()).not.toBe('');
      expect(await ledger.open({ accountRef: '501', cardNo, person })).toEqual(a);
      expect((await ledger.open({ accountRef: '502', cardNo, person })).accountNo).not.toBe(a.accountNo);
    });

    it('credits and refunds once by reference; the same reference with another amount is refused', async () => {
      const { ledger, person, cardNo, now } = make();
      const { accountNo } = await ledger.open({ accountRef: '503', cardNo, person });
      const credit = { accountNo, ref: 'recharge:71', amountFen: 20_000, at: now };
      const receipt = await ledger.credit(credit);
      expect(receipt.receiptNo.trim()).not.toBe('');
      expect(await ledger.credit(credit)).toEqual(receipt);
      await expect(ledger.credit({ ...credit, amountFen: 30_000 })).rejects.toBeInstanceOf(
        PrepaidLedgerError,
      );
      const refund = { accountNo, ref: 'close-refund:71', amountFen: 5_000, at: now };
      const back = await ledger.refund(refund);
      expect(back.receiptNo.trim()).not.toBe('');
      expect(await ledger.refund(refund)).toEqual(back);
      await ledger.close({ accountNo, at: now });
      await ledger.close({ accountNo, at: now });
    });

    it('refuses amounts that are not a positive number of fen', async () => {
      const { ledger, person, cardNo, now } = make();
      const { accountNo } = await ledger.open({ accountRef: '504', cardNo, person });
      for (const amountFen of [0, -100, 12.5]) {
        await expect(
          ledger.credit({ accountNo, ref: `recharge:x${amountFen}`, amountFen, at: now }),
        ).rejects.toBeInstanceOf(PrepaidLedgerError);
      }
    });

    it('refuses an account it never opened, with PrepaidLedgerError', async () => {
      const { ledger, now } = make();
      const accountNo = 'NO-SUCH-ACCOUNT';
      await expect(
        ledger.credit({ accountNo, ref: 'recharge:1', amountFen: 100, at: now }),
      ).rejects.toBeInstanceOf(PrepaidLedgerError);
      await expect(ledger.refund({ accountNo, ref: 'r:1', amountFen: 100, at: now })).rejects.toBeInstanceOf(
        PrepaidLedgerError,
      );
      await expect(ledger.hospitalMovements({ accountNo, credits: [], asOf: now })).rejects.toBeInstanceOf(
        PrepaidLedgerError,
      );
      await expect(ledger.close({ accountNo, at: now })).rejects.toBeInstanceOf(PrepaidLedgerError);
    });

    it('lists the hospital’s own movements up to a day: the same each time, dated, within what was credited', async () => {
      const { ledger, person, cardNo, now } = make();
      const { accountNo } = await ledger.open({ accountRef: '505', cardNo, person });
      const credits = [
        { ref: 'recharge:81', amountFen: 10_000, at: new Date(now.getTime() - 5 * DAY) },
        { ref: 'recharge:82', amountFen: 30_000, at: new Date(now.getTime() - 4 * DAY) },
      ];
      for (const c of credits) await ledger.credit({ accountNo, ...c });
      const movements = await ledger.hospitalMovements({ accountNo, credits, asOf: now });
      expect(await ledger.hospitalMovements({ accountNo, credits, asOf: now })).toEqual(movements);
      expect(new Set(movements.map((m) => m.ref)).size).toBe(movements.length);
      let spent = 0;
      for (const m of movements) {
        expect(Number.isInteger(m.amountFen) && m.amountFen > 0).toBe(true);
        expect(m.at.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(m.title.trim()).not.toBe('');
        spent += m.amountFen;
      }
      expect(spent).toBeLessThanOrEqual(40_000);
      const earlier = await ledger.hospitalMovements({ accountNo, credits, asOf: credits[0].at });
      expect(earlier.every((m) => m.at.getTime() <= credits[0].at.getTime())).toBe(true);
    });
  });
}
