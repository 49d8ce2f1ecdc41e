import type {
  AppointmentOrder,
  Contact,
  MedicalCard,
  Payment,
  ScheduleItem,
  Source,
} from '@patient/contract';
import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { cardsOfFiledPerson, filedBeforehand } from '../domains/patients/his.ts';
import { signNotification } from '../domains/payments/routes.ts';
import type { Db } from '../platform/database/connect.ts';
import { schema } from '../schema.ts';
import { type Client, person, type TestServer } from './harness.ts';

const { appointmentOrders, contacts, medicalCards, payments, sources } = schema;

/** The key the test servers sign with (harness: secret 'test-secret'). */
export const TEST_SECRET = Buffer.from('test-secret');

/** Schedules a test has already used: each test takes fresh ones, so tests in a file do not disturb each other. */
const used = new Set<string>();

export interface Slot {
  item: ScheduleItem;
  source: Source;
}

/**
 * A bookable slot at the hospital with at least `places` places left, from a schedule no earlier call
 * returned. `sameDay` looks at today, else at the scheduled window (optionally one date).
 */
export async function freeSlot(
  client: Client,
  hospitalId: string,
  options: {
    sameDay?: boolean;
    date?: string;
    places?: number;
    doctor?: boolean;
    halfDay?: 'AM' | 'PM';
    /** The slot's start time, e.g. '14:00'. */
    startTime?: string;
  } = {},
): Promise<Slot> {
  const items =
    (
      await client.post<ScheduleItem[]>(`/v1/schedules/hospitals/${hospitalId}/query`, {
        startDate: options.date ?? '2000-01-01',
        endDate: options.date ?? '2099-12-31',
        sameDay: options.sameDay ?? false,
      })
    ).body.results ?? [];
  for (const item of items) {
    if (used.has(item.scheduleItemId) || item.state !== 'APPOINTABLE') continue;
    if (options.doctor !== undefined && (item.doctorId !== null) !== options.doctor) continue;
    if (options.halfDay && item.halfDay !== options.halfDay) continue;
    const answer = await client.post<{ schedule: ScheduleItem; sources: Source[] }>(
      `/v1/sources/hospitals/${hospitalId}/query`,
      { scheduleItemId: item.scheduleItemId },
    );
    const source = answer.body.results?.sources.find(
      (s) =>
        s.remaining >= (options.places ?? 1) && (!options.startTime || s.startTime === options.startTime),
    );
    if (source) {
      used.add(item.scheduleItemId);
      return { item, source };
    }
  }
  throw new Error(`no free slot at ${hospitalId}`);
}

/** Gives a source exactly `places` free places (test set-up: the HIS's capacity for the slot). */
export async function setPlaces(server: TestServer, sourceId: string, places: number): Promise<void> {
  await setPlacesIn(server.database.db, sourceId, places);
}

export async function setPlacesIn(db: Db, sourceId: string, places: number): Promise<void> {
  await db
    .update(sources)
    .set({ capacity: places, reserved: 0 })
    .where(eq(sources.id, Number(sourceId)));
}

export async function sourcesOf(client: Client, hospitalId: string, scheduleItemId: string) {
  const answer = await client.post<{ schedule: ScheduleItem; sources: Source[] }>(
    `/v1/sources/hospitals/${hospitalId}/query`,
    { scheduleItemId },
  );
  return answer.body.results as { schedule: ScheduleItem; sources: Source[] };
}

export async function remainingOf(client: Client, hospitalId: string, slot: Slot): Promise<number> {
  const { sources: list } = await sourcesOf(client, hospitalId, slot.item.scheduleItemId);
  return list.find((s) => s.sourceId === slot.source.sourceId)?.remaining ?? -1;
}

/** lockSource at the hospital's path (the source must be of that hospital; default 1000). */
export async function lock(client: Client, sourceId: string, hospitalId = '1000') {
  return client.post<{ orderId: string; holdExpiresAt: string }>(`/v1/sources/hospitals/${hospitalId}/lock`, {
    sourceId,
  });
}

/** unlockSource at the hospital's path (default 1000). */
export async function unlock(client: Client, orderId: string, hospitalId = '1000') {
  return client.post<boolean>(`/v1/sources/hospitals/${hospitalId}/unLock`, { orderId });
}

export async function lockOk(client: Client, sourceId: string, hospitalId = '1000'): Promise<string> {
  const answer = await lock(client, sourceId, hospitalId);
  expect(answer.body, answer.text).toMatchObject({ state: 200 });
  return (answer.body.results as { orderId: string }).orderId;
}

export interface Patient {
  client: Client;
  contactId: string;
  /** Card id per hospital it was bound at. */
  cards: Record<string, MedicalCard>;
}

let personCounter = 200;

/**
 * A new account with one contact that has a hospital card at each of the hospitals. The contact is not proven
 * (tests that need its hospital data prove it: harness proveContact), so its cards are written directly, as set-up:
 * binding through POST /cardInfo needs a proven contact. (Such a contact is real: one whose proof was lost, or
 * a contact certified as 本人 before certification stopped proving.)
 */
