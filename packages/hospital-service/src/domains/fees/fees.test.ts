import type {
  InpatientDeposit,
  InpatientSettlement,
  InpatientStay,
  OutpatientCharge,
  OutpatientOrder,
  Payment,
} from '@patient/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chinaDate, DAY, HOUR, MINUTE } from '../../platform/clock.ts';
import { notification, tradeNoOf } from '../../test/booking.ts';
import { TEST_START } from '../../test/constants.ts';
import {
  addCertifiedContact,
  type Client,
  person,
  proveContact,
  startServer,
  type TestServer,
} from '../../test/harness.ts';
import { DEMO_PHONE } from '../accounts/index.ts';
import { payments, refunds } from '../payments/index.ts';
import { dischargeInpatient, invalidateOutpatientOrder } from './index.ts';
import { outpatientOrders } from './tables.ts';

/** Outpatient and inpatient fees over HTTP, paid through payments' sandbox provider. */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());
afterEach(() => server.clock.set(TEST_START));

let phoneSeq = 0;
/** A new account with a certified 本人 contact, proven by the HIS phone’s code (certification alone proves nothing). */
async function newPatient() {
  phoneSeq += 1;
  const client = await server.login(`1370001${String(1000 + phoneSeq).slice(-4)}`);
  const contact = await addCertifiedContact(client, person(40 + phoneSeq, { relation: 'SELF' }));
  await proveContact(server, client, contact.contactId);
  return { client, contactId: contact.contactId };
}

const unpaid = async (client: Client, contactId: string) => {
  const answer = await client.post<OutpatientOrder[]>('/v1/outpatient/officeCharges/1000', { contactId });
  expect(answer.body, answer.text).toMatchObject({ state: 200 });
  return answer.body.results as OutpatientOrder[];
};

const merge = (client: Client, contactId: string, orderIds: string[]) =>
  client.post<OutpatientCharge>('/v1/interOfficePayment/orderUniformly', {
    hospitalId: '1000',
    contactId,
    orderIds,
  });

async function payOrder(client: Client, orderType: string, orderId: string): Promise<Payment> {
  const started = await client.post<{ payment: Payment }>('/v1/pay_orders/js_pay', {
    orderType,
    orderId,
    channel: 'SANDBOX',
  });
  expect(started.body, started.text).toMatchObject({ state: 200 });
  const payment = started.body.results?.payment as Payment;
  const tradeNo = await tradeNoOf(server, payment.paymentId);
  const notified = await server.client().post('/v1/pay_orders/notify', notification(payment, tradeNo));
  expect(notified.body, notified.text).toMatchObject({ state: 200, results: { applied: true } });
  return payment;
}

