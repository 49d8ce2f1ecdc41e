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
import { eq } from 'drizzle-orm';
import { chinaDate } from '../../platform/clock.ts';
import { violatedConstraint } from '../../platform/database/errors.ts';
import { userOf } from '../../platform/http/context.ts';
import { businessError, conflict, notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { askOutside } from '../../platform/outside-system.ts';
import { requireHospital } from '../hospitals/index.ts';
import { ownedContact } from '../patients/index.ts';
import { QUEUE_HIS_NAME, type QueueHis } from './his.ts';
import { askQueueStates, callOf, placeOf, placesOf, queueOf, queuesOf, summaryOf } from './places.ts';
import { signInItemsOf } from './sources.ts';
import { queueEntries, queues } from './tables.ts';

/** The queue calls, over the hospital's queue calling system (port `queueHis`). */
export const queueRoutes = (his: QueueHis) => [
  route(listQueues, async ({ params, query }, ctx) => {
    await requireHospital(ctx.db, params.hospitalId);
    const rows = await queuesOf(ctx.db, params.hospitalId, query.kind);
    return (await askQueueStates(his)(rows)).map(summaryOf);
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
    const [state] = await askQueueStates(his)([queue]);
    return callOf(state);
  }),

  route(listMyQueues, async ({ body }, ctx) => {
    const user = userOf(ctx);
    await requireHospital(ctx.db, body.hospitalId);
    const contact = body.contactId ? await ownedContact(ctx.db, user.id, body.contactId) : null;
    return placesOf(
      ctx.db,
      askQueueStates(his),
      user.id,
      body.hospitalId,
      contact?.id ?? null,
      ctx.clock.now(),
    );
  }),

  route(listSignIns, async ({ body }, ctx) => {
    const user = userOf(ctx);
    await requireHospital(ctx.db, body.hospitalId);
    const contact = await ownedContact(ctx.db, user.id, body.contactId);
    return signInItemsOf(ctx.db, his, contact, body.hospitalId, ctx.clock.now());
  }),

  route(signIn, async ({ body }, ctx) => {
    const user = userOf(ctx);
    await requireHospital(ctx.db, body.hospitalId);
    const contact = await ownedContact(ctx.db, user.id, body.contactId);
    const now = ctx.clock.now();
    const item = (await signInItemsOf(ctx.db, his, contact, body.hospitalId, now)).find(
      (i) => i.signId === body.signId,
    );
    if (!item) throw notFound('签到项目');
    if (item.status === 'SIGNED') throw conflict('已签到', '该项目已签到，请留意叫号');
    if (item.status !== 'READY') throw businessError(400, '不在签到时间', item.reason ?? '当前不能签到');
    const date = chinaDate(now);
    const [queue] = await ctx.db
      .select()
      .from(queues)
      .where(eq(queues.id, Number(item.queueId)))
      .limit(1);
    if (!queue) throw notFound('队列');
    // The HIS hands out the number before anything is written (a failure changes nothing); asked again for
    // the same sign-in it answers the same number.
    const { number } = await askOutside(
      QUEUE_HIS_NAME,
      (signal) => his.signIn(queue, { signId: item.signId, date, patientName: contact.name }, signal),
      { timeoutMs: his.timeoutMs },
    );
    const [state] = await askQueueStates(his)([queue]);
    try {
      const [entry] = await ctx.db
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
      return placeOf(entry, { ...state, issued: Math.max(state.issued, number) });
    } catch (error) {
      if (violatedConstraint(error) === 'queue_entries_sign') {
        throw conflict('已签到', '该项目已签到，请留意叫号');
      }
      throw error;
    }
  }),
];
