import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeSlot, lock, remainingOf, setPlaces, sourcesOf } from '../../test/booking.ts';
import { type Client, manyClients, startServer, type TestServer } from '../../test/harness.ts';
import { appointmentOrders } from './tables.ts';

/**
 * A slot is never given to two people: N simultaneous lock requests for a slot with k places give exactly k
 * holds. PGlite runs one transaction at a time; on PostgreSQL the row lock on the source does the same
 * (src/db/postgres.test.ts runs this against a real server).
 */
let server: TestServer;
let clients: Client[];

beforeAll(async () => {
  server = await startServer();
  clients = await manyClients(server, 200);
});
afterAll(() => server?.close());

describe('concurrent locks', () => {
  it('200 simultaneous lock requests on a slot with 5 places: exactly 5 holds, 195 told it is full', async () => {
    const slot = await freeSlot(clients[0], '1000');
    await setPlaces(server, slot.source.sourceId, 5);
    expect(await remainingOf(clients[0], '1000', slot)).toBe(5);

    const answers = await Promise.all(clients.map((client) => lock(client, slot.source.sourceId)));
    const won = answers.filter((a) => a.body.state === 200);
    const lost = answers.filter((a) => a.body.state !== 200);
    expect(won).toHaveLength(5);
    expect(lost).toHaveLength(195);
    for (const a of lost) {
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({
        state: 409,
        msg: '号源已约满',
        subMsg: '该时段号源已约满，请选择其他时段',
      });
    }
    const [{ n }] = await server.database.db
      .select({ n: count() })
      .from(appointmentOrders)
      .where(
        and(
          eq(appointmentOrders.sourceId, Number(slot.source.sourceId)),
          inArray(appointmentOrders.status, ['LOCKED']),
        ),
      );
    expect(n).toBe(5);
    const { sources } = await sourcesOf(clients[0], '1000', slot.item.scheduleItemId);
    expect(sources.find((s) => s.sourceId === slot.source.sourceId)).toMatchObject({
      remaining: 0,
      state: 'ALL_APPOINTED',
    });

    // One let go: one place again, for exactly one of the next 20.
    const winner = clients[answers.indexOf(won[0])];
    await winner.post('/v1/sources/hospitals/1000/unLock', {
      orderId: (won[0].body.results as { orderId: string }).orderId,
    });
    const second = await Promise.all(
      clients.slice(100, 120).map((client) => lock(client, slot.source.sourceId)),
    );
    expect(second.filter((a) => a.body.state === 200)).toHaveLength(1);
  });
});