describe('outpatient fees', () => {
  it('lists the visit’s unpaid orders by category with their items, for the demo account too', async () => {
    const demo = await server.login(DEMO_PHONE);
    const contacts = (await demo.get<{ contactId: string; contactDO: { relation: string } }[]>('/contacts'))
      .body.results;
    const self = contacts?.find((c) => c.contactDO.relation === 'SELF');
    const orders = await unpaid(demo, self?.contactId ?? '');
    expect(orders.map((o) => o.category)).toEqual([
      'WESTERN_MEDICINE',
      'EXAMINATION',
      'LABORATORY',
      'TREATMENT',
    ]);
    const drugs = orders[0];
    expect(drugs).toMatchObject({ status: 'UNPAID', department: '呼吸内科', chargeId: null });
    expect(drugs.items[0]).toEqual({
      name: '阿莫西林胶囊',
      specification: '0.25g×24粒',
      quantity: 2,
      unit: '盒',
      unitPrice: 1_850,
      amount: 3_700,
    });
    expect(drugs.amount).toBe(drugs.items.reduce((s, i) => s + i.amount, 0));
    // The same again: copied once.
    expect((await unpaid(demo, self?.contactId ?? '')).map((o) => o.orderId)).toEqual(
      orders.map((o) => o.orderId),
    );
    const detail = await demo.get<OutpatientOrder>(`/v1/outpatient/officeChargeDetails/${drugs.orderId}`);
    expect(detail.body.results).toEqual(drugs);
    // By card: the card's contact (masked), and the list for that card.
    const cards =
      (await demo.get<{ medicalCardNo: string }[]>(`/cardInfo/${self?.contactId}`, { hospitalId: '1000' }))
        .body.results ?? [];
    const cardNo = cards[0].medicalCardNo;
    const byCard = await demo.get('/v1/contact/queryPatientInfoByCardNo', { hospitalId: '1000', cardNo });
    expect(byCard.body.results).toEqual({
      contactId: self?.contactId,
      patientName: '张*',
      medicalCardNo: cardNo,
    });
    const forCard = await demo.post<OutpatientOrder[]>('/v1/outpatient/officeCharges/1000', {
      contactId: self?.contactId,
      medicalCardNo: cardNo,
    });
    expect(forCard.body.results?.map((o) => o.orderId)).toEqual(orders.map((o) => o.orderId));
    // Another account cannot look the card up.
    const stranger = await newPatient();
    const strangers = await stranger.client.get('/v1/contact/queryPatientInfoByCardNo', {
      hospitalId: '1000',
      cardNo,
    });
    expect(strangers.body).toMatchObject({ state: 404 });
  });

  it('merges two orders into one locked charge, pays them together and lists them as paid', async () => {
    const { client, contactId } = await newPatient();
    const [a, b, c] = await unpaid(client, contactId);
    const merged = await merge(client, contactId, [a.orderId, b.orderId]);
    expect(merged.body, merged.text).toMatchObject({ state: 200 });
    const charge = merged.body.results as OutpatientCharge;
    expect(charge).toMatchObject({
      status: 'PENDING',
      total: a.amount + b.amount,
      selfPays: a.amount + b.amount,
    });
    expect(charge.lockExpiresAt).toBe(new Date(Date.parse(TEST_START) + 15 * MINUTE).toISOString());
    // Locked at the HIS while paying.
    const listed = await unpaid(client, contactId);
    expect(listed.map((o) => o.status)).toEqual(['LOCKED', 'LOCKED', 'UNPAID', 'UNPAID']);
    // The terminal's QR code while it is locked.
    const qr = await client.get<{ content: string }>('/v1/common/qrCode', { chargeId: charge.chargeId });
    expect(qr.body.results?.content).toMatch(/^MZJF1000\d{10}[0-9A-F]{12}$/);

    const payment = await payOrder(client, 'OUTPATIENT_FEE', charge.chargeId);
    expect(payment.amount).toBe(charge.total);
    const after = (await client.get<OutpatientCharge>(`/v1/outpatient/charge/${charge.chargeId}`)).body
      .results as OutpatientCharge;
    expect(after).toMatchObject({ status: 'PAID', refundable: false });
    expect(after.receiptNo).toMatch(/^MZ\d{8}\d{8}$/);
    expect(after.orders.map((o) => o.status)).toEqual(['PAID', 'PAID']);
    expect((await unpaid(client, contactId)).map((o) => o.orderId)).toEqual([c.orderId, listed[3].orderId]);
    const history = await client.post<OutpatientCharge[]>('/v1/outpatient/chargedFee/1000', { contactId });
    expect(history.body.results?.map((h) => h.chargeId)).toEqual([charge.chargeId]);
    // A second merge of a paid order is refused.
    expect((await merge(client, contactId, [a.orderId])).body).toMatchObject({ state: 409 });
  });

  it('unlocks the orders when the patient cancels, when the lock expires, and when they merge again', async () => {
    const { client, contactId } = await newPatient();
    const [a, b] = await unpaid(client, contactId);
    const first = (await merge(client, contactId, [a.orderId])).body.results as OutpatientCharge;
    const started = await client.post<{ payment: Payment }>('/v1/pay_orders/js_pay', {
      orderType: 'OUTPATIENT_FEE',
      orderId: first.chargeId,
      channel: 'SANDBOX',
    });
    const paymentId = started.body.results?.payment.paymentId;
    const cancelled = await client.post<OutpatientCharge>(
      `/v1/outpatient/cancelChargePrePay/${first.chargeId}`,
    );
    expect(cancelled.body.results).toMatchObject({ status: 'CANCELLED' });
    expect((await unpaid(client, contactId))[0]).toMatchObject({ status: 'UNPAID', chargeId: null });
    expect((await client.get<Payment>(`/v1/pay_orders/${paymentId}`)).body.results?.status).toBe('CLOSED');

    // Expiry: the lock ends by itself; billLock renews it while the orders are free.
    const second = (await merge(client, contactId, [a.orderId, b.orderId])).body.results as OutpatientCharge;
    server.clock.advance(16 * MINUTE);
    expect((await unpaid(client, contactId))[0].status).toBe('UNPAID');
    expect(
      (await client.get<OutpatientCharge>(`/v1/outpatient/charge/${second.chargeId}`)).body.results?.status,
    ).toBe('EXPIRED');
    const renewed = await client.post<OutpatientCharge>(`/v1/outpatient/billLock/${second.chargeId}`, {
      lock: true,
    });
    expect(renewed.body.results).toMatchObject({ status: 'PENDING' });
    expect((await unpaid(client, contactId))[0].status).toBe('LOCKED');

    // Merging again gives the earlier pending charge up.
    const third = (await merge(client, contactId, [b.orderId])).body.results as OutpatientCharge;
    expect(
      (await client.get<OutpatientCharge>(`/v1/outpatient/charge/${second.chargeId}`)).body.results?.status,
    ).toBe('CANCELLED');
    const unlocked = await client.post<OutpatientCharge>(`/v1/outpatient/billLock/${third.chargeId}`, {
      lock: false,
    });
    expect(unlocked.body.results).toMatchObject({ status: 'CANCELLED' });
    expect((await unpaid(client, contactId)).map((o) => o.status)).toEqual([
      'UNPAID',
      'UNPAID',
      'UNPAID',
      'UNPAID',
    ]);
    // A cancelled charge cannot be paid.
    const refused = await client.post('/v1/pay_orders/js_pay', {
      orderType: 'OUTPATIENT_FEE',
      orderId: third.chargeId,
      channel: 'SANDBOX',
    });
    expect(refused.body).toMatchObject({ state: 409, msg: '缴费单已取消' });
  });

  it('refunds a paid charge whole when the HIS invalidated one of its orders; the others are payable again', async () => {
    const { client, contactId } = await newPatient();
    const [a, b] = await unpaid(client, contactId);
    const charge = (await merge(client, contactId, [a.orderId, b.orderId])).body.results as OutpatientCharge;
    // Not refundable while every order stands.
    expect((await client.post(`/v1/outpatient/invalidOrder/refund/${charge.chargeId}`)).body).toMatchObject({
      state: 409,
    });
    const payment = await payOrder(client, 'OUTPATIENT_FEE', charge.chargeId);
    expect(await invalidateOutpatientOrder(server.database.db, Number(b.orderId), server.clock.now())).toBe(
      true,
    );
    const before = (await client.get<OutpatientCharge>(`/v1/outpatient/charge/${charge.chargeId}`)).body
      .results;
    expect(before).toMatchObject({ refundable: true });
    expect(before?.orders.map((o) => o.status)).toEqual(['PAID', 'INVALIDATED']);

    const refunded = await client.post<OutpatientCharge>(
      `/v1/outpatient/invalidOrder/refund/${charge.chargeId}`,
    );
    expect(refunded.body, refunded.text).toMatchObject({ state: 200, results: { status: 'REFUNDED' } });
    expect(refunded.body.results?.refundReason).toBe('处方已作废：胸部CT平扫');
    const [refund] = await server.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, Number(payment.paymentId)));
    expect(refund).toMatchObject({ amount: charge.total, status: 'SUCCESS' });
    const [paymentRow] = await server.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, Number(payment.paymentId)));
    expect(paymentRow.status).toBe('REFUNDED');
    const rows = await server.database.db
      .select()
      .from(outpatientOrders)
      .where(eq(outpatientOrders.contactId, Number(contactId)));
    const statusOf = (id: string) => rows.find((r) => r.id === Number(id))?.status;
    expect([statusOf(a.orderId), statusOf(b.orderId)]).toEqual(['UNPAID', 'REFUNDED']);
    expect((await unpaid(client, contactId)).map((o) => o.orderId)).toContain(a.orderId);
    // Once only.
    expect((await client.post(`/v1/outpatient/invalidOrder/refund/${charge.chargeId}`)).body).toMatchObject({
      state: 409,
    });
  });

  it('pays the covered part through insurance (the payments domain’s split), the rest in cash', async () => {
    const { client, contactId } = await newPatient();
    const [drugs, , , treatment] = await unpaid(client, contactId);
    const charge = (await merge(client, contactId, [drugs.orderId, treatment.orderId])).body
      .results as OutpatientCharge;
    const started = await client.get<{ url: string }>('/v1/insurance/authorization', {
      hospitalId: '1000',
      contactId,
      returnPath: `/medicalInsurance/transit?from=outpatientFee&orderId=${charge.chargeId}`,
    });
    const back = await client.call('POST', started.body.results?.url as string, {
      rawBody: '',
      contentType: 'application/x-www-form-urlencoded',
      channel: null,
      headers: { origin: client.base, 'sec-fetch-site': 'same-origin' },
    });
    const authCode = new URL(back.headers.get('location') as string, server.base).searchParams.get(
      'authCode',
    );
    const { payAuthNo } = (await client.post<{ payAuthNo: string }>('/v1/auth/payAuthNo', { authCode })).body
      .results as { payAuthNo: string };
    const split = await client.post<{ total: number; fundPays: number; selfPays: number }>(
      '/v1/pay_orders/selfOrMedicalPreSettle',
      { orderType: 'OUTPATIENT_FEE', orderId: charge.chargeId, mode: 'MEDICAL', payAuthNo },
    );
    expect(split.body, split.text).toMatchObject({ state: 200 });
    const { total, fundPays, selfPays } = split.body.results as {
      total: number;
      fundPays: number;
      selfPays: number;
    };
    expect(total).toBe(drugs.amount + treatment.amount);
    // The fund pays 70% of the drugs; the nebuliser order is not covered by the HIS: all cash.
    expect(fundPays).toBe(Math.floor((drugs.amount * 70) / 100));
    expect(selfPays).toBeLessThan(total);
    const payment = await payOrder(client, 'OUTPATIENT_FEE', charge.chargeId);
    expect(payment.amount).toBe(selfPays);
    const paid = (await client.get<OutpatientCharge>(`/v1/outpatient/charge/${charge.chargeId}`)).body
      .results;
    expect(paid).toMatchObject({ status: 'PAID', selfPays, insurancePays: total - selfPays });
  });

  it('answers another account’s contact, order and charge as if they did not exist, and changes nothing', async () => {
    const owner = await newPatient();
    const stranger = await newPatient();
    const [a] = await unpaid(owner.client, owner.contactId);
    const charge = (await merge(owner.client, owner.contactId, [a.orderId])).body.results as OutpatientCharge;
    for (const answer of [
      await stranger.client.post('/v1/outpatient/officeCharges/1000', { contactId: owner.contactId }),
      await stranger.client.post('/v1/outpatient/chargedFee/1000', { contactId: owner.contactId }),
      await stranger.client.get(`/v1/outpatient/officeChargeDetails/${a.orderId}`),
      await stranger.client.get(`/v1/outpatient/charge/${charge.chargeId}`),
      await stranger.client.post(`/v1/outpatient/cancelChargePrePay/${charge.chargeId}`),
      await stranger.client.post(`/v1/outpatient/billLock/${charge.chargeId}`, { lock: false }),
      await stranger.client.post(`/v1/outpatient/invalidOrder/refund/${charge.chargeId}`),
      await stranger.client.get('/v1/common/qrCode', { chargeId: charge.chargeId }),
      await merge(stranger.client, stranger.contactId, [a.orderId]),
    ]) {
      expect(answer.body, answer.text).toMatchObject({ state: 404 });
    }
    const js = await stranger.client.post('/v1/pay_orders/js_pay', {
      orderType: 'OUTPATIENT_FEE',
      orderId: charge.chargeId,
      channel: 'SANDBOX',
    });
    expect(js.body.state).toBe(404);
    expect(
      (await owner.client.get<OutpatientCharge>(`/v1/outpatient/charge/${charge.chargeId}`)).body.results
        ?.status,
    ).toBe('PENDING');
  });

  it('refuses bad input with a Chinese message', async () => {
    const { client, contactId } = await newPatient();
    const empty = await merge(client, contactId, []);
    expect(empty.status).toBe(400);
    expect(empty.body.subMsg).toMatch(/[\u4e00-\u9fa5]/);
    const badId = await client.get('/v1/outpatient/charge/abc!');
    expect(badId.status).toBe(400);
    const lock = await client.post('/v1/outpatient/billLock/1', { lock: 'yes' });
    expect(lock.status).toBe(400);
    const card = await client.get('/v1/contact/queryPatientInfoByCardNo', {
      hospitalId: '1000',
      cardNo: 'NONE1',
    });
    expect(card.body).toMatchObject({ state: 404, msg: '就诊卡不存在' });
    const badCard = await client.post('/v1/outpatient/officeCharges/1000', {
      contactId,
      medicalCardNo: 'X12345',
    });
    expect(badCard.body).toMatchObject({ state: 404, msg: '就诊卡不存在' });
  });
});

