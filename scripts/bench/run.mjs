#!/usr/bin/env node
// `pnpm bench [--apps a,b] [--runs N] [--duration S] [--connections C] [--skip-lighthouse] [--skip-service]
// [--skip-booking] [--skip-build] …`: builds the hospital apps, starts the hospital-service on an in-memory
// database and serves the built apps, then measures per app the homepage bundle (gzip of every JS/CSS file
// /homepage loads, in Chromium) and Lighthouse (mobile preset), the service's throughput on the start-up calls
// (autocannon) and the booking flow (lock → order → pay: flows/s, latency, double bookings under contention;
// booking.mjs) on PGlite and, side by side, on PostgreSQL (a throw-away cluster) with one and with several
// service instances. Prints a table and writes bench/results.json. Exits 0 when the measurements ran (read
// BUDGETS FAILED), 1 when Lighthouse reported a runtime error instead of a score (or the bench itself failed).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
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
import { throttling as LIGHTHOUSE_THROTTLING } from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { APPS_DIR, hospitalKeys } from '../lib/hospital-apps.mjs';
import { serveApps } from '../lib/serve-apps.mjs';
import { measureBooking, STEPS } from './booking.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

const BUDGET = {
  /** Issue 16: no larger than the 103 KB of its start, as the other slices land (every route's code lazy). */
  homepageJsGzipKB: 103,
  /** Requests /homepage makes until its first screen is usable (see measureBundle). */
  homepageRequests: 8,
  lighthousePerformance: 95,
  lighthouseAccessibility: 95,
  /** Largest Contentful Paint on Lighthouse's mobile preset (simulated Slow 4G), ms. */
  lcpMs: 2000,
  doubleBookings: 0,
  /** Bookings/s of PostgreSQL with --pg-instances instances ÷ PGlite's, at least. */
  postgresSpeedup: 3,
  /** Lock p99 (ms) of the throughput step on PostgreSQL with --pg-instances instances, below. */
  postgresLockP99Ms: 50,
};
const SERVICE_DIR = join(root, 'packages/hospital-service');
/** The service's own tsx: it runs src/main.ts, the migrate command and the pg-cluster CLI. */
const TSX = join(SERVICE_DIR, 'node_modules/.bin/tsx');
/** node-postgres, as the service has it (the bench creates its PostgreSQL databases with it). */
const pg = createRequire(join(SERVICE_DIR, 'package.json'))('pg');
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
/** The anonymous call every app makes on start-up (description, health-card switch, parameters in one). */
const startupCalls = (id) => [`/hospital-service/v1/hospital/${id}/startup`];
/** The Lighthouse categories the bench runs and reports. */
const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices'];

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
    'booking-pg-connections': { type: 'string', default: '50' },
    'pg-instances': { type: 'string', default: '4' },
    'hold-minutes': { type: 'string', default: '0.05' },
    'expiry-every': { type: 'string', default: '20' },
    'skip-postgres': { type: 'boolean', default: false },
    'contention-users': { type: 'string', default: '100' },
    'skip-build': { type: 'boolean', default: false },
    'save-lhr': { type: 'string' },
    'cpu-multiplier': { type: 'string' },
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
  --booking-pg-connections C  booking flows at once on PostgreSQL (default 50; PGlite: --booking-connections)
  --pg-instances N     service instances on one PostgreSQL database, beside the run with one (default 4)
  --hold-minutes M     HOLD_MINUTES of every service the booking runs on (default 0.05 = 3 s)
  --expiry-every N     of every N booking flows one leaves its hold to expire, one pays after it (default 20;
                       0 = none)
  --skip-postgres      book on PGlite only (no PostgreSQL cluster)
  --contention-users N accounts that race for each contention slot (default 100)
  --skip-build         use the apps' dist as it is
  --save-lhr DIR       also write each full Lighthouse result (JSON) to DIR/<app>-<run>.json
  --cpu-multiplier X   Lighthouse's CPU slowdown for every run (default: calibrated to this machine's
                       benchmarkIndex before each run, see cpuSlowdownFor)`);
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
  pgConnections: Math.max(1, Number.parseInt(opts['booking-pg-connections'], 10) || 50),
  pgInstances: Math.max(1, Number.parseInt(opts['pg-instances'], 10) || 4),
  holdMinutes: Number(opts['hold-minutes']) > 0 ? Number(opts['hold-minutes']) : 0.05,
  expiryEvery: Math.max(0, Number.parseInt(opts['expiry-every'], 10) || 0),
};
if (booking.expiryEvery === 1 || booking.expiryEvery === 2) {
  console.error('--expiry-every must be 0 or at least 3 (one flow expires, one pays late, the rest book)');
  process.exit(2);
}
if (booking.users < Math.max(booking.connections, opts['skip-postgres'] ? 0 : booking.pgConnections)) {
  // An account books one slot at a time: fewer accounts than connections would leave connections idle.
  console.error('--booking-users must be at least --booking-connections and --booking-pg-connections');
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------- cleanup

/** @type {import('node:child_process').ChildProcess | undefined} */
let service;
/**
 * Other process groups: PostgreSQL service instances, the migrate command, the pg-cluster CLI (stopped with
 * SIGTERM, never SIGKILL: it stops and removes its cluster on SIGTERM, or when its stdin closes).
 * @type {Set<import('node:child_process').ChildProcess>}
 */
const groups = new Set();
/** @type {Array<() => Promise<unknown>>} closers of servers and browsers, run last-opened first */
const closers = [];
/** Set on Ctrl-C: no step starts anything new after it. */
let stopping = false;
const checkStopping = () => {
  if (stopping) throw new Error('interrupted');
};

/** Kills the service's whole process group (pnpm → tsx → node). Synchronous, so it works in 'exit'. */
function killService(signal = 'SIGTERM') {
  killGroup(service, signal);
}

function killGroup(child, signal) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Stops a process group: SIGTERM, SIGKILL after `graceMs` (never for the pg-cluster CLI). */
async function stopGroup(child, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  killGroup(child, 'SIGTERM');
  const timer = child.isCluster ? null : setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
  await exited;
  if (timer) clearTimeout(timer);
}

async function cleanup() {
  for (const close of closers.splice(0).reverse()) await close().catch(() => {});
  for (const child of [...groups].reverse()) await stopGroup(child);
  if (service && service.exitCode === null && service.signalCode === null) {
    const exited = new Promise((done) => service.once('exit', done));
    killService('SIGTERM');
    const timer = setTimeout(() => killService('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  }
}

process.on('exit', () => {
  killService('SIGKILL');
  for (const child of groups) killGroup(child, child.isCluster ? 'SIGTERM' : 'SIGKILL');
});
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
  log(`starting hospital-service on ${url} (in-memory PGlite, HOLD_MINUTES=${booking.holdMinutes})`);
  const stderr = [];
  service = spawn('pnpm', ['--filter', '@patient/hospital-service', 'start'], {
    cwd: root,
    env: {
      ...BENCH_SMS_LIMITS,
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory',
      NODE_ENV: 'test',
      // Short holds: they expire during the booking part (booking.mjs).
      HOLD_MINUTES: String(booking.holdMinutes),
    },
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
 * Spawns the service's tsx with `args` in packages/hospital-service, in its own process group (tracked in
 * `groups`); resolves with the child once a stdout line matches `ready` (its match), or fails with the output.
 * @param {string[]} args
 * @param {Record<string, string>} env
 * @param {{ready?: RegExp, timeoutMs?: number, isCluster?: boolean}} options without `ready`: resolves on exit 0
 */
function spawnService(args, env, { ready, timeoutMs = 120_000, isCluster = false } = {}) {
  const child = spawn(TSX, args, {
    cwd: SERVICE_DIR,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  child.isCluster = isCluster;
  groups.add(child);
  child.once('exit', () => groups.delete(child));
  const output = [];
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((done, fail) => {
    let buffered = '';
    let settled = false;
    const settle = (fn, value) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn(value);
    };
    const failWith = (why) =>
      settle(fail, new Error(`${args.join(' ')} ${why}:\n${Buffer.concat(output).toString().slice(-2000)}`));
    const timer = setTimeout(() => failWith(`did not get ready in ${timeoutMs / 1000} s`), timeoutMs);
    // Read stdout to the end (the service logs there): a full pipe would stall the process.
    child.stdout.on('data', (chunk) => {
      if (settled) return;
      output.push(chunk);
      buffered += chunk.toString();
      const match = ready?.exec(buffered);
      if (match) settle(done, { child, match });
    });
    child.once('error', (error) => failWith(error.message));
    child.once('exit', (code, signal) => {
      if (!ready && code === 0) settle(done, { child, match: null });
      else failWith(`exited (${signal ?? code})`);
    });
  });
}

/** A throw-away PostgreSQL cluster through the service's pg-cluster CLI: its URL, and stop(). */
async function startPgCluster() {
  const started = Date.now();
  const { child, match } = await spawnService(
    ['src/cli/pg-cluster.ts'],
    {},
    {
      ready: /^(postgres:\/\/\S+)$/m,
      timeoutMs: 60_000,
      isCluster: true,
    },
  );
  log(`PostgreSQL cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return {
    url: match[1],
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.stdin.end(); // the CLI stops and removes its cluster when stdin closes
      await exited;
    },
  };
}

