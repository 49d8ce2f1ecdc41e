import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { parseId } from '../../platform/database/ids.ts';
import type { AppDeps } from '../../platform/http/context.ts';
import { businessError, inputError, ok } from '../../platform/http/errors.ts';
import { askOutside } from '../../platform/outside-system.ts';
import { requestRefund, submitRefund } from '../payments/index.ts';
import { COURIER_SYSTEM, type Courier, CourierRefusal } from './courier.ts';
import { recordCopyOrders } from './tables.ts';

const advanceBody = z.object({
  orderId: z.string().check(z.regex(/^\d{1,10}$/)),
  /** Refuse at review (NO_REVIEWED only), for this reason. */
  refuse: z.optional(z.string().check(z.minLength(1), z.maxLength(80))),
  /** Posting: the number on the waybill the dispatch desk printed (a courier that issues numbers may go without). */
  trackingNo: z.optional(z.string().check(z.maxLength(40))),
});

/** The next status of an order as the record room moves it (the development route's one step). */
export function nextStatus(status: string, delivery: string): string | null {
  switch (status) {
    case 'NO_REVIEWED':
      return delivery === 'EXPRESS' ? 'NO_DELIVERED' : 'NO_ADVICE';
    case 'NO_DELIVERED':
      return 'IS_DELIVERED';
    case 'NO_ADVICE':
      return 'TAKE_SELF';
    case 'IS_DELIVERED':
    case 'TAKE_SELF':
      return 'FINISH';
    default:
      return null;
  }
}

/**
 * Development only (never registered in production): POST /__dev/record-copy/advance moves an order one step as
 * the record room would — review passed (or `refuse`d, the money going back), posted with a tracking number,
 * ready at the window, picked up or delivered — so that every status can be seen and tested. Posting hands the
 * parcel to the courier first (askOutside): a courier that fails answers 503 and the order stays NO_DELIVERED.
 */
export function registerRecordCopyDevRoutes(app: FastifyInstance, deps: AppDeps, courier: Courier): void {
  app.post('/__dev/record-copy/advance', async (request, reply) => {
    const parsed = z.safeParse(advanceBody, request.body ?? {});
    const id = parsed.success ? parseId(parsed.data.orderId) : null;
    if (!parsed.success || id === null) throw inputError('orderId', '订单号不正确');
    const now = deps.clock.now();
    const refuse = parsed.data.refuse;
    const [seen] = await deps.db.select().from(recordCopyOrders).where(eq(recordCopyOrders.id, id));
    if (!seen) throw businessError(404, '病案复印申请不存在');
    // The courier is asked before anything is written: its failure changes nothing here.
    const address = seen.address;
    const posted =
      !refuse && seen.status === 'NO_DELIVERED' && address
        ? await askOutside(
            COURIER_SYSTEM,
            (signal) =>
              courier.ship(
                {
                  orderId: id,
                  hospitalId: seen.hospitalId,
                  handedOverAt: now,
                  trackingNo: parsed.data.trackingNo,
                  addressee: address,
                },
                signal,
              ),
            { passThrough: (error) => error instanceof CourierRefusal },
          ).catch((error: unknown) => {
            if (error instanceof CourierRefusal) throw inputError('trackingNo', error.message);
            throw error;
          })
        : null;
    const { status, refundId } = await deps.db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(recordCopyOrders)
        .where(eq(recordCopyOrders.id, id))
        .for('update');
      if (!order) throw businessError(404, '病案复印申请不存在');
      if (order.status !== seen.status) throw businessError(409, '申请状态已变化，请重试');
      if (refuse) {
        if (order.status !== 'NO_REVIEWED') throw businessError(400, '只有待审核的申请可以驳回');
        await tx
          .update(recordCopyOrders)
          .set({ status: 'REFUSE', refuseReason: refuse, reviewedAt: now, updatedAt: now })
          .where(eq(recordCopyOrders.id, id));
        return {
          status: 'REFUSE',
          refundId: await requestRefund(tx, 'RECORD_COPY', id, `审核未通过：${refuse}`, now),
        };
      }
      const next = nextStatus(order.status, order.delivery);
      if (!next) throw businessError(400, `状态为 ${order.status} 的申请不能再推进`);
      await tx
        .update(recordCopyOrders)
        .set({
          status: next,
          updatedAt: now,
          ...(order.status === 'NO_REVIEWED' ? { reviewedAt: now } : {}),
          ...(next === 'IS_DELIVERED' && posted
            ? { courier: courier.company, trackingNo: posted.trackingNo, shippedAt: now }
            : {}),
          ...(next === 'FINISH' ? { finishedAt: now } : {}),
        })
        .where(eq(recordCopyOrders.id, id));
      return { status: next, refundId: null };
    });
    if (refundId !== null) await submitRefund(deps, refundId, app.log);
    return reply.send(ok({ orderId: String(id), status }));
  });
}
