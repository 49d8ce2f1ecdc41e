import type { InpatientStay, OutpatientCharge, OutpatientOrder, Payment } from '@patient/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notification, tradeNoOf } from '../../test/booking.ts';
import {
  addCertifiedContact,
  type Client,
  person,
  proveContact,
  startServer,
  type TestServer,
} from '../../test/harness.ts';
import { type SwitchablePort, switchablePort } from '../../test/outside.ts';
import { payments } from '../payments/index.ts';
import { type BillingHis, BillingHisError, SimulatedBillingHis } from './index.ts';
import { inpatientPayments, inpatientStays, outpatientCharges, outpatientOrders } from './tables.ts';

/** The billing HIS fails or does not answer: the patient gets 503 in Chinese and nothing changes here. */
let server: TestServer;
let his: SwitchablePort<BillingHis>;

beforeAll(async () => {
  const clock = { now: () => server.clock.now() };
  his = switchablePort<BillingHis>(new SimulatedBillingHis(() => clock.now()), 300);
  server = await startServer({ ports: { billingHis: his.port } });
});
afterAll(() => server?.close());

const DOWN = {
  state: 503,
  msg: '医院收费系统（HIS）暂不可用',
  subMsg: '医院收费系统（HIS）暂时无法访问，请稍后再试（本次操作未生效）',
};
const SLOW = {
  state: 503,
  msg: '医院收费系统（HIS）暂不可用',
  subMsg: '医院收费系统（HIS）响应超时，请稍后再试（本次操作未生效）',
};

let phones = 0;
async function newPatient() {
  const client = await server.login(`1370002${String(1000 + ++phones).slice(-4)}`);
  const contact = await addCertifiedContact(client, person(70 + phones, { relation: 'SELF' }));
  await proveContact(server, client, contact.contactId);
  return { client, contactId: contact.contactId, id: Number(contact.contactId) };
}

const unpaid = (client: Client, contactId: string) =>
  client.post<OutpatientOrder[]>('/v1/outpatient/officeCharges/1000', { contactId });
const stays = (client: Client, contactId: string) =>
  client.post<InpatientStay[]>('/v1/inpatient/inpatientInfoList/1000', { contactId });

const rowsOf = async (contactId: number) => ({
  orders: await server.database.db
    .select()
    .from(outpatientOrders)
    .where(eq(outpatientOrders.contactId, contactId)),
  stays: await server.database.db
    .select()
    .from(inpatientStays)
    .where(eq(inpatientStays.contactId, contactId)),
});

async function startPay(client: Client, orderType: string, orderId: string) {
  const started = await client.post<{ payment: Payment }>('/v1/pay_orders/js_pay', {
    orderType,
    orderId,
    channel: 'SANDBOX',
  });
  expect(started.body, started.text).toMatchObject({ state: 200 });
  const payment = started.body.results?.payment as Payment;
  return { payment, notice: notification(payment, await tradeNoOf(server, payment.paymentId)) };
}

const paymentRow = async (paymentId: string) =>
  (
    await server.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, Number(paymentId)))
  )[0];

