import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { fullPath, SERVER_TIME_HEADER, uploadFile, uploadFiles } from '@patient/contract';
import { ALL_ENDPOINTS } from '@patient/contract/registry';
import { UPLOAD_LIMITS } from '@patient/validation';
import { sql } from 'drizzle-orm';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import * as z from 'zod/mini';
import packageJson from '../package.json' with { type: 'json' };
import { wardsOf } from './domains/beds/index.ts';
import { slotFull } from './domains/booking/index.ts';
import { requireSensitiveConsent } from './domains/consent/index.ts';
import { Payables, registerSandboxCashier, sandboxBook } from './domains/payments/index.ts';
import { buildPaymentProviders } from './domains/payments/providers/registry.ts';
import { requireStaff } from './domains/staff/index.ts';
import { MODULES } from './modules.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import {
  readHoldMinutes,
  readMaxContacts,
  readSmsLimits,
  readTrustProxy,
  type SmsLimits,
  type TrustProxy,
} from './platform/config.ts';
import { reencryptAll } from './platform/crypto/reencrypt.ts';
import type { Database, Db } from './platform/database/connect.ts';
import { violatedConstraint } from './platform/database/errors.ts';
import { type AppDeps, userOf } from './platform/http/context.ts';
import { buildDocsHtml, buildOpenApi } from './platform/http/docs.ts';
import { ApiError, INTERNAL_ERROR, inputError, ok, ROUTE_NOT_FOUND } from './platform/http/errors.ts';
import { DEFAULT_BODY_LIMIT, registerJsonParser, TOO_DEEP_MESSAGE } from './platform/http/json-body.ts';
import { registerEndpoints, requestFacts } from './platform/http/route.ts';
import { pageCsp, registerSecurityHeaders } from './platform/http/security-headers.ts';
import { type JobDefinition, type JobEngine, startJobEngine } from './platform/jobs.ts';
import { createLogger, safeError } from './platform/logging/logger.ts';
import { redactUrl } from './platform/logging/mask.ts';
import {
  type DomainModule,
  isSimulated,
  type ModuleContext,
  type PortContext,
  type Ports,
} from './platform/module.ts';
import { OutsideSystemError } from './platform/outside-system.ts';
import { DevSmsSender } from './platform/sms.ts';
import { schema } from './schema.ts';

/** Largest request body of a call that does not ask for more (its route's `bodyLimit`). */
export const BODY_LIMIT = DEFAULT_BODY_LIMIT;

/**
 * The app's options. Besides these, every port of {@link Ports} (`smsSender`, `insuranceCentre`, `courier`,
 * `nucleicAcidLab`, `corpDirectory`, `faceVerification`, `fileStorage`, `cityServiceEnergy`) is an option of its
 * own name: the implementation to use; left out, its module's default (the simulation, or none in production
 * where a module says so). `simulatedPorts` names the simulated ones.
 */
