import type { QueueCall, QueueKind, QueuePlace, QueueSummary } from '@patient/contract';
import { and, asc, eq } from 'drizzle-orm';
import { chinaDate } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { parseId } from '../../platform/database/ids.ts';
import { notFound } from '../../platform/http/errors.ts';
import { askOutside } from '../../platform/outside-system.ts';
import { estimateWait } from './estimate.ts';
import { HOURS_TEXT, QUEUE_HIS_NAME, type QueueHis, type QueueHisState, type QueueRow } from './his.ts';
import { queueEntries, queues } from './tables.ts';

export type EntryRow = typeof queueEntries.$inferSelect;

/** A queue as it stands (the HIS's answer): the number called, the highest issued, the latest calls. */
export interface QueueState extends QueueHisState {
  queue: QueueRow;
}

/** Reads where queues stand, in the order given (from the HIS, or a stream's shared copy of its answers). */
export type QueueStates = (queues: readonly QueueRow[]) => Promise<QueueState[]>;

/** Asks the HIS where queues stand, one call for all of them; a failing HIS: state 503 (askOutside). */
export const askQueueStates =
  (his: QueueHis): QueueStates =>
  async (queues) => {
    if (queues.length === 0) return [];
    const states = await askOutside(QUEUE_HIS_NAME, (signal) => his.statesOf(queues, signal), {
      timeoutMs: his.timeoutMs,
    });
    return queues.map((queue, i) => ({ ...states[i], queue }));
  };

export function summaryOf(state: QueueState): QueueSummary {
  const { queue } = state;
  return {
    queueId: String(queue.id),
    kind: queue.kind as QueueKind,
    name: queue.name,
    location: queue.location,
    calledNumber: state.calledNumber,
    waiting: Math.max(0, state.issued - (state.calledNumber ?? 0)),
    hours: HOURS_TEXT,
    open: state.open,
  };
}

/** The calling screen's view of a queue: the latest calls, the next numbers, the wait at the end. */
export function callOf(state: QueueState): QueueCall {
  const summary = summaryOf(state);
  const called = state.calledNumber ?? 0;
  const next = Array.from({ length: Math.min(5, summary.waiting) }, (_, i) => called + i + 1);
  return {
    ...summary,
    recent: state.recent.map((r) => ({ number: r.number, calledAt: r.calledAt.toISOString() })),
    next,
    estimate: estimateWait(
      state.recent.map((r) => r.calledAt),
      summary.waiting,
    ),
  };
}

export function placeOf(entry: EntryRow, state: QueueState): QueuePlace {
  const called = state.calledNumber;
  const status =
    called === null || called < entry.number ? 'WAITING' : called === entry.number ? 'CALLED' : 'PASSED';
  const ahead = status === 'WAITING' ? entry.number - (called ?? 0) - 1 : 0;
  return {
    entryId: String(entry.id),
    contactId: String(entry.contactId),
    patientName: entry.patientName,
    queueId: String(state.queue.id),
    kind: state.queue.kind as QueueKind,
    queueName: state.queue.name,
    location: state.queue.location,
    title: entry.title,
    number: entry.number,
    calledNumber: called,
    ahead,
    status,
    signedAt: entry.signedAt.toISOString(),
    estimate:
      status === 'WAITING'
        ? estimateWait(
            state.recent.map((r) => r.calledAt),
            ahead + 1,
          )
        : null,
  };
}

/** A queue of the hospital by its public id, or '队列不存在'. */
export async function queueOf(db: DbOrTx, hospitalId: string, queueId: string): Promise<QueueRow> {
  const id = parseId(queueId);
  const [row] =
    id === null
      ? []
      : await db
          .select()
          .from(queues)
          .where(and(eq(queues.id, id), eq(queues.hospitalId, hospitalId)))
          .limit(1);
  if (!row) throw notFound('队列');
  return row;
}

/** The hospital's queues (of one kind), in their order. */
export async function queuesOf(db: DbOrTx, hospitalId: string, kind?: QueueKind): Promise<QueueRow[]> {
  return db
    .select()
    .from(queues)
    .where(and(eq(queues.hospitalId, hospitalId), kind ? eq(queues.kind, kind) : undefined))
    .orderBy(asc(queues.sortOrder), asc(queues.id));
}

/** The account's places today at a hospital (one contact's, when given), in sign-in order. */
export async function placesOf(
  db: DbOrTx,
  states: QueueStates,
  userId: number,
  hospitalId: string,
  contactId: number | null,
  now: Date,
): Promise<QueuePlace[]> {
  const date = chinaDate(now);
  const rows = await db
    .select({ entry: queueEntries, queue: queues })
    .from(queueEntries)
    .innerJoin(queues, eq(queues.id, queueEntries.queueId))
    .where(
      and(
        eq(queueEntries.userId, userId),
        eq(queueEntries.hospitalId, hospitalId),
        eq(queueEntries.date, date),
        contactId === null ? undefined : eq(queueEntries.contactId, contactId),
      ),
    )
    .orderBy(asc(queueEntries.signedAt), asc(queueEntries.id));
  const watched = [...new Map(rows.map(({ queue }) => [queue.id, queue])).values()];
  const byQueue = new Map((await states(watched)).map((s) => [s.queue.id, s]));
  return rows.map(({ entry, queue }) => placeOf(entry, byQueue.get(queue.id) as QueueState));
}
