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
        err: (err: Error) => {
          const e = pino.stdSerializers.err(err);
          return { type: e.type, message: scrubText(e.message ?? ''), stack: scrubText(e.stack ?? '') };
        },
      },
    },
    options.stream,
  );
}
