import { createRequire } from 'node:module';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { maskPhone } from '@patient/validation';
import type { FastifyBaseLogger } from 'fastify';
import {
  type SmsFailure,
  type SmsMessage,
  type SmsPurpose,
  SmsSendError,
  type SmsSender,
  scrubSmsText,
} from '../../platform/sms.ts';
import { type TemplateParamName, templateValues } from './sms-templates.ts';

// The SDK is CommonJS with a default export: load it as such.
const require = createRequire(import.meta.url);
const { default: DysmsapiClient, SendSmsRequest } =
  require('@alicloud/dysmsapi20170525') as typeof import('@alicloud/dysmsapi20170525');

/** What a hospital configures for Alibaba Cloud SMS (ALIYUN_SMS_*). */
export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  /** The registered signature (签名), e.g. 某某医院. */
  signName: string;
  /** The approved template code (SMS_123456789) of each purpose. */
  templates: Readonly<Record<SmsPurpose, string>>;
  /** The template's parameter names, in the approved template (default `code`, `minutes`). */
  params?: readonly TemplateParamName[];
  /** Default `dysmsapi.aliyuncs.com`; a `host:port` or `http://host:port` (tests: the local counterpart). */
  endpoint?: string;
  /** Default `cn-hangzhou`. */
  region?: string;
  /** Milliseconds to connect and to read the answer (default 5 000, 10 000). */
  connectTimeoutMs?: number;
  readTimeoutMs?: number;
}

/** SendSms answer codes for one phone's own limits (分钟级、小时级、天级流控). */
const THROTTLED = new Set(['isv.BUSINESS_LIMIT_CONTROL', 'isv.DAY_LIMIT_CONTROL']);
/** The number cannot receive the message (invalid, not a mobile number, blacklisted by the carrier). */
const INVALID_PHONE = new Set([
  'isv.MOBILE_NUMBER_ILLEGAL',
  'isv.PHONE_NUMBER_ILLEGAL',
  'isv.BLACK_KEY_CONTROL_LIMIT',
]);

/** The outcome of an answer code other than OK: ours to fix (configuration), or the platform's trouble. */
export function aliyunFailureOf(code: string): SmsFailure {
  if (THROTTLED.has(code)) return 'throttled';
  if (INVALID_PHONE.has(code)) return 'invalid_phone';
  if (/^(isp\.|Throttling|ServiceUnavailable|InternalError)/.test(code)) return 'unavailable';
  return 'configuration';
}

/**
 * The SMS port on Alibaba Cloud SMS (短信服务, Dysmsapi 2017-05-25 SendSms, signed ACS3-HMAC-SHA256 by the
 * official SDK): one approved template per purpose with `code` and `minutes` as parameters, under the hospital's
 * registered signature. Code `OK` is accepted; the other answer codes become {@link SmsSendError}s.
 */
export class AliyunSmsSender implements SmsSender {
  readonly kind = 'real';
  readonly #client: InstanceType<typeof DysmsapiClient>;

  constructor(private readonly config: AliyunSmsConfig) {
    const endpoint = config.endpoint ?? 'dysmsapi.aliyuncs.com';
    const plain = endpoint.startsWith('http://');
    this.#client = new DysmsapiClient(
      new $OpenApiUtil.Config({
        accessKeyId: config.accessKeyId,
        accessKeySecret: config.accessKeySecret,
        endpoint: endpoint.replace(/^https?:\/\//, '').replace(/\/$/, ''),
        protocol: plain ? 'http' : 'https',
        regionId: config.region ?? 'cn-hangzhou',
        connectTimeout: config.connectTimeoutMs ?? 5_000,
        readTimeout: config.readTimeoutMs ?? 10_000,
      }),
    );
  }

  async send(message: SmsMessage, log: FastifyBaseLogger): Promise<void> {
    const names = this.config.params ?? ['code', 'minutes'];
    const values = templateValues(message, names);
    const request = new SendSmsRequest({
      phoneNumbers: message.phone,
      signName: this.config.signName,
      templateCode: this.config.templates[message.purpose],
      templateParam: JSON.stringify(Object.fromEntries(names.map((name, i) => [name, values[i]]))),
    });
    let body: { code?: string; message?: string; requestId?: string; bizId?: string };
    try {
      body = (await this.#client.sendSms(request)).body ?? {};
    } catch (error) {
      // An answer with an HTTP error status (keys, signature, throttling of the account's API calls): the SDK's
      // error carries the request; keep only the code, the scrubbed message and the request id.
      const answered = error as {
        code?: unknown;
        message?: unknown;
        requestId?: unknown;
        statusCode?: unknown;
      };
      if (typeof answered?.code === 'string' && typeof answered.statusCode === 'number') {
        throw new SmsSendError(
          aliyunFailureOf(answered.code),
          answered.code,
          `阿里云短信 ${answered.code}：${scrubSmsText(String(answered.message ?? ''), message)}`,
          typeof answered.requestId === 'string' ? answered.requestId : undefined,
        );
      }
      throw new Error(`阿里云短信无法访问：${scrubSmsText(String(answered?.message ?? error), message)}`);
    }
    const code = body.code ?? '';
    if (code !== 'OK') {
      throw new SmsSendError(
        aliyunFailureOf(code),
        code || 'NO_CODE',
        `阿里云短信 ${code || '无返回码'}：${scrubSmsText(body.message ?? '', message)}`,
        body.requestId,
      );
    }
    log.info(
      {
        sms: {
          to: maskPhone(message.phone),
          purpose: message.purpose,
          platform: 'aliyun',
          bizId: body.bizId,
        },
      },
      '短信已提交阿里云',
    );
  }
}
