import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { parseId } from '../../platform/database/ids.ts';
import type { AppDeps } from '../../platform/http/context.ts';
import { businessError, inputError, ok } from '../../platform/http/errors.ts';
import type { NucleicAcidLab } from './lab.ts';
import { nucleicAcidOrders } from './tables.ts';

const advanceBody = z.object({
  orderId: z.string().check(z.regex(/^\d{1,10}$/)),
  /** Report this sample positive (SAMPLED only). */
  positive: z.optional(z.boolean()),
});

/**
 * Development only (never registered in production): POST /__dev/nucleic-acid/advance moves a paid order one
 * step as the sampling point and the laboratory would — PAID → SAMPLED (the lab's sample number), SAMPLED →
 * REPORTED (the lab's report, negative unless `positive`) — so that every status can be seen and tested. The
 * answer carries the status only, never the result.
 */
export function registerNucleicAcidDevRoutes(app: FastifyInstance, deps: AppDeps, lab: NucleicAcidLab): void {
  app.post('/__dev/nucleic-acid/advance', async (request, reply) => {
    const parsed = z.safeParse(advanceBody, request.body ?? {});
    const id = parsed.success ? parseId(parsed.data.orderId) : null;
    if (!parsed.success || id === null) throw inputError('orderId', '订单号不正确');
    const now = deps.clock.now();
    const status = await deps.db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(nucleicAcidOrders)
        .where(eq(nucleicAcidOrders.id, id))
        .for('update');
      if (!order) throw businessError(404, '核酸检测订单不存在');
      const sample = {
        orderId: order.id,
        hospitalId: order.hospitalId,
        type: order.type as 'SINGLE' | 'MIXED',
        sampledAt: order.sampledAt ?? now,
      };
      if (order.status === 'PAID') {
        await tx
          .update(nucleicAcidOrders)
          .set({ status: 'SAMPLED', sampledAt: now, sampleNo: lab.sampleNoFor(sample), updatedAt: now })
          .where(eq(nucleicAcidOrders.id, id));
        return 'SAMPLED';
      }
      if (order.status === 'SAMPLED') {
        await tx
          .update(nucleicAcidOrders)
          .set({
            status: 'REPORTED',
            result: lab.reportFor(sample, now, parsed.data.positive),
            reportedAt: now,
            updatedAt: now,
          })
          .where(eq(nucleicAcidOrders.id, id));
        return 'REPORTED';
      }
      throw businessError(400, `状态为 ${order.status} 的订单不能再推进`);
    });
    return reply.send(ok({ orderId: String(id), status }));
  });
}
