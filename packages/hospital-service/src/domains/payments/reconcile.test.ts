import type { Payment } from '@patient/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDate } from '../../platform/clock.ts';
import { freeSlot, newPatient, type Patient, pendingOrder, startPay } from '../../test/booking.ts';
import { type Client, startServer, type TestServer } from '../../test/harness.ts';
import { DEMO_PHONE } from '../accounts/index.ts';
import type { BillRow } from './providers/provider.ts';
import { sandboxProvider } from './providers/sandbox.ts';
import { compareBill, type OurRecord, reconcile, reportText } from './reconcile.ts';
import { sandboxBook } from './sandbox-book.ts';
import { payments, sandboxBill } from './tables.ts';

const pay = (tradeNo: string, amountFen: number): BillRow & OurRecord => ({
  type: 'pay',
  tradeNo,
  providerTradeId: `T-${tradeNo}`,
  amountFen,
});

describe('comparing a bill with our records', () => {
  it('finds nothing when both agree, in any order', () => {
    const rows = [
      pay('HS1', 3000),
      pay('HS2', 1000),
      { ...pay('HS1', 3000), type: 'refund' as const, refundNo: 'RF1' },
    ];
    expect(compareBill(rows, [...rows].reverse())).toEqual([]);
  });

  it('names each kind of difference once: not here, not at the provider, amount, a double charge', () => {
    const bill = [pay('HS1', 3000), pay('HS2', 1000), pay('HS4', 500), pay('HS4', 500), pay('HS9', 2000)];
    const ours = [pay('HS1', 3000), pay('HS2', 1500), pay('HS3', 800), pay('HS4', 500)];
    expect(compareBill(bill, ours)).toEqual([
      { kind: 'AMOUNT', type: 'pay', tradeNo: 'HS2', oursFen: 1500, theirsFen: 1000 },
      { kind: 'NOT_AT_PROVIDER', type: 'pay', tradeNo: 'HS3', oursFen: 800, theirsFen: null },
      { kind: 'AMOUNT', type: 'pay', tradeNo: 'HS4', oursFen: 500, theirsFen: 1000 },
      { kind: 'NOT_HERE', type: 'pay', tradeNo: 'HS9', oursFen: null, theirsFen: 2000 },
    ]);
  });

  it('tells a refund from the payment it belongs to', () => {
    const refund = { ...pay('HS1', 3000), type: 'refund' as const, refundNo: 'RF1' };
    expect(compareBill([pay('HS1', 3000)], [pay('HS1', 3000), refund])).toEqual([
      {
        kind: 'NOT_AT_PROVIDER',
        type: 'refund',
        tradeNo: 'HS1',
        refundNo: 'RF1',
        oursFen: 3000,
        theirsFen: null,
      },
    ]);
  });

  it('prints totals and differences as a table in Chinese, CJK columns aligned', () => {
    const text = reportText({
      provider: 'wechat-pay',
      date: '2026-11-23',
      bill: { pays: 2, payFen: 4000, refunds: 0, refundFen: 0 },
      ours: { pays: 2, payFen: 4500, refunds: 0, refundFen: 0 },
      differences: [{ kind: 'AMOUNT', type: 'pay', tradeNo: 'HS2', oursFen: 1500, theirsFen: 1000 }],
    });
    expect(text).toContain('对账日期：2026-11-23　支付渠道：微信支付');
    const lines = text.split('\n');
    expect(lines).toContain('渠道账单  2         40.00           0         0.00');
    expect(lines).toContain('差异 1 笔：');
    expect(lines).toContain('类型  商户订单号  退款单号  差异        本院金额  渠道金额');
    expect(lines).toContain('收款  HS2         —         金额不一致  15.00     10.00');
  });
});

