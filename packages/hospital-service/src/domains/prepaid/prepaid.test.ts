import type { AccountInfo, AccountTransaction, Payment, PrepaidAccount, Recharge } from '@patient/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../platform/clock.ts';
import { newPatient, notification, type Patient, tradeNoOf } from '../../test/booking.ts';
import { type Client, proveContact, startServer, type TestServer } from '../../test/harness.ts';
import { payments, refunds } from '../payments/index.ts';
import { prepaidAccounts } from './tables.ts';

/** Prepaid accounts over HTTP, paid through the sandbox provider's signed notification. */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

const H = '1000';
let phones = 0;

/** A new account whose contact has a card at 1000 and is proven for the hospital's data. */
async function provenPatient(): Promise<Patient & { phone: string }> {
  const phone = `1370000${String(7100 + ++phones)}`;
  const patient = await newPatient(server, phone, [H]);
  await proveContact(server, patient.client, patient.contactId);
  return { ...patient, phone };
}

/** Time passes (the session lasts a day: the patient logs in again). */
async function later(patient: { client: Client; phone: string }, ms: number) {
  server.clock.advance(ms);
  await server.login(patient.phone, patient.client);
}

const info = (client: Client, contactId: string) =>
  client.post<AccountInfo>(`/v1/account/${H}/patientAccountInfo`, { contactId });
const open = (client: Client, contactId: string) =>
  client.post<PrepaidAccount>(`/v1/account/${H}/patientCreatAccount`, { contactId });
const transactions = (client: Client, accountId: string) =>
  client.post<{ account: PrepaidAccount; items: AccountTransaction[] }>(
    `/v1/account/${H}/patientGetAccountTransactionRecords`,
    { accountId },
  );
const recharge = (client: Client, accountId: string, amount: unknown) =>
  client.post<Recharge>('/v1/account/pay', { hospitalId: H, accountId, amount });
const close = (client: Client, accountId: string, name: string) =>
  client.get<{ account: PrepaidAccount; refundFen: number }>('/v1/account/patientAccountCancellation', {
    accountId,
    name,
  });

async function openedAccount(patient: Patient): Promise<PrepaidAccount> {
  const opened = await open(patient.client, patient.contactId);
  expect(opened.body, opened.text).toMatchObject({ state: 200 });
  return opened.body.results as PrepaidAccount;
}

/** Starts the recharge's sandbox payment: the payment and the provider's notification for it. */
async function startRechargePay(client: Client, rechargeId: string) {
  const started = await client.post<{ payment: Payment }>('/v1/pay_orders/js_pay', {
    orderType: 'ACCOUNT_RECHARGE',
    orderId: rechargeId,
    channel: 'SANDBOX',
  });
  expect(started.body, started.text).toMatchObject({ state: 200 });
  const payment = started.body.results?.payment as Payment;
  return { payment, notice: notification(payment, await tradeNoOf(server, payment.paymentId)) };
}

/** Recharges the account through the sandbox: order, js_pay, the provider's notification. */
async function paidRecharge(client: Client, accountId: string, amount: number): Promise<Recharge> {
  const ordered = await recharge(client, accountId, amount);
  expect(ordered.body, ordered.text).toMatchObject({ state: 200 });
  const order = ordered.body.results as Recharge;
  const { notice } = await startRechargePay(client, order.rechargeId);
  const notified = await server.client().post('/v1/pay_orders/notify', notice);
  expect(notified.body, notified.text).toMatchObject({ state: 200, results: { applied: true } });
  return (await client.get<Recharge>(`/v1/account/recharge/${order.rechargeId}`)).body.results as Recharge;
}

const nameOf = async (patient: Patient) =>
  (await patient.client.get<{ contactDO: { name: string } }>(`/contact_id/${patient.contactId}`)).body.results
    ?.contactDO.name as string;

