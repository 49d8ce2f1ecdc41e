import { describe, expect, it } from 'vitest';
import type { HisPerson } from '../patients/index.ts';
import { type BillingHis, BillingHisError, type HisStay } from './his.ts';

/** An implementation under test and two people its HIS has bills and stays for (at one hospital). */
export interface BillingHisUnderTest {
  his: BillingHis;
  person: HisPerson;
  other: HisPerson;
  /** The instant the suite asks at. */
  now: Date;
}

const sum = (amounts: number[]) => amounts.reduce((s, a) => s + a, 0);
const isFen = (n: number) => Number.isInteger(n) && n >= 0;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function expectLines(lines: { quantity: number; unitPrice: number; amount: number; name: string }[]) {
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    expect(line.name.trim()).not.toBe('');
    expect(isFen(line.unitPrice) && isFen(line.amount)).toBe(true);
    expect(line.amount).toBe(Math.round(line.quantity * line.unitPrice));
  }
}

const ref = (stay: HisStay) => ({
  admissionNo: stay.admissionNo,
  admittedOn: stay.admittedOn,
  dischargedOn: stay.dischargedOn,
});

/**
 * What every {@link BillingHis} must do for the service: run with `make` giving a fresh implementation (a real
 * adapter against its test counterpart) and people it knows.
 */
export function billingHisConformance(name: string, make: () => BillingHisUnderTest): void {
  describe(`BillingHis conformance: ${name}`, () => {
    it('answers the same orders and stays for a person every time, others for another person', async () => {
      const { his, person, other } = make();
      const orders = await his.outpatientOrders(person);
      expect(await his.outpatientOrders(person)).toEqual(orders);
      expect(await his.stays(person)).toEqual(await his.stays(person));
      const numbers = new Set(orders.map((o) => o.hisOrderNo));
      expect(numbers.size).toBe(orders.length);
      const theirs = await his.outpatientOrders(other);
      expect(theirs.some((o) => numbers.has(o.hisOrderNo))).toBe(false);
    });

    it('bills whole fen: every item is quantity × unit price, every order has items', async () => {
      const { his, person, now } = make();
      const orders = await his.outpatientOrders(person);
      expect(orders.length).toBeGreaterThan(0);
      for (const order of orders) {
        expectLines(order.items);
        expect(order.prescribedAt.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(order.title.trim()).not.toBe('');
      }
    });

    it('lists each stay’s charges day by day from admission to discharge (or today), in whole fen', async () => {
      const { his, person, now } = make();
      const stays = await his.stays(person);
      expect(stays.length).toBeGreaterThan(0);
      for (const stay of stays) {
        expect(stay.admittedOn).toMatch(ISO_DATE);
        if (stay.dischargedOn !== null) expect(stay.dischargedOn >= stay.admittedOn).toBe(true);
        for (const deposit of stay.counterDeposits) expect(deposit.amountFen).toBeGreaterThan(0);
        const days = await his.stayCharges(ref(stay), now);
        expect(days[0].date).toBe(stay.admittedOn);
        if (stay.dischargedOn !== null) expect(days.at(-1)?.date).toBe(stay.dischargedOn);
        expect(new Set(days.map((d) => d.date)).size).toBe(days.length);
        for (const day of days) expectLines(day.lines);
        expect(await his.stayCharges(ref(stay), now)).toEqual(days);
      }
    });

    it('refuses an admission number it never gave, with BillingHisError', async () => {
      const { his, now } = make();
      const unknown = { admissionNo: 'XX-unknown', admittedOn: '2025-01-01', dischargedOn: null };
      await expect(his.stayCharges(unknown, now)).rejects.toBeInstanceOf(BillingHisError);
    });

    it('confirms an outpatient payment once by our number: the same receipt again, other contents refused', async () => {
      const { his, person, now } = make();
      const [first, second] = await his.outpatientOrders(person);
      const payment = {
        hospitalId: person.hospitalId,
        paymentNo: '9001',
        hisOrderNos: [first.hisOrderNo, second.hisOrderNo],
        amountFen: sum([...first.items, ...second.items].map((i) => i.amount)),
        paidAt: now,
      };
      const receipt = await his.confirmOutpatientPayment(payment);
      expect(receipt.receiptNo.trim()).not.toBe('');
      expect(
        await his.confirmOutpatientPayment({ ...payment, paidAt: new Date(now.getTime() + 60_000) }),
      ).toEqual(receipt);
      await expect(
        his.confirmOutpatientPayment({
          ...payment,
          hisOrderNos: [first.hisOrderNo],
          amountFen: sum(first.items.map((i) => i.amount)),
        }),
      ).rejects.toBeInstanceOf(BillingHisError);
    });

    it('refuses an unknown order and an amount that is not the orders’ total', async () => {
      const { his, person, now } = make();
      const [order] = await his.outpatientOrders(person);
      const amountFen = sum(order.items.map((i) => i.amount));
      const base = { hospitalId: person.hospitalId, hisOrderNos: [order.hisOrderNo], amountFen, paidAt: now };
      await expect(
        his.confirmOutpatientPayment({ ...base, paymentNo: '9002', hisOrderNos: ['NO-SUCH-ORDER'] }),
      ).rejects.toBeInstanceOf(BillingHisError);
      await expect(
        his.confirmOutpatientPayment({ ...base, paymentNo: '9003', amountFen: amountFen + 1 }),
      ).rejects.toBeInstanceOf(BillingHisError);
    });

    it('books a deposit and settles a stay once by our numbers; unknown stays refused', async () => {
      const { his, person, now } = make();
      const stays = await his.stays(person);
      const stay = stays[0];
      const deposit = {
        hospitalId: person.hospitalId,
        admissionNo: stay.admissionNo,
        paymentNo: '9101',
        amountFen: 50_000,
        paidAt: now,
      };
      const booked = await his.confirmDeposit(deposit);
      expect(booked.receiptNo.trim()).not.toBe('');
      expect(await his.confirmDeposit(deposit)).toEqual(booked);
      await expect(his.confirmDeposit({ ...deposit, amountFen: 60_000 })).rejects.toBeInstanceOf(
        BillingHisError,
      );
      await expect(
        his.confirmDeposit({ ...deposit, paymentNo: '9102', admissionNo: 'XX-unknown' }),
      ).rejects.toBeInstanceOf(BillingHisError);

      const settlement = {
        hospitalId: person.hospitalId,
        admissionNo: (stays.find((s) => s.dischargedOn !== null) ?? stay).admissionNo,
        settlementNo: '9201',
        paymentNo: '9202',
        paidFen: 12_345,
        refundFen: 0,
        at: now,
      };
      const settled = await his.settleStay(settlement);
      expect(settled.receiptNo.trim()).not.toBe('');
      expect(settled.paymentReceiptNo?.trim()).toBeTruthy();
      expect(await his.settleStay(settlement)).toEqual(settled);
      const covered = await his.settleStay({
        ...settlement,
        settlementNo: '9203',
        paymentNo: null,
        paidFen: 0,
        refundFen: 500,
      });
      expect(covered.paymentReceiptNo).toBeNull();
      await expect(
        his.settleStay({ ...settlement, settlementNo: '9204', admissionNo: 'XX-unknown' }),
      ).rejects.toBeInstanceOf(BillingHisError);
    });
  });
}
