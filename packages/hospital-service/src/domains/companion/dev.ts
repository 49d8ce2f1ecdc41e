import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { parseId } from '../../platform/database/ids.ts';
import type { AppDeps } from '../../platform/http/context.ts';
import { businessError, inputError, ok } from '../../platform/http/errors.ts';
import { statusesOf } from './cards.ts';
import { companionCards } from './tables.ts';

const reviewBody = z.object({
  cardId: z.string().check(z.regex(/^\d{1,10}$/)),
  /** Reject the application, for this reason; without it the ward approves. */
  reject: z.optional(z.string().check(z.minLength(1), z.maxLength(80))),
});

/**
 * Development only (never registered in production): `POST /__dev/companion-card/review` `{ cardId, reject? }`
 * is the ward's review of a waiting application — approved (EFFECTIVE) or rejected with a reason.
 */
export function registerCompanionDevRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post('/__dev/companion-card/review', async (request, reply) => {
    const parsed = z.safeParse(reviewBody, request.body ?? {});
    const id = parsed.success ? parseId(parsed.data.cardId) : null;
    if (!parsed.success || id === null) throw inputError('cardId', '陪护证编号不正确');
    const reject = parsed.data.reject;
    const now = deps.clock.now();
    const status = await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(companionCards).where(eq(companionCards.id, id)).for('update');
      if (!row) throw businessError(404, '陪护证不存在');
      const current = (await statusesOf(tx, [row])).get(row.id);
      if (current !== 'APPLYING') throw businessError(400, `状态为 ${current} 的申请不能审核`);
      const next = reject ? 'REJECTED' : 'EFFECTIVE';
      await tx
        .update(companionCards)
        .set({ status: next, rejectReason: reject ?? null, reviewedAt: now, updatedAt: now })
        .where(eq(companionCards.id, id));
      return next;
    });
    return reply.send(ok({ cardId: String(id), status }));
  });
}
