import type {
  AppointmentOrder,
  Contact,
  InsuranceAuthorisation,
  OutpatientCharge,
  OutpatientOrder,
  Payment,
  Settlement,
} from '@patient/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../platform/clock.ts';
import {
  endActiveOrders,
  freeSlot,
  newPatient,
  notification,
  orderOf,
  type Patient,
  pay,
  pendingOrder,
  startPay,
  tradeNoOf,
} from '../../test/booking.ts';
import { TEST_START } from '../../test/constants.ts';
import {
  type Client,
  mainlandId,
  person,
  proveContact,
  startServer,
  type TestServer,
} from '../../test/harness.ts';
import { DEMO_PHONE } from '../accounts/index.ts';
import { payments } from '../payments/index.ts';
import { identityHashOf } from './simulated-centre.ts';
import { insuranceSettlements, simInsuranceAccounts, simInsuranceItemRules } from './tables.ts';

/**
 * Medical insurance mobile payment over real HTTP: the simulated centre's authorisation page, payAuthNo,
 * the split by the centre's rules (hospital 1000: 诊查费 60 %, no deductible, the account pays the insured's
 * share; 1001: a 100-yuan deductible; 挂号费 never covered), paying the cash part, and the way back.
 */
let server: TestServer;
let demo: Client;
let alice: Patient;
let bob: Patient;
let aliceId: string;

beforeAll(async () => {
  server = await startServer();
  demo = await server.login(DEMO_PHONE);
  alice = await newPatient(server, '13700002001', ['1000', '1001']);
  bob = await newPatient(server, '13700002002', ['1000']);
  const contact = (await alice.client.get<Contact>(`/contact_id/${alice.contactId}`)).body.results as Contact;
  aliceId = contact.contactDO.documentNumber;
});
afterAll(() => server?.close());
afterEach(async () => {
  server.clock.set(TEST_START);
  await endActiveOrders(server);
});

/** The simulated centre's account of a person: its balance set for the test (the outside system's state). */
async function setBalance(identityNumber: string, balanceFen: number) {
  const identityHash = identityHashOf(identityNumber);
  const values = { identityHash, balanceFen, deductibleYear: 2025, deductibleUsedFen: 0 };
  await server.database.db
    .insert(simInsuranceAccounts)
    .values(values)
    .onConflictDoUpdate({ target: simInsuranceAccounts.identityHash, set: values });
}

async function accountOf(identityNumber: string) {
  const [row] = await server.database.db
    .select()
    .from(simInsuranceAccounts)
    .where(eq(simInsuranceAccounts.identityHash, identityHashOf(identityNumber)));
  return row;
}

/** The page's form POST, as a browser sends it: no channel header, its own origin. */
const agree = (client: Client, url: string) =>
  client.call('POST', url, {
    rawBody: '',
    contentType: 'application/x-www-form-urlencoded',
    channel: null,
    headers: { origin: client.base, 'sec-fetch-site': 'same-origin' },
  });

/** Through the authorisation page to a pay authorisation for the patient's contact. */
async function authorise(patient: Patient, contactId = patient.contactId): Promise<InsuranceAuthorisation> {
  const returnPath = '/medicalInsurance/transit?from=appointment&orderId=1';
  const started = await patient.client.get<{ url: string }>('/v1/insurance/authorization', {
    hospitalId: '1000',
    contactId,
    returnPath,
  });
  expect(started.body, started.text).toMatchObject({ state: 200 });
  const url = started.body.results?.url as string;
  const back = await agree(patient.client, url);
  expect(back.status, back.text).toBe(303);
  const location = new URL(back.headers.get('location') as string, server.base);
  expect(`${location.pathname}?from=appointment&orderId=1`).toBe(returnPath);
  const authCode = location.searchParams.get('authCode') as string;
  const exchanged = await patient.client.post<InsuranceAuthorisation>('/v1/auth/payAuthNo', { authCode });
  expect(exchanged.body, exchanged.text).toMatchObject({ state: 200 });
  return exchanged.body.results as InsuranceAuthorisation;
}

