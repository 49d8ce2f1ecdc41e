import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  SMS_PURPOSES,
  type SmsFailure,
  type SmsMessage,
  type SmsPurpose,
  SmsSendError,
  type SmsSender,
} from '../../platform/sms.ts';

/** An SMS sender under test, with the other side it talks to. */
export interface SmsSenderUnderTest {
  sender: SmsSender;
  /** What the other side took for `phone`, oldest first: the purpose (its template) and the parameters. */
  received: (phone: string) => Promise<{ purpose: SmsPurpose; code: string; minutes?: number }[]>;
  /** Makes the other side refuse the next message to `phone` as the platform would. */
  refuseNext: (phone: string, failure: Extract<SmsFailure, 'throttled' | 'invalid_phone'>) => void;
  /** Makes the other side answer as to a wrong sign, template or key (absent: the sender has no configuration). */
  misconfigure?: () => void;
  close?: () => Promise<void>;
}

/** A logger that keeps every line, to look for what must never be logged. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: pino({ level: 'trace', timestamp: false }, stream), lines };
}

let serial = 0;
const messageOf = (purpose: SmsPurpose, phone: string): SmsMessage => {
  serial += 1;
  const code = String(100_000 + ((serial * 7919) % 900_000));
  return {
    phone,
    purpose,
    code,
    minutes: 5,
    text: `【测试】验证码 ${code}，5分钟内有效`,
    sentAt: new Date(),
  };
};

const refusalOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
};

/**
 * What every {@link SmsSender} must do for the service: deliver each purpose with its code (and minutes), turn
 * the platform's refusals into typed {@link SmsSendError}s (a throttled phone, an invalid number, a wrong
 * configuration), and never write the code (except the dev sender, kind `dev`, whose job it is) or the whole
 * phone number to the log or into an error.
 */
export function smsSenderConformance(name: string, make: () => Promise<SmsSenderUnderTest>): void {
  describe(`SmsSender conformance: ${name}`, () => {
    it('delivers every purpose, with its code and minutes', async () => {
      const under = await make();
      const { log } = capturingLogger();
      try {
        const phone = '13700137001';
        const sent: SmsMessage[] = [];
        for (const purpose of SMS_PURPOSES) {
          const message = messageOf(purpose, phone);
          await under.sender.send(message, log);
          sent.push(message);
        }
        const received = await under.received(phone);
        expect(received.map(({ purpose, code }) => ({ purpose, code }))).toEqual(
          sent.map(({ purpose, code }) => ({ purpose, code })),
        );
        for (const r of received) if (r.minutes !== undefined) expect(r.minutes).toBe(5);
      } finally {
        await under.close?.();
      }
    });

    it('a throttled phone and an invalid number are typed refusals; the next message goes', async () => {
      const under = await make();
      const { log } = capturingLogger();
      try {
        const phone = '13700137002';
        under.refuseNext(phone, 'throttled');
        expect((await refusalOf(under.sender.send(messageOf('login', phone), log))).failure).toBe(
          'throttled',
        );
        under.refuseNext(phone, 'invalid_phone');
        expect((await refusalOf(under.sender.send(messageOf('login', phone), log))).failure).toBe(
          'invalid_phone',
        );
        const next = messageOf('login', phone);
        await under.sender.send(next, log);
        expect((await under.received(phone)).map((r) => r.code)).toEqual([next.code]);
      } finally {
        await under.close?.();
      }
    });

    it('a wrong configuration is a configuration refusal', async () => {
      const under = await make();
      if (!under.misconfigure) return under.close?.();
      const { log } = capturingLogger();
      try {
        under.misconfigure();
        const error = await refusalOf(under.sender.send(messageOf('his_identity', '13700137003'), log));
        expect(error.failure).toBe('configuration');
        expect(error.platformCode).not.toBe('');
      } finally {
        await under.close?.();
      }
    });

    it('never logs the code or the whole phone number, nor puts them into an error', async () => {
      const under = await make();
      const { log, lines } = capturingLogger();
      try {
        const phone = '13700137004';
        const texts: string[] = [];
        const codes: string[] = [];
        const attempt = async (message: SmsMessage) => {
          codes.push(message.code);
          await under.sender.send(message, log).catch((error: unknown) => {
            texts.push(JSON.stringify({ message: (error as Error).message, error }));
          });
        };
        await attempt(messageOf('login', phone));
        under.refuseNext(phone, 'throttled');
        await attempt(messageOf('contact_phone', phone));
        under.refuseNext(phone, 'invalid_phone');
        await attempt(messageOf('account_deletion', phone));
        under.misconfigure?.();
        await attempt(messageOf('his_identity', phone));
        expect(texts.length).toBeGreaterThanOrEqual(2);
        const logged = lines.join('\n');
        for (const text of [logged, ...texts]) expect(text).not.toContain(phone);
        for (const text of texts) for (const code of codes) expect(text).not.toContain(code);
        if (under.sender.kind !== 'dev') for (const code of codes) expect(logged).not.toContain(code);
      } finally {
        await under.close?.();
      }
    });
  });
}