describe('billing HIS outage', () => {
  it('first listing: down or hanging → 503 and nothing copied; up again → the bills', async () => {
    const { client, contactId, id } = await newPatient();
    his.fail();
    expect((await unpaid(client, contactId)).body).toMatchObject(DOWN);
    his.hang();
    expect((await stays(client, contactId)).body).toMatchObject(SLOW);
    expect(await rowsOf(id)).toEqual({ orders: [], stays: [] });
    his.restore();
    expect((await unpaid(client, contactId)).body.results).toHaveLength(4);
  });

  it('a payment the HIS cannot confirm is not applied: the charge stays pending, the orders unpaid', async () => {
    const { client, contactId, id } = await newPatient();
    const orders = (await unpaid(client, contactId)).body.results as OutpatientOrder[];
    const merged = await client.post<OutpatientCharge>('/v1/interOfficePayment/orderUniformly', {
      hospitalId: '1000',
      contactId,
      orderIds: orders.slice(0, 2).map((o) => o.orderId),
    });
    const charge = merged.body.results as OutpatientCharge;
    const { payment, notice } = await startPay(client, 'OUTPATIENT_FEE', charge.chargeId);

    his.fail();
    expect((await server.client().post('/v1/pay_orders/notify', notice)).body).toMatchObject(DOWN);
    const [kept] = await server.database.db
      .select()
      .from(outpatientCharges)
      .where(eq(outpatientCharges.id, Number(charge.chargeId)));
    expect(kept).toMatchObject({ status: 'PENDING', paidAt: null, receiptNo: null });
    const still = await server.database.db
      .select()
      .from(outpatientOrders)
      .where(and(eq(outpatientOrders.contactId, id), eq(outpatientOrders.status, 'UNPAID')));
    expect(still).toHaveLength(4);
    expect((await paymentRow(payment.paymentId)).status).not.toBe('PAID');

    his.restore();
    const notified = await server.client().post('/v1/pay_orders/notify', notice);
    expect(notified.body, notified.text).toMatchObject({ state: 200, results: { applied: true } });
    const paid = (await client.get<OutpatientCharge>(`/v1/outpatient/charge/${charge.chargeId}`)).body
      .results;
    expect(paid).toMatchObject({ status: 'PAID', receiptNo: expect.stringMatching(/^MZ\d{16}$/) });
  });

  it('a payment the HIS refuses goes back whole with the HIS’s reason; the orders can be paid again', async () => {
    const { client, contactId } = await newPatient();
    const orders = (await unpaid(client, contactId)).body.results as OutpatientOrder[];
    const merged = await client.post<OutpatientCharge>('/v1/interOfficePayment/orderUniformly', {
      hospitalId: '1000',
      contactId,
      orderIds: [orders[0].orderId],
    });
    const charge = merged.body.results as OutpatientCharge;
    const { notice } = await startPay(client, 'OUTPATIENT_FEE', charge.chargeId);
    his.refuse(() => new BillingHisError('处方已在窗口缴费'));
    expect((await server.client().post('/v1/pay_orders/notify', notice)).body).toMatchObject({ state: 200 });
    his.restore();
    const after = (await client.get<OutpatientCharge>(`/v1/outpatient/charge/${charge.chargeId}`)).body
      .results;
    expect(after?.status).toMatch(/^REFUND/);
    expect(after?.refundReason).toBe('医院收费系统未确认本次缴费（处方已在窗口缴费），支付款项已原路退回');
    expect((await unpaid(client, contactId)).body.results?.map((o) => o.orderId)).toContain(
      orders[0].orderId,
    );
  });

  it('a stay’s charges and a deposit the HIS cannot book: 503, the deposit still waiting', async () => {
    const { client, contactId } = await newPatient();
    const inHospital = ((await stays(client, contactId)).body.results as InpatientStay[]).find(
      (s) => s.status === 'IN_HOSPITAL',
    ) as InpatientStay;
    his.hang();
    expect((await client.get(`/v1/inpatient/feeTotal/${inHospital.inpatientId}`)).body).toMatchObject(SLOW);
    his.restore();
    const deposit = await client.post<{ depositId: string }>('/v1/inpatient/advancePayment', {
      inpatientId: inHospital.inpatientId,
      amount: 50_000,
    });
    expect(deposit.body, deposit.text).toMatchObject({ state: 200 });
    const depositId = deposit.body.results?.depositId as string;
    const { notice } = await startPay(client, 'INPATIENT_DEPOSIT', depositId);
    his.fail();
    expect((await server.client().post('/v1/pay_orders/notify', notice)).body).toMatchObject(DOWN);
    const [row] = await server.database.db
      .select()
      .from(inpatientPayments)
      .where(eq(inpatientPayments.id, Number(depositId)));
    expect(row).toMatchObject({ status: 'PENDING', paidAt: null, receiptNo: null });
    his.restore();
    expect((await server.client().post('/v1/pay_orders/notify', notice)).body).toMatchObject({ state: 200 });
  });
});