const preSettle = (client: Client, orderId: string, mode: 'SELF' | 'MEDICAL', payAuthNo?: string) =>
  client.post<Settlement>('/v1/pay_orders/selfOrMedicalPreSettle', {
    orderType: 'APPOINTMENT',
    orderId,
    mode,
    ...(payAuthNo ? { payAuthNo } : {}),
  });

describe('the authorisation', () => {
  it('shows the insured masked, gives a one-time code, and is exchanged for the contact’s payAuthNo', async () => {
    const started = await alice.client.get<{ url: string }>('/v1/insurance/authorization', {
      hospitalId: '1000',
      contactId: alice.contactId,
      returnPath: '/medicalInsurance/transit',
    });
    const url = started.body.results?.url as string;
    expect(url).toMatch(/^\/hospital-service\/sandbox\/insurance\/authorize\?/);
    const page = await alice.client.call('GET', url, { channel: null });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.text).toContain('同意授权');
    expect(page.text).not.toContain(aliceId);
    expect(page.text).toContain(`${aliceId.slice(0, 5)}*`);
    // Someone else's contact, another site's form, an outside return address: refused.
    expect((await bob.client.call('GET', url, { channel: null })).status).toBe(404);
    const forged = await alice.client.call('POST', url, {
      rawBody: '',
      contentType: 'application/x-www-form-urlencoded',
      channel: null,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(forged.status).toBe(403);
    expect(
      (
        await alice.client.get('/v1/insurance/authorization', {
          hospitalId: '1000',
          contactId: alice.contactId,
          returnPath: '//evil.example/x',
        })
      ).body.state,
    ).toBe(400);
    expect(
      (
        await bob.client.get('/v1/insurance/authorization', {
          hospitalId: '1000',
          contactId: alice.contactId,
          returnPath: '/x',
        })
      ).body,
    ).toMatchObject({ state: 404, msg: '就诊人不存在' });

    const back = await agree(alice.client, url);
    const authCode = new URL(back.headers.get('location') as string, server.base).searchParams.get(
      'authCode',
    ) as string;
    // The code is alice's contact's: bob cannot use it for himself.
    expect((await bob.client.post('/v1/auth/payAuthNo', { authCode })).body).toMatchObject({
      state: 400,
      msg: '授权人不是您的就诊人',
    });
    // A refused exchange changes nothing; alice's succeeds once, then the code is spent.
    const first = await alice.client.post<InsuranceAuthorisation>('/v1/auth/payAuthNo', { authCode });
    expect(first.body.results?.contactId).toBe(alice.contactId);
    expect((await alice.client.post('/v1/auth/payAuthNo', { authCode })).body).toMatchObject({
      state: 400,
      msg: '医保授权已失效，请重新授权',
    });
    const fresh = await authorise(alice);
    expect(fresh).toMatchObject({ contactId: alice.contactId, insuredName: expect.stringContaining('*') });
    expect(new Date(fresh.expiresAt).getTime() - Date.parse(TEST_START)).toBe(30 * MINUTE);
    expect((await alice.client.post('/v1/auth/payAuthNo', { authCode: 'short' })).status).toBe(400);
    expect(
      (await alice.client.post('/v1/ali/mini/auth/payAuthNo', { authCode: 'ACnotissued0' })).body.state,
    ).toBe(400);
  });
});

describe('an insured appointment', () => {
  it('splits by the centre’s rules, charges only the cash part, settles once paid and goes back with the refund', async () => {
    await setBalance(aliceId, 500);
    const slot = await freeSlot(demo, '1000', { doctor: false, date: '2025-03-12' });
    const orderId = await pendingOrder(alice, '1000', slot.source.sourceId);
    // Placed as self-pay.
    expect((await alice.client.post(`/v1/orders/preSettlement/${orderId}`)).body.results).toMatchObject({
      insurancePays: 0,
      selfPays: slot.item.fee,
    });
    expect((await preSettle(alice.client, orderId, 'MEDICAL')).body).toMatchObject({
      state: 400,
      msg: '请先完成医保授权',
    });

    const { payAuthNo } = await authorise(alice);
    // Another user's order, and a number that is not this user's: nothing changes.
    expect((await preSettle(bob.client, orderId, 'MEDICAL', payAuthNo)).body.state).toBe(404);
    const bobOrder = await pendingOrder(bob, '1000', (await freeSlot(demo, '1000')).source.sourceId);
    expect((await preSettle(bob.client, bobOrder, 'MEDICAL', payAuthNo)).body).toMatchObject({
      state: 400,
      msg: '医保授权无效',
    });

    const fee = slot.item.fee;
    const consultation = fee - 100;
    const fund = Math.floor(consultation * 0.6);
    const account = Math.min(500, consultation - fund);
    const split = {
      mode: 'MEDICAL',
      total: slot.item.fee,
      fundPays: fund,
      accountPays: account,
      insurancePays: fund + account,
      selfPays: fee - fund - account,
      detailPath: `/appointmentDetail/${orderId}`,
    };
    const medical = await preSettle(alice.client, orderId, 'MEDICAL', payAuthNo);
    expect(medical.body.results).toMatchObject(split);
    expect(medical.body.results?.description).toMatch(/^预约挂号 /);
    // The order shows the same split; a second pre-settlement gives the same again.
    const { mode: _, detailPath: __, ...amounts } = split;
    expect((await alice.client.post(`/v1/orders/preSettlement/${orderId}`)).body.results).toEqual(amounts);
    expect((await preSettle(alice.client, orderId, 'MEDICAL', payAuthNo)).body.results).toMatchObject(split);

    expect(
      (await alice.client.get('/v1/pay_orders/settlement', { orderType: 'APPOINTMENT', orderId })).body
        .results,
    ).toMatchObject(split);
    expect(
      (await bob.client.get('/v1/pay_orders/settlement', { orderType: 'APPOINTMENT', orderId })).body.state,
    ).toBe(404);
    const paid = await pay(server, alice.client, orderId);
    expect(paid.amount).toBe(split.selfPays);
    expect((await orderOf(alice.client, orderId)).status).toBe('BOOKED');
    expect((await accountOf(aliceId)).balanceFen).toBe(500 - account);
    const [kept] = await server.database.db
      .select()
      .from(insuranceSettlements)
      .where(eq(insuranceSettlements.orderId, Number(orderId)));
    expect(kept).toMatchObject({ status: 'SETTLED', fundFen: fund, accountFen: account, payAuthNo });
    // Paid: the split can no longer change.
    expect((await preSettle(alice.client, orderId, 'SELF')).body.results).toMatchObject({ mode: 'MEDICAL' });

    const refunded = await alice.client.post<AppointmentOrder>('/v1/orders/refundFeeAndNum', {
      orderId,
      reason: '行程有变',
    });
    expect(refunded.body.results).toMatchObject({ status: 'REFUNDED' });
    expect((await accountOf(aliceId)).balanceFen).toBe(500);
    const [reversed] = await server.database.db
      .select()
      .from(insuranceSettlements)
      .where(eq(insuranceSettlements.orderId, Number(orderId)));
    expect(reversed.status).toBe('REVERSED');
  });

  it('confirms at once, with no cashier, an order insurance pays in full; its refund needs no provider either', async () => {
    // The centre's rules for hospital 1000 changed to cover everything (the outside system's state).
    const rules = await server.database.db
      .select()
      .from(simInsuranceItemRules)
      .where(eq(simInsuranceItemRules.hospitalId, '1000'));
    const coverAll = [
      ...new Set(['REGISTRATION', 'CONSULTATION', 'CONSULTATION_EXPERT', ...rules.map((r) => r.itemCode)]),
    ].map((itemCode) => ({ hospitalId: '1000', itemCode, fundPercent: 100 }));
    await server.database.db
      .delete(simInsuranceItemRules)
      .where(eq(simInsuranceItemRules.hospitalId, '1000'));
    await server.database.db.insert(simInsuranceItemRules).values(coverAll);
    try {
      const orderId = await pendingOrder(alice, '1000', (await freeSlot(demo, '1000')).source.sourceId);
      const { payAuthNo } = await authorise(alice);
      const split = (await preSettle(alice.client, orderId, 'MEDICAL', payAuthNo)).body.results as Settlement;
      expect(split).toMatchObject({ selfPays: 0, insurancePays: split.total, fundPays: split.total });
      const started = await alice.client.post<{ payment: { status: string; amount: number } }>(
        '/v1/pay_orders/js_pay',
        { orderType: 'APPOINTMENT', orderId, channel: 'WECHAT_JSAPI' },
      );
      expect(started.body.results).toMatchObject({
        payment: { status: 'PAID', amount: 0 },
        wechat: null,
        sandbox: null,
        redirect: null,
        authorize: null,
      });
      expect((await orderOf(alice.client, orderId)).status).toBe('BOOKED');
      const settlementOf = async () =>
        (
          await server.database.db
            .select()
            .from(insuranceSettlements)
            .where(eq(insuranceSettlements.orderId, Number(orderId)))
        )[0];
      expect((await settlementOf()).status).toBe('SETTLED');
      const [row] = await server.database.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, Number(orderId)));
      expect(row).toMatchObject({ amount: 0, status: 'PAID', provider: 'none' });

      const refunded = await alice.client.post<AppointmentOrder>('/v1/orders/refundFeeAndNum', {
        orderId,
        reason: '行程有变',
      });
      expect(refunded.body.results).toMatchObject({ status: 'REFUNDED' });
      expect((await settlementOf()).status).toBe('REVERSED');
    } finally {
      await server.database.db
        .delete(simInsuranceItemRules)
        .where(eq(simInsuranceItemRules.hospitalId, '1000'));
      await server.database.db.insert(simInsuranceItemRules).values(rules);
    }
  });

  it('lets the patient go back to self-pay before paying, never after the payment started', async () => {
    const orderId = await pendingOrder(alice, '1000', (await freeSlot(demo, '1000')).source.sourceId);
    const { payAuthNo } = await authorise(alice);
    await preSettle(alice.client, orderId, 'MEDICAL', payAuthNo);
    const self = await preSettle(alice.client, orderId, 'SELF');
    expect(self.body.results).toMatchObject({ mode: 'SELF', insurancePays: 0, fundPays: 0 });
    const [row] = await server.database.db
      .select()
      .from(insuranceSettlements)
      .where(eq(insuranceSettlements.orderId, Number(orderId)));
    expect(row.status).toBe('VOID');
    const started = await startPay(alice.client, orderId);
    expect(started.body.results?.payment.amount).toBe(self.body.results?.selfPays);
    expect((await preSettle(alice.client, orderId, 'MEDICAL', payAuthNo)).body).toMatchObject({
      state: 409,
      msg: '已发起支付',
    });
  });

  it('refuses another person’s credential and an expired authorisation', async () => {
    const own = await authorise(alice);
    server.clock.advance(31 * MINUTE);
    const orderId = await pendingOrder(alice, '1000', (await freeSlot(demo, '1000')).source.sourceId);
    expect((await preSettle(alice.client, orderId, 'MEDICAL', own.payAuthNo)).body).toMatchObject({
      state: 400,
      msg: '医保授权已过期',
    });
    const other = await alice.client.post<Contact>('/addPatient', {
      name: '孙丽',
      documentType: 'IDENTITY_CARD',
      documentNumber: mainlandId('11010519900101123'),
      phone: '13500002099',
    });
    expect(other.body, other.text).toMatchObject({ state: 200 });
    const relative = await authorise(alice, (other.body.results as Contact).contactId);
    expect((await preSettle(alice.client, orderId, 'MEDICAL', relative.payAuthNo)).body).toMatchObject({
      state: 400,
      msg: '医保授权人与就诊人不一致',
    });
  });

  it('applies the yearly deductible (1001) and counts it once the order is paid', async () => {
    await setBalance(aliceId, 0);
    const slot = await freeSlot(demo, '1001', { date: '2025-03-12' });
    const orderId = await pendingOrder(alice, '1001', slot.source.sourceId);
    const { payAuthNo } = await authorise(alice);
    const split = (await preSettle(alice.client, orderId, 'MEDICAL', payAuthNo)).body.results as Settlement;
    // The whole consultation goes to the 100-yuan deductible: nothing from the fund yet.
    expect(split).toMatchObject({ fundPays: 0, accountPays: 0, selfPays: slot.item.fee });
    await pay(server, alice.client, orderId);
    expect((await accountOf(aliceId)).deductibleUsedFen).toBe(slot.item.fee - 100);
  });

  it('gives the money back when the centre refuses the split at payment (the account changed meanwhile)', async () => {
    await setBalance(aliceId, 10_000);
    const orderId = await pendingOrder(alice, '1000', (await freeSlot(demo, '1000')).source.sourceId);
    const { payAuthNo } = await authorise(alice);
    const split = (await preSettle(alice.client, orderId, 'MEDICAL', payAuthNo)).body.results as Settlement;
    expect(split.accountPays).toBeGreaterThan(0);
    await setBalance(aliceId, 0);
    await pay(server, alice.client, orderId);
    const order = await orderOf(alice.client, orderId);
    expect(order.status).toBe('REFUNDED');
    expect(order.cancelReason).toBe('医保账户信息已变化，本次医保结算未完成，支付款项已原路退回');
    expect((await accountOf(aliceId)).balanceFen).toBe(0);
  });
});

