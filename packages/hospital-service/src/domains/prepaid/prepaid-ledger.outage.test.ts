import type { Payment, PrepaidAccount, Recharge } from '@patient/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../platform/clock.ts';
import { newPatient, notification, tradeNoOf } from '../../test/booking.ts';
import { type Client, proveContact, startServer, type TestServer } from '../../test/harness.ts';
import { type SwitchablePort, switchablePort } from '../../test/outside.ts';
import { type PrepaidLedger, SimulatedPrepaidLedger } from './index.ts';
import { prepaidAccounts, prepaidEntries, prepaidRecharges } from './tables.ts';

/** The HIS's prepaid ledger fails or does not answer: 503 in Chinese, and no account, credit or refund here. */
let server: TestServer;
let ledger: SwitchablePort<PrepaidLedger>;

beforeAll(async () => {
  ledger = switchablePort<PrepaidLedger>(new SimulatedPrepaidLedger(), 300);
  server = await startServer({ ports: { prepaidLedger: ledger.port } });
});
afterAll(() => server?.close());

const H = '1000';
const SYSTEM = '医院预交金账户系统（HIS）';
const DOWN = {
  state: 503,
  msg: `${SYSTEM}暂不可用`,
  subMsg: `${SYSTEM}暂时无法访问，请稍后再试（本次操作未生效）`,
};
const SLOW = {
  state: 503,
  msg: `${SYSTEM}暂不可用`,
  subMsg: `${SYSTEM}响应超时，请稍后再试（本次操作未生效）`,
};

let phones = 0;
async function provenPatient() {
  const phone = `1370000${String(7600 + ++phones)}`;
  const patient = await newPatient(server, phone, [H]);
  await proveContact(server, patient.client, patient.contactId);
  return { ...patient, phone };
}

const open = (client: Client, contactId: string) =>
  client.post<PrepaidAccount>(`/v1/account/${H}/patientCreatAccount`, { contactId });

async function rechargeNotice(client: Client, accountId: string, amount: number) {
  const ordered = await client.post<Recharge>('/v1/account/pay', { hospitalId: H, accountId, amount });
  const order = ordered.body.results as Recharge;
  const started = await client.post<{ payment: Payment }>('/v1/pay_orders/js_pay', {
    orderType: 'ACCOUNT_RECHARGE',
    orderId: order.rechargeId,
    channel: 'SANDBOX',
  });
  const payment = started.body.results?.payment as Payment;
  return { order, notice: notification(payment, await tradeNoOf(server, payment.paymentId)) };
}

const nameOf = async (client: Client, contactId: string) =>
  (await client.get<{ contactDO: { name: string } }>(`/contact_id/${contactId}`)).body.results?.contactDO
    .name as string;

const accountRow = async (accountId: string) =>
  (
    await server.database.db
      .select()
      .from(prepaidAccounts)
      .where(eq(prepaidAccounts.id, Number(accountId)))
  )[0];
const entriesOf = (accountId: string) =>
  server.database.db
    .select()
    .from(prepaidEntries)
    .where(eq(prepaidEntries.accountId, Number(accountId)));

describe('prepaid ledger outage', () => {
  it('opening: the ledger down → 503 and no account; up → opened', async () => {
    const patient = await provenPatient();
    ledger.fail();
    expect((await open(patient.client, patient.contactId)).body).toMatchObject(DOWN);
    const none = await server.database.db
      .select()
      .from(prepaidAccounts)
      .where(eq(prepaidAccounts.contactId, Number(patient.contactId)));
    expect(none).toEqual([]);
    ledger.restore();
    expect((await open(patient.client, patient.contactId)).body).toMatchObject({ state: 200 });
  });

  it('a recharge the ledger cannot credit is not applied; closing while it hangs changes nothing', async () => {
    const patient = await provenPatient();
    const account = (await open(patient.client, patient.contactId)).body.results as PrepaidAccount;
    const { order, notice } = await rechargeNotice(patient.client, account.accountId, 20_000);

    ledger.fail();
    expect((await server.client().post('/v1/pay_orders/notify', notice)).body).toMatchObject(DOWN);
    const [waiting] = await server.database.db
      .select()
      .from(prepaidRecharges)
      .where(eq(prepaidRecharges.id, Number(order.rechargeId)));
    expect(waiting).toMatchObject({ status: 'PENDING', paidAt: null });
    expect((await accountRow(account.accountId)).balance).toBe(0);
    expect(await entriesOf(account.accountId)).toEqual([]);

    ledger.restore();
    expect((await server.client().post('/v1/pay_orders/notify', notice)).body).toMatchObject({ state: 200 });
    expect((await accountRow(account.accountId)).balance).toBe(20_000);

    // Three days later the hospital's spending is due; the ledger hangs while the patient closes the account.
    server.clock.advance(3 * DAY);
    await server.login(patient.phone, patient.client);
    const before = {
      account: await accountRow(account.accountId),
      entries: await entriesOf(account.accountId),
    };
    ledger.hang();
    const closed = await patient.client.get('/v1/account/patientAccountCancellation', {
      accountId: account.accountId,
      name: await nameOf(patient.client, patient.contactId),
    });
    expect(closed.body).toMatchObject(SLOW);
    expect({
      account: await accountRow(account.accountId),
      entries: await entriesOf(account.accountId),
    }).toEqual(before);
    ledger.restore();
  });
});
