import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Payment } from '@patient/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DAY, TestClock } from '../../platform/clock.ts';
import { createDatabase, type Database, type Db } from '../../platform/database/connect.ts';
import { schema } from '../../schema.ts';
import { freeSlot, notification, setPlacesIn } from '../../test/booking.ts';
import { TEST_START } from '../../test/constants.ts';
import { type Client, mainlandId, sessionClients } from '../../test/harness.ts';
import { databaseUrl } from '../../test/pg-cluster.ts';
import { doubleBookings } from './double-bookings.ts';
import { appointmentOrders, schedules } from './tables.ts';

const { contacts, medicalCards, payments } = schema;

/**
 * Three service processes on one PostgreSQL database, as a hospital would run them behind a load balancer.
 * Everything is counted from the database (every order of a slot against its places), not from the
 * service's own 'remaining'.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
/** Three days after the template's seed day: every instance rolls the schedules on start, at once. */
const START = new Date(new Date(TEST_START).getTime() + 3 * DAY).toISOString();

let name: string;
let database: Database;
let db: Db;
const processes: ChildProcess[] = [];
const bases: string[] = [];

function startInstance(url: string): Promise<string> {
  const child = spawn(`${root}/node_modules/.bin/tsx`, ['src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: url,
      PORT: '0',
      HOST: '127.0.0.1',
      CLOCK_START: START,
      HOSPITAL_SERVICE_SECRET: 'test-secret',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  processes.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`instance did not start: ${out}`)), 50_000);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /hospital-service listening on (http:\/\/[\d.:]+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => reject(new Error(`instance exited with ${code}: ${out}`)));
  });
}

beforeAll(async () => {
  const cluster = inject('postgres');
  if (!cluster) throw new Error('the multi-instance test runs in the postgres project only');
  name = `multi_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${cluster.template}`);
  await admin.end();
  const url = databaseUrl(cluster.url, name);
  database = await createDatabase(url);
  db = database.db;
  bases.push(...(await Promise.all([startInstance(url), startInstance(url), startInstance(url)])));
}, 90_000);