describe('opening an account', () => {
  it('opens one account per contact in the real name (masked), with the contact’s card, only when proven', async () => {
    const unproven = await newPatient(server, '13700007001', [H]);
    expect((await info(unproven.client, unproven.contactId)).body).toMatchObject({ state: 403 });
    expect((await open(unproven.client, unproven.contactId)).body).toMatchObject({ state: 403 });

    const patient = await provenPatient();
    const before = (await info(patient.client, patient.contactId)).body.results as AccountInfo;
    expect(before.account).toBeNull();
    expect(before.cardNo).toBe(patient.cards[H].medicalCardNo);
    expect(before.patientName).toMatch(/^.\*+$/);
    expect(before.identityCard).toMatch(/^\d{5}\*{13}$/);

    const account = await openedAccount(patient);
    expect(account).toMatchObject({
      status: 'OPEN',
      balance: 0,
      refundable: 0,
      cardNo: patient.cards[H].medicalCardNo,
      accountNo: `YJ${H}${account.accountId.padStart(8, '0')}`,
      patientName: before.patientName,
      identityCard: before.identityCard,
    });
    expect((await info(patient.client, patient.contactId)).body.results?.account).toEqual(account);
    expect((await open(patient.client, patient.contactId)).body).toMatchObject({
      state: 409,
      msg: '账户已开通',
    });
    // No card at this hospital yet.
    const noCard = await patient.client.post(`/v1/account/1001/patientCreatAccount`, {
      contactId: patient.contactId,
    });
    expect(noCard.body).toMatchObject({ state: 409, msg: '请先绑定就诊卡' });

    // Another account's contact is not there.
    const stranger = await provenPatient();
    for (const answer of [
      await info(stranger.client, patient.contactId),
      await open(stranger.client, patient.contactId),
    ]) {
      expect(answer.body).toMatchObject({ state: 404, msg: '就诊人不存在' });
    }
    const cards = await patient.client.get<{ cards: { cardNo: string; cardType: string }[] }>(
      '/v1/account/patientGetAccountCards',
      { hospitalId: H, contactId: patient.contactId },
    );
    expect(cards.body.results?.cards).toEqual([
      expect.objectContaining({ cardNo: patient.cards[H].medicalCardNo, cardType: '就诊卡' }),
    ]);
    expect(
      (
        await stranger.client.get('/v1/account/patientGetAccountCards', {
          hospitalId: H,
          contactId: patient.contactId,
        })
      ).body.state,
    ).toBe(404);
  });
});

describe('recharging', () => {
  it('refuses bad amounts with the reason, and another user’s account', async () => {
    const patient = await provenPatient();
    const account = await openedAccount(patient);
    const limits = await patient.client.post<{ minFen: number; maxFen: number; roomFen: number }>(
      '/v1/account/cardInfo',
      { hospitalId: H, contactId: patient.contactId },
    );
    expect(limits.body.results).toMatchObject({ minFen: 100, maxFen: 500_000, roomFen: 2_000_000 });
    for (const [amount, message] of [
      [0, '请输入大于0的充值金额'],
      [-500, '请输入大于0的充值金额'],
      [99, '单次充值金额不能少于1.00元'],
      [500_001, '单次充值金额不能超过5000.00元'],
    ] as const) {
      const answer = await recharge(patient.client, account.accountId, amount);
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toBe(`参数 amount 不正确：${message}`);
    }
    for (const amount of [12.5, '100', null]) {
      const answer = await recharge(patient.client, account.accountId, amount);
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toContain('参数 amount 不正确');
    }
    const stranger = await provenPatient();
    expect((await recharge(stranger.client, account.accountId, 10_000)).body).toMatchObject({
      state: 404,
      msg: '预交金账户不存在',
    });
    expect((await transactions(stranger.client, account.accountId)).body.state).toBe(404);
    // Near the balance limit only the room left may be added.
    await server.database.db
      .update(prepaidAccounts)
      .set({ balance: 1_990_000 })
      .where(eq(prepaidAccounts.id, Number(account.accountId)));
    expect((await recharge(patient.client, account.accountId, 20_000)).body.msg).toBe(
      '参数 amount 不正确：账户余额上限为20000.00元，本次最多可充100.00元',
    );
  });

  it('credits a confirmed recharge exactly once, also when the notification comes twice', async () => {
    const patient = await provenPatient();
    const account = await openedAccount(patient);
    const order = (await recharge(patient.client, account.accountId, 20_000)).body.results as Recharge;
    expect(order).toMatchObject({ status: 'PENDING', amount: 20_000, balance: 0 });
    const { notice } = await startRechargePay(patient.client, order.rechargeId);
    // Before the provider confirms, nothing is credited.
    expect((await info(patient.client, patient.contactId)).body.results?.account?.balance).toBe(0);
    const first = await server.client().post('/v1/pay_orders/notify', notice);
    expect(first.body).toMatchObject({ state: 200, results: { applied: true } });
    const again = await server.client().post('/v1/pay_orders/notify', notice);
    expect(again.body.state).toBe(200);
    expect(again.body.results).not.toMatchObject({ applied: true });

    const paid = (await patient.client.get<Recharge>(`/v1/account/recharge/${order.rechargeId}`)).body
      .results as Recharge;
    expect(paid).toMatchObject({ status: 'PAID', balance: 20_000, paidAt: server.clock.now().toISOString() });
    const list = (await transactions(patient.client, account.accountId)).body.results;
    expect(list?.account).toMatchObject({ balance: 20_000, refundable: 20_000 });
    expect(list?.items).toEqual([
      expect.objectContaining({ kind: 'RECHARGE', amount: 20_000, balanceAfter: 20_000, title: '在线充值' }),
    ]);
    // The same order is not paid twice: js_pay answers the PAID payment.
    const replay = await patient.client.post<{ payment: Payment }>('/v1/pay_orders/js_pay', {
      orderType: 'ACCOUNT_RECHARGE',
      orderId: order.rechargeId,
      channel: 'SANDBOX',
    });
    expect(replay.body.results?.payment.status).toBe('PAID');
    // Another user's recharge is not there.
    const stranger = await provenPatient();
    expect((await stranger.client.get(`/v1/account/recharge/${order.rechargeId}`)).body).toMatchObject({
      state: 404,
      msg: '充值记录不存在',
    });
  });
});

