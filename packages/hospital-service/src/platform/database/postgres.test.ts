import type { AddressInfo } from 'node:net';
import type { Contact, MedicalCard, Payment } from '@patient/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { resetDatabase } from '../../seed.ts';
import { freeSlot, lock, notification, setPlacesIn, sourcesOf } from '../../test/booking.ts';
import { TEST_START } from '../../test/constants.ts';
import { Client, person, sessionClients } from '../../test/harness.ts';
import { TestClock } from '../clock.ts';
import { DevSmsSender } from '../sms.ts';
import { createDatabase, type Database } from './connect.ts';

/**
 * The same migrations and the concurrency rules on a real PostgreSQL (several connections, real row
 * locks). Runs only when TEST_DATABASE_URL points at a database it may wipe, e.g.
 * TEST_DATABASE_URL=postgres://user@127.0.0.1:5432/hospital_test pnpm --filter @patient/hospital-service test
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('PostgreSQL (node-postgres)', () => {
  let database: Database;
  let app: FastifyInstance;
  let base: string;
  const sms = new DevSmsSender();

  beforeAll(async () => {
    database = await createDatabase(url as string);
    await resetDatabase(database, new TestClock(TEST_START));
    app = buildApp({ db: database, clock, smsSender: sms, logger: false, secret: 'test-secret' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  async function login(phone: string) {
    const client = new Client(base);
    await client.post('/v1/auth/sendCode', { phone });
    await client.post('/v1/auth/bindPhone', { phone, code: sms.latestCode(phone) });
    return client;
  }

  const clock = new TestClock(TEST_START);

  it('migrates, seeds and answers start-up calls', async () => {
    expect(database.driver).toBe('postgres');
    const answer = await new Client(base).get('/v1/hospital/1007/systemParamMap');
    expect(answer.body).toMatchObject({ state: 200, results: { THEME_CONFIG: 'blue' } });
  });

  it('keeps the contact limit and a single default under concurrent calls', async () => {
    const client = await login('13300000001');
    const added = await Promise.all(
      [0, 1, 2, 3, 4, 5, 6, 7].map((i) => client.post<Contact>('/addPatient', person(i))),
    );
    expect(added.filter((a) => a.body.state === 200)).toHaveLength(5);
    const ids = added.filter((a) => a.body.state === 200).map((a) => (a.body.results as Contact).contactId);
    await Promise.all(
      [...ids, ...ids, ...ids].map((id) =>
        client.get('/updateDefaultContact', { contactId: id, isDefault: true }),
      ),
    );
    const rows = (await client.get<Contact[]>('/contacts')).body.results ?? [];
    expect(rows).toHaveLength(5);
    expect(rows.filter((c) => c.contactDO.isDefault)).toHaveLength(1);
  });

  it('gives a slot with 5 places to exactly 5 of 200 simultaneous lock requests', async () => {
    const clients = await sessionClients(database.db, clock, base, 200, '1331');
    const slot = await freeSlot(clients[0], '1000');
    await setPlacesIn(database.db, slot.source.sourceId, 5);
    const answers = await Promise.all(clients.map((client) => lock(client, slot.source.sourceId)));
    expect(answers.filter((a) => a.body.state === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.body.state === 409 && a.body.msg === '号源已约满')).toHaveLength(195);
    const { sources } = await sourcesOf(clients[0], '1000', slot.item.scheduleItemId);
    expect(sources.find((s) => s.sourceId === slot.source.sourceId)?.remaining).toBe(0);
  }, 120_000);

  it('applies a payment notification that arrives 10 times at once exactly once', async () => {
    const demo = await login('13800138000');
    const [self] = (await demo.get<Contact[]>('/contacts')).body.results ?? [];
    const [card] =
      (await demo.get<MedicalCard[]>(`/cardInfo/${self.contactId}`, { hospitalId: '1000' })).body.results ??
      [];
    const slot = await freeSlot(demo, '1000');
    const { orderId } = (await lock(demo, slot.source.sourceId)).body.results as { orderId: string };
    expect(
      (await demo.post(`/v1/orders/${orderId}`, { contactId: self.contactId, cardId: card.cardId })).body
        .state,
    ).toBe(200);
    const started = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        demo.post<{ payment: Payment; alipay: { tradeNo: string } }>('/v1/pay_orders/js_pay', {
          orderType: 'APPOINTMENT',
          orderId,
          channel: 'ALIPAY_TRADE',
        }),
      ),
    );
    const ids = new Set(started.map((s) => s.body.results?.payment.paymentId));
    expect(ids.size).toBe(1);
    const { payment, alipay } = started[0].body.results as { payment: Payment; alipay: { tradeNo: string } };
    const body = notification(payment, alipay.tradeNo);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        new Client(base).post<{ applied: boolean }>('/v1/pay_orders/notify', body),
      ),
    );
    expect(answers.filter((a) => a.body.results?.applied === true)).toHaveLength(1);
    expect(answers.filter((a) => a.body.results?.applied === false)).toHaveLength(9);
    expect((await demo.get(`/v1/orders/${orderId}`)).body.results).toMatchObject({ status: 'BOOKED' });
  });
});
