import { maskPhone } from '@patient/validation';
import type { FastifyBaseLogger } from 'fastify';

/** login; contact_phone: a contact's own phone; his_identity: the phone the HIS holds for a contact. */
export type SmsPurpose = 'login' | 'contact_phone' | 'his_identity' | 'account_deletion';

/** Every purpose: each has its own approved template on the Chinese SMS platforms. */
export const SMS_PURPOSES: readonly SmsPurpose[] = [
  'login',
  'contact_phone',
  'his_identity',
  'account_deletion',
];

export interface SmsMessage {
  phone: string;
  purpose: SmsPurpose;
  /** The 6-digit code (also inside `text`). */
  code: string;
  /** The whole text as the patient receives it. */
  text: string;
  /** Minutes the code stays valid: with `code`, the parameters of a platform's approved template. */
  minutes: number;
  sentAt: Date;
}

/**
 * How a message the platform refused failed, for the patient's answer: `throttled` — the platform's limit for
 * this phone (429 发送过于频繁); `invalid_phone` — the number cannot receive it (400 手机号无效);
 * `configuration` — our sign, template, keys or balance are wrong (503 短信服务暂不可用, logged for the
 * operator); `unavailable` — the platform failed or could not be reached (503).
 */
export type SmsFailure = 'throttled' | 'invalid_phone' | 'configuration' | 'unavailable';

/**
 * A sender's typed refusal. Its message names the platform and its answer code, never the code sent or the
 * whole phone number (it is logged).
 */
export class SmsSendError extends Error {
  constructor(
    readonly failure: SmsFailure,
    /** The platform's own answer code (`isv.BUSINESS_LIMIT_CONTROL`, `LimitExceeded.PhoneNumberDailyLimit`, HTTP 429…). */
    readonly platformCode: string,
    message: string,
    /** The platform's request id, for the operator's ticket with the platform. */
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/** A platform's text with the code and long digit runs (phone numbers) blotted out, fit for a log or an error. */
export function scrubSmsText(text: string, message: Pick<SmsMessage, 'code' | 'phone'>): string {
  return text
    .split(message.phone)
    .join(maskPhone(message.phone))
    .split(message.code)
    .join('******')
    .replace(/\d{7,}/g, (digits) => `${digits.slice(0, 3)}****`);
}

/**
 * Delivers SMS messages. The service never stores codes (only their hash); a sender may not log
 * them either — except {@link DevSmsSender}, which exists so that development and tests can log in.
 */
export interface SmsSender {
  /** 'dev' senders are refused when NODE_ENV=production. */
  readonly kind: 'dev' | 'real';
  /**
   * Hands the message to the platform; resolves once the platform accepted it. A refusal is an
   * {@link SmsSendError}; any other error is a failure to reach the platform. `signal` aborts at the caller's
   * deadline (askOutside).
   */
  send(message: SmsMessage, log: FastifyBaseLogger, signal?: AbortSignal): Promise<void>;
}

const OUTBOX_PER_PHONE = 20;

/**
 * Development and test sender: writes the code to the log (the ONE place a code may appear in a log,
 * and only outside production) and keeps the latest messages per phone for GET /__dev/sms-outbox.
 */
export class DevSmsSender implements SmsSender {
  /** A simulation: production refuses to start with it (simulated-ports.ts) unless DEMO_SIMULATED_PORTS allows it. */
  readonly simulated = true;
  readonly kind = 'dev';
  readonly #outbox = new Map<string, SmsMessage[]>();
  readonly #refusals = new Map<string, SmsFailure>();

  async send(message: SmsMessage, log: FastifyBaseLogger): Promise<void> {
    const refusal = this.#refusals.get(message.phone);
    if (refusal) {
      this.#refusals.delete(message.phone);
      throw new SmsSendError(refusal, `DEV.${refusal}`, `开发用短信发送器按测试要求拒绝发送：${refusal}`);
    }
    const list = this.#outbox.get(message.phone) ?? [];
    list.unshift(message);
    list.length = Math.min(list.length, OUTBOX_PER_PHONE);
    this.#outbox.set(message.phone, list);
    log.info(
      { sms: { to: maskPhone(message.phone), purpose: message.purpose, devCode: message.code } },
      '[开发环境短信] 验证码已写入日志和 /__dev/sms-outbox（生产环境不会记录验证码）',
    );
  }

  /** Newest first. */
  messagesFor(phone: string, limit = 10): SmsMessage[] {
    return (this.#outbox.get(phone) ?? []).slice(0, limit);
  }

  /** The code of the newest message to `phone`, for tests. */
  latestCode(phone: string, purpose: SmsPurpose = 'login'): string | undefined {
    return this.#outbox.get(phone)?.find((m) => m.purpose === purpose)?.code;
  }

  /** Refuses the next message to `phone` as a platform would (a throttled phone, an invalid number…), for tests. */
  refuseNext(phone: string, failure: SmsFailure): void {
    this.#refusals.set(phone, failure);
  }

  clear(): void {
    this.#outbox.clear();
    this.#refusals.clear();
  }
}

/**
 * A real sender for production: POSTs `{ phone, text, purpose, code, minutes }` as JSON to an SMS gateway of the
 * hospital's own (SMS_WEBHOOK_URL, optional bearer SMS_WEBHOOK_TOKEN). The gateway answers 2xx when it took the
 * message; 429 for a throttled phone, 400 or 422 for a number that cannot receive it; 401/403 a configuration
 * error; anything else a failure. Never logs the text.
 */
export class WebhookSmsSender implements SmsSender {
  readonly kind = 'real';

  constructor(
    private readonly url: string,
    private readonly token?: string,
  ) {}

  async send(message: SmsMessage, log: FastifyBaseLogger, signal?: AbortSignal): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({
        phone: message.phone,
        text: message.text,
        purpose: message.purpose,
        code: message.code,
        minutes: message.minutes,
      }),
      signal: signal ?? AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    if (!response.ok) {
      const failure: SmsFailure =
        response.status === 429
          ? 'throttled'
          : response.status === 400 || response.status === 422
            ? 'invalid_phone'
            : response.status === 401 || response.status === 403
              ? 'configuration'
              : 'unavailable';
      throw new SmsSendError(failure, `HTTP ${response.status}`, `短信网关返回 HTTP ${response.status}`);
    }
    log.info({ sms: { to: maskPhone(message.phone), purpose: message.purpose } }, '短信已提交网关');
  }
}
