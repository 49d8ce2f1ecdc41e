import pino, { type DestinationStream, type Logger } from 'pino';
import { redactUrl, scrubText } from './mask.ts';

/**
 * Paths pino replaces with [REDACTED]. The service never logs bodies, queries or headers itself (the
 * access log has a scrubbed URL only); these paths are the safety net should anyone add such a log.
 */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...[
    'req.body',
    'req.query',
    'req.params',
    'body',
    'query',
    'params',
    'input.body',
    'input.query',
    'input.params',
  ].flatMap((base) =>
    [
      'phone',
      'code',
      'number',
      'documentNumber',
      'idCard',
      'identityCard',
      'sessionKey',
      'name',
      'patientName',
    ].map((key) => `${base}.${key}`),
  ),
  '*.phone',
  '*.documentNumber',
  '*.idCard',
  '*.identityCard',
  '*.sessionKey',
  '*.token',
];

/** What a log line may say about an unexpected error: never SQL parameters, never personal data. */
export interface SafeError {
  type: string;
  message: string;
  /** SQLSTATE of a database error, or the error's own code (FST_…, ECONNREFUSED …). */
  errCode?: string;
  /** Identifiers a database error names (never values): table, constraint, column, routine. */
  table?: string;
  constraint?: string;
  column?: string;
  routine?: string;
  /** Only the frames ('at …' lines) of the stack, never the message lines above them. */
  stack?: string;
  /** Type and message of a non-database cause. */
  cause?: { type: string; message: string };
}

const SAFE_ERRORS = new WeakSet<object>();
const IDENTIFIER_FIELDS = ['table', 'constraint', 'column', 'routine'] as const;
const MAX_MESSAGE = 300;

type Loose = Record<string, unknown>;

/** The error and its causes, outermost first (objects only, at most 6, no cycles). */
function chainOf(error: unknown): Loose[] {
  const chain: Loose[] = [];
  for (let e = error; e && typeof e === 'object' && chain.length < 6 && !chain.includes(e as Loose); ) {
    chain.push(e as Loose);
    e = (e as Loose).cause;
  }
  return chain;
}

/**
 * A database error, or a wrapper of one. Drizzle wraps the driver's error (DrizzleQueryError: `query`,
 * `params`, and a message that repeats the parameters); PostgreSQL errors (node-postgres, PGlite) carry
 * `severity` and a five-character SQLSTATE `code`, and their message, `detail`, `where` and `hint` may
 * quote the values (`Failing row contains (…)`, `invalid input syntax …: "…"`, whatever RAISE says).
 */
const isDatabaseError = (e: Loose): boolean =>
  typeof e.query === 'string' ||
  'params' in e ||
  typeof e.severity === 'string' ||
  (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && ('detail' in e || 'where' in e));

const textOf = (value: unknown): string => (typeof value === 'string' ? value : String(value));

/** A message of our code or the runtime: phone- and ID-like numbers scrubbed, cut to a sane length. */
const safeMessage = (value: unknown): string => {
  const text = scrubText(textOf(value));
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
};

/** SQL text without its literals (drizzle sends values as parameters; a literal would be one anyway). */
const safeSql = (query: string): string => {
  const text = scrubText(query.replace(/'(?:[^']|'')*'/g, "'?'"));
  return text.length > 1000 ? `${text.slice(0, 1000)}…` : text;
};

/**
 * Only the harmless part of an unexpected error, whatever its shape: type, code, for a database error the
 * SQL text (no parameters, no literals) and the identifiers it names, never its message, detail or
 * parameters; for any other error its message, scrubbed of phone and ID numbers; the stack's frames only.
 * Applying it to its own result returns that result.
 */
export function safeError(error: unknown): SafeError {
  if (error !== null && typeof error === 'object' && SAFE_ERRORS.has(error)) return error as SafeError;
  const chain = chainOf(error);
  const top = chain[0];
  const database = chain.some(isDatabaseError);
  const type =
    top === undefined
      ? typeof error
      : textOf(typeof top.name === 'string' ? top.name : (top.constructor?.name ?? 'Object'));
  const codes = chain.map((e) => e.code).filter((c): c is string => typeof c === 'string');
  const safe: SafeError = { type, message: '' };
  const sqlState = codes.find((c) => /^[0-9A-Z]{5}$/.test(c));
  if (sqlState ?? codes[0]) safe.errCode = sqlState ?? codes[0];
  if (database) {
    const query = chain.map((e) => e.query).find((q): q is string => typeof q === 'string');
    safe.message = query ? `数据库查询失败: ${safeSql(query)}` : '数据库错误';
    for (const field of IDENTIFIER_FIELDS) {
      const value = chain.map((e) => e[field]).find((v): v is string => typeof v === 'string');
      if (value && /^[\w.$]{1,128}$/.test(value)) safe[field] = value;
    }
  } else {
    safe.message = safeMessage(top === undefined ? error : top.message);
    const cause = chain[1];
    if (cause) safe.cause = { type: textOf(cause.name ?? 'Object'), message: safeMessage(cause.message) };
  }
  if (typeof top?.stack === 'string') {
    const frames = top.stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 8);
    if (frames.length > 0) safe.stack = scrubText(frames.join('\n'));
  }
  SAFE_ERRORS.add(safe);
  return safe;
}

export interface LoggerOptions {
  level?: string;
  /** Where lines go (stdout by default); tests pass a memory stream. */
  stream?: DestinationStream;
}

/** The service's pino logger: JSON lines with personal data redacted. */
export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
      redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
      base: { service: 'hospital-service' },
      timestamp: pino.stdTimeFunctions.isoTime,
      // These override Fastify's serializers: should anything log a request, its URL is scrubbed too.
      serializers: {
        req: (req: { method?: string; url?: string }) => ({
          method: req.method,
          url: redactUrl(req.url ?? ''),
        }),
        res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
        // Whoever logs an error (Fastify included) logs only its safe part.
        err: (err: unknown) => safeError(err),
      },
    },
    options.stream,
  );
}
