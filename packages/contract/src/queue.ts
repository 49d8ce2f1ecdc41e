import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { id } from './primitives.ts';

/**
 * Queue calling (000 §2 'Queue', §7 queueListV2, queue type, call info, outpatientQueuings, getCheckSign,
 * signOrder): signing in on arrival, my place in each queue, the hospital's public queues and their calling
 * screen.
 *
 * Paths as the spec gives them: `POST /v1/check/outpatientQueuings`, `/v1/check/getCheckSign`,
 * `/v1/check/signOrder` carry the hospital in the JSON body (`hospitalId`, with the other fields: POST sends a
 * body, 001 §7); `GET /v2/queue/queueListV2/:hospitalId`, the queue type (`/v2/queue/queueType/:hospitalId`,
 * path not shown in the spec: named like queueListV2) and the call info (`/v2/queue/callInfo/…`) are public.
 *
 * - A queue is a clinic's consulting rooms (CLINIC), an examination room (EXAM) or a pharmacy (PHARMACY).
 * - A sign-in (`signId`) is something of today that puts the patient in a queue when they arrive: a paid
 *   appointment (its clinic), a booked examination (its room), a prescription to collect after the visit.
 * - A place is my number in a queue, the number being called and how many are before me, with a waiting-time
 *   estimate as a range in minutes from the pace of the last calls (never a promise; null until it can be
 *   told).
 * - Live: `queueEventsPath` (server-sent events, event `places` with `queuePlaces`, `call` with `queueCall`);
 *   clients fall back to polling the calls below when the stream drops.
 */

export const queueKind = z.enum(['CLINIC', 'EXAM', 'PHARMACY']);
export type QueueKind = z.output<typeof queueKind>;

/** What the patient sees in Chinese for each kind. */
export const QUEUE_KIND_NAMES: Record<QueueKind, string> = {
  CLINIC: '门诊',
  EXAM: '检查',
  PHARMACY: '药房',
};

const byHospital = z.object({ hospitalId: id() });
/** A sign-in's id: its source and the source's own id, e.g. `APPOINTMENT-12`, `CHECKUP-SQ1000…-YZ…`. */
const signId = () => z.string().check(z.minLength(3), z.maxLength(96), z.regex(/^[A-Za-z0-9_-]+$/));

/** How long the wait may be, in whole minutes (low ≤ high), from the pace of the last calls. */
export const waitEstimate = z.object({
  low: z.int(),
  high: z.int(),
  /** Seconds between the last calls, on average, that the estimate is made from. */
  paceSeconds: z.int(),
  /** How many recent calls it was made from. */
  calls: z.int(),
});
export type WaitEstimate = z.output<typeof waitEstimate>;

/** A queue of the hospital as anyone may see it (the public queue, realqueue). */
export const queueSummary = z.object({
  queueId: z.string(),
  kind: queueKind,
  name: z.string(),
  location: z.string(),
  /** The number being called now, or null before the first call of the day. */
  calledNumber: z.nullable(z.int()),
  /** Numbers issued and not yet called. */
  waiting: z.int(),
  /** Open hours as the patient reads them: '08:00-12:00 14:00-17:30'. */
  hours: z.string(),
  /** Whether it is calling now (inside its hours). */
  open: z.boolean(),
});
export type QueueSummary = z.output<typeof queueSummary>;

/** One queue's calls: what the calling screen shows and speaks. */
export const queueCall = z.object({
  ...queueSummary.shape,
  /** The latest calls, newest first (number and ISO time). */
  recent: z.array(z.object({ number: z.int(), calledAt: z.string() })),
  /** The next numbers to be called. */
  next: z.array(z.int()),
  /** What a waiting patient at the end of the queue may expect (null until the pace can be told). */
  estimate: z.nullable(waitEstimate),
});
export type QueueCall = z.output<typeof queueCall>;

export const queuePlaceStatus = z.enum(['WAITING', 'CALLED', 'PASSED']);
export type QueuePlaceStatus = z.output<typeof queuePlaceStatus>;

