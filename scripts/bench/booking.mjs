// The booking part of `pnpm bench` (issue 5): the lock → place order → js_pay → sandbox cashier flow of
// hospital 1000 under load (flows/s, latency per step and per flow), with holds that expire during the run,
// and the slot guarantee under contention (many accounts at once on one slot with k places; double bookings,
// counted in the database, must be 0). Called by run.mjs with the URLs of the service instances it started
// (one on PGlite; one or several on one PostgreSQL database); everything goes over HTTP, as an app would call
// it, each worker and account on one instance (round-robin).
import { Agent, request as httpRequest } from 'node:http';

/** The contract's paths (packages/contract/src: auth, contacts, appointment, payment), under SERVICE_PREFIX. */
const API = '/hospital-service';
const PATH = {
  sendCode: `${API}/v1/auth/sendCode`,
  bindPhone: `${API}/v1/auth/bindPhone`,
  documents: (hospitalId) => `${API}/v1/privacy/documents?hospitalId=${hospitalId}`,
  addContact: `${API}/addPatient`,
  certify: (contactId) => `${API}/v1/contact/${contactId}/authentication`,
  hisCards: (hospitalId, idCard, name) =>
    `${API}/his_cardInfo/hospital_id/${hospitalId}/identity_card/${idCard}/name/${encodeURIComponent(name)}`,
  addCard: `${API}/cardInfo`,
  fileRecord: `${API}/contact/patientInformationFiling`,
  querySchedules: (hospitalId) => `${API}/v1/schedules/hospitals/${hospitalId}/query`,
  querySources: (hospitalId) => `${API}/v1/sources/hospitals/${hospitalId}/query`,
  lock: (hospitalId) => `${API}/v1/sources/hospitals/${hospitalId}/lock`,
  unlock: (hospitalId) => `${API}/v1/sources/hospitals/${hospitalId}/unLock`,
  placeOrder: (orderId) => `${API}/v1/orders/${orderId}`,
  order: (orderId) => `${API}/v1/orders/${orderId}`,
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
      // Every call of the apps carries the channel header (api-client: `H5` from a browser); the cashier's
      // form does not (a form cannot set headers), nor does the service require it there.
      const headers = form === undefined ? { channelType: 'H5' } : {};
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

/** HTTP clients for several service instances: `at(i)` is instance i mod n (round-robin by worker or account). */
function instanceClients(urls, maxSocketsEach) {
  const clients = urls.map((url) => httpClient(url, maxSocketsEach));
  return {
    at: (i) => clients[i % clients.length],
    close: () => {
      for (const client of clients) client.close();
    },
  };
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

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
    /** Flows left to expire (lock only) and paid after their hold; the late confirms that answered 303. */
    expiry: { abandoned: 0, late: 0, lateConfirmed: [] },
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
  // The login screen's box: the hospital's current 隐私政策 and 用户协议.
  const documents = expectOk(await http.send('GET', PATH.documents(hospitalId)), 'privacy documents');
  const version = (kind) => documents.find((d) => d.kind === kind)?.version;
  const agreement = { hospitalId, policyVersion: version('POLICY'), agreementVersion: version('AGREEMENT') };
  const login = await http.send('POST', PATH.bindPhone, { json: { phone, code, agreement } });
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
  // The hospital shows a person's cards only for a proven contact: 本人 with real-name certification.
  expectOk(
    await http.send('POST', PATH.certify(contact.contactId), { cookie, json: { name, documentNumber } }),
    'authentication',
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
    hospitalId,
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
 * @param {{release?: () => boolean, abandon?: boolean, payLate?: boolean}} [options] release: asked after
 *   the lock; true = let the slot go (unLock). abandon: lock only and leave the hold to expire (outcome
 *   'abandoned'). payLate: stop before the cashier and return `confirmLate()`, which confirms the payment
 *   (the caller waits past the hold first; outcome 'late').
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

  const locked = await step('lock', 'POST', PATH.lock(user.hospitalId), { json: { sourceId } });
  if (!succeeded(locked)) return fail('lock', locked, 'lost');
  const { orderId } = locked.body.results;
  if (options.abandon) return { outcome: 'abandoned', orderId };
  if (options.release?.()) {
    const released = await http.send('POST', PATH.unlock(user.hospitalId), {
      cookie: user.cookie,
      json: { orderId },
    });
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
  if (options.payLate) {
    const confirmLate = () =>
      http.send('POST', `${cashierPath}/confirm?${query}`, { cookie: user.cookie, form: '' });
    return { outcome: 'late', orderId, confirmLate };
  }
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
    /** A place the service has free again (a hold that expired): hand it out once more. */
    giveBack(source) {
      source.left++;
    },
  };
}

/**
 * `connections` workers (worker w on instance w mod n), each running one flow after the other (closed loop)
 * for `seconds`. Of every `expiry.every` flows one is abandoned after the lock (its hold expires on its own;
 * the place is handed out again after the hold) and one pays late: lock, order and js_pay as usual, then,
 * off the worker, the cashier's confirm once the hold is over (the service books it when the place is still
 * free, else refunds). Late confirmations are awaited after the workers stop.
 */
async function runFlows(clients, plan, { seconds, connections, shouldStop, expiry }, stats, paidOrders) {
  const deadline = performance.now() + seconds * 1000;
  let exhausted = false;
  let flowNo = 0;
  const pending = [];
  const kindOf = (n) => {
    if (!expiry.every) return 'normal';
    if (n % expiry.every === expiry.every - 1) return 'abandon';
    if (n % expiry.every === Math.floor(expiry.every / 2) - 1) return 'late';
    return 'normal';
  };
  const worker = async (w) => {
    const http = clients.at(w);
    while (performance.now() < deadline && !shouldStop()) {
      const job = plan.next();
      if (!job) {
        exhausted = true;
        return;
      }
      const kind = kindOf(flowNo++);
      const result = await bookingFlow(http, job.user, job.source.sourceId, stats, {
        abandon: kind === 'abandon',
        payLate: kind === 'late',
      });
      if (result.outcome === 'paid') paidOrders.add(result.orderId);
      if (result.outcome === 'abandoned') {
        stats.expiry.abandoned++;
        pending.push(sleep(expiry.holdMs + 500).then(() => plan.giveBack(job.source)));
        plan.done(job.user);
      } else if (result.outcome === 'late') {
        stats.expiry.late++;
        // The account stays busy until its late payment is settled; the worker goes on.
        pending.push(
          sleep(expiry.holdMs + 1000)
            .then(() => result.confirmLate())
            .then((answer) => {
              if (answer.status === 303) {
                stats.expiry.lateConfirmed.push({ orderId: result.orderId, user: job.user, http });
              } else recordFailure(stats, 'late confirm', answer);
              plan.done(job.user);
            }),
        );
      } else plan.done(job.user);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, (_, w) => worker(w)));
  const elapsedS = (performance.now() - started) / 1000;
  await Promise.all(pending);
  return { elapsedS, exhausted };
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
    // Abandoned and late flows are not failures; they are counted on their own (expiry).
    flowsFailed: stats.started - stats.completed - stats.expiry.abandoned - stats.expiry.late,
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
async function contentionRound(clients, users, slot, stats) {
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
  // Account i books through instance i mod n: with several instances the race is between processes, too.
  const wave1 = await Promise.all(
    users.map((user, i) => bookingFlow(clients.at(i), user, slot.sourceId, stats, { release })),
  );
  const losers = users.map((user, i) => ({ user, i })).filter(({ i }) => wave1[i].outcome === 'lost');
  const wave2 = await Promise.all(
    losers.map(({ user, i }) => bookingFlow(clients.at(i), user, slot.sourceId, stats)),
  );
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
async function bookedOrders(clients, users) {
  const perUser = await pool(users, SETUP_CONCURRENCY, async (user, i) => {
    const http = clients.at(i);
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
 * The booking part on one database: set-up (not measured), throughput, contention, then the double bookings
 * counted in the database (`o.countDoubleBookings`) and, as a cross-check, from the service's own order lists.
 * @param {string | string[]} serviceUrls one URL per service instance (all on the same database)
 * @param {{hospitalId: string, seconds: number, warmupSeconds: number, connections: number, users: number,
 *   contentionUsers: number, holdMs: number, expiryEvery: number,
 *   countDoubleBookings: () => Promise<{count: number, booked: number, overbooked: object[],
 *   sharedVisitNumbers: object[]}>, log: (m: string) => void, shouldStop: () => boolean}} o
 */
export async function measureBooking(serviceUrls, o) {
  const urls = [serviceUrls].flat();
  const { log } = o;
  const partStarted = performance.now();
  const setupHttp = instanceClients(urls, SETUP_CONCURRENCY);
  const contentionHttp = instanceClients(urls, Math.ceil(o.contentionUsers / urls.length));
  const flowHttp = instanceClients(urls, Math.ceil(o.connections / urls.length));
  const expiry = { every: o.expiryEvery, holdMs: o.holdMs };
  try {
    // ------------------------------------------------------------------ set-up (not measured)
    let setupStarted = performance.now();
    const total = o.users + o.contentionUsers;
    // Phones 1370001xxxx: one per account.
    if (total > 10_000)
      throw new Error(`at most 10000 accounts (booking users + contention users), not ${total}`);
    log(`booking set-up: ${total} accounts with a contact and a card at ${o.hospitalId}`);
    // Account i is created through instance i mod n (its SMS code is in that process's dev outbox).
    const all = await pool(
      Array.from({ length: total }, (_, i) => i),
      SETUP_CONCURRENCY,
      (i) => (o.shouldStop() ? null : createUser(setupHttp.at(i), i, o.hospitalId)),
    );
    if (o.shouldStop()) throw new Error('interrupted');
    const flowUsers = all.slice(0, o.users);
    const contentionUsers = all.slice(o.users);
    const usersS = (performance.now() - setupStarted) / 1000;
    setupStarted = performance.now();
    const sources = await bookableSources(setupHttp.at(0), o.hospitalId);
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
    const flowOptions = { connections: o.connections, shouldStop: o.shouldStop, expiry };
    log(`booking warm-up (${o.warmupSeconds} s)`);
    const warmupStats = newStats();
    await runFlows(flowHttp, plan, { ...flowOptions, seconds: o.warmupSeconds }, warmupStats, paidOrders);
    if (o.shouldStop()) throw new Error('interrupted');
    log(
      `booking flows: ${o.connections} connections on ${urls.length} instance(s) for ${o.seconds} s` +
        (expiry.every ? `, of every ${expiry.every} flows one left to expire and one paid late` : ''),
    );
    const stats = newStats();
    const run = await runFlows(flowHttp, plan, { ...flowOptions, seconds: o.seconds }, stats, paidOrders);
    if (o.shouldStop()) throw new Error('interrupted');
    const late = [...warmupStats.expiry.lateConfirmed, ...stats.expiry.lateConfirmed];
    const lateConfirmed = late.map((l) => l.orderId);
    const throughput = {
      connections: o.connections,
      instances: urls.length,
      durationS: o.seconds,
      users: flowUsers.length,
      // A flow is started only with a (user, slot) the rules allow; this says the supply ran out first.
      ranOutOfSlots: run.exhausted,
      ...flowReport(stats, run.elapsedS),
    };
    log(
      `  ${throughput.flowsPerSec} flows/s, lock p99 ${throughput.stepMs.lock.p99} ms, flow p99 ` +
        `${throughput.flowMs.p99} ms, ${throughput.flowsFailed} failed`,
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
    log('booking check: double bookings in the database; every account’s booked orders (listOrders)');
    const inDatabase = await o.countDoubleBookings();
    // What became of the late payments: BOOKED (the place was still free), REFUNDING or REFUNDED (it was not), or still
    // EXPIRED (its payment was closed before the cashier's confirm — by a sweeper, or by a lock on the same
    // slot storing the run-out hold — so no money was taken).
    const lateOutcomes = countBy(
      await pool(late, SETUP_CONCURRENCY, async (l) => {
        const answer = await l.http.send('GET', PATH.order(l.orderId), { cookie: l.user.cookie });
        return succeeded(answer) ? answer.body.results.status : failureOf(answer).text;
      }),
      (status) => status,
    );
    const booked = await bookedOrders(setupHttp, all);
    const bookedIds = new Set(booked.map((b) => b.orderId));
    const flowOrders = booked.filter((b) => !contentionSchedules.has(b.scheduleItemId));
    const afterSlots = new Map();
    for (const slot of slots) {
      const { sources: list } = expectOk(
        await setupHttp.at(0).send('POST', PATH.querySources(o.hospitalId), {
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
      round.doubleBookings = inDatabase.overbooked
        .filter((s) => String(s.sourceId) === round.sourceId)
        .reduce((n, s) => n + s.booked - s.places, 0);
      round.paidNotBooked = round.paidOrders.filter((id) => !bookedIds.has(id)).length;
      delete round.paidOrders;
    }
    const serviceView = doubleBookings(booked, placesAtStart);
    return {
      hospitalId: o.hospitalId,
      instances: urls.length,
      setupS: r1(usersS),
      throughput: {
        ...throughput,
        bookedInService: flowOrders.length,
        // Cashier answered 303 (paid) but the order is not BOOKED, and the other way round (late payments
        // excepted: the service books them only when the place is still free).
        paidNotBooked: [...paidOrders].filter((id) => !bookedIds.has(id)).length,
        bookedNotPaid: flowOrders.filter(
          (b) => !paidOrders.has(b.orderId) && !lateConfirmed.includes(b.orderId),
        ).length,
        expiry: {
          holdS: r1(o.holdMs / 1000),
          every: expiry.every,
          abandoned: warmupStats.expiry.abandoned + stats.expiry.abandoned,
          paidLate: warmupStats.expiry.late + stats.expiry.late,
          /** order status → count, after the late cashier confirm */
          paidLateOutcomes: lateOutcomes,
        },
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
      // Counted in the database, over every account (not from the service's answers).
      doubleBookings: inDatabase.count,
      bookedInDatabase: inDatabase.booked,
      overbooked: inDatabase.overbooked,
      sharedVisitNumbers: inDatabase.sharedVisitNumbers,
      // The same count from the bench's accounts' order lists (what the service answers), for comparison.
      doubleBookingsServiceView: serviceView.count,
      bookingPartS: r1((performance.now() - partStarted) / 1000),
    };
  } finally {
    setupHttp.close();
    contentionHttp.close();
    flowHttp.close();
  }
}
