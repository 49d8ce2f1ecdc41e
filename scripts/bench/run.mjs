#!/usr/bin/env node
// `pnpm bench [--apps a,b] [--runs N] [--duration S] [--connections C] [--skip-lighthouse] [--skip-service]
// [--skip-booking] [--skip-build] …`: builds the hospital apps, starts the hospital-service on an in-memory
// database and serves the built apps, then measures per app the homepage bundle (gzip of every JS/CSS file
// /homepage loads, in Chromium) and Lighthouse (mobile preset), the service's throughput on the start-up calls
// (autocannon) and the booking flow (lock → order → pay: flows/s, latency, double bookings under contention;
// booking.mjs). Prints a table and writes bench/results.json. Always exits 0 when the measurements ran.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import lighthouse from 'lighthouse';
import { APPS_DIR, hospitalKeys } from '../lib/hospital-apps.mjs';
import { serveApps } from '../lib/serve-apps.mjs';
import { measureBooking, STEPS } from './booking.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

const BUDGET = { homepageJsGzipKB: 90, lighthousePerformance: 95, doubleBookings: 0 };
/** Debian's Chromium and the flags that work on this machine, shared with the browser suite. */
const chromiumConfig = JSON.parse(readFileSync(join(root, 'scripts/lib/chromium.json'), 'utf8'));
const CHROME_PATH = process.env.CHROME_PATH ?? chromiumConfig.executablePath;
/** --headless is added per launcher. */
const CHROME_FLAGS = chromiumConfig.args;
/** The hospital whose start-up calls and booking flow load the service. */
const SERVICE_HOSPITAL_ID = '1000';
/** The phone the browser suite emulates (e2e/playwright.config.ts). */
const PHONE = {
  viewport: { width: 375, height: 667 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
};
/** The anonymous calls every app makes on start-up. */
const startupCalls = (id) =>
  ['description', 'canGoToHealthCard', 'systemParamMap'].map(
    (call) => `/hospital-service/v1/hospital/${id}/${call}`,
  );

// ---------------------------------------------------------------------------------------------- options

const { values: opts } = parseArgs({
  options: {
    apps: { type: 'string' },
    runs: { type: 'string', default: '1' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'skip-lighthouse': { type: 'boolean', default: false },
    'skip-service': { type: 'boolean', default: false },
    'skip-booking': { type: 'boolean', default: false },
    'booking-duration': { type: 'string', default: '15' },
    'booking-connections': { type: 'string', default: '10' },
    'booking-users': { type: 'string', default: '100' },
    'contention-users': { type: 'string', default: '100' },
    'skip-build': { type: 'boolean', default: false },
    'save-lhr': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (opts.help) {
  console.log(`pnpm bench [options]
  --apps a,b           only these hospital apps (default: all nine)
  --runs N             Lighthouse runs per app, the median is reported (default 1)
  --duration S         seconds of load on the service (default 10)
  --connections C      concurrent connections for the service load (default 10)
  --skip-lighthouse    no Lighthouse
  --skip-service       no service measurements at all (start-up calls and booking)
  --skip-booking       no booking flow (the start-up calls are still measured)
  --booking-duration S seconds of booking flows after a 2 s warm-up (default 15)
  --booking-connections C  booking flows running at once (default 10)
  --booking-users N    accounts that book in the throughput step (default 100)
  --contention-users N accounts that race for each contention slot (default 100)
  --skip-build         use the apps' dist as it is
  --save-lhr DIR       also write each full Lighthouse result (JSON) to DIR/<app>-<run>.json`);
  process.exit(0);
}
const allKeys = hospitalKeys();
const keys = opts.apps ? opts.apps.split(',').map((k) => k.trim()) : allKeys;
const unknown = keys.filter((k) => !allKeys.includes(k));
if (unknown.length) {
  console.error(`unknown app(s): ${unknown.join(', ')}; known: ${allKeys.join(', ')}`);
  process.exit(2);
}
const runs = Math.max(1, Number.parseInt(opts.runs, 10) || 1);
const duration = Math.max(1, Number(opts.duration) || 10);
const connections = Math.max(1, Number.parseInt(opts.connections, 10) || 10);
const booking = {
  seconds: Math.max(1, Number(opts['booking-duration']) || 15),
  connections: Math.max(1, Number.parseInt(opts['booking-connections'], 10) || 10),
  users: Math.max(1, Number.parseInt(opts['booking-users'], 10) || 100),
  contentionUsers: Math.max(2, Number.parseInt(opts['contention-users'], 10) || 100),
};
if (booking.users < booking.connections) {
  // An account books one slot at a time: fewer accounts than connections would leave connections idle.
  console.error('--booking-users must be at least --booking-connections');
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------- cleanup

/** @type {import('node:child_process').ChildProcess | undefined} */
let service;
/** @type {Array<() => Promise<unknown>>} closers of servers and browsers, run last-opened first */
const closers = [];
/** Set on Ctrl-C: no step starts anything new after it. */
let stopping = false;
const checkStopping = () => {
  if (stopping) throw new Error('interrupted');
};

/** Kills the service's whole process group (pnpm → tsx → node). Synchronous, so it works in 'exit'. */
function killService(signal = 'SIGTERM') {
  if (!service || service.exitCode !== null || service.signalCode !== null) return;
  try {
    process.kill(-service.pid, signal);
  } catch {
    // already gone
  }
}

async function cleanup() {
  for (const close of closers.splice(0).reverse()) await close().catch(() => {});
  if (service && service.exitCode === null && service.signalCode === null) {
    const exited = new Promise((done) => service.once('exit', done));
    killService('SIGTERM');
    const timer = setTimeout(() => killService('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  }
}

process.on('exit', () => killService('SIGKILL'));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    stopping = true;
    console.error(`\n${signal}: stopping`);
    cleanup().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------- helpers

const log = (message) => console.error(`[bench] ${message}`);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const kb = (bytes) => bytes / 1024;
const round = (n, digits = 1) => (n == null ? null : Math.round(n * 10 ** digits) / 10 ** digits);

/** @param {number[]} values */
function median(values) {
  const sorted = values.filter((v) => v != null && !Number.isNaN(v)).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** @returns {Promise<number>} a port nobody listens on right now */
function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** The hospital id in apps/<key>/src/hospital.config.ts, for the record. */
function hospitalId(key) {
  try {
    const source = readFileSync(join(APPS_DIR, key, 'src', 'hospital.config.ts'), 'utf8');
    return /\bid:\s*['"]([^'"]+)['"]/.exec(source)?.[1] ?? null;
  } catch {
    return null;
  }
}

function git(...args) {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

// ---------------------------------------------------------------------------------------------- steps

function buildApps() {
  log(`building ${keys.length === allKeys.length ? 'all apps' : keys.join(', ')} (turbo, cached)`);
  const filters = keys.map((k) => `--filter=./apps/${k}`);
  const result = spawnSync('pnpm', ['turbo', 'run', 'build', ...filters, '--output-logs=errors-only'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error('build failed');
}

/** Starts the hospital-service in its own process group on an in-memory database. */
async function startService() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  log(`starting hospital-service on ${url} (in-memory PGlite)`);
  const stderr = [];
  service = spawn('pnpm', ['--filter', '@patient/hospital-service', 'start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: 'memory', NODE_ENV: 'test' },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  service.stderr.on('data', (chunk) => stderr.push(chunk));
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (service.exitCode !== null || Date.now() - started > 120_000) {
      throw new Error(`hospital-service did not start:\n${Buffer.concat(stderr).toString().slice(-2000)}`);
    }
    await sleep(250);
  }
  log(`hospital-service up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return url;
}

/**
 * Opens /homepage on a phone-sized page and sums the gzip-9 sizes of every JS and CSS body it loaded.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} baseUrl
 */
async function measureBundle(browser, baseUrl) {
  checkStopping();
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  /** @type {Promise<{url: string, type: 'js'|'css', bytes: number, gzip: number} | null>[]} */
  const pending = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    const type = path.endsWith('.js') || path.endsWith('.mjs') ? 'js' : path.endsWith('.css') ? 'css' : null;
    if (!type) return;
    pending.push(
      response.body().then(
        (body) => ({ url: path, type, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length }),
        () => null,
      ),
    );
  });
  try {
    await page.goto(`${baseUrl}/homepage`, { waitUntil: 'networkidle' });
    await page.getByText('全部服务', { exact: true }).first().waitFor({ timeout: 30_000 });
    // Whatever rendering the homepage triggered (lazy chunks, icons) must have finished, too.
    await page.waitForLoadState('networkidle');
    const files = (await Promise.all(pending)).filter(Boolean);
    const sum = (type, field) => files.filter((f) => f.type === type).reduce((n, f) => n + f[field], 0);
    return {
      jsGzipBytes: sum('js', 'gzip'),
      jsBytes: sum('js', 'bytes'),
      jsFiles: files.filter((f) => f.type === 'js').length,
      cssGzipBytes: sum('css', 'gzip'),
      cssBytes: sum('css', 'bytes'),
      cssFiles: files.filter((f) => f.type === 'css').length,
      files: files.sort((a, b) => b.gzip - a.gzip),
    };
  } finally {
    await context.close();
  }
}

/** chrome-launcher comes with lighthouse; pnpm does not hoist it, so it is resolved from there. */
async function loadChromeLauncher() {
  const fromRoot = createRequire(join(root, 'package.json'));
  const lighthouseDir = realpathSync(join(fromRoot.resolve('lighthouse/package.json'), '..'));
  const path = createRequire(join(lighthouseDir, 'package.json')).resolve('chrome-launcher');
  return import(path);
}

/**
 * One Lighthouse run (default config: mobile emulation, simulated throttling, performance only) in a fresh
 * headless Chromium.
 * @param {string} url
 */
async function lighthouseOnce(url, reportPath) {
  checkStopping();
  const { launch } = await loadChromeLauncher();
  const chrome = await launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', ...CHROME_FLAGS],
    handleSIGINT: false,
    logLevel: 'silent',
  });
  const kill = async () => chrome.kill();
  closers.push(kill);
  try {
    checkStopping();
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      undefined,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    if (reportPath) writeFileSync(reportPath, JSON.stringify(lhr));
    const metric = (id) => lhr.audits[id]?.numericValue ?? null;
    const nodeName = (node) => node?.selector ?? node?.snippet ?? node?.value ?? null;
    const lcpDetails = lhr.audits['lcp-breakdown-insight']?.details?.items ?? [];
    return {
      performance: lhr.categories.performance.score == null ? null : lhr.categories.performance.score * 100,
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      fcpMs: metric('first-contentful-paint'),
      speedIndexMs: metric('speed-index'),
      cls: metric('cumulative-layout-shift'),
      // What the score is made of: each weighted metric's own score (0–1) and weight.
      metricScores: Object.fromEntries(
        lhr.categories.performance.auditRefs
          .filter((ref) => ref.weight > 0)
          .map((ref) => [ref.acronym ?? ref.id, { score: lhr.audits[ref.id]?.score, weight: ref.weight }]),
      ),
      lcpElement: nodeName(lcpDetails.find((item) => item.type === 'node')),
      lcpBreakdownMs: Object.fromEntries(
        (lcpDetails.find((item) => item.type === 'table')?.items ?? []).map((i) => [i.subpart, i.duration]),
      ),
      layoutShifts: (lhr.audits['layout-shifts']?.details?.items ?? []).map((item) => ({
        element: nodeName(item.node),
        score: item.score,
      })),
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
      warnings: lhr.runWarnings ?? [],
    };
  } finally {
    closers.splice(closers.indexOf(kill), 1);
    await kill();
  }
}

/**
 * @param {string} key
 * @param {string} url
 */
async function measureLighthouse(key, url) {
  const all = [];
  for (let i = 0; i < runs; i++) {
    const reportPath = opts['save-lhr'] ? join(opts['save-lhr'], `${key}-${i + 1}.json`) : undefined;
    all.push(await lighthouseOnce(url, reportPath));
  }
  const pick = (field) => median(all.map((r) => r[field]));
  return {
    performance: pick('performance'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    fcpMs: pick('fcpMs'),
    speedIndexMs: pick('speedIndexMs'),
    cls: pick('cls'),
    runs: all,
  };
}

/** @param {object} options autocannon options */
function cannon(options) {
  return new Promise((done, fail) => {
    autocannon(options, (error, result) => (error ? fail(error) : done(result)));
  });
}

/** Load on the service itself: the three start-up calls of hospital 1000, round-robin on every connection. */
async function measureService(serviceUrl) {
  checkStopping();
  const requests = startupCalls(SERVICE_HOSPITAL_ID).map((path) => ({ method: 'GET', path }));
  // Answers must be right before their speed means anything.
  for (const { path } of requests) {
    const response = await fetch(serviceUrl + path);
    if (!response.ok) throw new Error(`GET ${path} → ${response.status}`);
  }
  log('service warm-up (2 s)');
  await cannon({ url: serviceUrl, connections, duration: 2, requests });
  log(`service load: ${connections} connections for ${duration} s`);
  const r = await cannon({ url: serviceUrl, connections, duration, requests });
  return {
    url: serviceUrl,
    paths: requests.map((q) => q.path),
    connections,
    durationS: duration,
    requestsPerSec: r.requests.average,
    requestsTotal: r.requests.total,
    latencyMs: {
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      avg: r.latency.average,
      max: r.latency.max,
    },
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    throughputBytesPerSec: r.throughput.average,
  };
}

// ---------------------------------------------------------------------------------------------- report

function printReport(results) {
  const headers = [
    'app',
    'JS gz KB',
    'CSS gz KB',
    'JS files',
    `JS ≤${BUDGET.homepageJsGzipKB}`,
    'perf',
    'LCP ms',
    'TBT ms',
    'FCP ms',
    'CLS',
    `perf ≥${BUDGET.lighthousePerformance}`,
  ];
  const fmt = (n, digits = 1) => (n == null ? '–' : n.toFixed(digits));
  const ok = (v) => (v == null ? '–' : v ? 'ok' : 'FAIL');
  const rows = results.apps.map((a) => [
    a.key,
    a.bundle ? fmt(kb(a.bundle.jsGzipBytes)) : '–',
    a.bundle ? fmt(kb(a.bundle.cssGzipBytes)) : '–',
    a.bundle ? String(a.bundle.jsFiles) : '–',
    ok(a.budgets.homepageJs),
    a.lighthouse ? fmt(a.lighthouse.performance, 0) : '–',
    a.lighthouse ? fmt(a.lighthouse.lcpMs, 0) : '–',
    a.lighthouse ? fmt(a.lighthouse.tbtMs, 0) : '–',
    a.lighthouse ? fmt(a.lighthouse.fcpMs, 0) : '–',
    a.lighthouse ? fmt(a.lighthouse.cls, 3) : '–',
    ok(a.budgets.performance),
  ]);
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log();
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  for (const a of results.apps.filter((a) => a.error)) console.log(`${a.key}: ERROR ${a.error}`);

  const s = results.service;
  if (s?.error) console.log(`\nservice: ERROR ${s.error}`);
  else if (s) {
    console.log(
      `\nservice (${s.paths.length} start-up calls of hospital ${SERVICE_HOSPITAL_ID}, ${s.connections} connections, ${s.durationS} s): ` +
        `${fmt(s.requestsPerSec, 0)} req/s, p50 ${s.latencyMs.p50} ms, p99 ${s.latencyMs.p99} ms, ` +
        `non-2xx ${s.non2xx}, errors ${s.errors}, timeouts ${s.timeouts}`,
    );
  }

  const b = results.booking;
  if (b?.error) console.log(`\nbooking: ERROR ${b.error}`);
  else if (b) printBooking(b, fmt);

  const failures = [];
  if (b && !b.error && b.doubleBookings > BUDGET.doubleBookings) {
    const where = [
      ...b.overbooked.map((s) => `slot ${s.sourceId}: ${s.booked} booked for ${s.places} places`),
      ...b.sharedVisitNumbers.map((o) => `order ${o.orderId}: visit number ${o.visitNumber} given twice`),
    ];
    failures.push(`booking: ${b.doubleBookings} double bookings (${where.slice(0, 5).join('; ')})`);
  }
  for (const a of results.apps) {
    if (a.budgets.homepageJs === false)
      failures.push(
        `${a.key}: homepage JS ${fmt(kb(a.bundle.jsGzipBytes))} KB gzip > ${BUDGET.homepageJsGzipKB} KB`,
      );
    if (a.budgets.performance === false)
      failures.push(
        `${a.key}: Lighthouse performance ${fmt(a.lighthouse.performance, 0)} < ${BUDGET.lighthousePerformance}`,
      );
  }
  console.log();
  if (failures.length) {
    console.log(`BUDGETS FAILED (${failures.length}):`);
    for (const f of failures) console.log(`  ✗ ${f}`);
  } else console.log('All budgets met.');
  if (b?.error) console.log('Not measured: double bookings (the booking part failed, see above).');
  console.log(`\nraw numbers: bench/results.json`);
}

/** The booking part: throughput with latency per step, the failures, the contention rounds. */
function printBooking(b, fmt) {
  const t = b.throughput;
  console.log(
    `\nbooking flow lock → placeOrder → js_pay → cashier confirm (hospital ${b.hospitalId}, ${t.users} accounts, ` +
      `${t.connections} connections, ${t.durationS} s): ${fmt(t.flowsPerSec)} flows/s (${t.callsPerSec} calls/s), ` +
      `${t.flowsCompleted} booked, ${t.flowsFailed} failed` +
      (t.ranOutOfSlots ? ` — ran out of bookable slots after ${fmt(t.elapsedS)} s` : ''),
  );
  const rows = [...STEPS.map((step) => [step, t.stepMs[step]]), ['whole flow', t.flowMs]];
  console.log(
    `  ${'step'.padEnd(12)}${['p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'calls'].map((h) => h.padStart(9)).join('')}`,
  );
  for (const [name, m] of rows) {
    const cells = [m.p50, m.p90, m.p99, m.max].map((v) => fmt(v).padStart(9));
    console.log(`  ${name.padEnd(12)}${cells.join('')}${String(m.count).padStart(9)}`);
  }
  console.log(
    `  business errors ${t.businessErrors}, non-2xx ${t.non2xx}, network errors ${t.networkErrors}, ` +
      `timeouts ${t.timeouts}; paid but not booked ${t.paidNotBooked}, booked without a paid flow ${t.bookedNotPaid}`,
  );
  for (const [key, count] of Object.entries(t.failures)) console.log(`    ${count} × ${key}`);

  const c = b.contention;
  console.log(
    `\ncontention: ${c.usersPerSlot} accounts book one slot at once, ⌊places/2⌋ winners let go, the losers retry` +
      '\n  (right: locks = places + let go, booked = places, left 0, double 0)',
  );
  const heads = ['places', 'locks', 'let go', 'booked', 'left', 'double'];
  console.log(`  ${'slot'.padEnd(30)}${heads.map((h) => h.padStart(8)).join('')}  refused with`);
  for (const r of c.rounds) {
    const refused = {};
    for (const w of [r.wave1, r.wave2]) {
      for (const [msg, n] of Object.entries(w.lost)) refused[msg] = (refused[msg] ?? 0) + n;
    }
    const cells = [
      r.places,
      `${r.wave1.locked}+${r.wave2.locked}`,
      r.wave1.released,
      r.booked,
      r.remainingAfter ?? '–',
      r.doubleBookings,
    ];
    console.log(
      `  ${`${r.sourceId} ${r.slot}`.padEnd(30)}${cells.map((v) => String(v).padStart(8)).join('')}  ` +
        Object.entries(refused)
          .map(([msg, n]) => `${n} × ${msg}`)
          .join(', '),
    );
  }
  const unexpected = Object.entries(c.unexpectedFailures);
  console.log(
    `  lock p99 ${fmt(c.stepMs.lock.p99)} ms over ${c.stepMs.lock.count} locks; other failures: ` +
      (unexpected.map(([key, n]) => `${n} × ${key}`).join(', ') || 'none'),
  );
  console.log(
    `double bookings: ${b.doubleBookings} (budget ${BUDGET.doubleBookings}); booking part took ${fmt(b.bookingPartS)} s`,
  );
}

// ---------------------------------------------------------------------------------------------- main

async function main() {
  const startedAt = new Date();
  if (opts['save-lhr']) mkdirSync(opts['save-lhr'], { recursive: true });
  if (!opts['skip-build']) buildApps();
  const serviceUrl = await startService();

  const { urls, close } = await serveApps({
    apps: keys.map((key) => ({ key, distDir: join(APPS_DIR, key, 'dist'), port: 0 })),
    serviceUrl,
  });
  closers.push(close);

  const apps = keys.map((key) => ({ key, hospitalId: hospitalId(key), url: urls[key] }));

  log('homepage bundles (Chromium)');
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  const closeBrowser = () => browser.close();
  closers.push(closeBrowser);
  for (const app of apps) {
    try {
      app.bundle = await measureBundle(browser, app.url);
      log(`  ${app.key}: JS ${kb(app.bundle.jsGzipBytes).toFixed(1)} KB gz in ${app.bundle.jsFiles} files`);
    } catch (error) {
      app.error = `bundle: ${error.message}`;
      log(`  ${app.key}: ${app.error}`);
    }
  }
  closers.splice(closers.indexOf(closeBrowser), 1);
  await browser.close();
  checkStopping();

  if (!opts['skip-lighthouse']) {
    log(`Lighthouse, mobile preset, ${runs} run(s) per app`);
    for (const app of apps) {
      try {
        app.lighthouse = await measureLighthouse(app.key, `${app.url}/homepage`);
        log(`  ${app.key}: performance ${app.lighthouse.performance}`);
      } catch (error) {
        app.error = [app.error, `lighthouse: ${error.message}`].filter(Boolean).join('; ');
        log(`  ${app.key}: ${error.message}`);
      }
    }
  }

  checkStopping();

  // The static servers are done: the service gets the machine to itself.
  await close();
  closers.splice(closers.indexOf(close), 1);

  let serviceResult = null;
  if (!opts['skip-service']) {
    try {
      serviceResult = await measureService(serviceUrl);
    } catch (error) {
      serviceResult = { error: error.message };
    }
  }

  checkStopping();
  let bookingResult = null;
  if (!opts['skip-service'] && !opts['skip-booking']) {
    try {
      bookingResult = await measureBooking(serviceUrl, {
        hospitalId: SERVICE_HOSPITAL_ID,
        ...booking,
        warmupSeconds: 2,
        log,
        shouldStop: () => stopping,
      });
    } catch (error) {
      bookingResult = { error: error.message };
    }
  }

  checkStopping();
  for (const app of apps) {
    app.budgets = {
      homepageJs: app.bundle ? kb(app.bundle.jsGzipBytes) <= BUDGET.homepageJsGzipKB : null,
      performance:
        app.lighthouse?.performance == null
          ? null
          : app.lighthouse.performance >= BUDGET.lighthousePerformance,
    };
  }

  const results = {
    date: startedAt.toISOString(),
    durationS: round((Date.now() - startedAt.getTime()) / 1000),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cores: availableParallelism(),
    cpu: cpus()[0]?.model ?? null,
    git: { commit: git('rev-parse', 'HEAD'), dirty: Boolean(git('status', '--porcelain')) },
    chromium: spawnSync(CHROME_PATH, ['--version'], { encoding: 'utf8' }).stdout?.trim() || null,
    options: { ...opts, help: undefined, apps: keys, runs, duration, connections, booking },
    budgets: BUDGET,
    apps: apps.map(({ url: _url, ...app }) => app),
    service: serviceResult,
    booking: bookingResult,
  };
  mkdirSync(join(root, 'bench'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  printReport(results);
}

try {
  await main();
} catch (error) {
  console.error(`[bench] failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