describe('insured outpatient fees at every hospital', () => {
  /** A new account with a contact proven for the HIS's data (the hospitals' bills) by the code the HIS sends. */
  async function billedPerson(phone: string, n: number) {
    const client = await server.login(phone);
    const added = await client.post<Contact>('/addPatient', person(n));
    expect(added.body, added.text).toMatchObject({ state: 200 });
    const contact = added.body.results as Contact;
    await proveContact(server, client, contact.contactId);
    return { client, contactId: contact.contactId, identityNumber: contact.contactDO.documentNumber };
  }
  type Person = Awaited<ReturnType<typeof billedPerson>>;

  const unpaidAt = async (who: Person, hospitalId: string) => {
    const answer = await who.client.post<OutpatientOrder[]>(`/v1/outpatient/officeCharges/${hospitalId}`, {
      contactId: who.contactId,
    });
    expect(answer.body, answer.text).toMatchObject({ state: 200 });
    return answer.body.results as OutpatientOrder[];
  };

  /** Merges the orders, authorises the person's credential at the hospital and pre-settles MEDICAL. */
  async function insuredCharge(who: Person, hospitalId: string, orderIds: string[]) {
    const merged = await who.client.post<OutpatientCharge>('/v1/interOfficePayment/orderUniformly', {
      hospitalId,
      contactId: who.contactId,
      orderIds,
    });
    expect(merged.body, merged.text).toMatchObject({ state: 200 });
    const chargeId = (merged.body.results as OutpatientCharge).chargeId;
    const started = await who.client.get<{ url: string }>('/v1/insurance/authorization', {
      hospitalId,
      contactId: who.contactId,
      returnPath: `/medicalInsurance/transit?from=outpatientFee&orderId=${chargeId}`,
    });
    const back = await agree(who.client, started.body.results?.url as string);
    const authCode = new URL(back.headers.get('location') as string, server.base).searchParams.get(
      'authCode',
    );
    const { payAuthNo } = (await who.client.post<{ payAuthNo: string }>('/v1/auth/payAuthNo', { authCode }))
      .body.results as { payAuthNo: string };
    const split = await who.client.post<Settlement>('/v1/pay_orders/selfOrMedicalPreSettle', {
      orderType: 'OUTPATIENT_FEE',
      orderId: chargeId,
      mode: 'MEDICAL',
      payAuthNo,
    });
    expect(split.body, split.text).toMatchObject({ state: 200 });
    return { chargeId, split: split.body.results as Settlement };
  }

  /** Pays the cash part through the sandbox provider's signed notification (none: confirmed by js_pay). */
  async function payCash(who: Person, chargeId: string): Promise<Payment> {
    const started = await who.client.post<{ payment: Payment }>('/v1/pay_orders/js_pay', {
      orderType: 'OUTPATIENT_FEE',
      orderId: chargeId,
      channel: 'SANDBOX',
    });
    expect(started.body, started.text).toMatchObject({ state: 200 });
    const payment = started.body.results?.payment as Payment;
    if (payment.amount === 0) return payment;
    const tradeNo = await tradeNoOf(server, payment.paymentId);
    const notified = await server.client().post('/v1/pay_orders/notify', notification(payment, tradeNo));
    expect(notified.body, notified.text).toMatchObject({ state: 200 });
    return payment;
  }

  const settlementOf = (who: Person, chargeId: string) =>
    who.client.get<Settlement>('/v1/pay_orders/settlement', {
      orderType: 'OUTPATIENT_FEE',
      orderId: chargeId,
    });

  /** Pays the orders with insurance and checks that the split offered is the one settled, the charge PAID. */
  async function paysWithInsurance(who: Person, hospitalId: string, orderIds: string[]) {
    const { chargeId, split } = await insuredCharge(who, hospitalId, orderIds);
    const payment = await payCash(who, chargeId);
    expect(payment.amount, hospitalId).toBe(split.selfPays);
    const charge = (await who.client.get<OutpatientCharge>(`/v1/outpatient/charge/${chargeId}`)).body.results;
    expect(charge, hospitalId).toMatchObject({
      status: 'PAID',
      selfPays: split.selfPays,
      insurancePays: split.insurancePays,
    });
    expect((await settlementOf(who, chargeId)).body.results, hospitalId).toMatchObject({
      ...split,
      paid: true,
    });
    const [kept] = await server.database.db
      .select()
      .from(insuranceSettlements)
      .where(
        and(
          eq(insuranceSettlements.orderType, 'OUTPATIENT_FEE'),
          eq(insuranceSettlements.orderId, Number(chargeId)),
        ),
      );
    expect(kept, hospitalId).toMatchObject({
      status: 'SETTLED',
      fundFen: split.fundPays,
      accountFen: split.accountPays,
      cashFen: split.selfPays,
    });
    return split;
  }

  it('pays with insurance at each of the nine hospitals in turn, each split settled as offered', async () => {
    const who = await billedPerson('13700002101', 61);
    for (const hospitalId of ['1000', '1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008']) {
      const orders = await unpaidAt(who, hospitalId);
      const split = await paysWithInsurance(
        who,
        hospitalId,
        orders.map((o) => o.orderId),
      );
      expect(split.fundPays, hospitalId).toBeGreaterThanOrEqual(0);
    }
  });

  it('pays twice in a row at two hospitals with a deductible, each split settled as offered', async () => {
    const who = await billedPerson('13700002102', 62);
    for (const hospitalId of ['1001', '1006']) {
      const orders = await unpaidAt(who, hospitalId);
      const ids = orders.map((o) => o.orderId);
      await paysWithInsurance(who, hospitalId, ids.slice(0, 2));
      await paysWithInsurance(who, hospitalId, ids.slice(2));
    }
  });

  it('answers not paid for a charge whose split the centre refused at payment: its money goes back', async () => {
    const who = await billedPerson('13700002103', 63);
    await setBalance(who.identityNumber, 100_000);
    const orders = await unpaidAt(who, '1000');
    const { chargeId, split } = await insuredCharge(
      who,
      '1000',
      orders.map((o) => o.orderId),
    );
    expect(split.accountPays).toBeGreaterThan(0);
    await setBalance(who.identityNumber, 0);
    await payCash(who, chargeId);
    const charge = (await who.client.get<OutpatientCharge>(`/v1/outpatient/charge/${chargeId}`)).body.results;
    expect(charge?.status).toMatch(/^REFUND/);
    expect(charge?.refundReason).toBe('医保账户信息已变化，本次医保结算未完成，支付款项已原路退回');
    expect((await settlementOf(who, chargeId)).body.results).toMatchObject({ paid: false });
  });
});
