import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/auth/tables.ts';
import { violatedConstraint } from '../../platform/database/errors.ts';
import { freeSlot, setPlaces } from '../../test/booking.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import { appointmentOrders, schedules, sources } from './tables.ts';

/**
 * The database itself refuses overbooking: `sources.claimed` follows the orders (trigger) and
 * `sources_capacity` bounds it, whoever writes, even a writer that forgot to lock or count.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

describe('capacity in the database', () => {
  it('refuses an order beyond the places of its slot, and counts orders that stop claiming', async () => {
    const client = await server.login('13800138000');
    const slot = await freeSlot(client, '1000');
    await setPlaces(server, slot.source.sourceId, 2);
    const db = server.database.db;
    const sourceId = Number(slot.source.sourceId);
    const [schedule] = await db
      .select()
      .from(schedules)
      .where(eq(schedules.id, Number(slot.item.scheduleItemId)));
    const [user] = await db.select().from(users).where(eq(users.phone, '13800138000'));
    const at = server.clock.now();
    const order = (status: string) => ({
      userId: user.id,
      hospitalId: schedule.hospitalId,
      scheduleId: schedule.id,
      sourceId,
      visitDate: schedule.date,
      period: schedule.period,
      status,
      fee: 100,
      selfPays: 100,
      holdExpiresAt: at,
      visitStartsAt: at,
      visitEndsAt: at,
      cancelDeadline: at,
    });
    const claimed = async () =>
      (await db.select({ n: sources.claimed }).from(sources).where(eq(sources.id, sourceId)))[0].n;

    await db.insert(appointmentOrders).values([order('BOOKED'), order('LOCKED')]);
    expect(await claimed()).toBe(2);
    const refused = await db
      .insert(appointmentOrders)
      .values(order('PENDING_PAYMENT'))
      .then(() => null)
      .catch((error: unknown) => error);
    expect(violatedConstraint(refused)).toBe('sources_capacity');

    // Orders that do not claim a place are fine; a cancelled one coming back to life is refused.
    const [cancelled] = await db
      .insert(appointmentOrders)
      .values(order('CANCELLED'))
      .returning({ id: appointmentOrders.id });
    const revived = await db
      .update(appointmentOrders)
      .set({ status: 'BOOKED' })
      .where(eq(appointmentOrders.id, cancelled.id))
      .then(() => null)
      .catch((error: unknown) => error);
    expect(violatedConstraint(revived)).toBe('sources_capacity');
    expect(await claimed()).toBe(2);

    // A hold let go gives its place back, to exactly one more claim.
    await db
      .update(appointmentOrders)
      .set({ status: 'EXPIRED' })
      .where(eq(appointmentOrders.status, 'LOCKED'));
    expect(await claimed()).toBe(1);
    await db
      .update(appointmentOrders)
      .set({ status: 'BOOKED' })
      .where(eq(appointmentOrders.id, cancelled.id));
    expect(await claimed()).toBe(2);
    await db.delete(appointmentOrders).where(eq(appointmentOrders.id, cancelled.id));
    expect(await claimed()).toBe(1);
  });
});