/**
 * The booking set-up logs in every account (200 by default, more with --booking-users) from 127.0.0.1: the
 * per-address and service-wide SMS limits of every service the bench starts must let them all through (the
 * environment may still set them).
 */
const BENCH_SMS_LIMITS = {
  SMS_LIMIT_IP_HOUR: '1000000',
  SMS_LIMIT_IP_DAY: '1000000',
  SMS_LIMIT_GLOBAL_HOUR: '1000000',
  SMS_LIMIT_GLOBAL_DAY: '1000000',
};

/** The URL of another database of the cluster. */
function databaseUrl(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * `count` hospital-service instances on a new database of the cluster: the database is created and migrated
 * once (the migrate command), then the instances start on it (PORT=0, one secret, NODE_ENV=test for the dev
 * SMS outbox and the sandbox cashier). Returns their URLs, the double-booking count and stop().
 */
async function postgresInstances(cluster, count) {
  const name = `bench_${count}_instances`;
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(cluster.url, name);
  const env = {
    ...BENCH_SMS_LIMITS,
    ...Object.fromEntries(
      Object.keys(BENCH_SMS_LIMITS).flatMap((k) => (k in process.env ? [[k, process.env[k]]] : [])),
    ),
    DATABASE_URL: url,
    HOST: '127.0.0.1',
    PORT: '0',
    NODE_ENV: 'test',
    HOLD_MINUTES: String(booking.holdMinutes),
    HOSPITAL_SERVICE_SECRET: randomBytes(32).toString('hex'),
  };
  let started = Date.now();
  await spawnService(['src/cli/migrate.ts'], env);
  log(`  migrated and seeded ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  started = Date.now();
  const instances = await Promise.all(
    Array.from({ length: count }, () =>
      spawnService(['src/main.ts'], env, { ready: /hospital-service listening on (http:\/\/\S+)/ }),
    ),
  );
  log(`  ${count} instance(s) up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return {
    urls: instances.map((i) => i.match[1]),
    // Counted in the database by one instance's dev route (NODE_ENV=test): the same query as on PGlite.
    countDoubleBookings: () => doubleBookingsThroughService(instances[0].match[1]),
    async stop() {
      await Promise.all(instances.map((i) => stopGroup(i.child)));
    },
  };
}

/**
 * Double bookings counted in the service's database (every order of every account), through its dev route
 * `GET /__dev/double-bookings` (packages/hospital-service/src/domains/booking/double-bookings.ts, the one copy
 * of the queries): on PGlite and on PostgreSQL alike.
 */
async function doubleBookingsThroughService(serviceUrl) {
  const response = await fetch(`${serviceUrl}/__dev/double-bookings`);
  const body = await response.json();
  if (!response.ok || body.state !== 200) throw new Error(`/__dev/double-bookings → ${response.status}`);
  return body.results;
}

/**
 * The booking part on every database: PGlite (the service process started first, one instance), then
 * PostgreSQL with one and with --pg-instances instances, each on its own new database of one cluster.
 */
async function measureBookingEverywhere(serviceUrl) {
  const common = {
    hospitalId: SERVICE_HOSPITAL_ID,
    seconds: booking.seconds,
    users: booking.users,
    contentionUsers: booking.contentionUsers,
    warmupSeconds: 2,
    holdMs: booking.holdMinutes * 60_000,
    expiryEvery: booking.expiryEvery,
    log,
    shouldStop: () => stopping,
  };
  const runs = [];
  const measure = async (database, instances, connections, open) => {
    checkStopping();
    log(`booking on ${database}, ${instances} instance(s), ${connections} connections`);
    let target;
    try {
      target = await open();
      const result = await measureBooking(target.urls, {
        ...common,
        connections,
        countDoubleBookings: target.countDoubleBookings,
      });
      runs.push({ database, instances, connections, ...result });
    } catch (error) {
      runs.push({ database, instances, connections, error: error.message });
    } finally {
      await target?.stop();
    }
  };
  await measure('PGlite', 1, booking.connections, async () => ({
    urls: [serviceUrl],
    countDoubleBookings: () => doubleBookingsThroughService(serviceUrl),
    stop: async () => {},
  }));
  if (!opts['skip-postgres']) {
    let cluster;
    try {
      cluster = await startPgCluster();
      for (const instances of [...new Set([1, booking.pgInstances])]) {
        await measure('PostgreSQL', instances, booking.pgConnections, () =>
          postgresInstances(cluster, instances),
        );
      }
    } catch (error) {
      runs.push({
        database: 'PostgreSQL',
        instances: null,
        connections: booking.pgConnections,
        error: error.message,
      });
    } finally {
      await cluster?.stop();
    }
  }
  const pglite = runs.find((r) => r.database === 'PGlite' && !r.error);
  const many = runs.find(
    (r) => r.database === 'PostgreSQL' && r.instances === booking.pgInstances && !r.error,
  );
  const speedup =
    pglite && many && pglite.throughput.flowsPerSec > 0
      ? round(many.throughput.flowsPerSec / pglite.throughput.flowsPerSec, 2)
      : null;
  return {
    runs,
    holdMinutes: booking.holdMinutes,
    expiryEvery: booking.expiryEvery,
    postgresInstances: booking.pgInstances,
    speedup,
    budgets: {
      speedup: speedup == null ? null : speedup >= BUDGET.postgresSpeedup,
      lockP99: many ? many.throughput.stepMs.lock.p99 < BUDGET.postgresLockP99Ms : null,
      doubleBookings: runs.every((r) => r.error || r.doubleBookings <= BUDGET.doubleBookings),
    },
  };
}

/**
 * Opens /homepage on a phone-sized page and sums the gzip-9 sizes of every JS and CSS body it loaded, and
 * lists every request it made until its first screen was usable: the service grid shown and the network
 * idle (no request for 500 ms) — start-up call, session check, code, styles and images of the first screen.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} baseUrl
 */
async function measureBundle(browser, baseUrl) {
  checkStopping();
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  /** @type {{url: string, type: string}[]} */
  const requests = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:') return;
    requests.push({
      url: url.origin === baseUrl ? `${url.pathname}${url.search}` : url.href,
      type: request.resourceType(),
    });
  });
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
    const firstScreen = [...requests];
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
      requests: firstScreen.length,
      requestList: firstScreen,
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
 * The CPU slowdown that turns this machine into Lighthouse's reference phone (a mid-tier mobile), from its
 * benchmarkIndex, as Lighthouse's throttling guide (docs/throttling.md, "Calibrating the CPU slowdown")
 * prescribes: its default 4× is meant for a high-end desktop (index 1500–2000, 4× in the middle of the bracket),
 * a low-end desktop (1000–1500) takes 2×, a higher index in a bracket a higher multiplier. Linear through those
 * two midpoints (1250 → 2×, 1750 → 4×), within the guide's outer range 1×–10×. The machine here is shared and its
 * index moves between about 1000 and 2000 within an hour: an uncalibrated 4× scores the same build 79–98.
 * @param {number} benchmarkIndex
 */
function cpuSlowdownFor(benchmarkIndex) {
  const multiplier = 2 + ((benchmarkIndex - 1250) * 2) / 500;
  return Math.round(Math.min(10, Math.max(1, multiplier)) * 100) / 100;
}

/**
 * The machine's benchmarkIndex now, measured as Lighthouse measures it (its own page function), in a blank tab
 * of the Chromium about to be audited.
 * @param {number} port the Chromium's remote-debugging port
 */
async function benchmarkIndexNow(port) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    const index = await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`);
    await page.close();
    return index;
  } finally {
    await browser.close();
  }
}

/**
 * One Lighthouse run (default config: mobile emulation, simulated throttling) of the performance,
 * accessibility and best-practices categories in a fresh headless Chromium. A run in which Lighthouse reports
 * a runtime error (NO_FCP, PAGE_HUNG, …) instead of a score resolves to `{ runtimeError }`: it is reported and
 * fails the bench, never averaged away.
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
    const measuredIndex = opts['cpu-multiplier'] ? null : await benchmarkIndexNow(chrome.port);
    const cpuSlowdownMultiplier = opts['cpu-multiplier']
      ? Number(opts['cpu-multiplier'])
      : cpuSlowdownFor(measuredIndex);
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: LIGHTHOUSE_CATEGORIES,
        throttling: { ...LIGHTHOUSE_THROTTLING.mobileSlow4G, cpuSlowdownMultiplier },
      },
      undefined,
    );
    const lhr = result?.lhr;
    if (!lhr) return { runtimeError: { code: 'NO_RESULT', message: 'Lighthouse returned no result' } };
    if (reportPath) writeFileSync(reportPath, JSON.stringify(lhr));
    const score = (id) => (lhr.categories[id]?.score == null ? null : lhr.categories[id].score * 100);
    const unscored = LIGHTHOUSE_CATEGORIES.filter((id) => score(id) == null);
    if (lhr.runtimeError || unscored.length) {
      return {
        runtimeError: lhr.runtimeError
          ? { code: lhr.runtimeError.code, message: lhr.runtimeError.message }
          : { code: 'NO_SCORE', message: `no score for ${unscored.join(', ')}` },
      };
    }
    const metric = (id) => lhr.audits[id]?.numericValue ?? null;
    const nodeName = (node) => node?.selector ?? node?.snippet ?? node?.value ?? null;
    const lcpDetails = lhr.audits['lcp-breakdown-insight']?.details?.items ?? [];
    const failedAudits = (category) =>
      lhr.categories[category].auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score != null && lhr.audits[ref.id].score < 1)
        .map((ref) => ref.id);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
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
      failedAccessibilityAudits: failedAudits('accessibility'),
      failedBestPracticesAudits: failedAudits('best-practices'),
      lighthouseRequests: lhr.audits['network-requests']?.details?.items?.length ?? null,
      lcpElement: nodeName(lcpDetails.find((item) => item.type === 'node')),
      lcpBreakdownMs: Object.fromEntries(
        (lcpDetails.find((item) => item.type === 'table')?.items ?? []).map((i) => [i.subpart, i.duration]),
      ),
      layoutShifts: (lhr.audits['layout-shifts']?.details?.items ?? []).map((item) => ({
        element: nodeName(item.node),
        score: item.score,
      })),
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
      calibrationIndex: measuredIndex,
      cpuSlowdownMultiplier,
      warnings: lhr.runWarnings ?? [],
    };
  } finally {
    closers.splice(closers.indexOf(kill), 1);
    await kill();
  }
}

/**
 * Lighthouse `runs` times; the medians of the runs that scored, and every runtime error by run.
 * @param {string} key
 * @param {string} url
 */
async function measureLighthouse(key, url) {
  const all = [];
  for (let i = 0; i < runs; i++) {
    const reportPath = opts['save-lhr'] ? join(opts['save-lhr'], `${key}-${i + 1}.json`) : undefined;
    const run = await lighthouseOnce(url, reportPath);
    if (run.runtimeError) log(`  ${key} run ${i + 1}: LIGHTHOUSE ERROR ${run.runtimeError.code}`);
    all.push(run);
  }
  const scored = all.filter((r) => !r.runtimeError);
  const pick = (field) => median(scored.map((r) => r[field]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    fcpMs: pick('fcpMs'),
    speedIndexMs: pick('speedIndexMs'),
    cls: pick('cls'),
    benchmarkIndex: pick('calibrationIndex'),
    cpuSlowdownMultiplier: pick('cpuSlowdownMultiplier'),
    runtimeErrors: all.flatMap((r, i) => (r.runtimeError ? [{ run: i + 1, ...r.runtimeError }] : [])),
    runs: all,
  };
}

/** @param {object} options autocannon options */
function cannon(options) {
  return new Promise((done, fail) => {
    autocannon(options, (error, result) => (error ? fail(error) : done(result)));
  });
}

/** Load on the service itself: the apps' start-up call of hospital 1000 on every connection. */
async function measureService(serviceUrl) {
  checkStopping();
  // With the channel header every app call carries (the service refuses app calls without it).
  const headers = { channelType: 'H5' };
  const requests = startupCalls(SERVICE_HOSPITAL_ID).map((path) => ({ method: 'GET', path, headers }));
  // Answers must be right before their speed means anything.
  for (const { path } of requests) {
    const response = await fetch(serviceUrl + path, { headers });
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
    'req',
    'JS gz KB',
    'CSS gz KB',
    'JS files',
    'perf',
    'a11y',
    'BP',
    'FCP ms',
    'LCP ms',
    'TBT ms',
    'CLS',
    'index',
    'CPU ×',
    'budgets',
  ];
  const fmt = (n, digits = 1) => (n == null ? '–' : n.toFixed(digits));
  const lh = (a, field, digits = 0) => (a.lighthouse ? fmt(a.lighthouse[field], digits) : '–');
  const rows = results.apps.map((a) => {
    const verdicts = Object.values(a.budgets).filter((v) => v != null);
    return [
      a.key,
      a.bundle ? String(a.bundle.requests) : '–',
      a.bundle ? fmt(kb(a.bundle.jsGzipBytes)) : '–',
      a.bundle ? fmt(kb(a.bundle.cssGzipBytes)) : '–',
      a.bundle ? String(a.bundle.jsFiles) : '–',
      lh(a, 'performance'),
      lh(a, 'accessibility'),
      lh(a, 'bestPractices'),
      lh(a, 'fcpMs'),
      lh(a, 'lcpMs'),
      lh(a, 'tbtMs'),
      lh(a, 'cls', 3),
      lh(a, 'benchmarkIndex'),
      lh(a, 'cpuSlowdownMultiplier', 2),
      verdicts.length === 0 ? '–' : verdicts.every(Boolean) ? 'ok' : 'FAIL',
    ];
  });
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log();
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log(
    `budgets per app: requests ≤ ${BUDGET.homepageRequests}, JS ≤ ${BUDGET.homepageJsGzipKB} KB gzip, ` +
      `performance ≥ ${BUDGET.lighthousePerformance}, accessibility ≥ ${BUDGET.lighthouseAccessibility}, ` +
      `LCP ≤ ${BUDGET.lcpMs} ms (Lighthouse mobile), every Lighthouse run scored; index: this machine's ` +
      `benchmarkIndex before the run, CPU ×: the slowdown calibrated from it (medians)`,
  );
  for (const a of results.apps.filter((a) => a.error)) console.log(`${a.key}: ERROR ${a.error}`);

  const s = results.service;
  if (s?.error) console.log(`\nservice: ERROR ${s.error}`);
  else if (s) {
    console.log(
      `\nservice (start-up call ${s.paths.join(', ')}, ${s.connections} connections, ${s.durationS} s): ` +
        `${fmt(s.requestsPerSec, 0)} req/s, p50 ${s.latencyMs.p50} ms, p99 ${s.latencyMs.p99} ms, ` +
        `non-2xx ${s.non2xx}, errors ${s.errors}, timeouts ${s.timeouts}`,
    );
  }

  const b = results.booking;
  if (b?.error) console.log(`\nbooking: ERROR ${b.error}`);
  else if (b) {
    for (const run of b.runs) {
      if (run.error) console.log(`\nbooking on ${runLabel(run)}: ERROR ${run.error}`);
      else printBooking(run, fmt);
    }
    printBookingTable(b, fmt);
  }

  const failures = [];
  for (const r of b && !b.error ? b.runs : []) {
    if (r.error || r.doubleBookings <= BUDGET.doubleBookings) continue;
    const where = [
      ...r.overbooked.map((x) => `slot ${x.sourceId}: ${x.booked} booked for ${x.places} places`),
      ...r.sharedVisitNumbers.map(
        (x) => `schedule ${x.scheduleId}: visit number ${x.visitNumber} given ${x.orders} times`,
      ),
    ];
    failures.push(
      `booking on ${runLabel(r)}: ${r.doubleBookings} double bookings (${where.slice(0, 5).join('; ')})`,
    );
  }
  if (b?.budgets?.speedup === false) {
    failures.push(
      `booking: PostgreSQL with ${b.postgresInstances} instances books ${b.speedup}× PGlite's bookings/s ` +
        `(budget ≥ ${BUDGET.postgresSpeedup}×)`,
    );
  }
  if (b?.budgets?.lockP99 === false) {
    const many = b.runs.find((r) => r.database === 'PostgreSQL' && r.instances === b.postgresInstances);
    failures.push(
      `booking: lock p99 ${fmt(many.throughput.stepMs.lock.p99)} ms on PostgreSQL with ${b.postgresInstances} ` +
        `instances (budget < ${BUDGET.postgresLockP99Ms} ms)`,
    );
  }
  for (const a of results.apps) {
    if (a.budgets.homepageJs === false)
      failures.push(
        `${a.key}: homepage JS ${fmt(kb(a.bundle.jsGzipBytes))} KB gzip > ${BUDGET.homepageJsGzipKB} KB`,
      );
    if (a.budgets.requests === false)
      failures.push(
        `${a.key}: ${a.bundle.requests} requests before the first screen is usable > ${BUDGET.homepageRequests}`,
      );
    if (a.budgets.performance === false)
      failures.push(
        `${a.key}: Lighthouse performance ${fmt(a.lighthouse.performance, 0)} < ${BUDGET.lighthousePerformance}`,
      );
    if (a.budgets.accessibility === false)
      failures.push(
        `${a.key}: Lighthouse accessibility ${fmt(a.lighthouse.accessibility, 0)} < ${BUDGET.lighthouseAccessibility}`,
      );
    if (a.budgets.lcp === false)
      failures.push(`${a.key}: LCP ${fmt(a.lighthouse.lcpMs, 0)} ms > ${BUDGET.lcpMs} ms`);
    for (const e of a.lighthouse?.runtimeErrors ?? [])
      failures.push(`${a.key}: Lighthouse run ${e.run} has no score: ${e.code}`);
  }
  console.log();
  if (failures.length) {
    console.log(`BUDGETS FAILED (${failures.length}):`);
    for (const f of failures) console.log(`  ✗ ${f}`);
  } else console.log('All budgets met.');
  const runtimeErrors = results.apps.flatMap((a) =>
    (a.lighthouse?.runtimeErrors ?? []).map((e) => ({ key: a.key, ...e })),
  );
  if (runtimeErrors.length) {
    console.log();
    for (const e of runtimeErrors) {
      console.log(`LIGHTHOUSE ERROR ${e.key} run ${e.run}: ${e.code} — ${e.message}`);
    }
    console.log(
      `FAILED: Lighthouse reported ${runtimeErrors.length} runtime error(s) instead of a score (exit code 1)`,
    );
  }
  if (b?.error) console.log('Not measured: double bookings (the booking part failed, see above).');
  for (const r of b?.runs?.filter((x) => x.error) ?? []) {
    console.log(`Not measured: double bookings and speed on ${runLabel(r)} (failed, see above).`);
  }
  console.log(`\nraw numbers: bench/results.json`);
}

