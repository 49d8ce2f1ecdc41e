import { SERVER_TIME_HEADER } from '@patient/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { tokensOf } from '../../platform/auth/session-cookie.ts';
import { lookupSession } from '../../platform/auth/sessions.ts';
import { SECOND } from '../../platform/clock.ts';
import type { AppDeps } from '../../platform/http/context.ts';
import { ApiError, businessError, inputError, notLoggedIn, ok } from '../../platform/http/errors.ts';
import { parsePart } from '../../platform/http/input.ts';
import { safeError } from '../../platform/logging/logger.ts';
import { requireHospital } from '../hospitals/index.ts';
import { ownedContact } from '../patients/index.ts';
import { type QueueHis, type QueueRow, SimulatedQueueHis } from './his.ts';
import { askQueueStates, callOf, placesOf, type QueueState, type QueueStates, queueOf } from './places.ts';

/** How often an open stream looks at its queues (the simulated desks call every half minute at most). */
export const QUEUE_EVENTS_POLL_MS = SECOND;
/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15 * SECOND;
/** A stream re-checks its session this often (logged out elsewhere: the stream ends). */
const SESSION_CHECK_MS = 30 * SECOND;

const code = () => z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/));
const paramsSchema = z.object({ hospitalId: code() });
const querySchema = z.object({ contactId: z.optional(code()), queueId: z.optional(code()) });

async function currentUser(request: FastifyRequest, deps: AppDeps) {
  for (const { token } of tokensOf(request)) {
    const found = await lookupSession(deps.db, deps.clock, token);
    if (found.kind === 'ok') return found.user;
  }
  return null;
}

/**
 * Where queues stand, shared by every stream of the instance: a queue's state is asked of the HIS at most once
 * per `maxAgeMs` however many streams watch it (their answers are shared, a question under way too).
 */
export class SharedQueueStates {
  private readonly asked = new Map<number, { at: number; state: Promise<QueueState> }>();
  private readonly ask: QueueStates;

  constructor(
    his: QueueHis,
    private readonly maxAgeMs: number,
  ) {
    this.ask = askQueueStates(his);
  }

  /** The states of the queues, from the HIS or from an answer younger than `maxAgeMs`. */
  readonly read: QueueStates = (queues) => Promise.all(queues.map((queue) => this.stateOf(queue)));

  private stateOf(queue: QueueRow): Promise<QueueState> {
    const at = performance.now();
    const known = this.asked.get(queue.id);
    if (known && at - known.at < this.maxAgeMs) return known.state;
    const state = this.ask([queue]).then(([s]) => s);
    const entry = { at, state };
    this.asked.set(queue.id, entry);
    // A failed question is not kept: the next tick asks again.
    state.catch(() => {
      if (this.asked.get(queue.id) === entry) this.asked.delete(queue.id);
    });
    return state;
  }
}

/**
 * Server-sent events of the queues, `GET /hospital-service/v1/queue/events/:hospitalId`:
 * - `?contactId=`: event `places` (the contact's places today, as `listMyQueues` answers), logged in;
 * - `?queueId=`: event `call` (one queue, as `getQueueCall` answers), public: the calling screen.
 * An event is sent on opening and whenever what it carries changes. EventSource cannot send the channel header,
 * so a request the browser says is cross-site is refused; the stream only reads. Refusals are envelopes, as
 * for every call: 400 bad input, 401 not logged in, 404 no such hospital, contact or queue. Every stream looks
 * every `pollMs`, but the HIS is asked once per queue and `pollMs` for all of them ({@link SharedQueueStates}).
 */
export function registerQueueEvents(
  app: FastifyInstance,
  deps: AppDeps,
  his: QueueHis,
  pollMs = QUEUE_EVENTS_POLL_MS,
) {
  const open = new Set<() => void>();
  const states = new SharedQueueStates(his, pollMs);
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get('/hospital-service/v1/queue/events/:hospitalId', async (request, reply) => {
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new ApiError(403, {
        state: 403,
        msg: '请求来源不被允许',
        subMsg: '该请求来自其他网站，已被拒绝',
        subCode: null,
        results: null,
      });
    }
    const { hospitalId } = parsePart(paramsSchema, request.params ?? {}, 'params');
    const query = parsePart(querySchema, request.query ?? {}, 'query');
    await requireHospital(deps.db, hospitalId);
    let compute: () => Promise<unknown>;
    let event: string;
    let userId: number | null = null;
    if (query.queueId) {
      const queue = await queueOf(deps.db, hospitalId, query.queueId);
      event = 'call';
      compute = async () => callOf((await states.read([queue]))[0]);
    } else if (query.contactId) {
      const user = await currentUser(request, deps);
      if (!user) throw notLoggedIn();
      userId = user.id;
      const contact = await ownedContact(deps.db, user.id, query.contactId);
      event = 'places';
      compute = () => placesOf(deps.db, states.read, user.id, hospitalId, contact.id, deps.clock.now());
    } else {
      throw inputError('contactId', '请指定就诊人（contactId）或队列（queueId）');
    }
    const first = JSON.stringify(await compute());
    stream(request, reply, deps, { event, first, compute, pollMs, userId, open });
  });
}

function stream(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
  o: {
    event: string;
    first: string;
    compute: () => Promise<unknown>;
    pollMs: number;
    userId: number | null;
    open: Set<() => void>;
  },
) {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    [SERVER_TIME_HEADER]: String(deps.clock.now().getTime()),
  });
  const send = (data: string) => raw.write(`event: ${o.event}\ndata: ${data}\n\n`);
  raw.write('retry: 3000\n\n');
  send(o.first);
  let last = o.first;
  let busy = false;
  let sinceBeat = 0;
  let sinceSession = 0;
  const end = () => {
    clearInterval(timer);
    o.open.delete(end);
    if (!raw.writableEnded) raw.end();
  };
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      sinceSession += o.pollMs;
      if (o.userId !== null && sinceSession >= SESSION_CHECK_MS) {
        sinceSession = 0;
        const user = await currentUser(request, deps);
        if (user?.id !== o.userId) return end();
      }
      const next = JSON.stringify(await o.compute());
      if (next !== last) {
        last = next;
        send(next);
        sinceBeat = 0;
      } else {
        sinceBeat += o.pollMs;
        if (sinceBeat >= HEARTBEAT_MS) {
          sinceBeat = 0;
          raw.write(': ping\n\n');
        }
      }
    } catch (error) {
      // The client falls back to polling, which reports what went wrong in its own words.
      request.log.warn({ err: safeError(error) }, '排队事件流中断');
      end();
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), o.pollMs);
  timer.unref();
  o.open.add(end);
  request.raw.on('close', end);
}

/**
 * Development only: the simulated desk calls the next number now (`POST /__dev/queue/call-next {hospitalId,
 * queueId}`); with a real queue system, state 400.
 */
export function registerQueueDevRoutes(app: FastifyInstance, deps: AppDeps, his: QueueHis) {
  const body = z.object({ hospitalId: code(), queueId: code() });
  app.post('/__dev/queue/call-next', async (request, reply) => {
    const input = parsePart(body, request.body, 'body');
    const queue = await queueOf(deps.db, input.hospitalId, input.queueId);
    if (!(his instanceof SimulatedQueueHis)) {
      throw businessError(400, '不是模拟叫号系统', '只有模拟的叫号系统可以在开发环境中手动叫号');
    }
    return reply.send(ok({ number: await his.callNext(queue) }));
  });
}