export async function newPatient(server: TestServer, phone: string, hospitalIds: string[]): Promise<Patient> {
  const client = await server.login(phone);
  let p = person(++personCounter, { phone });
  while (
    !hospitalIds.every((h) =>
      filedBeforehand({ hospitalId: h, identityCard: p.documentNumber, name: p.name }),
    )
  ) {
    p = person(++personCounter, { phone });
  }
  const added = await client.post<Contact>('/addPatient', p);
  expect(added.body, added.text).toMatchObject({ state: 200 });
  const contactId = (added.body.results as Contact).contactId;
  const [{ userId }] = await server.database.db
    .select({ userId: contacts.userId })
    .from(contacts)
    .where(eq(contacts.id, Number(contactId)));
  const cards: Record<string, MedicalCard> = {};
  for (const hospitalId of hospitalIds) {
    const [card] = cardsOfFiledPerson({ hospitalId, identityCard: p.documentNumber, name: p.name });
    const [row] = await server.database.db
      .insert(medicalCards)
      .values({
        userId,
        contactId: Number(contactId),
        hospitalId,
        medicalCardNo: card.medicalCardNo,
        type: card.type,
        isDefault: Object.keys(cards).length === 0,
        createdAt: server.clock.now(),
      })
      .returning();
    cards[hospitalId] = {
      cardId: String(row.id),
      contactId,
      medicalCardNo: row.medicalCardNo,
      hospitalId,
      identityCard: p.documentNumber,
      patientName: p.name,
      type: card.type,
      isDefault: row.isDefault,
    };
  }
  return { client, contactId, cards };
}

export async function place(patient: Patient, orderId: string, hospitalId: string) {
  return patient.client.post<AppointmentOrder>(`/v1/orders/${orderId}`, {
    contactId: patient.contactId,
    cardId: patient.cards[hospitalId].cardId,
  });
}

/** Locks a source and places the order for the patient: a PENDING_PAYMENT order. */
export async function pendingOrder(patient: Patient, hospitalId: string, sourceId: string): Promise<string> {
  const orderId = await lockOk(patient.client, sourceId, hospitalId);
  const placed = await place(patient, orderId, hospitalId);
  expect(placed.body, placed.text).toMatchObject({ state: 200, results: { status: 'PENDING_PAYMENT' } });
  return orderId;
}

export async function startPay(client: Client, orderId: string, channel = 'SANDBOX', returnPath?: string) {
  return client.post<{ payment: Payment; sandbox: { cashierUrl: string } | null }>('/v1/pay_orders/js_pay', {
    orderType: 'APPOINTMENT',
    orderId,
    channel,
    ...(returnPath ? { returnPath } : {}),
  });
}

/** The provider's signed notification for a payment. */
export function notification(payment: Pick<Payment, 'paymentId' | 'amount'>, tradeNo: string) {
  return {
    paymentId: payment.paymentId,
    tradeNo,
    amount: payment.amount,
    signature: signNotification(TEST_SECRET, payment.paymentId, tradeNo, payment.amount),
  };
}

/** The trade number of a payment: what the sandbox cashier sends in its notification. */
export async function tradeNoOf(server: Pick<TestServer, 'database'>, paymentId: string): Promise<string> {
  const [row] = await server.database.db
    .select({ tradeNo: payments.tradeNo })
    .from(payments)
    .where(eq(payments.id, Number(paymentId)));
  return row.tradeNo;
}

/** Starts the sandbox payment of an order: the payment and its trade number. */
export async function startSandboxPay(server: Pick<TestServer, 'database'>, client: Client, orderId: string) {
  const started = await startPay(client, orderId);
  expect(started.body, started.text).toMatchObject({ state: 200 });
  const payment = started.body.results?.payment as Payment;
  return { payment, tradeNo: await tradeNoOf(server, payment.paymentId) };
}

/** Pays an order the way the provider confirms it: js_pay (sandbox), then the provider's notification. */
export async function pay(server: TestServer, client: Client, orderId: string): Promise<Payment> {
  const { payment, tradeNo } = await startSandboxPay(server, client, orderId);
  const notified = await server.client().post('/v1/pay_orders/notify', notification(payment, tradeNo));
  expect(notified.body, notified.text).toMatchObject({ state: 200, results: { applied: true } });
  return payment;
}

/** A BOOKED order of the patient on the source. */
export async function bookedOrder(
  server: TestServer,
  patient: Patient,
  hospitalId: string,
  sourceId: string,
) {
  const orderId = await pendingOrder(patient, hospitalId, sourceId);
  await pay(server, patient.client, orderId);
  return orderId;
}

export async function orderOf(client: Client, orderId: string): Promise<AppointmentOrder> {
  const answer = await client.get<AppointmentOrder>(`/v1/orders/${orderId}`);
  expect(answer.body, answer.text).toMatchObject({ state: 200 });
  return answer.body.results as AppointmentOrder;
}

/**
 * Test isolation within a file: ends every active order (held, pending or booked) so that the next test's
 * accounts start below the per-day limit. Written directly: clean-up, not behaviour under test.
 */
export async function endActiveOrders(server: TestServer): Promise<void> {
  await server.database.db
    .update(appointmentOrders)
    .set({ status: 'CANCELLED' })
    .where(inArray(appointmentOrders.status, ['LOCKED', 'PENDING_PAYMENT', 'BOOKED']));
}
