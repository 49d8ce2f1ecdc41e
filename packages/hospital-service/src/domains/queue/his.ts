import { and, desc, eq, lte } from 'drizzle-orm';
import { chinaDate, SECOND } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { prng } from '../../platform/seed-random.ts';
import { chinaInstant, chinaTime } from '../booking/index.ts';
import { type HisPerson, identityKeyOf } from '../patients/index.ts';
import { queueCalls, type queues } from './tables.ts';

/**
 * The simulated HIS queue system: the calling desks of every queue call the next number as the service's
 * clock runs, each after a pause drawn from the queue's pace (its own deterministic generator per queue, day
 * and number), during the opening hours. Calls are written down lazily: whoever reads a queue first brings it
 * up to now (`catchUp`), so every instance sees the same calls at the same instants. The walk-in patients the
 * desk serves besides ours are the `issued` numbers: a few always wait.
 */

export type QueueRow = typeof queues.$inferSelect;
export type CallRow = typeof queueCalls.$inferSelect;

/** Opening hours (China time): calls happen only inside them; numbering runs on through the day. */
export const QUEUE_HOURS = [
  ['08:00', '12:00'],
  ['14:00', '17:30'],
] as const;
export const HOURS_TEXT = QUEUE_HOURS.map(([a, b]) => `${a}-${b}`).join(' ');

/** The seconds the desk takes before calling `number` (deterministic per queue, day and number). */
export function pauseBefore(
  queue: Pick<QueueRow, 'id' | 'paceMin' | 'paceMax'>,
  date: string,
  number: number,
) {
  const rng = prng(`queue:${queue.id}:${date}:${number}`);
  return Math.round(queue.paceMin + rng() * (queue.paceMax - queue.paceMin));
}

/** Walk-in patients waiting besides ours after the call of `number`: 3 to 12. */
export const walkInsAfter = (queueId: number, date: string, number: number): number =>
  3 + Math.floor(prng(`queue-walkins:${queueId}:${date}:${number}`)() * 10);

/** Whether `at` is inside the opening hours. */
export function isOpen(at: Date): boolean {
  const time = chinaTime(at);
  return QUEUE_HOURS.some(([from, to]) => time >= from && time < to);
}

/** When a call due at `due` happens: then if open, else at the next opening plus the pause; null after hours. */
function nextCallInstant(date: string, due: Date, pauseMs: number): Date | null {
  for (const [from, to] of QUEUE_HOURS) {
    const open = chinaInstant(date, from);
    const close = chinaInstant(date, to);
    if (due.getTime() < open.getTime()) return new Date(open.getTime() + pauseMs);
    if (due.getTime() < close.getTime()) return due;
  }
  return null;
}

/** The latest stored call of a queue on a day (at or before `now`), or null. */
export async function latestCall(db: DbOrTx, queueId: number, date: string, now: Date) {
  const [row] = await db
    .select()
    .from(queueCalls)
    .where(and(eq(queueCalls.queueId, queueId), eq(queueCalls.date, date), lte(queueCalls.calledAt, now)))
    .orderBy(desc(queueCalls.number))
    .limit(1);
  return row ?? null;
}

/** The last `n` calls of a queue on a day (at or before `now`), newest first. */
export async function recentCalls(db: DbOrTx, queueId: number, date: string, now: Date, n: number) {
  return db
    .select()
    .from(queueCalls)
    .where(and(eq(queueCalls.queueId, queueId), eq(queueCalls.date, date), lte(queueCalls.calledAt, now)))
    .orderBy(desc(queueCalls.number))
    .limit(n);
}

/**
 * Writes down the calls the desk has made since the last one written, up to `now` (at most a day of them).
 * Idempotent: two instances catching up at once write the same rows (the second one's are ignored).
 */
export async function catchUp(db: DbOrTx, queue: QueueRow, now: Date): Promise<void> {
  const date = chinaDate(now);
  const [last] = await db
    .select()
    .from(queueCalls)
    .where(and(eq(queueCalls.queueId, queue.id), eq(queueCalls.date, date)))
    .orderBy(desc(queueCalls.number))
    .limit(1);
  let number = last?.number ?? 0;
  let issued = last?.issued ?? walkInsAfter(queue.id, date, 0);
  let at = last?.calledAt ?? chinaInstant(date, QUEUE_HOURS[0][0]);
  const rows: (typeof queueCalls.$inferInsert)[] = [];
  for (;;) {
    const pause = pauseBefore(queue, date, number + 1) * SECOND;
    const when = nextCallInstant(date, new Date(at.getTime() + pause), pause);
    if (!when || when.getTime() > now.getTime()) break;
    number += 1;
    // The desk calls only numbers it has handed out; walk-ins keep arriving.
    issued = Math.max(issued, number + walkInsAfter(queue.id, date, number));
    rows.push({ queueId: queue.id, date, number, issued, calledAt: when });
    at = when;
  }
  if (rows.length > 0) await db.insert(queueCalls).values(rows).onConflictDoNothing();
}

/**
 * The desk calls the next number now (the staff's 下一位; development only: browser tests of a live call).
 * Returns the number called.
 */
export async function callNextNow(db: DbOrTx, queue: QueueRow, now: Date): Promise<number> {
  await catchUp(db, queue, now);
  const date = chinaDate(now);
  const last = await latestCall(db, queue.id, date, now);
  const number = (last?.number ?? 0) + 1;
  const issued = Math.max(last?.issued ?? 0, number + walkInsAfter(queue.id, date, number));
  await db.insert(queueCalls).values({ queueId: queue.id, date, number, issued, calledAt: now });
  return number;
}

/** A prescription the HIS has waiting at a pharmacy for a person today. */
export interface Prescription {
  prescriptionNo: string;
  /** WEST (西药房) or TCM (中药房). */
  pharmacy: 'WEST' | 'TCM';
  department: string;
}

/**
 * Today's prescriptions of a person at a hospital, as the HIS has them: the demo person always has one at the
 * default hospital; about one filed person in three has one elsewhere (deterministic per person and day).
 */
export function prescriptionsOf(person: HisPerson, date: string, demo: boolean): Prescription[] {
  const key = identityKeyOf(person.identityCard);
  const rng = prng(`prescription:${key}:${date}`);
  const draw = rng();
  if (!demo && draw >= 1 / 3) return [];
  const compact = date.replaceAll('-', '');
  return [
    {
      prescriptionNo: `CF${person.hospitalId}${compact}${String(Math.floor(rng() * 10_000)).padStart(4, '0')}`,
      pharmacy: rng() < 0.75 ? 'WEST' : 'TCM',
      department: demo ? '普通内科' : '全科医学科',
    },
  ];
}
