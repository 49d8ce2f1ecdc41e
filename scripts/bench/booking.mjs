// The booking part of `pnpm bench` (issue 5): the lock → place order → js_pay → sandbox cashier flow of
// hospital 1000 under load (flows/s, latency per step and per flow), and the slot guarantee under contention
// (many accounts at once on one slot with k places; double bookings must be 0). Called by run.mjs with the
// URL of the service it started (in-memory PGlite); everything goes over HTTP, as an app would call it.
import { Agent, request as httpRequest } from 'node:http';

/** The contract's paths (packages/contract/src: auth, contacts, appointment, payment), under SERVICE_PREFIX. */
const API = '/hospital-service';
const PATH = {
  sendCode: `${API}/v1/auth/sendCode`,
  bindPhone: `${API}/v1/auth/bindPhone`,
  addContact: `${API}/addPatient`,
  hisCards: (hospitalId, idCard, name) =>
    `${API}/his_cardInfo/hospital_id/${hospitalId}/identity_card/${idCard}/name/${encodeURIComponent(name)}`,
  addCard: `${API}/cardInfo`,
  fileRecord: `${API}/contact/patientInformationFiling`,
  querySchedules: (hospitalId) => `${API}/v1/schedules/hospitals/${hospitalId}/query`,
  querySources: (hospitalId) => `${API}/v1/sources/hospitals/${hospitalId}/query`,
  lock: `${API}/v1/sources/lock`,
  unlock: `${API}/v1/sources/unLock`,
  placeOrder: (orderId) => `${API}/v1/orders/${orderId}`,
  startPayment: `${API}/v1/pay_orders/js_pay`,
  listOrders: `${API}/v1/orders/query`,
  /** Development route of the service (DevSmsSender): the codes sent to a phone, latest first. */
  smsOutbox: (phone) => `/__dev/sms-outbox?phone=${phone}`,
};
/** The steps of one booking, in order; `confirm` is the sandbox cashier's 确认支付 form (POST, answers 303). */
export const STEPS = ['lock', 'placeOrder', 'js_pay', 'confirm'];
/** Hospital 1000's per-day limit: held, pending or booked appointments per account and visit day. */
const DAILY_LIMIT = 3;
/** Contention rounds: one slot each, on different days, with about this many places (∞ = the largest). */
const CONTENTION_TARGETS = [1, 5, Number.POSITIVE_INFINITY];
/** The failure key (see recordFailure) of a lock refused because the slot has no place left. */
const SLOT_FULL = 'lock · business · state 409 号源已约满';
const REQUEST_TIMEOUT_MS = 30_000;
const SETUP_CONCURRENCY = 8;
const NAMES = ['李娜', '王芳', '刘洋', '陈静', '杨帆', '赵磊', '黄敏', '周杰', '吴刚', '孙丽'];

// ---------------------------------------------------------------------------------------------- HTTP

/**
 * A minimal HTTP client on keep-alive sockets (at most `maxSockets`, like autocannon's connections).
 * Never throws: network errors and timeouts come back as `error`.
 */
function httpClient(baseUrl, maxSockets) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets });
  /**
   * @param {string} method
   * @param {string} path
   * @param {{cookie?: string, json?: unknown, form?: string}} [options]
   * @returns {Promise<{status: number, body: any, location?: string, setCookie: string[], ms: number, error?: string}>}
   */
  const send = (method, path, { cookie, json, form } = {}) =>
    new Promise((done) => {
      const headers = {};
      let payload;
      if (json !== undefined) {
        payload = Buffer.from(JSON.stringify(json));
        headers['content-type'] = 'application/json';
      } else if (form !== undefined) {
        payload = Buffer.from(form);
        headers['content-type'] = 'application/x-www-form-urlencoded';
      }
      if (payload) headers['content-length'] = payload.length;
      if (cookie) headers.cookie = cookie;
      const started = performance.now();
      const failed = (error) =>
        done({ status: 0, body: null, setCookie: [], ms: performance.now() - started, error });
      const req = httpRequest(
        { host: hostname, port, method, path, headers, agent, timeout: REQUEST_TIMEOUT_MS },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('error', (error) => failed(error.code ?? error.message));
          res.on('end', () => {
            let body = null;
            try {
              body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              // HTML (the cashier) or empty
            }
            done({
              status: res.statusCode,
              body,
              location: res.headers.location,
              setCookie: res.headers['set-cookie'] ?? [],
              ms: performance.now() - started,
            });
          });
        },
      );
      req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
      req.on('error', (error) => failed(error.code ?? error.message));
      req.end(payload);
    });
  return { send, close: () => agent.destroy() };
}