export interface BuildAppOptions extends Partial<Ports> {
  /** A Drizzle database, or the {@link Database} from createDatabase. */
  db: Db | Database;
  /** Source of time (tests pass a TestClock). */
  clock?: Clock;
  /** A pino logger (see createLogger), true for the default one, false for none. Default: none under test. */
  logger?: FastifyBaseLogger | boolean;
  /** Key for code hashes and rotating codes (HOSPITAL_SERVICE_SECRET; random per process by default). */
  secret?: string | Buffer;
  /** Default: NODE_ENV === 'production'. Secure cookies, no dev routes, real SMS sender required. */
  production?: boolean;
  /** Check every result against the contract. Default: outside production. */
  validateResults?: boolean;
  /** Most contacts per account. Default: MAX_CONTACTS, else 5 (see readMaxContacts). */
  maxContacts?: number;
  /** Hold period of locked slots for every hospital, in minutes; null: each hospital's. Default: HOLD_MINUTES. */
  holdMinutes?: number | null;
  /**
   * Run the modules' jobs (sweeps, retention…) on pg-boss in this database: main.ts does; tests leave it off
   * (default) unless they test the jobs. Needs `db` to be a {@link Database}.
   */
  jobs?: false | { pollingIntervalSeconds?: number };
  /** SMS sending limits; what is left out comes from SMS_LIMIT_*, else the defaults (see readSmsLimits). */
  smsLimits?: Partial<SmsLimits>;
  /** Whose X-Forwarded-For gives the client address (Fastify's trustProxy). Default: TRUST_PROXY, else none. */
  trustProxy?: TrustProxy;
  /** Where WECHATPAY_* / ALIPAY_* are read from. Default: process.env. */
  paymentEnv?: NodeJS.ProcessEnv;
  /** How long the sandbox provider takes to pay a refund back (main.ts: SANDBOX_REFUND_SECONDS). Default: 0. */
  sandboxRefundDelayMs?: number;
  /** Where the ports' defaults read their configuration (WECOM_* of the staff sign-in). Default: process.env. */
  corpEnv?: NodeJS.ProcessEnv;
  /**
   * A demonstration deployment (main.ts: DEMO_SIMULATED_PORTS, checked by simulated-ports.ts): the start-up
   * call says `demo: true`; in production the ports listed may be simulated, `sms` accepts the dev sender and
   * `cashier` opens the sandbox cashier. Default: none.
   */
  demo?: { ports: ReadonlySet<string> } | null;
}

const productionOf = (options: Pick<BuildAppOptions, 'production'>) =>
  options.production ?? process.env.NODE_ENV === 'production';

/** One port of the app: which module declares it, whether the options give it, whether it is a simulation. */
export interface PortStatus {
  name: keyof Ports;
  module: string;
  given: boolean;
  simulated: boolean;
}

/** Every port with its implementation: the options' (under the port's name), else its module's default. */
function resolvePorts(options: BuildAppOptions, ctx: PortContext): { ports: Ports; status: PortStatus[] } {
  const ports: Record<string, unknown> = {};
  const status: PortStatus[] = [];
  for (const module of MODULES as readonly DomainModule[]) {
    for (const [name, makeDefault] of Object.entries(module.ports ?? {})) {
      if (name in ports) throw new Error(`端口 ${name} 被多个模块声明`);
      const given = options[name as keyof Ports];
      ports[name] = given !== undefined ? given : (makeDefault as (c: PortContext) => unknown)(ctx);
      status.push({
        name: name as keyof Ports,
        module: module.name,
        given: given !== undefined,
        simulated: isSimulated(ports[name]),
      });
    }
  }
  return { ports: ports as unknown as Ports, status };
}

const portContext = (options: BuildAppOptions): PortContext => ({
  production: productionOf(options),
  clock: options.clock ?? systemClock,
  env: options.corpEnv ?? process.env,
  db: options.db === undefined ? undefined : isDatabase(options.db) ? options.db.db : options.db,
});

/** Every port an app built with these options would have, in module order (see {@link simulatedPorts}). */
export function portsOf(options: BuildAppOptions): PortStatus[] {
  return resolvePorts(options, portContext(options)).status;
}

/**
 * The ports an app built with these options would use a simulation for (their names, in module order): what
 * the options leave out falls back to the module's default. The composition root decides what to do about them
 * (in production: refuse, or name them at start).
 */
export function simulatedPorts(options: BuildAppOptions): (keyof Ports)[] {
  return portsOf(options)
    .filter((port) => port.simulated)
    .map((port) => port.name);
}

const isDatabase = (db: Db | Database): db is Database => 'migrate' in db && 'driver' in db;

function resolveSecret(secret: string | Buffer | undefined): Buffer {
  if (Buffer.isBuffer(secret)) return secret;
  const text = secret ?? process.env.HOSPITAL_SERVICE_SECRET;
  return text ? Buffer.from(text, 'utf8') : randomBytes(32);
}