/** My place in one queue (one sign-in of a contact today). */
export const queuePlace = z.object({
  entryId: z.string(),
  contactId: z.string(),
  /** Masked by the client when shown. */
  patientName: z.string(),
  queueId: z.string(),
  kind: queueKind,
  queueName: z.string(),
  location: z.string(),
  /** What it is for: the doctor or the examination. */
  title: z.string(),
  number: z.int(),
  calledNumber: z.nullable(z.int()),
  /** Numbers before mine still to be called (0 when called or passed). */
  ahead: z.int(),
  status: queuePlaceStatus,
  signedAt: z.string(),
  estimate: z.nullable(waitEstimate),
});
export type QueuePlace = z.output<typeof queuePlace>;
export const queuePlaces = z.array(queuePlace);

export const signInStatus = z.enum(['READY', 'SIGNED', 'NOT_YET', 'CLOSED']);
export type SignInStatus = z.output<typeof signInStatus>;

/** Something of today to sign in for on arrival. */
export const signInItem = z.object({
  signId: z.string(),
  kind: queueKind,
  contactId: z.string(),
  patientName: z.string(),
  /** The department and doctor, the examination, or 取药. */
  title: z.string(),
  queueId: z.string(),
  queueName: z.string(),
  location: z.string(),
  /** When: '上午 09:00-10:00'. */
  timeText: z.string(),
  status: signInStatus,
  /** Why it cannot be signed now (NOT_YET, CLOSED), else null. */
  reason: z.nullable(z.string()),
  /** The place once signed in. */
  place: z.nullable(queuePlace),
});
export type SignInItem = z.output<typeof signInItem>;

export const listSignIns = endpoint({
  id: 'listSignIns',
  method: 'POST',
  path: '/v1/check/getCheckSign',
  summary: '今日待签到项目（门诊、检查、取药）',
  body: z.object({ hospitalId: id(), contactId: id() }),
  results: z.array(signInItem),
});

export const signIn = endpoint({
  id: 'signIn',
  method: 'POST',
  path: '/v1/check/signOrder',
  summary: '到院签到（进入排队）',
  body: z.object({ hospitalId: id(), contactId: id(), signId: signId() }),
  results: queuePlace,
});

export const listMyQueues = endpoint({
  id: 'listMyQueues',
  method: 'POST',
  path: '/v1/check/outpatientQueuings',
  summary: '我的排队（今日各队列的位置）',
  body: z.object({ hospitalId: id(), contactId: z.optional(id()) }),
  results: queuePlaces,
});

export const listQueues = endpoint({
  id: 'listQueues',
  method: 'GET',
  path: '/v2/queue/queueListV2/:hospitalId',
  summary: '实时排队（医院各队列的叫号）',
  auth: false,
  params: byHospital,
  query: z.object({ kind: z.optional(queueKind) }),
  results: z.array(queueSummary),
});

/** One kind of queue the hospital has (the spec's queue type), with how many queues of it. */
export const queueType = z.object({
  kind: queueKind,
  /** QUEUE_KIND_NAMES of the kind. */
  name: z.string(),
  queues: z.int(),
});
export type QueueType = z.output<typeof queueType>;

export const listQueueTypes = endpoint({
  id: 'listQueueTypes',
  method: 'GET',
  path: '/v2/queue/queueType/:hospitalId',
  summary: '医院的排队类别（门诊、检查、药房；仅列出有队列的类别）',
  auth: false,
  params: byHospital,
  results: z.array(queueType),
});

export const getQueueCall = endpoint({
  id: 'getQueueCall',
  method: 'GET',
  path: '/v2/queue/callInfo/:hospitalId/:queueId',
  summary: '队列叫号信息（叫号屏）',
  auth: false,
  params: z.object({ hospitalId: id(), queueId: id() }),
  results: queueCall,
});

/**
 * The server-sent events of queues (not an envelope call; EventSource cannot send the channel header, so the
 * service asks the browser to be same-origin instead). `contactId` given: event `places` (my places, logged in);
 * `queueId` given: event `call` (one queue, public). Each event's data is the JSON of the matching schema.
 */
export function queueEventsPath(hospitalId: string, watch: { contactId?: string; queueId?: string }): string {
  const query = new URLSearchParams();
  if (watch.contactId) query.set('contactId', watch.contactId);
  if (watch.queueId) query.set('queueId', watch.queueId);
  return `/hospital-service/v1/queue/events/${encodeURIComponent(hospitalId)}?${query}`;
}
