import { and, desc, eq, lte, max, sql } from 'drizzle-orm';
import { type Clock, chinaDate, SECOND } from '../../platform/clock.ts';
import type { Db, DbOrTx } from '../../platform/database/connect.ts';
import { prng } from '../../platform/seed-random.ts';
import { chinaInstant, chinaTime } from '../booking/index.ts';
import { DEMO_CONTACTS, type HisPerson, identityKeyOf } from '../patients/index.ts';
import { PACE_CALLS } from './estimate.ts';
import { queueCalls, queueHisTickets, type queues } from './tables.ts';

export type QueueRow = typeof queues.$inferSelect;
export type CallRow = typeof queueCalls.$inferSelect;

/** What the refusal names when the queue system fails or does not answer in time (askOutside). */
export const QUEUE_HIS_NAME = '分诊叫号系统';

/** Where a queue stands now, as the HIS's calling desk has it. */
export interface QueueHisState {
  /** The number called last today; null before the first call. */
  calledNumber: number | null;
  /** The highest number handed out today (walk-ins and sign-ins). */
  issued: number;
  /** The latest calls of today, newest first (at most PACE_CALLS). */
  recent: { number: number; calledAt: Date }[];
  /** Whether the desk is within its opening hours. */
  open: boolean;
}

/** A sign-in sent to the HIS: which of today's sources, for whom. */
export interface QueueSignInRequest {
  /** Our id of the source (APPOINTMENT-<order>, CHECKUP-<request>, PRESCRIPTION-<no>): the key of idempotency. */
  signId: string;
  /** The China date of the sign-in. */
  date: string;
  patientName: string;
}

/**
 * The hospital's queue calling system (分诊叫号, port `queueHis`): where each queue stands, signing a patient in
 * (the HIS hands out the number), and today's prescriptions waiting at a pharmacy. A queue is ours (`queues`:
 * the HIS knows it by hospital, kind and `ref`). `statesOf` and `prescriptionsOf` only read; `signIn` is
 * idempotent: the same sign-in id on the same day gets the same number, so a sign-in whose answer was lost
 * may be sent again. A failure or a time-out is answered 503 by askOutside and nothing is written.
 */
export interface QueueHis {
  /** How long one call may take (askOutside's deadline); default OUTSIDE_CALL_TIMEOUT_MS. */
  readonly timeoutMs?: number;
  /** Where each queue stands now, in the order given. */
  statesOf(queues: readonly QueueRow[], signal?: AbortSignal): Promise<QueueHisState[]>;
  /** Signs the patient into the queue: the number handed out (the same one again for the same sign-in). */
  signIn(queue: QueueRow, request: QueueSignInRequest, signal?: AbortSignal): Promise<{ number: number }>;
  /** Today's prescriptions waiting at a pharmacy for a filed person (`date`: the China date). */
  prescriptionsOf(person: HisPerson, date: string, signal?: AbortSignal): Promise<Prescription[]>;
}

/*
 * The simulated queue system: the calling desks of every queue call the next number as the service's clock
 * runs, each after a pause drawn from the queue's pace (its own deterministic generator per queue, day and
 * number), during the opening hours. Calls are written down lazily: whoever reads a queue first brings it up to
 * now (`catchUp`), so every instance sees the same calls at the same instants. The walk-in patients the desk
 * serves besides ours are the `issued` numbers: a few always wait.
 */

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
 * The simulated HIS's prescriptions of a person at a hospital today: the demo person always has one at the
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

/** Whether the person is the demo's (张伟 or his mother) at the default hospital. */
const isDemoPerson = (person: HisPerson) =>
  person.hospitalId === '1000' &&
  DEMO_CONTACTS.some((c) => c.documentNumber === person.identityCard && c.name === person.name);

/**
 * The simulated queue system (a simulation: production refuses it unless DEMO_SIMULATED_PORTS allows it). Its
 * books — the desks' calls (`queue_calls`) and the numbers handed out at sign-in (`queue_his_tickets`) — are
 * kept in the service's database, so that every instance sees the same desks.
 */
export class SimulatedQueueHis implements QueueHis {
  readonly simulated = true;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async statesOf(queues: readonly QueueRow[]): Promise<QueueHisState[]> {
    const now = this.clock.now();
    const states: QueueHisState[] = [];
    for (const queue of queues) states.push(await this.stateOf(this.db, queue, now));
    return states;
  }

  async signIn(queue: QueueRow, request: QueueSignInRequest): Promise<{ number: number }> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      // One number at a time per queue and day.
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtext(${`queue-his|${queue.id}|${request.date}`}))`,
      );
      const [known] = await tx
        .select({ number: queueHisTickets.number })
        .from(queueHisTickets)
        .where(
          and(
            eq(queueHisTickets.queueId, queue.id),
            eq(queueHisTickets.date, request.date),
            eq(queueHisTickets.signId, request.signId),
          ),
        );
      if (known) return known;
      const state = await this.stateOf(tx, queue, now);
      const number = state.issued + 1;
      await tx.insert(queueHisTickets).values({
        queueId: queue.id,
        date: request.date,
        signId: request.signId,
        number,
        issuedAt: now,
      });
      return { number };
    });
  }

  async prescriptionsOf(person: HisPerson, date: string): Promise<Prescription[]> {
    return prescriptionsOf(person, date, isDemoPerson(person));
  }

  /** The desk calls the next number now (the staff's 下一位; the development route). */
  async callNext(queue: QueueRow): Promise<number> {
    return callNextNow(this.db, queue, this.clock.now());
  }

  private async stateOf(db: DbOrTx, queue: QueueRow, now: Date): Promise<QueueHisState> {
    await catchUp(db, queue, now);
    const date = chinaDate(now);
    const recent = await recentCalls(db, queue.id, date, now, PACE_CALLS);
    const [tickets] = await db
      .select({ n: max(queueHisTickets.number) })
      .from(queueHisTickets)
      .where(and(eq(queueHisTickets.queueId, queue.id), eq(queueHisTickets.date, date)));
    const latest = recent[0] ?? null;
    return {
      calledNumber: latest?.number ?? null,
      issued: Math.max(latest?.issued ?? walkInsAfter(queue.id, date, 0), tickets?.n ?? 0),
      recent: recent.map((r) => ({ number: r.number, calledAt: r.calledAt })),
      open: isOpen(now),
    };
  }
}