afterAll(async () => {
  for (const child of processes) child.kill('SIGTERM');
  await Promise.all(
    processes.map((c) => new Promise((done) => (c.exitCode !== null ? done(null) : c.once('exit', done)))),
  );
  await database?.close();
  const cluster = inject('postgres');
  if (cluster && name) {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});

/** `count` accounts per instance, each with a contact (本人) and a card at 1000 (set-up, written directly). */
async function accounts(
  count: number,
  prefix: string,
): Promise<{ client: Client; contactId: string; cardId: string }[]> {
  const clock = new TestClock(START);
  const all: { client: Client; contactId: string; cardId: string }[] = [];
  for (const [i, base] of bases.entries()) {
    const clients = await sessionClients(db, clock, base, count, `${prefix}${i}`);
    for (const client of clients) all.push({ client, contactId: '', cardId: '' });
  }
  const userIds = (await db.execute(
    sql`SELECT id FROM users WHERE phone LIKE ${`${prefix}%`} ORDER BY phone`,
  )) as unknown as { rows: { id: number }[] };
  for (const [i, { id }] of userIds.rows.entries()) {
    const [contact] = await db
      .insert(contacts)
      .values({
        userId: id,
        name: '李娜',
        documentType: 'IDENTITY_CARD',
        documentNumber: mainlandId(`33010219900101${String(i).padStart(3, '0')}`),
        phone: '13500000000',
        relation: 'SELF',
        isDefault: true,
      })
      .returning({ id: contacts.id });
    const [card] = await db
      .insert(medicalCards)
      .values({
        userId: id,
        contactId: contact.id,
        hospitalId: '1000',
        medicalCardNo: `MI${prefix}${String(i).padStart(6, '0')}`,
        type: 'HOSPITAL_CARD',
        isDefault: true,
      })
      .returning({ id: medicalCards.id });
    all[i].contactId = String(contact.id);
    all[i].cardId = String(card.id);
  }
  return all;
}

const lock = (client: Client, sourceId: string) =>
  client.post<{ orderId: string }>('/v1/sources/hospitals/1000/lock', { sourceId });

/** Places given beyond capacity on these sources, counted from every order in the database. */
async function overbooked(sourceIds: number[]) {
  return (await doubleBookings(db)).overbooked.filter((s) => sourceIds.includes(s.sourceId));
}

describe('three instances on one PostgreSQL database', () => {
  it('rolling the schedules at the same instant leaves one set', async () => {
    const doubled = (await db.execute(sql`
      SELECT hospital_id, department_id, doctor_id, date, period, count(*) AS n FROM ${schedules}
      GROUP BY 1, 2, 3, 4, 5 HAVING count(*) > 1`)) as unknown as { rows: unknown[] };
    expect(doubled.rows).toEqual([]);
    const days = (await db.execute(sql`
      SELECT hospital_id, count(DISTINCT date)::int AS days FROM ${schedules}
      WHERE date >= (${START}::timestamptz AT TIME ZONE 'Asia/Shanghai')::date GROUP BY 1`)) as unknown as {
      rows: { days: number }[];
    };
    expect(days.rows).toHaveLength(9);
    for (const r of days.rows) expect(r.days).toBe(15);
  });

  it('300 simultaneous lock requests spread over the instances on a slot with 5 places give exactly 5 holds', async () => {
    const users = await accounts(100, '1361');
    const slot = await freeSlot(users[0].client, '1000');
    await setPlacesIn(db, slot.source.sourceId, 5);
    const answers = await Promise.all(users.map((u) => lock(u.client, slot.source.sourceId)));
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(answers.filter((a) => a.body.state === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.body.state === 409 && a.body.msg === '号源已约满')).toHaveLength(295);
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(appointmentOrders)
      .where(
        and(
          eq(appointmentOrders.sourceId, Number(slot.source.sourceId)),
          inArray(appointmentOrders.status, ['LOCKED', 'PENDING_PAYMENT', 'BOOKED', 'VISITED']),
        ),
      );
    expect(n).toBe(5);
  }, 120_000);

  it('payments arriving after their hold ran out, racing new locks, never leave two bookings on one place', async () => {
    const users = await accounts(20, '1362');
    const payers = users.slice(0, 4);
    const rivals = users.slice(4);
    const sourceIds: number[] = [];
    let lateBooked = 0;
    let lateRefunded = 0;
    for (let round = 0; round < 2; round++) {
      const slot = await freeSlot(payers[0].client, '1000');
      await setPlacesIn(db, slot.source.sourceId, 2);
      sourceIds.push(Number(slot.source.sourceId));
      // Two patients hold the two places, place their orders and start paying …
      const holders = payers.slice(round * 2, round * 2 + 2);
      const paying: { payer: (typeof holders)[number]; payment: Payment; tradeNo: string }[] = [];
      for (const payer of holders) {
        const { orderId } = (await lock(payer.client, slot.source.sourceId)).body.results as {
          orderId: string;
        };
        const placed = await payer.client.post(`/v1/orders/${orderId}`, {
          contactId: payer.contactId,
          cardId: payer.cardId,
        });
        expect(placed.body.state).toBe(200);
        const started = await payer.client.post<{ payment: Payment }>('/v1/pay_orders/js_pay', {
          orderType: 'APPOINTMENT',
          orderId,
          channel: 'SANDBOX',
        });
        const { payment } = started.body.results as { payment: Payment };
        const [{ tradeNo }] = await db
          .select({ tradeNo: payments.tradeNo })
          .from(payments)
          .where(eq(payments.id, Number(payment.paymentId)));
        paying.push({ payer, payment, tradeNo });
      }
      // … and their money arrives only after the holds ran out (time passing, written as set-up: the holds of
      // hospital 1000 last 10 minutes), at the same moment as other accounts' locks on the slot.
      await db
        .update(appointmentOrders)
        .set({ holdExpiresAt: new Date('2000-01-01T00:00:00Z') })
        .where(eq(appointmentOrders.sourceId, Number(slot.source.sourceId)));
      const notified = paying.map((p, i) =>
        p.payer.client.call('POST', '/hospital-service/v1/pay_orders/notify', {
          body: notification(p.payment, p.tradeNo),
          headers: { 'x-forwarded-for': String(i) },
        }),
      );
      const locks = rivals.map((r) => lock(r.client, slot.source.sourceId));
      const answers = await Promise.all([...notified, ...locks]);
      expect(answers.filter((a) => a.status !== 200)).toEqual([]);
      for (const p of paying) {
        const [order] = await db
          .select({ status: appointmentOrders.status })
          .from(appointmentOrders)
          .innerJoin(sql`payments`, sql`payments.order_id = ${appointmentOrders.id}`)
          .where(sql`payments.id = ${Number(p.payment.paymentId)}`);
        // Booked, or its money on the way back (the instances' sandbox takes a minute to pay a refund back).
        expect(['BOOKED', 'REFUNDING', 'REFUNDED']).toContain(order.status);
        if (order.status === 'BOOKED') lateBooked++;
        else lateRefunded++;
      }
      // Claims on the slot (holds included) never exceed its places.
      const [{ claims }] = await db
        .select({ claims: sql<number>`count(*)::int` })
        .from(appointmentOrders)
        .where(
          and(
            eq(appointmentOrders.sourceId, Number(slot.source.sourceId)),
            inArray(appointmentOrders.status, ['LOCKED', 'PENDING_PAYMENT', 'BOOKED', 'VISITED']),
          ),
        );
      expect(claims).toBeLessThanOrEqual(2);
    }
    expect(lateBooked + lateRefunded).toBe(4);
    expect(await overbooked(sourceIds)).toEqual([]);
    // And across the whole database, for every account, not only this test's (visit numbers given twice too).
    expect(await doubleBookings(db)).toMatchObject({ count: 0, overbooked: [], sharedVisitNumbers: [] });
  }, 120_000);
});