/** An answer is a success when HTTP 200 carries the envelope `state` 200. */
const succeeded = (answer) => answer.status === 200 && answer.body?.state === 200;

/** What went wrong, for the error tables: the envelope's msg, the HTTP status or the network error. */
function failureOf(answer) {
  if (answer.error) return { kind: answer.error === 'TIMEOUT' ? 'timeout' : 'network', text: answer.error };
  if (answer.status === 200 && answer.body && typeof answer.body.state === 'number') {
    return { kind: 'business', text: `state ${answer.body.state} ${answer.body.msg ?? ''}`.trim() };
  }
  return { kind: 'http', text: `HTTP ${answer.status}` };
}

/** Set-up calls must succeed; their failure stops the booking part with the reason. */
function expectOk(answer, what) {
  if (succeeded(answer)) return answer.body.results;
  const failure = failureOf(answer);
  throw new Error(`${what}: ${failure.text}${answer.body?.subMsg ? ` (${answer.body.subMsg})` : ''}`);
}

/** Runs `fn` over `items`, at most `size` at a time; results in the order of `items`. */
async function pool(items, size, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return results;
}

// ---------------------------------------------------------------------------------------------- stats

/** Nearest-rank percentile of sorted samples. */
const percentile = (sorted, p) => (sorted.length ? sorted[Math.ceil((p / 100) * sorted.length) - 1] : null);
const r1 = (n) => (n == null ? null : Math.round(n * 10) / 10);

/** Latency summary (ms) of raw samples: exact percentiles, not a histogram's buckets. */
function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: r1(percentile(sorted, 50)),
    p90: r1(percentile(sorted, 90)),
    p99: r1(percentile(sorted, 99)),
    max: r1(sorted.at(-1) ?? null),
    avg: r1(sorted.length ? sorted.reduce((n, v) => n + v, 0) / sorted.length : null),
  };
}

/** Per-step latencies (every answered call, successful or not) and failures, by kind and text. */
function newStats() {
  return {
    ms: Object.fromEntries(STEPS.map((step) => [step, []])),
    flowMs: [],
    started: 0,
    completed: 0,
    failures: {},
  };
}

function recordFailure(stats, step, answer) {
  const { kind, text } = failureOf(answer);
  const key = `${step} · ${kind} · ${text}`;
  stats.failures[key] = (stats.failures[key] ?? 0) + 1;
}

// ---------------------------------------------------------------------------------------------- set-up

