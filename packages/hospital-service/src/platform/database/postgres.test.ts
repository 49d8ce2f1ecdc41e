import type { Contact, MedicalCard, Payment } from '@patient/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { prepareDatabase } from '../../seed.ts';
import { freeSlot, lock, notification, setPlacesIn, sourcesOf, tradeNoOf } from '../../test/booking.ts';
import { TEST_START } from '../../test/constants.ts';
import { Client, person, sessionClients, startServer, type TestServer } from '../../test/harness.ts';
import { databaseUrl } from '../../test/pg-cluster.ts';
import { TestClock } from '../clock.ts';
import { createDatabase } from './connect.ts';

/**
 * The same migrations and the concurrency rules on a real PostgreSQL: several connections, real row locks
 * (PGlite runs one transaction at a time, so it cannot show a race). Runs in the `postgres` project only, on
 * its own copy of the template database in the run's throw-away cluster (src/test/global-setup-postgres.ts).
 */
describe('PostgreSQL (node-postgres)', () => {
  let server: TestServer;
  let base: string;

  beforeAll(async () => {
    server = await startServer();
    base = server.base;
  });
  afterAll(async () => {
    await server?.close();
  });

  const login = (phone: string) => server.login(phone);

  it('migrates and seeds a brand-new database, then has nothing left to do', async () => {
    const cluster = inject('postgres');
    if (!cluster) throw new Error('the postgres project provides the cluster');
    const name = `fresh_${process.pid}`;
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
    const fresh = await createDatabase(databaseUrl(cluster.url, name));
    try {
      expect(fresh.driver).toBe('postgres');
      expect(await prepareDatabase(fresh, new TestClock(TEST_START))).toMatchObject({
        seeded: { hospitals: 9 },
      });
      expect(await prepareDatabase(fresh, new TestClock(TEST_START))).toEqual({
        seeded: null,
        schedulesRefreshed: null,
      });
    } finally {
      await fresh.close();
      await admin.query(`DROP DATABASE ${name}`);
      await admin.end();
    }
  }, 60_000);

  it('answers start-up calls from its copy of the template', async () => {
    expect(server.database.driver).toBe('postgres');
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
    const clients = await sessionClients(server.database.db, server.clock, base, 200, '1331');
    const slot = await freeSlot(clients[0], '1000');
    await setPlacesIn(server.database.db, slot.source.sourceId, 5);
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
        demo.post<{ payment: Payment }>('/v1/pay_orders/js_pay', {
          orderType: 'APPOINTMENT',
          orderId,
          channel: 'SANDBOX',
        }),
      ),
    );
    const ids = new Set(started.map((s) => s.body.results?.payment.paymentId));
    expect(ids.size).toBe(1);
    const { payment } = started[0].body.results as { payment: Payment };
    const body = notification(payment, await tradeNoOf(server, payment.paymentId));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        new Client(base).post<{ applied: boolean }>('/v1/pay_orders/notify', body),
      ),
    );
    expect(answers.filter((a) => a.body.results?.applied === true)).toHaveLength(1);
    expect(answers.filter((a) => a.body.results?.applied === false)).toHaveLength(9);
    expect((await demo.get(`/v1/orders/${orderId}`)).body.results).toMatchObject({ status: 'BOOKED' });
  });

  it('survives the server dropping its idle connections, and answers on new ones', async () => {
    const own = await createDatabase(`${server.database.location}?application_name=dropped_idle`);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await Promise.all([1, 2, 3].map(() => own.db.execute(sql`select pg_sleep(0.05)`)));
      const admin = new pg.Client({ connectionString: server.database.location });
      await admin.connect();
      const { rowCount } = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'dropped_idle'",
      );
      await admin.end();
      expect(rowCount).toBeGreaterThan(0);
      // Every dropped idle connection is reported (and so out of the pool) before the next query picks one.
      await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(rowCount ?? 0));
      expect(String(warn.mock.calls[0][0])).toContain('数据库空闲连接已断开');
      const answer = (await own.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] };
      expect(answer.rows).toEqual([{ one: 1 }]);
    } finally {
      warn.mockRestore();
      await own.close();
    }
  });

  it('holds the SMS limits across two instances on their own connections, with requests at once', async () => {
    // A second service instance with its own connection pool on the same database, as when the service runs
    // several times (the test cluster trusts local connections, so the location is the full URL).
    const other = await createDatabase(server.database.location);
    const limits = { perIpHour: 3, perIpDay: 100, globalHour: 1000, globalDay: 1000 };
    const instances = [server.database, other].map((db) =>
      buildApp({
        db,
        clock: server.clock,
        smsSender: server.sms,
        logger: false,
        secret: 'test-secret',
        smsLimits: limits,
        trustProxy: true,
      }),
    );
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          instances[i % 2].inject({
            method: 'POST',
            url: '/hospital-service/v1/auth/sendCode',
            headers: { channeltype: 'H5', 'x-forwarded-for': '203.0.113.99' },
            payload: { phone: `1330099${String(i).padStart(4, '0')}` },
          }),
        ),
      );
      const states = answers.map((a) => (a.json() as { state: number }).state);
      expect(states.filter((s) => s === 200)).toHaveLength(3);
      expect(states.filter((s) => s === 429)).toHaveLength(9);
    } finally {
      await Promise.all(instances.map((app) => app.close()));
      await other.close();
    }
  });
});
