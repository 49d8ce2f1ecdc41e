import { maskPhone } from '@patient/validation';
import type { FastifyBaseLogger } from 'fastify';
import { sms } from 'tencentcloud-sdk-nodejs-sms';
import {
  type SmsFailure,
  type SmsMessage,
  type SmsPurpose,
  SmsSendError,
  type SmsSender,
  scrubSmsText,
} from '../../platform/sms.ts';
import {
  type TencentCloudEndpoint,
  tencentCloudCode,
  tencentCloudProfile,
  tencentCloudRequestId,
} from '../../platform/tencent-cloud.ts';
import { type TemplateParamName, templateValues } from './sms-templates.ts';

type TencentSmsClient = InstanceType<typeof sms.v20210111.Client>;

/** What a hospital configures for Tencent Cloud SMS (TENCENT_SMS_*). */
export interface TencentSmsConfig extends Partial<TencentCloudEndpoint> {
  secretId: string;
  secretKey: string;
  /** The SMS application's SdkAppId (短信应用 ID, 1400…). */
  sdkAppId: string;
  /** The registered signature's text (签名内容), e.g. 某某医院. */
  signName: string;
  /** The approved template id of each purpose. */
  templates: Readonly<Record<SmsPurpose, string>>;
  /** The template's parameters {1}, {2}… in order (default `code`, `minutes`). */
  params?: readonly TemplateParamName[];
  /** Default `ap-guangzhou`. */
  region?: string;
}

const THROTTLED = new Set([
  'LimitExceeded.PhoneNumberDailyLimit',
  'LimitExceeded.PhoneNumberOneHourLimit',
  'LimitExceeded.PhoneNumberThirtySecondLimit',
  'LimitExceeded.PhoneNumberSameContentDailyLimit',
  'LimitExceeded.DeliveryFrequencyLimit',
]);
const INVALID_PHONE = new Set([
  'InvalidParameterValue.IncorrectPhoneNumber',
  'FailedOperation.PhoneNumberInBlacklist',
  'FailedOperation.PhoneNumberParseFail',
  'UnsupportedOperation.UnsupportedRegion',
]);

/** The outcome of an answer code other than Ok: ours to fix (configuration), or the platform's trouble. */
export function tencentSmsFailureOf(code: string): SmsFailure {
  if (THROTTLED.has(code)) return 'throttled';
  if (INVALID_PHONE.has(code)) return 'invalid_phone';
  if (
    /^(InternalError|RequestLimitExceeded|ResourceUnavailable|FailedOperation\.FailResolvePacket)/.test(code)
  )
    return 'unavailable';
  return 'configuration';
}

/**
 * The SMS port on Tencent Cloud SMS (短信, SendSms 2021-01-11, TC3-HMAC-SHA256 by the official SDK): one approved
 * template per purpose with the code and the minutes as {1}, {2}, under the hospital's signature and SMS
 * application. The phone's status `Ok` is accepted; error answers and the phone's other status codes become
 * {@link SmsSendError}s.
 */
export class TencentSmsSender implements SmsSender {
  readonly kind = 'real';
  readonly #client: TencentSmsClient;

  constructor(private readonly config: TencentSmsConfig) {
    this.#client = new sms.v20210111.Client({
      credential: { secretId: config.secretId, secretKey: config.secretKey },
      region: config.region ?? 'ap-guangzhou',
      profile: tencentCloudProfile({
        endpoint: config.endpoint ?? 'sms.tencentcloudapi.com',
        connectUrl: config.connectUrl,
        timeoutSeconds: config.timeoutSeconds,
      }),
    });
  }

  async send(message: SmsMessage, log: FastifyBaseLogger): Promise<void> {
    const phone = message.phone.startsWith('+') ? message.phone : `+86${message.phone}`;
    let answer: Awaited<ReturnType<TencentSmsClient['SendSms']>>;
    try {
      answer = await this.#client.SendSms({
        PhoneNumberSet: [phone],
        SmsSdkAppId: this.config.sdkAppId,
        SignName: this.config.signName,
        TemplateId: this.config.templates[message.purpose],
        TemplateParamSet: templateValues(message, this.config.params ?? ['code', 'minutes']),
        SessionContext: message.purpose,
      });
    } catch (error) {
      const code = tencentCloudCode(error);
      const text = scrubSmsText(error instanceof Error ? error.message : String(error), message);
      // No code: the platform was not reached or gave no JSON answer (a failure for askOutside).
      if (!code) throw new Error(`腾讯云短信无法访问：${text}`);
      throw new SmsSendError(
        tencentSmsFailureOf(code),
        code,
        `腾讯云短信 ${code}：${text}`,
        tencentCloudRequestId(error),
      );
    }
    const status = answer.SendStatusSet?.[0];
    const code = status?.Code ?? '';
    if (code !== 'Ok') {
      throw new SmsSendError(
        tencentSmsFailureOf(code),
        code || 'NO_STATUS',
        `腾讯云短信 ${code || '无发送状态'}：${scrubSmsText(status?.Message ?? '', message)}`,
        answer.RequestId,
      );
    }
    log.info(
      {
        sms: {
          to: maskPhone(message.phone),
          purpose: message.purpose,
          platform: 'tencent',
          serialNo: status?.SerialNo,
        },
      },
      '短信已提交腾讯云',
    );
  }
}