describe('inpatient fees', () => {
  const stays = async (client: Client, contactId: string) =>
    (await client.post<InpatientStay[]>('/v1/inpatient/inpatientInfoList/1000', { contactId })).body
      .results as InpatientStay[];

  it('shows the stay in progress with its deposit, cost so far, balance and the low-balance warning', async () => {
    const { client, contactId } = await newPatient();
    const current = (await client.post<InpatientStay>('/v1/inpatient/inpatientInfo/1000', { contactId })).body
      .results as InpatientStay;
    expect(current).toMatchObject({
      status: 'IN_HOSPITAL',
      department: '心血管内科',
      days: 5,
      deposit: 150_000,
      dischargedOn: null,
      warningLine: 100_000,
    });
    expect(current.balance).toBe(current.deposit - current.cost);
    expect(current.lowBalance).toBe(current.balance < 100_000);
    const total = (
      await client.get<{ categories: { category: string; amount: number }[]; total: number }>(
        `/v1/inpatient/feeTotal/${current.inpatientId}`,
      )
    ).body.results;
    expect(total?.total).toBe(current.cost);
    expect(total?.categories.reduce((s, c) => s + c.amount, 0)).toBe(current.cost);
    expect(total?.categories.map((c) => c.category)).toContain('床位费');
    const report = (
      await client.get<{ days: { date: string; amount: number }[] }>(
        `/v1/inpatient/dayReport/${current.inpatientId}`,
      )
    ).body.results;
    expect(report?.days).toHaveLength(5);
    const day = report?.days[0];
    const detail = (
      await client.get<{ total: number; items: { amount: number; quantity: number; unitPrice: number }[] }>(
        `/v1/inpatient/feeDetail/${current.inpatientId}`,
        { date: day?.date ?? '' },
      )
    ).body.results;
    expect(detail?.total).toBe(day?.amount);
    for (const item of detail?.items ?? []) expect(item.amount).toBe(item.quantity * item.unitPrice);
    // The daily charges grow with the clock.
    server.clock.advance(DAY - HOUR);
    const later = (await client.post<InpatientStay>('/v1/inpatient/inpatientInfo/1000', { contactId })).body
      .results as InpatientStay;
    expect(later.days).toBe(6);
    expect(later.cost).toBeGreaterThan(current.cost);
    expect((await stays(client, contactId)).map((s) => s.status)).toEqual(['IN_HOSPITAL', 'DISCHARGED']);
    const outside = await client.get(`/v1/inpatient/feeDetail/${current.inpatientId}`, {
      date: '2020-01-01',
    });
    expect(outside.body).toMatchObject({ state: 404 });
    const badDate = await client.get(`/v1/inpatient/feeDetail/${current.inpatientId}`, { date: '1月1日' });
    expect(badDate.status).toBe(400);
    expect(badDate.body.subMsg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('takes a deposit within the limits through payments and raises the balance', async () => {
    const { client, contactId } = await newPatient();
    const stay = (await client.post<InpatientStay>('/v1/inpatient/inpatientInfo/1000', { contactId })).body
      .results as InpatientStay;
    for (const amount of [0, 9_999, 5_000_001]) {
      const refused = await client.post('/v1/inpatient/advancePayment', {
        inpatientId: stay.inpatientId,
        amount,
      });
      expect(refused.status, String(amount)).toBe(400);
      expect(refused.body.subMsg).toBe('充值金额应在 100 元至 50000 元之间');
    }
    const fraction = await client.post('/v1/inpatient/advancePayment', {
      inpatientId: stay.inpatientId,
      amount: 10.5,
    });
    expect(fraction.status).toBe(400);
    const deposit = (
      await client.post<InpatientDeposit>('/v1/inpatient/advancePayment', {
        inpatientId: stay.inpatientId,
        amount: 100_000,
      })
    ).body.results as InpatientDeposit;
    expect(deposit).toMatchObject({ status: 'PENDING', channel: 'ONLINE', amount: 100_000 });
    await payOrder(client, 'INPATIENT_DEPOSIT', deposit.depositId);
    const after = (await client.post<InpatientStay>('/v1/inpatient/inpatientInfo/1000', { contactId })).body
      .results as InpatientStay;
    expect(after.deposit).toBe(250_000);
    expect(after.balance).toBe(stay.balance + 100_000);
    const history = (
      await client.get<InpatientDeposit[]>(`/v1/inpatient/advancePayment/history/${stay.inpatientId}`)
    ).body.results as InpatientDeposit[];
    expect(history.map((d) => [d.channel, d.status, d.amount])).toEqual([
      ['ONLINE', 'PAID', 100_000],
      ['COUNTER', 'PAID', 150_000],
    ]);
    expect(
      (await client.get<InpatientDeposit>(`/v1/inpatient/advancePayment/${deposit.depositId}`)).body.results,
    ).toMatchObject({ status: 'PAID' });
    // No deposit for a discharged stay.
    const discharged = (await stays(client, contactId)).find((s) => s.status === 'DISCHARGED');
    const late = await client.post('/v1/inpatient/advancePayment', {
      inpatientId: discharged?.inpatientId,
      amount: 100_000,
    });
    expect(late.body).toMatchObject({ state: 409 });
  });

  it('pre-settles a discharged stay, takes what is owed through payments and gives the receipt', async () => {
    const { client, contactId } = await newPatient();
    const discharged = (await stays(client, contactId)).find(
      (s) => s.status === 'DISCHARGED',
    ) as InpatientStay;
    expect(
      (await client.get(`/v1/inpatient/inhospitalReceipt/${discharged.inpatientId}`)).body,
    ).toMatchObject({
      state: 409,
    });
    const pre = (
      await client.post<InpatientSettlement>(`/v1/inpatient/inhospitalPreSettle/${discharged.inpatientId}`)
    ).body.results as InpatientSettlement;
    expect(pre).toMatchObject({ status: 'TO_PAY', deposit: 100_000, refund: 0 });
    expect(pre.owed).toBe(pre.total - pre.deposit);
    expect(pre.settlementId).not.toBeNull();
    // Asked again: the same settlement.
    const again = (
      await client.post<InpatientSettlement>(`/v1/inpatient/inhospitalPreSettle/${discharged.inpatientId}`)
    ).body.results as InpatientSettlement;
    expect(again.settlementId).toBe(pre.settlementId);
    const payment = await payOrder(client, 'INPATIENT_SETTLEMENT', pre.settlementId as string);
    expect(payment.amount).toBe(pre.owed);
    const receipt = await client.get<{ receiptNo: string; paid: number; settlement: InpatientSettlement }>(
      `/v1/inpatient/inhospitalReceipt/${discharged.inpatientId}`,
    );
    expect(receipt.body.results).toMatchObject({
      paid: pre.owed,
      settlement: { status: 'SETTLED', owed: 0 },
    });
    // The stay in progress cannot be settled yet.
    const current = (await stays(client, contactId)).find((s) => s.status === 'IN_HOSPITAL') as InpatientStay;
    const inHospital = (
      await client.post<InpatientSettlement>(`/v1/inpatient/inhospitalPreSettle/${current.inpatientId}`)
    ).body.results;
    expect(inHospital).toMatchObject({ status: 'IN_HOSPITAL', settlementId: null });
  });

  it('gives a surplus back at discharge: whole online deposits through payments, the rest at the desk', async () => {
    const { client, contactId } = await newPatient();
    const stay = (await client.post<InpatientStay>('/v1/inpatient/inpatientInfo/1000', { contactId })).body
      .results as InpatientStay;
    const paidOnline: string[] = [];
    for (const amount of [300_000, 200_000]) {
      const deposit = (
        await client.post<InpatientDeposit>('/v1/inpatient/advancePayment', {
          inpatientId: stay.inpatientId,
          amount,
        })
      ).body.results as InpatientDeposit;
      await payOrder(client, 'INPATIENT_DEPOSIT', deposit.depositId);
      paidOnline.push(deposit.depositId);
    }
    expect(
      await dischargeInpatient(server.database.db, Number(stay.inpatientId), chinaDate(server.clock.now())),
    ).toBe(true);
    const settled = (
      await client.post<InpatientSettlement>(`/v1/inpatient/inhospitalPreSettle/${stay.inpatientId}`)
    ).body.results as InpatientSettlement;
    expect(settled).toMatchObject({ status: 'SETTLED', owed: 0, deposit: 650_000, settlementId: null });
    expect(settled.refund).toBe(650_000 - settled.total);
    // The surplus is above ¥5,000: both online deposits go back whole, the rest (of the desk's ¥1,500) there.
    expect(settled.refundOnline).toBe(500_000);
    expect(settled.refundAtDesk).toBe(settled.refund - 500_000);
    const history = (
      await client.get<InpatientDeposit[]>(`/v1/inpatient/advancePayment/history/${stay.inpatientId}`)
    ).body.results as InpatientDeposit[];
    expect(history.map((d) => [d.channel, d.status])).toEqual([
      ['ONLINE', 'REFUNDED'],
      ['ONLINE', 'REFUNDED'],
      ['COUNTER', 'PAID'],
    ]);
    for (const depositId of paidOnline) {
      const [payment] = await server.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.orderType, 'INPATIENT_DEPOSIT'), eq(payments.orderId, Number(depositId))));
      expect(payment.status).toBe('REFUNDED');
    }
    const receipt = (
      await client.get<{ settlement: InpatientSettlement }>(
        `/v1/inpatient/inhospitalReceipt/${stay.inpatientId}`,
      )
    ).body.results;
    expect(receipt?.settlement).toMatchObject({ refundOnline: 500_000, deposit: 650_000, status: 'SETTLED' });
  });

  it('finds discharged stays by ID card and name among the account’s own contacts only', async () => {
    const owner = await newPatient();
    const stranger = await newPatient();
    const who = person(40 + phoneSeq - 1, { relation: 'SELF' });
    const found = await owner.client.post<InpatientStay[]>('/v1/inpatient/dischargedStays/1000', {
      idCard: who.documentNumber,
      patientName: who.name,
    });
    expect(found.body.results?.map((s) => s.status)).toEqual(['DISCHARGED']);
    expect(found.body.results?.[0].patientName).not.toBe(who.name);
    const ownerWho = person(40 + phoneSeq - 1);
    const other = await stranger.client.post<InpatientStay[]>('/v1/inpatient/dischargedStays/1000', {
      idCard: ownerWho.documentNumber,
      patientName: ownerWho.name,
    });
    expect(other.body.results).toEqual(
      // the stranger's own person is phoneSeq; the owner's is phoneSeq - 1: nothing of the owner's
      [],
    );
    const bad = await owner.client.post('/v1/inpatient/dischargedStays/1000', {
      idCard: '123',
      patientName: '张三',
    });
    expect(bad.status).toBe(400);
  });

  it('answers another account’s stay, deposit and settlement as if they did not exist', async () => {
    const owner = await newPatient();
    const stranger = await newPatient();
    const stay = (await stays(owner.client, owner.contactId))[0];
    const deposit = (
      await owner.client.post<InpatientDeposit>('/v1/inpatient/advancePayment', {
        inpatientId: stay.inpatientId,
        amount: 20_000,
      })
    ).body.results as InpatientDeposit;
    for (const answer of [
      await stranger.client.post('/v1/inpatient/inpatientInfo/1000', { contactId: owner.contactId }),
      await stranger.client.post('/v1/inpatient/inpatientInfoList/1000', { contactId: owner.contactId }),
      await stranger.client.get(`/v1/inpatient/feeTotal/${stay.inpatientId}`),
      await stranger.client.get(`/v1/inpatient/dayReport/${stay.inpatientId}`),
      await stranger.client.get(`/v1/inpatient/feeDetail/${stay.inpatientId}`, { date: stay.admittedOn }),
      await stranger.client.post('/v1/inpatient/advancePayment', {
        inpatientId: stay.inpatientId,
        amount: 20_000,
      }),
      await stranger.client.get(`/v1/inpatient/advancePayment/${deposit.depositId}`),
      await stranger.client.get(`/v1/inpatient/advancePayment/history/${stay.inpatientId}`),
      await stranger.client.post(`/v1/inpatient/inhospitalPreSettle/${stay.inpatientId}`),
      await stranger.client.get(`/v1/inpatient/inhospitalReceipt/${stay.inpatientId}`),
    ]) {
      expect(answer.body, answer.text).toMatchObject({ state: 404 });
    }
    const history = (
      await owner.client.get<InpatientDeposit[]>(`/v1/inpatient/advancePayment/history/${stay.inpatientId}`)
    ).body.results;
    expect(history?.map((d) => d.channel)).toEqual(['ONLINE', 'COUNTER']);
  });
});