describe('spending and closing', () => {
  it('lists spending at the hospital with the running balance, then closes with the balance refunded', async () => {
    const patient = await provenPatient();
    const account = await openedAccount(patient);
    await paidRecharge(patient.client, account.accountId, 10_000);
    await later(patient, DAY);
    await paidRecharge(patient.client, account.accountId, 5_000);
    await later(patient, 2 * DAY);
    const list = (await transactions(patient.client, account.accountId)).body.results;
    const items = list?.items ?? [];
    expect(items.map((i) => i.kind)).toEqual(['SPEND', 'SPEND', 'RECHARGE', 'RECHARGE']);
    // Newest first; each row's balance follows from the one before it.
    const chronological = [...items].reverse();
    let balance = 0;
    for (const item of chronological) {
      balance += item.kind === 'RECHARGE' ? item.amount : -item.amount;
      expect(item.balanceAfter).toBe(balance);
      if (item.kind === 'SPEND') expect(item.title).toMatch(/^门诊缴费 · /);
    }
    expect(list?.account.balance).toBe(balance);
    expect(balance).toBeGreaterThan(0);
    expect(list?.account.refundable).toBe(balance);

    const name = await nameOf(patient);
    const wrong = await close(patient.client, account.accountId, `${name}x`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('参数 name 不正确：姓名与账户人不一致，请输入账户人的完整姓名');
    const stranger = await provenPatient();
    expect((await close(stranger.client, account.accountId, name)).body.state).toBe(404);

    const closed = await close(patient.client, account.accountId, name);
    expect(closed.body, closed.text).toMatchObject({
      state: 200,
      results: { refundFen: balance, account: { status: 'CLOSED', balance: 0 } },
    });
    // The balance went back through the provider: the newest recharge first, each refund at most its amount.
    const rows = await server.database.db
      .select({ amount: refunds.amount, status: refunds.status, paid: payments.amount })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.orderType, 'ACCOUNT_RECHARGE'));
    const mine = rows.filter((r) => r.paid === 10_000 || r.paid === 5_000);
    expect(mine.reduce((s, r) => s + r.amount, 0)).toBe(balance);
    expect(mine.every((r) => r.status === 'SUCCESS' && r.amount <= r.paid)).toBe(true);
    const after = (await transactions(patient.client, account.accountId)).body.results;
    expect(after?.items[0]).toMatchObject({ balanceAfter: 0, status: 'DONE' });
    expect(after?.items.filter((i) => i.kind === 'REFUND').reduce((s, i) => s + i.amount, 0)).toBe(balance);

    expect((await close(patient.client, account.accountId, name)).body).toMatchObject({
      state: 409,
      msg: '账户已注销',
    });
    expect((await recharge(patient.client, account.accountId, 10_000)).body.state).toBe(409);
    // A new account can be opened again, and one with nothing in it closes at once.
    const next = await openedAccount(patient);
    expect(next.accountId).not.toBe(account.accountId);
    expect((await close(patient.client, next.accountId, name)).body).toMatchObject({
      state: 200,
      results: { refundFen: 0, account: { status: 'CLOSED', balance: 0 } },
    });
  });

  it('closes a recharge still waiting for its money, and money that arrives anyway goes back', async () => {
    const patient = await provenPatient();
    const account = await openedAccount(patient);
    const order = (await recharge(patient.client, account.accountId, 3_000)).body.results as Recharge;
    const { payment, notice } = await startRechargePay(patient.client, order.rechargeId);
    const closed = await close(patient.client, account.accountId, await nameOf(patient));
    expect(closed.body.results).toMatchObject({ refundFen: 0 });
    expect(
      (await patient.client.get<Recharge>(`/v1/account/recharge/${order.rechargeId}`)).body.results,
    ).toMatchObject({ status: 'CLOSED' });
    await server.client().post('/v1/pay_orders/notify', notice);
    const [row] = await server.database.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, Number(payment.paymentId)));
    expect(['REFUNDING', 'REFUNDED']).toContain(row.status);
    expect((await transactions(patient.client, account.accountId)).body.results?.account.balance).toBe(0);
  });
});