/** TRUST_PROXY as Fastify takes it: a number of proxies is a function of the hop. */
const fastifyTrustProxy = (trust: TrustProxy) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/** Framework errors (parsers, limits) as the 400 message the patient sees. */
function frameworkInputMessage(error: FastifyError, request?: FastifyRequest): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `请求体过大，不能超过 ${Math.floor((request?.routeOptions?.bodyLimit ?? BODY_LIMIT) / 1024)} KB`;
    case 'HS_JSON_TOO_DEEP':
      return TOO_DEEP_MESSAGE;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return '不支持的请求内容类型，请使用 application/json';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return '请求体长度与 Content-Length 不一致';
    case 'HS_INVALID_JSON':
      return '请求体不是合法的 JSON';
    case 'FST_ERR_BAD_URL':
      return '请求地址格式不正确';
    default:
      return '请求格式不正确';
  }
}

/**
 * The hospital-service as a Fastify instance (not listening). Every contract endpoint is mounted at
 * SERVICE_PREFIX[service] + path; every answer, errors included, is an envelope.
 */
export function buildApp(options: BuildAppOptions): FastifyInstance {
  const production = productionOf(options);
  const clock = options.clock ?? systemClock;
  const db = isDatabase(options.db) ? options.db.db : options.db;
  const { ports } = resolvePorts(options, { ...portContext(options), production, clock, db });
  const demoAllows = (port: string) => options.demo?.ports.has(port) === true;
  const smsSender = ports.smsSender;
  if (!smsSender || (production && smsSender.kind === 'dev' && !demoAllows('sms'))) {
    throw new Error(
      '生产环境（NODE_ENV=production）必须配置真实的短信发送器：设置 SMS_PROVIDER（aliyun：ALIYUN_SMS_*，tencent：TENCENT_SMS_*）或 SMS_WEBHOOK_URL（可选 SMS_WEBHOOK_TOKEN），' +
        '或在 buildApp({ smsSender }) 中传入 kind 为 "real" 的 SmsSender。开发用的 DevSmsSender 会把验证码写进日志，不能用于生产。',
    );
  }
  if (
    options.maxContacts !== undefined &&
    !(Number.isInteger(options.maxContacts) && options.maxContacts >= 1)
  ) {
    throw new Error(`maxContacts 不正确：${options.maxContacts}（应为正整数）`);
  }
  const secret = resolveSecret(options.secret);
  const deps: AppDeps = {
    db,
    clock,
    smsSender,
    secret,
    production,
    demo: Boolean(options.demo),
    validateResults: options.validateResults ?? !production,
    settings: {
      maxContacts: options.maxContacts ?? readMaxContacts(),
      holdMinutes: options.holdMinutes === undefined ? readHoldMinutes() : options.holdMinutes,
      sms: { ...readSmsLimits(), ...options.smsLimits },
    },
    paymentProviders: buildPaymentProviders({
      // A demonstration's sandbox cashier: the sandbox provider, as outside production.
      production: production && !demoAllows('cashier'),
      secret,
      env: options.paymentEnv,
      now: () => clock.now(),
      sandboxBook: sandboxBook(db, clock),
      sandboxRefundDelayMs: options.sandboxRefundDelayMs ?? 0,
    }),
    insuranceCentre: ports.insuranceCentre,
    staffGate: requireStaff,
    sensitiveGate: (ctx, hospitalId) => requireSensitiveConsent(ctx.db, userOf(ctx).id, hospitalId),
    wardsOf,
    payables: new Payables(
      (MODULES as readonly DomainModule[]).flatMap((m) =>
        typeof m.payables === 'function' ? m.payables(ports) : (m.payables ?? []),
      ),
    ),
  };
  const moduleContext: ModuleContext = { deps, ports, production };

  const logger =
    options.logger === undefined
      ? process.env.NODE_ENV === 'test'
        ? undefined
        : createLogger()
      : options.logger === true
        ? createLogger()
        : options.logger === false
          ? undefined
          : options.logger;

  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // One access-log line per request, written below with a scrubbed URL.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    // request.ip (the SMS limits per client address): the connection's address unless proxies are trusted.
    trustProxy: fastifyTrustProxy(options.trustProxy ?? readTrustProxy()),
    // Long path parameters reach the contract's validation (→ 400) instead of the router (→ 404).
    routerOptions: { maxParamLength: 2048, ignoreTrailingSlash: true },
    frameworkErrors: (error, request, reply) => {
      (reply as FastifyReply)
        .status(400)
        .send(inputError(null, frameworkInputMessage(error, request as FastifyRequest)).envelope);
    },
  });

  registerSecurityHeaders(app, production);
  app.register(cookie);
  // Only JSON is accepted (bounded: size per route, nesting depth); text/plain and the rest answer 400.
  registerJsonParser(app);
  // Photo uploads: only their calls read the parts (files domain, with its own limits); elsewhere a multipart
  // body is no body.
  // Only the upload calls take multipart; any other call sent as a form is refused as an unsupported type.
  const uploadUrls = new Set([fullPath(uploadFile), fullPath(uploadFiles)]);
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart?.() && !uploadUrls.has(request.routeOptions.url ?? '')) {
      throw inputError(null, '不支持的请求内容类型，请使用 application/json');
    }
  });
  app.register(multipart, {
    limits: {
      fileSize: UPLOAD_LIMITS.maxBytes,
      files: UPLOAD_LIMITS.maxFiles,
      fields: 0,
      parts: UPLOAD_LIMITS.maxFiles,
    },
    throwFileSizeLimit: true,
  });

  const envelopeStates = new WeakMap<object, number>();
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header(SERVER_TIME_HEADER, String(deps.clock.now().getTime()));
    if (typeof payload === 'string') {
      const state = /^\{"state":(\d+)/.exec(payload);
      if (state) envelopeStates.set(request, Number(state[1]));
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const facts = requestFacts.get(request);
    request.log.info(
      {
        http: {
          method: request.method,
          url: redactUrl(request.url),
          status: reply.statusCode,
          state: envelopeStates.get(request),
        },
        endpoint: facts?.endpointId,
        userId: facts?.userId,
        ms: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof OutsideSystemError) {
      request.log.warn(
        { system: error.system, err: safeError(error.cause), url: redactUrl(request.url) },
        '外部系统调用失败',
      );
    }
    if (error instanceof ApiError) {
      return reply.status(error.httpStatus).send(error.envelope);
    }
    // The database's own guard (sources_capacity) refused a claim the code let through: the slot is full.
    if (violatedConstraint(error) === 'sources_capacity') return reply.status(200).send(slotFull().envelope);
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(400).send(inputError(null, frameworkInputMessage(error, request)).envelope);
    }
    request.log.error({ err: safeError(error), url: redactUrl(request.url) }, '未处理的异常');
    return reply.status(500).send(INTERNAL_ERROR);
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send(ROUTE_NOT_FOUND);
  });

  const report = registerEndpoints(
    app,
    deps,
    ALL_ENDPOINTS,
    MODULES.flatMap((m) => ('routes' in m ? m.routes(moduleContext) : [])),
  );
  if (report.notImplemented.length > 0) {
    app.log.warn({ endpoints: report.notImplemented }, '以下契约接口尚未实现，调用时返回“暂未开放”');
  }

  const openApi = buildOpenApi(ALL_ENDPOINTS, packageJson.version);
  const docsHtml = buildDocsHtml(openApi);
  app.get('/openapi.json', async () => openApi);
  const docsCsp = pageCsp(docsHtml);
  app.get('/docs', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('content-security-policy', docsCsp).send(docsHtml),
  );

  app.get('/healthz', async (_request, reply) => {
    await db.execute(sql`select 1`);
    return reply.send(ok({ status: 'ok', time: deps.clock.now().toISOString() }));
  });

  for (const module of MODULES as readonly DomainModule[]) module.http?.(app, moduleContext);
  if (!production) {
    registerDevRoutes(app, deps);
    for (const module of MODULES as readonly DomainModule[]) module.devRoutes?.(app, moduleContext);
  }
  if (production && demoAllows('cashier')) registerSandboxCashier(app, deps);
  if (options.jobs && !isDatabase(options.db)) throw new Error('jobs 需要 createDatabase 得到的 Database');
  registerJobs(
    app,
    isDatabase(options.db) ? options.db : null,
    [
      ...(MODULES as readonly DomainModule[]).flatMap((m) => m.jobs?.(moduleContext) ?? []),
      {
        // Values under a retired key or from before their column was encrypted: rewritten under the current key
        // (nightly, and on request after a rotation: README 'Encryption at rest').
        name: 'data-reencrypt',
        cron: '40 3 * * *',
        run: () => reencryptAll(db, schema),
      },
    ],
    options.jobs ?? false,
  );
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The job engine of this instance (null: jobs off, see BuildAppOptions.jobs). */
    jobs: JobEngine | null;
  }
}