describe('reconciling a day of the sandbox', () => {
  let server: TestServer;
  let demo: Client;
  let alice: Patient;

  beforeAll(async () => {
    server = await startServer();
    demo = await server.login(DEMO_PHONE);
    alice = await newPatient(server, '13700003001', ['1000']);
  });
  afterAll(() => server?.close());
  const db = () => server.database.db;

  /** An order paid through the sandbox cashier (which books the money it collects). */
  async function paidAtCashier(): Promise<Payment> {
    const orderId = await pendingOrder(alice, '1000', (await freeSlot(demo, '1000')).source.sourceId);
    const started = (await startPay(alice.client, orderId, 'SANDBOX', `/placeOrder/${orderId}`)).body
      .results as {
      payment: Payment;
      sandbox: { cashierUrl: string };
    };
    const confirmed = await alice.client.call('POST', started.sandbox.cashierUrl.replace('?', '/confirm?'), {
      rawBody: '',
      contentType: 'application/x-www-form-urlencoded',
      channel: null,
      headers: { origin: alice.client.base, 'sec-fetch-site': 'same-origin' },
    });
    expect(confirmed.status).toBe(303);
    return { ...started.payment, orderId };
  }

  it('agrees after payments and a refund, then finds exactly the difference made on purpose', async () => {
    const kept = await paidAtCashier();
    const refunded = await paidAtCashier();
    const back = await alice.client.post('/v1/orders/refundFeeAndNum', {
      orderId: refunded.orderId,
      reason: '行程有变',
    });
    expect(back.body).toMatchObject({ state: 200, results: { status: 'REFUNDED' } });
    // The sandbox provider reads its books from the service's database, as the running service's does.
    const provider = sandboxProvider(
      Buffer.alloc(32),
      () => server.clock.now(),
      sandboxBook(db(), server.clock),
    );
    const date = chinaDate(server.clock.now());

    const agreed = await reconcile(db(), provider, date);
    expect(agreed.differences).toEqual([]);
    expect(agreed.bill).toEqual({
      pays: 2,
      payFen: kept.amount + refunded.amount,
      refunds: 1,
      refundFen: refunded.amount,
    });
    expect(agreed.ours).toEqual(agreed.bill);
    expect(reportText(agreed)).toContain('账目一致，无差异。');
    // Another day has nothing.
    expect((await reconcile(db(), provider, '2026-01-01')).bill.pays).toBe(0);

    const [row] = await db()
      .select()
      .from(payments)
      .where(eq(payments.id, Number(kept.paymentId)));
    await db()
      .update(payments)
      .set({ amount: row.amount + 1 })
      .where(eq(payments.id, row.id));
    const found = await reconcile(db(), provider, date);
    expect(found.differences).toEqual([
      { kind: 'AMOUNT', type: 'pay', tradeNo: row.tradeNo, oursFen: row.amount + 1, theirsFen: row.amount },
    ]);
    await expect(reconcile(db(), provider, '2026-13-40')).rejects.toThrow(RangeError);
  });
});

describe('the sandbox cashier confirmed many times at once', () => {
  let server: TestServer;
  let demo: Client;
  let carol: Patient;

  beforeAll(async () => {
    server = await startServer();
    demo = await server.login(DEMO_PHONE);
    carol = await newPatient(server, '13700003002', ['1000']);
  });
  afterAll(() => server?.close());

  it('collects once: 20 simultaneous 确认支付 leave one PAID payment, one pay in its books, a clean reconciliation', async () => {
    const orderId = await pendingOrder(carol, '1000', (await freeSlot(demo, '1000')).source.sourceId);
    const started = (await startPay(carol.client, orderId, 'SANDBOX', `/placeOrder/${orderId}`)).body
      .results as { payment: Payment; sandbox: { cashierUrl: string } };
    const form = started.sandbox.cashierUrl.replace('?', '/confirm?');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        carol.client.call('POST', form, {
          rawBody: '',
          contentType: 'application/x-www-form-urlencoded',
          channel: null,
          headers: { origin: carol.client.base, 'sec-fetch-site': 'same-origin' },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(303));
    const rows = await server.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, Number(orderId)));
    expect(rows).toMatchObject([{ status: 'PAID', provider: 'sandbox' }]);
    const collected = await server.database.db
      .select()
      .from(sandboxBill)
      .where(eq(sandboxBill.tradeNo, rows[0].tradeNo));
    expect(collected).toMatchObject([{ type: 'pay', amount: rows[0].amount }]);
    const provider = sandboxProvider(
      Buffer.alloc(32),
      () => server.clock.now(),
      sandboxBook(server.database.db, server.clock),
    );
    const report = await reconcile(server.database.db, provider, chinaDate(server.clock.now()));
    expect(report.differences).toEqual([]);
    expect(report.bill).toEqual({ pays: 1, payFen: rows[0].amount, refunds: 0, refundFen: 0 });
  });
});
