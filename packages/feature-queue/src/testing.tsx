/**
 * Test helpers of the queue screens (not used by the app): an in-memory stand-in for the hospital service's
 * queue calls on the real loopback server (@patient/feature-kit/testing), fixtures, and a stand-in for the
 * browser's EventSource that a test drives.
 */
import {
  QUEUE_KIND_NAMES,
  type QueueCall,
  type QueueKind,
  type QueuePlace,
  type QueueSummary,
  type SignInItem,
} from '@patient/contract';
import {
  defaultContact,
  type FeatureOptions,
  fail,
  LoopbackService,
  makeContact,
  ok,
  type Route,
} from '@patient/feature-kit/testing';
import { afterEach } from 'vitest';

export { bodiesOf, bodyShows, pause, sent } from '@patient/feature-kit/testing';

export function makePlace(extra: Partial<QueuePlace> = {}): QueuePlace {
  return {
    entryId: '7',
    contactId: '1',
    patientName: '张伟',
    queueId: '12',
    kind: 'CLINIC',
    queueName: '心血管内科',
    location: '门诊楼2层 B区',
    title: '心血管内科 · 李明 主任医师',
    number: 21,
    calledNumber: 17,
    ahead: 3,
    status: 'WAITING',
    signedAt: '2030-05-10T01:00:00.000Z',
    estimate: { low: 12, high: 18, paceSeconds: 300, calls: 6 },
    ...extra,
  };
}

export function makeQueue(extra: Partial<QueueCall> = {}): QueueCall {
  return {
    queueId: '12',
    kind: 'CLINIC',
    name: '心血管内科',
    location: '门诊楼2层 B区',
    calledNumber: 17,
    waiting: 6,
    hours: '08:00-12:00 14:00-17:30',
    open: true,
    recent: [
      { number: 17, calledAt: '2030-05-10T01:30:00.000Z' },
      { number: 16, calledAt: '2030-05-10T01:25:00.000Z' },
    ],
    next: [18, 19, 20],
    estimate: { low: 25, high: 36, paceSeconds: 300, calls: 6 },
    ...extra,
  };
}

export function makeSignIn(extra: Partial<SignInItem> = {}): SignInItem {
  return {
    signId: 'APPOINTMENT-5',
    kind: 'CLINIC',
    contactId: '1',
    patientName: '张伟',
    title: '心血管内科 · 李明 主任医师',
    queueId: '12',
    queueName: '心血管内科',
    location: '门诊楼2层 B区',
    timeText: '上午 09:00-10:00',
    status: 'READY',
    reason: null,
    place: null,
    ...extra,
  };
}

const summary = ({ recent: _r, next: _n, estimate: _e, ...s }: QueueCall): QueueSummary => s;

/** The hospital service's queue calls over in-memory data. */
export class FakeService extends LoopbackService {
  places: QueuePlace[] = [makePlace()];
  signIns: SignInItem[] = [makeSignIn()];
  queues: QueueCall[] = [
    makeQueue(),
    makeQueue({ queueId: '13', name: '消化内科', location: '门诊楼2层 C区', calledNumber: 5 }),
    makeQueue({ queueId: '40', kind: 'PHARMACY', name: '西药房', location: '门诊楼1层', calledNumber: 88 }),
  ];

  protected readonly routes: Route[] = [
    ['POST', /^\/v1\/check\/outpatientQueuings$/, () => ok(this.places)],
    ['POST', /^\/v1\/check\/getCheckSign$/, () => ok(this.signIns)],
    [
      'POST',
      /^\/v1\/check\/signOrder$/,
      (r) => {
        const item = this.signIns.find((i) => i.signId === JSON.parse(r.body).signId);
        if (!item) return fail(404, '签到项目不存在');
        if (item.status === 'SIGNED') return fail(409, '已签到', '该项目已签到，请留意叫号');
        const place = makePlace({ kind: item.kind, queueId: item.queueId, number: 30, ahead: 12 });
        Object.assign(item, { status: 'SIGNED', place });
        this.places.push(place);
        return ok(place);
      },
    ],
    [
      'GET',
      /^\/v2\/queue\/queueType\/\w+$/,
      () =>
        ok(
          (Object.keys(QUEUE_KIND_NAMES) as QueueKind[])
            .map((kind) => ({
              kind,
              name: QUEUE_KIND_NAMES[kind],
              queues: this.queues.filter((q) => q.kind === kind).length,
            }))
            .filter((t) => t.queues > 0),
        ),
    ],
    [
      'GET',
      /^\/v2\/queue\/queueListV2\/\w+$/,
      (r) => {
        const kind = r.query.get('kind');
        return ok(this.queues.filter((q) => !kind || q.kind === kind).map(summary));
      },
    ],
    [
      'GET',
      /^\/v2\/queue\/callInfo\/\w+\/(\w+)$/,
      (_r, m) => {
        const queue = this.queues.find((q) => q.queueId === m[1]);
        return queue ? ok(queue) : fail(404, '队列不存在');
      },
    ],
  ];
}

/** A stand-in for EventSource: the test opens, emits and breaks the streams the screen opened. */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  /** Fires `type` with `data` (JSON) at the screen. */
  emit(type: string, data?: unknown) {
    const event = new MessageEvent(type, { data: data === undefined ? undefined : JSON.stringify(data) });
    for (const l of this.listeners.get(type) ?? []) l(event);
  }
  static latest(): FakeEventSource {
    const last = FakeEventSource.opened.at(-1);
    if (!last) throw new Error('no EventSource was opened');
    return last;
  }
}

/** Makes the browser have EventSource (the fake) for the tests of the file that calls it. */
export function withFakeEventSource() {
  afterEach(() => {
    FakeEventSource.opened = [];
  });
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
}

/** The options of the queue tests' harness (setupFeature): 张伟 and his mother 王秀兰. */
export const harness = {
  service: FakeService,
  seed: { contacts: [defaultContact(), makeContact('2', '王秀兰', { relation: 'PARENT' })] },
} satisfies FeatureOptions<FakeService>;
