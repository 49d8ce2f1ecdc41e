import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { BROWSER_CHANNEL, CHANNEL_HEADER, type Contact, type Envelope } from '@patient/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { hisPhoneOf } from '../domains/patients/index.ts';
import { type CorpDirectory, SimulatedCorpDirectory } from '../domains/staff/index.ts';
import { hashToken, SESSION_TTL_MS } from '../platform/auth/sessions.ts';
import { type Clock, MINUTE, TestClock } from '../platform/clock.ts';
import { DEFAULT_SMS_LIMITS, type SmsLimits, type TrustProxy } from '../platform/config.ts';
import { createDatabase, type Database, type Db } from '../platform/database/connect.ts';
import type { Ports } from '../platform/module.ts';
import { DevSmsSender } from '../platform/sms.ts';
import { schema } from '../schema.ts';
import { TEST_START } from './constants.ts';
import { databaseUrl } from './pg-cluster.ts';

const { sessions, users } = schema;

/**
 * A fresh copy of the template database (migrated and seeded at TEST_START), one per call: in the `pglite`
 * project an in-memory PGlite loaded from the dumped template, in the `postgres` project a new database of
 * the run's cluster (CREATE DATABASE … TEMPLATE, dropped again on close).
 */
export async function templateDatabase(): Promise<Database> {
  const postgres = inject('postgres');
  if (postgres) return postgresCopy(postgres.url, postgres.template);
  const bytes = readFileSync(inject('pgTemplatePath'));
  return createDatabase({ template: new Blob([bytes]) });
}

let copies = 0;