const runLabel = (r) =>
  r.instances == null ? r.database : `${r.database}, ${r.instances} instance${r.instances === 1 ? '' : 's'}`;

/** One booking run: throughput with latency per step, the failures, expiry, the contention rounds. */
function printBooking(b, fmt) {
  const t = b.throughput;
  console.log(
    `\n── booking on ${runLabel(b)} ──\nbooking flow lock → placeOrder → js_pay → cashier confirm (hospital ` +
      `${b.hospitalId}, ${t.users} accounts, ${t.connections} connections, ${t.durationS} s): ` +
      `${fmt(t.flowsPerSec)} flows/s (${t.callsPerSec} calls/s), ${t.flowsCompleted} booked, ${t.flowsFailed} failed` +
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
  const e = t.expiry;
  if (e.every) {
    console.log(
      `  expiry (hold ${e.holdS} s): ${e.abandoned} holds left to expire (their places handed out again), ` +
        `${e.paidLate} paid after the hold, now ` +
        (Object.entries(e.paidLateOutcomes)
          .map(([status, n]) => `${n} ${status}`)
          .join(', ') || 'none') +
        ' (BOOKED: the place was still free; EXPIRED: its payment had been closed first, no money taken)',
    );
  }

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
    `double bookings in the database: ${b.doubleBookings} over ${b.bookedInDatabase} booked orders (budget ` +
      `${BUDGET.doubleBookings}; from the service's order lists: ${b.doubleBookingsServiceView}); ` +
      `booking part took ${fmt(b.bookingPartS)} s`,
  );
}

