import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';

/**
 * Places given twice, counted in the database over every account: slots with more BOOKED or VISITED orders
 * than places (capacity − reserved), and visit numbers of a half-day that more than one such order has. The
 * one copy of these queries: the dev route `GET /__dev/double-bookings` answers them (the bench counts with it
 * on every database), and the multi-instance test calls this directly.
 */
export async function doubleBookings(db: DbOrTx) {
  const rows = async <T>(query: string) =>
    ((await db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
  const [{ booked }] = await rows<{ booked: number }>(
    `SELECT count(*)::int AS booked FROM appointment_orders WHERE status IN ('BOOKED', 'VISITED')`,
  );
  const overbooked = await rows<{ sourceId: number; places: number; booked: number }>(
    `SELECT s.id AS "sourceId", s.capacity - s.reserved AS places, count(o.id)::int AS booked
       FROM sources s JOIN appointment_orders o ON o.source_id = s.id AND o.status IN ('BOOKED', 'VISITED')
      GROUP BY s.id HAVING count(o.id) > s.capacity - s.reserved ORDER BY s.id`,
  );
  const sharedVisitNumbers = await rows<{ scheduleId: number; visitNumber: string; orders: number }>(
    `SELECT schedule_id AS "scheduleId", visit_number AS "visitNumber", count(*)::int AS orders
       FROM appointment_orders WHERE status IN ('BOOKED', 'VISITED') AND visit_number IS NOT NULL
      GROUP BY schedule_id, visit_number HAVING count(*) > 1 ORDER BY schedule_id, visit_number`,
  );
  return {
    booked,
    overbooked,
    sharedVisitNumbers,
    count:
      overbooked.reduce((n, s) => n + s.booked - s.places, 0) +
      sharedVisitNumbers.reduce((n, v) => n + v.orders - 1, 0),
  };
}
