import type { QueueKind, SignInItem } from '@patient/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { chinaDate } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { askOutside } from '../../platform/outside-system.ts';
import {
  appointmentOrders,
  chinaInstant,
  chinaTime,
  departments,
  doctors,
  PERIOD_NAME,
  type Period,
  schedules,
} from '../booking/index.ts';
import { checkupApplications, ITEM_TYPES } from '../checkup/index.ts';
import { type ContactRow, isFiled, provenContacts } from '../patients/index.ts';
import { QUEUE_HIS_NAME, QUEUE_HOURS, type QueueHis } from './his.ts';
import { askQueueStates, placeOf } from './places.ts';
import { queueEntries, queues } from './tables.ts';

/** Signing in opens at this time of the visit day (China time). */
export const SIGN_IN_OPENS = '07:30';

/** Something of today that puts the contact in a queue when signed: what feeds each queue kind. */
export interface SignSource {
  signId: string;
  kind: QueueKind;
  /** The queue's `ref` (the clinic's department id, the examination type, the pharmacy). */
  ref: string;
  title: string;
  timeText: string;
  closesAt: Date;
}

/** Today's paid appointments of the contact (their clinics). */
async function appointmentSources(db: DbOrTx, contact: ContactRow, hospitalId: string, date: string) {
  const rows = await db
    .select({ order: appointmentOrders, department: departments, doctor: doctors, schedule: schedules })
    .from(appointmentOrders)
    .innerJoin(schedules, eq(schedules.id, appointmentOrders.scheduleId))
    .innerJoin(departments, eq(departments.id, schedules.departmentId))
    .leftJoin(doctors, eq(doctors.id, schedules.doctorId))
    .where(
      and(
        eq(appointmentOrders.userId, contact.userId),
        eq(appointmentOrders.contactId, contact.id),
        eq(appointmentOrders.hospitalId, hospitalId),
        eq(appointmentOrders.visitDate, date),
        inArray(appointmentOrders.status, ['BOOKED', 'VISITED']),
      ),
    );
  return rows.map(
    ({ order, department, doctor }): SignSource => ({
      signId: `APPOINTMENT-${order.id}`,
      kind: 'CLINIC',
      ref: String(department.id),
      title: `${department.name} · ${doctor ? `${doctor.name} ${doctor.title}` : '普通门诊'}`,
      timeText: `${PERIOD_NAME[order.period as Period]} ${chinaTime(order.visitStartsAt)}-${chinaTime(order.visitEndsAt)}`,
      closesAt: order.visitEndsAt,
    }),
  );
}

/** Today's booked examinations of the contact (their rooms). */
async function checkupSources(db: DbOrTx, contact: ContactRow, hospitalId: string, date: string) {
  const rows = await db
    .select()
    .from(checkupApplications)
    .where(
      and(
        eq(checkupApplications.contactId, contact.id),
        eq(checkupApplications.hospitalId, hospitalId),
        eq(checkupApplications.status, 'BOOKED'),
        eq(checkupApplications.apptDate, date),
      ),
    );
  return rows.flatMap((row): SignSource[] => {
    const type = ITEM_TYPES[row.itemTypeId as keyof typeof ITEM_TYPES];
    if (!type || !row.apptTimeRange) return [];
    return [
      {
        signId: `CHECKUP-${row.id}`,
        kind: 'EXAM',
        ref: row.itemTypeId,
        title: `${type.name} · ${type.departmentName}`,
        timeText: row.apptTimeRange,
        closesAt: chinaInstant(date, row.apptTimeRange.slice(6, 11)),
      },
    ];
  });
}

/**
 * The prescriptions the HIS has waiting for the contact today (a proven contact's only: hospital data); a
 * failing HIS: state 503 (askOutside).
 */
async function prescriptionSources(
  db: DbOrTx,
  his: QueueHis,
  contact: ContactRow,
  hospitalId: string,
  date: string,
) {
  if (!(await provenContacts(db, contact.userId)).some((c) => c.id === contact.id)) return [];
  const person = { hospitalId, identityCard: contact.documentNumber, name: contact.name };
  if (!(await isFiled(db, person))) return [];
  const closing = QUEUE_HOURS[QUEUE_HOURS.length - 1][1];
  const prescriptions = await askOutside(
    QUEUE_HIS_NAME,
    (signal) => his.prescriptionsOf(person, date, signal),
    { timeoutMs: his.timeoutMs },
  );
  return prescriptions.map(
    (p): SignSource => ({
      signId: `PRESCRIPTION-${p.prescriptionNo}`,
      kind: 'PHARMACY',
      ref: p.pharmacy,
      title: `取药 · ${p.department}处方`,
      timeText: `今日 ${QUEUE_HOURS[0][0]}-${closing}`,
      closesAt: chinaInstant(date, closing),
    }),
  );
}

/**
 * What the contact can sign in for today at the hospital, each with its queue and state: READY, SIGNED (with
 * the place), NOT_YET (before SIGN_IN_OPENS), CLOSED (after its end).
 */
export async function signInItemsOf(
  db: DbOrTx,
  his: QueueHis,
  contact: ContactRow,
  hospitalId: string,
  now: Date,
): Promise<SignInItem[]> {
  const date = chinaDate(now);
  const sources = [
    ...(await appointmentSources(db, contact, hospitalId, date)),
    ...(await checkupSources(db, contact, hospitalId, date)),
    ...(await prescriptionSources(db, his, contact, hospitalId, date)),
  ];
  if (sources.length === 0) return [];
  const queueRows = await db.select().from(queues).where(eq(queues.hospitalId, hospitalId));
  const entries = await db
    .select()
    .from(queueEntries)
    .where(
      and(
        eq(queueEntries.userId, contact.userId),
        eq(queueEntries.hospitalId, hospitalId),
        eq(queueEntries.date, date),
        inArray(
          queueEntries.signId,
          sources.map((s) => s.signId),
        ),
      ),
    );
  const opens = chinaInstant(date, SIGN_IN_OPENS);
  // Where the queues of the signed items stand: one question to the HIS.
  const signedQueues = queueRows.filter((q) => entries.some((e) => e.queueId === q.id));
  const states = new Map((await askQueueStates(his)(signedQueues)).map((s) => [s.queue.id, s]));
  const items: SignInItem[] = [];
  for (const source of sources) {
    const queue = queueRows.find((q) => q.kind === source.kind && q.ref === source.ref);
    if (!queue) continue;
    const entry = entries.find((e) => e.signId === source.signId);
    const state = entry && states.get(entry.queueId);
    const place = entry && state ? placeOf(entry, state) : null;
    const status = entry
      ? 'SIGNED'
      : now.getTime() < opens.getTime()
        ? 'NOT_YET'
        : now.getTime() >= source.closesAt.getTime()
          ? 'CLOSED'
          : 'READY';
    items.push({
      signId: source.signId,
      kind: source.kind,
      contactId: String(contact.id),
      patientName: contact.name,
      title: source.title,
      queueId: String(queue.id),
      queueName: queue.name,
      location: queue.location,
      timeText: source.timeText,
      status,
      reason:
        status === 'NOT_YET'
          ? `请于当日 ${SIGN_IN_OPENS} 后到院签到`
          : status === 'CLOSED'
            ? '已过签到时间，如需就诊请到分诊台咨询'
            : null,
      place,
    });
  }
  return items;
}