/** The runs side by side, the PostgreSQL ÷ PGlite ratio and the booking budgets. */
function printBookingTable(b, fmt) {
  console.log(
    `\nbooking on both databases (hold ${fmt(b.holdMinutes * 60)} s` +
      (b.expiryEvery ? `; of every ${b.expiryEvery} flows one left to expire, one paid after its hold` : '') +
      '; double bookings counted in the database)',
  );
  const heads = [
    'database',
    'instances',
    'clients',
    'bookings/s',
    'calls/s',
    'lock p99 ms',
    'booking p99 ms',
    'failed',
    'contention lock p99',
    'double',
  ];
  const rows = b.runs.map((r) =>
    r.error
      ? [r.database, String(r.instances ?? '–'), String(r.connections), 'ERROR', '', '', '', '', '', '']
      : [
          r.database,
          String(r.instances),
          String(r.connections),
          fmt(r.throughput.flowsPerSec),
          fmt(r.throughput.callsPerSec),
          fmt(r.throughput.stepMs.lock.p99),
          fmt(r.throughput.flowMs.p99, 0),
          String(r.throughput.flowsFailed),
          fmt(r.contention.stepMs.lock.p99, 0),
          String(r.doubleBookings),
        ],
  );
  const widths = heads.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    `  ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')}`;
  console.log(line(heads));
  console.log(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));
  const ok = (v) => (v == null ? 'not measured' : v ? 'ok' : 'FAIL');
  console.log(
    `  PostgreSQL ${b.postgresInstances} instances ÷ PGlite: ${b.speedup == null ? '–' : `${b.speedup}×`} ` +
      `bookings/s (budget ≥ ${BUDGET.postgresSpeedup}×: ${ok(b.budgets.speedup)}); lock p99 budget ` +
      `< ${BUDGET.postgresLockP99Ms} ms: ${ok(b.budgets.lockP99)}; double bookings = ${BUDGET.doubleBookings}: ` +
      `${ok(b.budgets.doubleBookings)}`,
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
      log(
        `  ${app.key}: ${app.bundle.requests} requests, JS ${kb(app.bundle.jsGzipBytes).toFixed(1)} KB gz in ` +
          `${app.bundle.jsFiles} files`,
      );
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
        log(
          `  ${app.key}: performance ${app.lighthouse.performance}, accessibility ` +
            `${app.lighthouse.accessibility}, best practices ${app.lighthouse.bestPractices}`,
        );
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
      bookingResult = await measureBookingEverywhere(serviceUrl);
    } catch (error) {
      bookingResult = { error: error.message };
    }
  }

  checkStopping();
  for (const app of apps) {
    const atLeast = (value, budget) => (value == null ? null : value >= budget);
    app.budgets = {
      homepageJs: app.bundle ? kb(app.bundle.jsGzipBytes) <= BUDGET.homepageJsGzipKB : null,
      requests: app.bundle ? app.bundle.requests <= BUDGET.homepageRequests : null,
      performance: atLeast(app.lighthouse?.performance, BUDGET.lighthousePerformance),
      accessibility: atLeast(app.lighthouse?.accessibility, BUDGET.lighthouseAccessibility),
      lcp: app.lighthouse?.lcpMs == null ? null : app.lighthouse.lcpMs <= BUDGET.lcpMs,
      scored: app.lighthouse ? app.lighthouse.runtimeErrors.length === 0 : null,
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
  // A run without a score is not a measurement: fail loudly (the budgets alone do not change the exit code).
  if (apps.some((a) => a.lighthouse?.runtimeErrors.length)) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  console.error(`[bench] failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