/**
 * The modules' jobs on pg-boss (platform/jobs.ts), started once the app is ready and stopped with it; `app.jobs`
 * runs one on request. Off unless asked for (main.ts; a test of the jobs themselves).
 */
function registerJobs(
  app: FastifyInstance,
  database: Database | null,
  jobs: readonly JobDefinition[],
  options: BuildAppOptions['jobs'],
): void {
  app.decorate('jobs', null);
  if (!options || !database) return;
  app.addHook('onReady', async () => {
    app.jobs = await startJobEngine({ database, jobs, log: app.log, ...options });
  });
  app.addHook('onClose', async () => {
    await app.jobs?.stop();
  });
}

/** Development-only helpers; none of them exists when NODE_ENV=production. */
function registerDevRoutes(app: FastifyInstance, deps: AppDeps): void {
  const phoneQuery = z.object({ phone: z.string().check(z.regex(/^(1[3-9]\d{9}|09\d{8})$/)) });

  // The dev SMS outbox: the latest messages (with their codes) sent to a phone.
  app.get('/__dev/sms-outbox', async (request, reply) => {
    const parsed = z.safeParse(phoneQuery, request.query);
    if (!parsed.success) throw inputError('phone', '请输入正确的手机号码');
    const sender = deps.smsSender;
    const messages = sender instanceof DevSmsSender ? sender.messagesFor(parsed.data.phone) : [];
    return reply.send(
      ok(
        messages.map((m) => ({
          phone: m.phone,
          purpose: m.purpose,
          code: m.code,
          text: m.text,
          sentAt: m.sentAt.toISOString(),
        })),
      ),
    );
  });

  // Ban or unban an account, to see the 40300 dialog in browser tests.
  const banBody = z.object({ phone: phoneQuery.shape.phone, banned: z.optional(z.boolean()) });
  app.post('/__dev/users/ban', async (request, reply) => {
    const parsed = z.safeParse(banBody, request.body ?? {});
    if (!parsed.success) throw inputError('phone', '请输入正确的手机号码');
    const changed = await setUserBanned(deps.db, parsed.data.phone, parsed.data.banned ?? true);
    return reply.send(ok(changed));
  });
}

/** Bans (or unbans) the account of a phone; false when there is none. For tests and dev tools only. */
export async function setUserBanned(
  db: Db,
  phone: string,
  isBanned = true,
  reason = '测试封禁',
): Promise<boolean> {
  const rows = await db
    .update(schema.users)
    .set({ status: isBanned ? 'banned' : 'active', bannedReason: isBanned ? reason : null })
    .where(sql`${schema.users.phone} = ${phone}`)
    .returning({ id: schema.users.id });
  return rows.length > 0;
}
