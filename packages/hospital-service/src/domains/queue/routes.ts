import {
  getQueueCall,
  listMyQueues,
  listQueues,
  listQueueTypes,
  listSignIns,
  QUEUE_KIND_NAMES,
  type QueueKind,
  signIn,
} from '@patient/contract';
import { and, eq, max, sql } from 'drizzle-orm';
import { chinaDate } from '../../platform/clock.ts';
import { violatedConstraint } from '../../platform/database/errors.ts';
import { userOf } from '../../platform/http/context.ts';
import { businessError, conflict, notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { requireHospital } from '../hospitals/index.ts';
import { ownedContact } from '../patients/index.ts';
import { callOf, placeOf, placesOf, queueOf, queueState, queuesOf, summaryOf } from './places.ts';
import { signInItemsOf } from './sources.ts';
import { queueEntries, queues } from './tables.ts';

export const queueRoutes = [
  route(listQueues, async ({ params, query }, ctx) => {
    await requireHospital(ctx.db, params.hospitalId);
    const now = ctx.clock.now();
    const rows = await queuesOf(ctx.db, params.hospitalId, query.kind);
    const out = [];
    for (const queue of rows) out.push(summaryOf(await queueState(ctx.db, queue, now)));
    return out;
  }),

  route(listQueueTypes, async ({ params }, ctx) => {
    await requireHospital(ctx.db, params.hospitalId);
    const rows = await queuesOf(ctx.db, params.hospitalId);
    return (Object.keys(QUEUE_KIND_NAMES) as QueueKind[])
      .map((kind) => ({
        kind,
        name: QUEUE_KIND_NAMES[kind],
        queues: rows.filter((q) => q.kind === kind).length,
      }))
      .filter((t) => t.queues > 0);
  }),

  route(getQueueCall, async ({ params }, ctx) => {
    await requireHospital(ctx.db, params.hospitalId);
    const queue = await queueOf(ctx.db, params.hospitalId, params.queueId);
    return callOf(await queueState(ctx.db, queue, ctx.clock.now()));
  }),

  route(listMyQueues, async ({ body }, ctx) => {
    const user = userOf(ctx);
    await requireHospital(ctx.db, body.hospitalId);
    const contact = body.contactId ? await ownedContact(ctx.db, user.id, body.contactId) : null;
    return placesOf(ctx.db, user.id, body.hospitalId, contact?.id ?? null, ctx.clock.now());
  }),

  route(listSignIns, async ({ body }, ctx) => {
    const user = userOf(ctx);
    await requireHospital(ctx.db, body.hospitalId);
    const contact = await ownedContact(ctx.db, user.id, body.contactId);
    return signInItemsOf(ctx.db, contact, body.hospitalId, ctx.clock.now());
  }),

  route(signIn, async ({ body }, ctx) => {
    const user = userOf(ctx);
    await requireHospital(ctx.db, body.hospitalId);
    const contact = await ownedContact(ctx.db, user.id, body.contactId);
    const now = ctx.clock.now();
    const item = (await signInItemsOf(ctx.db, contact, body.hospitalId, now)).find(
      (i) => i.signId === body.signId,
    );
    if (!item) throw notFound('签到项目');
    if (item.status === 'SIGNED') throw conflict('已签到', '该项目已签到，请留意叫号');
    if (item.status !== 'READY') throw businessError(400, '不在签到时间', item.reason ?? '当前不能签到');
    const date = chinaDate(now);
    try {
      return await ctx.db.transaction(async (tx) => {
        const [queue] = await tx
          .select()
          .from(queues)
          .where(eq(queues.id, Number(item.queueId)))
          .limit(1);
        if (!queue) throw notFound('队列');
        // One number at a time per queue and day.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`queue|${queue.id}|${date}`}))`);
        const state = await queueState(tx, queue, now);
        const [ours] = await tx
          .select({ n: max(queueEntries.number) })
          .from(queueEntries)
          .where(and(eq(queueEntries.queueId, queue.id), eq(queueEntries.date, date)));
        const number = Math.max(state.issued, ours?.n ?? 0) + 1;
        const [entry] = await tx
          .insert(queueEntries)
          .values({
            userId: user.id,
            contactId: contact.id,
            hospitalId: body.hospitalId,
            queueId: queue.id,
            date,
            signId: item.signId,
            title: item.title,
            patientName: contact.name,
            number,
            signedAt: now,
          })
          .returning();
        return placeOf(entry, { ...state, issued: number });
      });
    } catch (error) {
      if (violatedConstraint(error) === 'queue_entries_sign') {
        throw conflict('已签到', '该项目已签到，请留意叫号');
      }
      throw error;
    }
  }),
];
