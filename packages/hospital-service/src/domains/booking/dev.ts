import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { parseId } from '../../platform/database/ids.ts';
import type { AppDeps } from '../../platform/http/context.ts';
import { businessError, inputError, ok } from '../../platform/http/errors.ts';
import { submitRefund } from '../payments/index.ts';
import { doubleBookings } from './double-bookings.ts';
import { stopSchedule } from './orders.ts';

const stopBody = z.object({ scheduleItemId: z.string().check(z.regex(/^\d{1,10}$/)) });

/** Development-only routes of booking (none of them exists when NODE_ENV=production). */
export function registerBookingDevRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Stop a half-day's clinic (as the HIS would), to see 'clinic stopped' orders and their refund.
  app.post('/__dev/schedules/stop', async (request, reply) => {
    const parsed = z.safeParse(stopBody, request.body ?? {});
    const id = parsed.success ? parseId(parsed.data.scheduleItemId) : null;
    if (id === null) throw inputError('scheduleItemId', '排班编号不正确');
    const now = deps.clock.now();
    const stopped = await deps.db.transaction((tx) => stopSchedule(tx, id, now));
    if (stopped === null) throw businessError(404, '排班不存在', '排班不存在');
    for (const refundId of stopped.refundIds) await submitRefund(deps, refundId, app.log);
    return reply.send(ok({ orders: stopped.changed }));
  });

  // Places given twice, counted in the database (the bench's check, on PGlite and PostgreSQL alike).
  app.get('/__dev/double-bookings', async (_request, reply) => reply.send(ok(await doubleBookings(deps.db))));
}