/** A valid 18-digit resident ID number (Hangzhou, born 1985) for person `i`: distinct for i < 302 400. */
function idNumber(i) {
  const month = String((i % 12) + 1).padStart(2, '0');
  const day = String((Math.floor(i / 12) % 28) + 1).padStart(2, '0');
  const sequence = String(100 + Math.floor(i / 336)).padStart(3, '0');
  const first17 = `3301021985${month}${day}${sequence}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let k = 0; k < 17; k++) sum += Number(first17[k]) * weights[k];
  return first17 + '10X98765432'[sum % 11];
}

/**
 * A new account (its own phone: the SMS code is limited per phone) logged in through the dev outbox, with one
 * contact (本人) and that contact's card at the hospital: the HIS's card when the person is filed there, else
 * a new record (filePatientRecord).
 */
async function createUser(http, i, hospitalId) {
  const phone = `1370001${String(i).padStart(4, '0')}`;
  expectOk(await http.send('POST', PATH.sendCode, { json: { phone } }), `sendCode ${phone}`);
  const outbox = expectOk(await http.send('GET', PATH.smsOutbox(phone)), 'sms-outbox');
  const code = outbox.find((m) => m.purpose === 'login')?.code;
  if (!code) throw new Error(`no login code for ${phone} in the dev outbox`);
  const login = await http.send('POST', PATH.bindPhone, { json: { phone, code } });
  expectOk(login, `bindPhone ${phone}`);
  const cookie = login.setCookie
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('SESSION='));
  if (!cookie) throw new Error(`bindPhone ${phone}: no SESSION cookie`);
  const name = NAMES[i % NAMES.length];
  const documentNumber = idNumber(i);
  const contact = expectOk(
    await http.send('POST', PATH.addContact, {
      cookie,
      json: { name, documentType: 'IDENTITY_CARD', documentNumber, phone, relation: 'SELF' },
    }),
    'addPatient',
  );
  const hisCards = expectOk(
    await http.send('GET', PATH.hisCards(hospitalId, documentNumber, name), { cookie }),
    'his_cardInfo',
  );
  const card = hisCards.length
    ? expectOk(
        await http.send('POST', PATH.addCard, {
          cookie,
          json: {
            contactId: contact.contactId,
            hospitalId,
            medicalCardNo: hisCards[0].medicalCardNo,
            type: hisCards[0].type,
          },
        }),
        'cardInfo',
      )
    : expectOk(
        await http.send('POST', PATH.fileRecord, {
          cookie,
          json: { contactId: contact.contactId, hospitalId },
        }),
        'patientInformationFiling',
      );
  return {
    phone,
    cookie,
    contactId: contact.contactId,
    cardId: card.cardId,
    perDate: new Map(),
    keys: new Set(),
  };
}

/**
 * Every open slot of the hospital's scheduled window (tomorrow on), with the places it had before the bench
 * booked anything: querySchedules, then querySources per appointable schedule.
 */
async function bookableSources(http, hospitalId) {
  const items = expectOk(
    await http.send('POST', PATH.querySchedules(hospitalId), {
      json: { startDate: '2000-01-01', endDate: '2099-12-31', sameDay: false },
    }),
    'querySchedules',
  ).filter((item) => item.state === 'APPOINTABLE');
  const perItem = await pool(items, SETUP_CONCURRENCY, async (item) => {
    const { sources } = expectOk(
      await http.send('POST', PATH.querySources(hospitalId), {
        json: { scheduleItemId: item.scheduleItemId },
      }),
      'querySources',
    );
    return sources
      .filter((s) => s.state === 'APPOINTABLE' && s.remaining > 0)
      .map((s) => ({
        sourceId: s.sourceId,
        scheduleItemId: item.scheduleItemId,
        date: item.date,
        halfDay: item.halfDay,
        time: `${s.startTime}-${s.endTime}`,
        // One booking per patient per doctor (a department clinic: per schedule) and half-day.
        doctorKey: item.doctorId
          ? `${item.doctorId}|${item.date}|${item.halfDay}`
          : `s${item.scheduleItemId}`,
        placesAtStart: s.remaining,
        left: s.remaining,
      }));
  });
  return perItem.flat();
}

// ---------------------------------------------------------------------------------------------- flows

/**
 * One patient's booking: lock the slot, place the order (contact + card), start the sandbox payment, confirm
 * it on the cashier (the form's POST, which makes the service notify itself and answers 303). Stops at the
 * first step that fails. Returns the order id when the cashier answered 303.
 * @param {{release?: () => boolean}} [options] release: asked after the lock; true = let the slot go (unLock)
 */
async function bookingFlow(http, user, sourceId, stats, options = {}) {
  stats.started++;
  const flowStarted = performance.now();
  const step = async (name, method, path, body) => {
    const answer = await http.send(method, path, { cookie: user.cookie, ...body });
    if (!answer.error) stats.ms[name].push(answer.ms);
    return answer;
  };

  const fail = (name, answer, outcome = 'failed', orderId = undefined) => {
    recordFailure(stats, name, answer);
    return { outcome, orderId, answer };
  };

  const locked = await step('lock', 'POST', PATH.lock, { json: { sourceId } });
  if (!succeeded(locked)) return fail('lock', locked, 'lost');
  const { orderId } = locked.body.results;
  if (options.release?.()) {
    const released = await http.send('POST', PATH.unlock, { cookie: user.cookie, json: { orderId } });
    if (!succeeded(released) || released.body.results !== true)
      return fail('unLock', released, 'failed', orderId);
    return { outcome: 'released', orderId };
  }

  const placed = await step('placeOrder', 'POST', PATH.placeOrder(orderId), {
    json: { contactId: user.contactId, cardId: user.cardId },
  });
  if (!succeeded(placed)) return fail('placeOrder', placed, 'failed', orderId);

  const started = await step('js_pay', 'POST', PATH.startPayment, {
    json: { orderType: 'APPOINTMENT', orderId, channel: 'SANDBOX' },
  });
  const cashierUrl = started.body?.results?.sandbox?.cashierUrl;
  if (!succeeded(started) || !cashierUrl) return fail('js_pay', started, 'failed', orderId);

  // The cashier page's form posts to <cashier>/confirm?returnPath=… (src/sandbox.ts), as a browser would.
  const [cashierPath, query] = cashierUrl.split('?');
  const confirmed = await step('confirm', 'POST', `${cashierPath}/confirm?${query}`, { form: '' });
  if (confirmed.status !== 303) return fail('confirm', confirmed, 'failed', orderId);
  stats.completed++;
  stats.flowMs.push(performance.now() - flowStarted);
  return { outcome: 'paid', orderId };
}

/**
 * Hands out (user, slot) pairs the booking rules allow: the user is not booking right now, has fewer than
 * DAILY_LIMIT appointments that day and none with that doctor in that half-day; the slot has places left.
 * Slots are taken round-robin so that concurrent flows rarely meet on one slot (that is the contention step).
 */
function planner(users, sources) {
  const free = [...users];
  let cursor = 0;
  const fits = (user, source) =>
    source.left > 0 && (user.perDate.get(source.date) ?? 0) < DAILY_LIMIT && !user.keys.has(source.doctorKey);
  return {
    next() {
      while (free.length) {
        const user = free.shift();
        for (let n = 0; n < sources.length; n++) {
          const source = sources[(cursor + n) % sources.length];
          if (!fits(user, source)) continue;
          cursor = (cursor + n + 1) % sources.length;
          source.left--;
          user.perDate.set(source.date, (user.perDate.get(source.date) ?? 0) + 1);
          user.keys.add(source.doctorKey);
          return { user, source };
        }
        // Nothing fits this user any more (slots only fill up, the user's days only fill up): drop them.
      }
      return null;
    },
    done(user) {
      free.push(user);
    },
  };
}

/** `connections` workers, each running one flow after the other (closed loop) for `seconds`. */
async function runFlows(http, plan, { seconds, connections, shouldStop }, stats, paidOrders) {
  const deadline = performance.now() + seconds * 1000;
  let exhausted = false;
  const worker = async () => {
    while (performance.now() < deadline && !shouldStop()) {
      const job = plan.next();
      if (!job) {
        exhausted = true;
        return;
      }
      const result = await bookingFlow(http, job.user, job.source.sourceId, stats);
      if (result.outcome === 'paid') paidOrders.add(result.orderId);
      plan.done(job.user);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  return { elapsedS: (performance.now() - started) / 1000, exhausted };
}

/** Flows, latencies (ms) per step and per whole flow, and failures by kind; rates when `elapsedS` is given. */
function flowReport(stats, elapsedS) {
  const byKind = (kind) =>
    Object.entries(stats.failures)
      .filter(([key]) => key.split(' · ')[1] === kind)
      .reduce((n, [, count]) => n + count, 0);
  const rates = elapsedS
    ? {
        elapsedS: r1(elapsedS),
        flowsPerSec: r1(stats.completed / elapsedS),
        callsPerSec: r1(STEPS.reduce((n, step) => n + stats.ms[step].length, 0) / elapsedS),
      }
    : {};
  return {
    ...rates,
    flowsStarted: stats.started,
    flowsCompleted: stats.completed,
    flowsFailed: stats.started - stats.completed,
    flowMs: summary(stats.flowMs),
    stepMs: Object.fromEntries(STEPS.map((step) => [step, summary(stats.ms[step])])),
    businessErrors: byKind('business'),
    non2xx: byKind('http'),
    networkErrors: byKind('network'),
    timeouts: byKind('timeout'),
    /** 'step · kind · text' → count */
    failures: stats.failures,
  };
}

// ---------------------------------------------------------------------------------------------- contention

/** Slots for the contention rounds: on different days, with about 1, 5 and the most places. */
function contentionSlots(sources) {
  const chosen = [];
  for (const target of CONTENTION_TARGETS) {
    const candidates = sources.filter((s) => !chosen.some((c) => c.date === s.date));
    if (!candidates.length) break;
    const distance = (s) => (Number.isFinite(target) ? Math.abs(s.placesAtStart - target) : -s.placesAtStart);
    chosen.push(candidates.reduce((best, s) => (distance(s) < distance(best) ? s : best)));
  }
  return chosen;
}

const countBy = (list, key) => {
  const counts = {};
  for (const item of list) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
};

/**
 * One round on a slot with k places. Wave 1: every user runs the whole flow at once; the first ⌊k/2⌋ who
 * get the lock let it go again (unLock) — a lock of wave 1 still queued may already take such a place.
 * Wave 2, after wave 1 has finished: everyone who lost runs the flow again at once, for the places still
 * free. Right is k bookings and k + ⌊k/2⌋ locks in all; more bookings than places is a double booking.
 */
async function contentionRound(http, users, slot, stats) {
  const k = slot.placesAtStart;
  const toRelease = Math.floor(k / 2);
  let released = 0;
  const release = () => {
    if (released >= toRelease) return false;
    released++;
    return true;
  };
  const summarise = (results) => ({
    users: results.length,
    locked: results.filter((r) => r.outcome !== 'lost').length,
    released: results.filter((r) => r.outcome === 'released').length,
    paid: results.filter((r) => r.outcome === 'paid').length,
    failed: results.filter((r) => r.outcome === 'failed').length,
    lost: countBy(
      results.filter((r) => r.outcome === 'lost'),
      (r) => failureOf(r.answer).text,
    ),
  });
  const wave1 = await Promise.all(
    users.map((user) => bookingFlow(http, user, slot.sourceId, stats, { release })),
  );
  const losers = users.filter((_, i) => wave1[i].outcome === 'lost');
  const wave2 = await Promise.all(losers.map((user) => bookingFlow(http, user, slot.sourceId, stats)));
  return {
    sourceId: slot.sourceId,
    scheduleItemId: slot.scheduleItemId,
    slot: `${slot.date} ${slot.time}`,
    places: k,
    wave1: summarise(wave1),
    wave2: summarise(wave2),
    paidOrders: [...wave1, ...wave2].filter((r) => r.outcome === 'paid').map((r) => r.orderId),
  };
}

// ---------------------------------------------------------------------------------------------- verification

/** Every BOOKED order of the users, from listOrders (all pages), as the service has them. */
async function bookedOrders(http, users) {
  const perUser = await pool(users, SETUP_CONCURRENCY, async (user) => {
    const orders = [];
    for (let page = 1; ; page++) {
      const results = expectOk(
        await http.send('POST', PATH.listOrders, { cookie: user.cookie, json: { status: 'BOOKED', page } }),
        'listOrders',
      );
      orders.push(...results.orders);
      if (!results.hasMore) return orders;
    }
  });
  return perUser.flat().map((o) => ({
    orderId: o.orderId,
    sourceId: o.source.sourceId,
    scheduleItemId: o.schedule.scheduleItemId,
    visitNumber: o.visitNumber,
  }));
}

/**
 * Double bookings among the orders: per slot the bookings beyond the places it had, plus per half-day
 * schedule every booking that shares its visit number (the place in the queue) with an earlier one.
 */
function doubleBookings(orders, placesAtStart) {
  const perSource = countBy(orders, (o) => o.sourceId);
  const overbooked = Object.entries(perSource)
    .map(([sourceId, booked]) => ({ sourceId, booked, places: placesAtStart.get(sourceId) ?? 0 }))
    .filter((s) => s.booked > s.places);
  const seen = new Set();
  const sharedVisitNumbers = [];
  for (const o of orders) {
    const key = `${o.scheduleItemId}|${o.visitNumber}`;
    if (o.visitNumber == null) continue;
    if (seen.has(key)) sharedVisitNumbers.push(o);
    seen.add(key);
  }
  return {
    count: overbooked.reduce((n, s) => n + s.booked - s.places, 0) + sharedVisitNumbers.length,
    overbooked,
    sharedVisitNumbers,
  };
}

// ---------------------------------------------------------------------------------------------- main

/**
 * The booking part: set-up (not measured), throughput, contention, then the count of double bookings from
 * the service's own order lists.
 * @param {string} serviceUrl
 * @param {{hospitalId: string, seconds: number, warmupSeconds: number, connections: number, users: number,
 *   contentionUsers: number, log: (m: string) => void, shouldStop: () => boolean}} o
 */
export async function measureBooking(serviceUrl, o) {
  const { log } = o;
  const partStarted = performance.now();
  const setupHttp = httpClient(serviceUrl, SETUP_CONCURRENCY);
  const contentionHttp = httpClient(serviceUrl, o.contentionUsers);
  const flowHttp = httpClient(serviceUrl, o.connections);
  try {
    // ------------------------------------------------------------------ set-up (not measured)
    let setupStarted = performance.now();
    const total = o.users + o.contentionUsers;
    // Phones 1370001xxxx: one per account.
    if (total > 10_000)
      throw new Error(`at most 10000 accounts (booking users + contention users), not ${total}`);
    log(`booking set-up: ${total} accounts with a contact and a card at ${o.hospitalId}`);
    const all = await pool(
      Array.from({ length: total }, (_, i) => i),
      SETUP_CONCURRENCY,
      (i) => (o.shouldStop() ? null : createUser(setupHttp, i, o.hospitalId)),
    );
    if (o.shouldStop()) throw new Error('interrupted');
    const flowUsers = all.slice(0, o.users);
    const contentionUsers = all.slice(o.users);
    const usersS = (performance.now() - setupStarted) / 1000;
    setupStarted = performance.now();
    const sources = await bookableSources(setupHttp, o.hospitalId);
    const placesAtStart = new Map(sources.map((s) => [s.sourceId, s.placesAtStart]));
    const slots = contentionSlots(sources);
    const contentionSchedules = new Set(slots.map((s) => s.scheduleItemId));
    // The contention slots' half-days are left to the contention step (their visit numbers, too).
    const flowSources = sources.filter((s) => !contentionSchedules.has(s.scheduleItemId));
    const placesForFlows = flowSources.reduce((n, s) => n + s.placesAtStart, 0);
    log(
      `booking set-up: accounts in ${usersS.toFixed(1)} s; ${sources.length} open slots with ` +
        `${placesForFlows} places for the flows in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
    );

    // ------------------------------------------------------------------ throughput
    const plan = planner(flowUsers, flowSources);
    const paidOrders = new Set();
    log(`booking warm-up (${o.warmupSeconds} s)`);
    await runFlows(
      flowHttp,
      plan,
      { seconds: o.warmupSeconds, connections: o.connections, shouldStop: o.shouldStop },
      newStats(),
      paidOrders,
    );
    if (o.shouldStop()) throw new Error('interrupted');
    log(`booking flows: ${o.connections} connections for ${o.seconds} s`);
    const stats = newStats();
    const run = await runFlows(
      flowHttp,
      plan,
      { seconds: o.seconds, connections: o.connections, shouldStop: o.shouldStop },
      stats,
      paidOrders,
    );
    if (o.shouldStop()) throw new Error('interrupted');
    const throughput = {
      connections: o.connections,
      durationS: o.seconds,
      users: flowUsers.length,
      // A flow is started only with a (user, slot) the rules allow; this says the supply ran out first.
      ranOutOfSlots: run.exhausted,
      ...flowReport(stats, run.elapsedS),
    };
    log(
      `  ${throughput.flowsPerSec} flows/s, flow p99 ${throughput.flowMs.p99} ms, ${throughput.flowsFailed} failed`,
    );

    // ------------------------------------------------------------------ contention
    log(`booking contention: ${contentionUsers.length} accounts at once on each of ${slots.length} slots`);
    const contentionStats = newStats();
    const rounds = [];
    for (const slot of slots) {
      if (o.shouldStop()) throw new Error('interrupted');
      rounds.push(await contentionRound(contentionHttp, contentionUsers, slot, contentionStats));
    }

    // ------------------------------------------------------------------ verification
    log('booking check: every account’s booked orders (listOrders)');
    const booked = await bookedOrders(setupHttp, all);
    const bookedIds = new Set(booked.map((b) => b.orderId));
    const flowOrders = booked.filter((b) => !contentionSchedules.has(b.scheduleItemId));
    const afterSlots = new Map();
    for (const slot of slots) {
      const { sources: list } = expectOk(
        await setupHttp.send('POST', PATH.querySources(o.hospitalId), {
          json: { scheduleItemId: slot.scheduleItemId },
        }),
        'querySources',
      );
      afterSlots.set(
        slot.sourceId,
        list.find((s) => s.sourceId === slot.sourceId),
      );
    }
    for (const round of rounds) {
      const after = afterSlots.get(round.sourceId);
      const mine = booked.filter((b) => b.sourceId === round.sourceId);
      round.booked = mine.length;
      round.remainingAfter = after?.remaining ?? null;
      round.stateAfter = after?.state ?? null;
      round.doubleBookings = doubleBookings(mine, placesAtStart).count;
      round.paidNotBooked = round.paidOrders.filter((id) => !bookedIds.has(id)).length;
      delete round.paidOrders;
    }
    const double = doubleBookings(booked, placesAtStart);
    return {
      hospitalId: o.hospitalId,
      setupS: r1(usersS),
      throughput: {
        ...throughput,
        bookedInService: flowOrders.length,
        // Cashier answered 303 (paid) but the order is not BOOKED, and the other way round.
        paidNotBooked: [...paidOrders].filter((id) => !bookedIds.has(id)).length,
        bookedNotPaid: flowOrders.filter((b) => !paidOrders.has(b.orderId)).length,
      },
      contention: {
        usersPerSlot: contentionUsers.length,
        rounds,
        ...flowReport(contentionStats),
        // Losing the race (号源已约满 at the lock) is the expected answer; anything else is not.
        unexpectedFailures: Object.fromEntries(
          Object.entries(contentionStats.failures).filter(([key]) => key !== SLOT_FULL),
        ),
      },
      doubleBookings: double.count,
      overbooked: double.overbooked,
      sharedVisitNumbers: double.sharedVisitNumbers,
      bookingPartS: r1((performance.now() - partStarted) / 1000),
    };
  } finally {
    setupHttp.close();
    contentionHttp.close();
    flowHttp.close();
  }
}
