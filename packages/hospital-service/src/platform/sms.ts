import { maskPhone } from '@patient/validation';
import type { FastifyBaseLogger } from 'fastify';

/** login; contact_phone: a contact's own phone; his_identity: the phone the HIS holds for a contact. */
export type SmsPurpose = 'login' | 'contact_phone' | 'his_identity';

export interface SmsMessage {
  phone: string;
  purpose: SmsPurpose;
  /** The 6-digit code (also inside `text`). */
  code: string;
  /** The whole text as the patient receives it. */
  text: string;
  sentAt: Date;
}

/**
 * Delivers SMS messages. The service never stores codes (only their hash); a sender may not log
 * them either — except {@link DevSmsSender}, which exists so that development and tests can log in.
 */
export interface SmsSender {
  /** 'dev' senders are refused when NODE_ENV=production. */
  readonly kind: 'dev' | 'real';
  send(message: SmsMessage, log: FastifyBaseLogger): Promise<void>;
}

const OUTBOX_PER_PHONE = 20;

/**
 * Development and test sender: writes the code to the log (the ONE place a code may appear in a log,
 * and only outside production) and keeps the latest messages per phone for GET /__dev/sms-outbox.
 */
export class DevSmsSender implements SmsSender {
  readonly kind = 'dev';
  readonly simulated = true;
  readonly #outbox = new Map<string, SmsMessage[]>();

  async send(message: SmsMessage, log: FastifyBaseLogger): Promise<void> {
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

  clear(): void {
    this.#outbox.clear();
  }
}

/**
 * A real sender for production: POSTs `{ phone, text, purpose }` as JSON to an SMS gateway
 * (SMS_WEBHOOK_URL, optional bearer SMS_WEBHOOK_TOKEN). Never logs the text.
 */
export class WebhookSmsSender implements SmsSender {
  readonly kind = 'real';

  constructor(
    private readonly url: string,
    private readonly token?: string,
  ) {}

  async send(message: SmsMessage, log: FastifyBaseLogger): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({ phone: message.phone, text: message.text, purpose: message.purpose }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) {
      throw new Error(`短信网关返回 HTTP ${response.status}`);
    }
    log.info({ sms: { to: maskPhone(message.phone), purpose: message.purpose } }, '短信已提交网关');
  }
}