async function postgresCopy(url: string, template: string): Promise<Database> {
  const name = `test_${process.pid}_${++copies}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const database = await createDatabase(databaseUrl(url, name));
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export interface Answer<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
  /** Raw Set-Cookie lines. */
  setCookies: string[];
  text: string;
}

export interface CallOptions {
  query?: Record<string, string | number | boolean>;
  /** A value to send as JSON. */
  body?: unknown;
  /** Sent as is (with `contentType`, default application/json). */
  rawBody?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** The channel header's value for this call; null sends none. Default: the client's. */
  channel?: string | null;
}

/**
 * A client like the app's: its own cookie jar, fetch over real HTTP, and (like api-client) the channel header
 * on every call — `channel` null for one that sends none (a link or form of another site).
 */
export class Client {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly base: string,
    readonly channel: string | null = BROWSER_CHANNEL,
  ) {}

  async call<T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
    const url = new URL(path, this.base);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, String(v));
    const channel = options.channel === undefined ? this.channel : options.channel;
    const headers: Record<string, string> = {
      ...(channel === null ? {} : { [CHANNEL_HEADER]: channel }),
      ...options.headers,
    };
    if (this.cookies.size > 0 && !headers.cookie) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] = options.contentType ?? 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = options.contentType ?? 'application/json';
    }
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const expired = attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: Envelope<T>;
    try {
      parsed = JSON.parse(text) as Envelope<T>;
    } catch {
      parsed = { state: -1, msg: text };
    }
    return { status: response.status, body: parsed, headers: response.headers, setCookies, text };
  }

  get<T = unknown>(path: string, query?: CallOptions['query']) {
    return this.call<T>('GET', `/hospital-service${path}`, { query });
  }

  post<T = unknown>(path: string, body?: unknown, query?: CallOptions['query']) {
    return this.call<T>('POST', `/hospital-service${path}`, { body, query });
  }
}

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  sms: DevSmsSender;
  base: string;
  /** A new client (cookie jar); `channel` null: one that sends no channel header. */
  client(channel?: string | null): Client;
  /** A client logged in with this phone (sends and reads the code through the dev outbox). */
  login(phone: string, client?: Client): Promise<Client>;
  close(): Promise<void>;
}

/**
 * The SMS limits of test servers: the service's defaults, except that one address (every test client is
 * 127.0.0.1) may send as many codes as the tests need. The limit tests set their own.
 */
export const TEST_SMS_LIMITS: SmsLimits = { ...DEFAULT_SMS_LIMITS, perIpHour: 100_000, perIpDay: 100_000 };

/** A real HTTP server on loopback over an in-memory copy of the template database. */
export async function startServer(
  options: {
    logger?: FastifyBaseLogger;
    production?: boolean;
    maxContacts?: number;
    /** HOLD_MINUTES for this server; default: each hospital's own. */
    holdMinutes?: number | null;
    /** Where the clock starts (default TEST_START, the template's seed instant). */
    start?: string;
    /** SMS limits of this server; default: TEST_SMS_LIMITS (every test client comes from 127.0.0.1). */
    smsLimits?: Partial<SmsLimits>;
    /** Fastify's trustProxy (tests of the per-address limit pose as clients with X-Forwarded-For). */
    trustProxy?: TrustProxy;
    /** The corporate-messaging platform of staff sign-in; default: the simulated one. */
    corpDirectory?: CorpDirectory | null;
    /** Ports to use instead of the modules' defaults (e.g. a failing one: test/outside.ts). */
    ports?: Partial<Ports>;
  } = {},
): Promise<TestServer> {
  const database = await templateDatabase();
  const clock = new TestClock(options.start ?? TEST_START);
  const sms = new DevSmsSender();
  const app = buildApp({
    db: database,
    clock,
    // Production refuses the dev sender: there the same outbox poses as a real gateway (tests only).
    smsSender: options.production ? { kind: 'real', send: (m, log) => sms.send(m, log) } : sms,
    logger: options.logger ?? false,
    secret: 'test-secret',
    production: options.production,
    maxContacts: options.maxContacts ?? 5,
    holdMinutes: options.holdMinutes ?? null,
    smsLimits: { ...TEST_SMS_LIMITS, ...options.smsLimits },
    trustProxy: options.trustProxy ?? false,
    corpDirectory: options.corpDirectory ?? new SimulatedCorpDirectory(() => clock.now().getTime()),
    ...options.ports,
    // Tests move the clock back and forth; the sweeper (tested on its own) would see days change.
    sweepIntervalMs: 0,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const server: TestServer = {
    app,
    database,
    clock,
    sms,
    base,
    client: (channel?: string | null) => new Client(base, channel),
    async login(phone, client = new Client(base)) {
      const sent = await client.post('/v1/auth/sendCode', { phone });
      if (sent.body.state === 429) {
        clock.advance(MINUTE + 1000);
        await client.post('/v1/auth/sendCode', { phone });
      }
      const code = sms.latestCode(phone);
      const bound = await client.post('/v1/auth/bindPhone', {
        phone,
        code,
        agreement: await loginAgreement(client),
      });
      if (bound.body.state !== 200) throw new Error(`login failed: ${bound.text}`);
      return client;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
  return server;
}

/**
 * What the login screen's box agrees to: the hospital's current 隐私政策 and 用户协议 versions, read from the
 * service as the screen reads them.
 */
export async function loginAgreement(client: Client, hospitalId = '1000') {
  const answer = await client.get<{ kind: 'POLICY' | 'AGREEMENT'; version: string }[]>(
    '/v1/privacy/documents',
    {
      hospitalId,
    },
  );
  const version = (kind: string) => answer.body.results?.find((d) => d.kind === kind)?.version ?? '';
  return { hospitalId, policyVersion: version('POLICY'), agreementVersion: version('AGREEMENT') };
}

/** Valid mainland ID numbers (check digit computed) for test people. */
export function mainlandId(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * weights[i];
  return first17 + '10X98765432'[sum % 11];
}

export const person = (n: number, overrides: Record<string, unknown> = {}) => ({
  name: ['李娜', '王芳', '刘洋', '陈静', '杨帆', '赵磊', '黄敏', '周杰'][n % 8],
  documentType: 'IDENTITY_CARD',
  documentNumber: mainlandId(
    `3301021990${String((n % 12) + 1).padStart(2, '0')}${String((n % 28) + 1).padStart(2, '0')}${String(100 + n).slice(-3)}`,
  ),
  phone: `1350000${String(1000 + n).slice(-4)}`,
  ...overrides,
});

/** What the electronic health card needs besides a resident ID card (registerAndBindHealthCard). */
export const HEALTH_CARD_DETAILS = {
  ethnicity: '汉族',
  occupation: '专业技术人员',
  address: '浙江省台州市路桥区路桥街道银安街1号',
} as const;

/** Adds a contact and certifies it (real-name authentication); fails the test on any refusal. */
export async function addCertifiedContact(client: Client, body: Record<string, unknown>): Promise<Contact> {
  const added = await client.post<Contact>('/addPatient', body);
  if (added.body.state !== 200) throw new Error(`addPatient failed: ${added.text}`);
  const contact = added.body.results as Contact;
  const certified = await client.post(`/v1/contact/${contact.contactId}/authentication`, {
    name: contact.contactDO.name,
    documentNumber: contact.contactDO.documentNumber,
  });
  if (certified.body.state !== 200) throw new Error(`authentication failed: ${certified.text}`);
  return { ...contact, contactDO: { ...contact.contactDO, certified: true } };
}

/**
 * Proves a contact for its hospital data as a patient does (verifyHisIdentity): the code sent to the phone
 * the HIS holds for the person, read from the dev outbox. Fails the test on any refusal.
 */
export async function proveContact(server: TestServer, client: Client, contactId: string): Promise<Contact> {
  const contact = (await client.get<Contact>(`/contact_id/${contactId}`)).body.results as Contact;
  const sendPath = `/v1/contact/${contactId}/hisIdentity/sms`;
  let sent = await client.post(sendPath);
  if (sent.body.state === 429 && /秒后再试/.test(sent.body.subMsg ?? '')) {
    // The same person proven in another account a moment ago: the HIS phone's once-a-minute limit.
    server.clock.advance(MINUTE + 1000);
    sent = await client.post(sendPath);
  }
  if (sent.body.state !== 200) throw new Error(`sendHisIdentityCode failed: ${sent.text}`);
  const phone = hisPhoneOf({ identityCard: contact.contactDO.documentNumber, name: contact.contactDO.name });
  const code = server.sms.latestCode(phone, 'his_identity');
  const verified = await client.post<Contact>(`/v1/contact/${contactId}/hisIdentity`, { code });
  if (verified.body.state !== 200) throw new Error(`verifyHisIdentity failed: ${verified.text}`);
  return verified.body.results as Contact;
}

/**
 * Clients logged in as `count` new accounts, for tests that need many (the concurrency test): the users and
 * sessions are written directly, which is set-up, not what is tested (login has its own tests).
 */
export async function manyClients(
  server: TestServer,
  count: number,
  phonePrefix = '1330',
): Promise<Client[]> {
  return sessionClients(server.database.db, server.clock, server.base, count, phonePrefix);
}

/** {@link manyClients} for any database and server address. */
export async function sessionClients(
  db: Db,
  clock: Clock,
  base: string,
  count: number,
  phonePrefix: string,
): Promise<Client[]> {
  const now = clock.now();
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        phone: `${phonePrefix}${String(i).padStart(11 - phonePrefix.length, '0')}`,
        createdAt: now,
      })),
    )
    .returning({ id: users.id });
  const tokens = rows.map(() => randomBytes(32).toString('base64url'));
  await db.insert(sessions).values(
    rows.map((row, i) => ({
      userId: row.id,
      tokenHash: hashToken(tokens[i]),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    })),
  );
  return tokens.map((token) => {
    const client = new Client(base);
    client.cookies.set('SESSION', token);
    return client;
  });
}

/**
 * Signs a staff member in the way the app does with the simulated corporate-messaging platform: its
 * authorisation page issues a code for the member (the form post), the app exchanges it (staffSignIn).
 */
export async function staffLogin(
  server: TestServer,
  corpUserId: string,
  hospitalId = '1000',
  client: Client = server.client(),
): Promise<Client> {
  const query = new URLSearchParams({
    hospitalId,
    redirect_uri: '/bedReservation/nurse/index',
    state: 'teststate01',
  });
  const page = await client.call('POST', `/wxcorp-service/__dev/wecom/authorize?${query}`, {
    rawBody: new URLSearchParams({ userId: corpUserId }).toString(),
    contentType: 'application/x-www-form-urlencoded',
  });
  const location = page.headers.get('location');
  if (page.status !== 303 || !location) throw new Error(`authorize failed: ${page.status} ${page.text}`);
  const code = new URL(location, server.base).searchParams.get('code');
  const signed = await client.call('POST', '/wxcorp-service/v1/WXCorp/auth/login', {
    body: { hospitalId, code },
  });
  if (signed.body.state !== 200) throw new Error(`staff sign-in failed: ${signed.text}`);
  return client;
}

/** A staff call (the /wxcorp-service prefix). */
export const staffCall = <T = unknown>(
  client: Client,
  method: 'GET' | 'POST',
  path: string,
  input?: unknown,
) =>
  method === 'GET'
    ? client.call<T>('GET', `/wxcorp-service${path}`, { query: input as Record<string, string> | undefined })
    : client.call<T>('POST', `/wxcorp-service${path}`, { body: input });
