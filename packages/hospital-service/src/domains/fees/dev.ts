import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { chinaDate } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { parseId } from '../../platform/database/ids.ts';
import type { AppDeps } from '../../platform/http/context.ts';
import { businessError, inputError, ok } from '../../platform/http/errors.ts';
import { inpatientStays, outpatientOrders } from './tables.ts';

/**
 * The HIS invalidates a paid outpatient order (the doctor withdrew it): it reads INVALIDATED and its charge can
 * be refunded. Returns false when the order is not paid (nothing to invalidate).
 */
export async function invalidateOutpatientOrder(db: DbOrTx, orderId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(outpatientOrders)
    .set({ status: 'INVALIDATED', invalidatedAt: now })
    .where(and(eq(outpatientOrders.id, orderId), eq(outpatientOrders.status, 'PAID')))
    .returning({ id: outpatientOrders.id });
  return rows.length > 0;
}

/** The HIS discharges a patient (the ward's discharge order): the stay awaits settlement from `dischargedOn`. */
export async function dischargeInpatient(db: DbOrTx, stayId: number, dischargedOn: string): Promise<boolean> {
  const rows = await db
    .update(inpatientStays)
    .set({ status: 'DISCHARGED', dischargedOn })
    .where(and(eq(inpatientStays.id, stayId), eq(inpatientStays.status, 'IN_HOSPITAL')))
    .returning({ id: inpatientStays.id });
  return rows.length > 0;
}

/** Development only: `POST /__dev/outpatient/invalidate` `{ orderId }`, as the HIS would. */
export function registerFeesDevRoutes(app: FastifyInstance, deps: AppDeps): void {
  const body = z.object({ orderId: z.string() });
  app.post('/__dev/outpatient/invalidate', async (request, reply) => {
    const parsed = z.safeParse(body, request.body ?? {});
    const id = parsed.success ? parseId(parsed.data.orderId) : null;
    if (id === null) throw inputError('orderId', '处方编号不正确');
    if (!(await invalidateOutpatientOrder(deps.db, id, deps.clock.now()))) {
      throw businessError(409, '处方未缴费', '只有已缴费的处方可以作废');
    }
    return reply.send(ok({ orderId: String(id) }));
  });

  // `POST /__dev/inpatient/discharge` `{ inpatientId }`: the HIS discharges the patient today.
  const stayBody = z.object({ inpatientId: z.string() });
  app.post('/__dev/inpatient/discharge', async (request, reply) => {
    const parsed = z.safeParse(stayBody, request.body ?? {});
    const id = parsed.success ? parseId(parsed.data.inpatientId) : null;
    if (id === null) throw inputError('inpatientId', '住院记录编号不正确');
    if (!(await dischargeInpatient(deps.db, id, chinaDate(deps.clock.now())))) {
      throw businessError(409, '不在院', '只有在院的住院记录可以办理出院');
    }
    return reply.send(ok({ inpatientId: String(id) }));
  });
}
