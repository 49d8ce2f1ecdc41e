import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DevSmsSender, SMS_PURPOSES, type SmsPurpose, WebhookSmsSender } from '../../platform/sms.ts';
import { startAliyun } from '../../test/counterparts/aliyun.ts';
import { startTencentCloud, TencentCloudFault } from '../../test/counterparts/tencent-cloud.ts';
import { AliyunSmsSender, aliyunFailureOf } from './sms-aliyun.ts';
import { smsSenderFrom } from './sms-config.ts';
import { type SmsSenderUnderTest, smsSenderConformance } from './sms-sender.conformance.ts';
import { TencentSmsSender, tencentSmsFailureOf } from './sms-tencent.ts';

type Refusal = 'throttled' | 'invalid_phone';
type Received = { purpose: SmsPurpose; code: string; minutes?: number };

/** What an SMS platform holds: the sign, the approved templates, the messages taken, the refusals to play. */
function platformState(templates: Record<SmsPurpose, string>) {
  const received = new Map<string, Received[]>();
  const refusals = new Map<string, Refusal>();
  const purposeOf = Object.fromEntries(Object.entries(templates).map(([p, t]) => [t, p as SmsPurpose]));
  return {
    templates,
    purposeOf,
    received,
    refusals,
    misconfigured: false,
    take(phone: string, message: Received) {
      received.set(phone, [...(received.get(phone) ?? []), message]);
    },
    refusal(phone: string) {
      const refusal = refusals.get(phone);
      refusals.delete(phone);
      return refusal;
    },
  };
}

const ALIYUN_TEMPLATES = {
  login: 'SMS_400000001',
  contact_phone: 'SMS_400000002',
  his_identity: 'SMS_400000003',
  account_deletion: 'SMS_400000004',
} as const;
const ALIYUN_KEY = {
  accessKeyId: 'LTAI5tTestAccessKeyId',
  accessKeySecret: 'TestAccessKeySecretOfTheHospital',
};

async function aliyunUnderTest(): Promise<SmsSenderUnderTest & { endpoint: string }> {
  const state = platformState({ ...ALIYUN_TEMPLATES });
  const counterpart = await startAliyun({
    version: '2017-05-25',
    ...ALIYUN_KEY,
    actions: {
      SendSms: (params) => {
        const ok = (fields: Record<string, unknown>) => ({ ...fields });
        if (state.misconfigured || params.SignName !== '测试医院')
          return ok({ Code: 'isv.SMS_SIGNATURE_ILLEGAL', Message: '该账号下找不到对应签名' });
        const purpose = state.purposeOf[params.TemplateCode ?? ''];
        if (!purpose) return ok({ Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '该账号下找不到对应模板' });
        let values: Record<string, string>;
        try {
          values = JSON.parse(params.TemplateParam ?? '');
        } catch {
          return ok({ Code: 'isv.INVALID_JSON_PARAM', Message: 'JSON参数不合法' });
        }
        if (!/^\d{6}$/.test(values.code ?? '') || !/^\d+$/.test(values.minutes ?? ''))
          return ok({ Code: 'isv.TEMPLATE_MISSING_PARAMETERS', Message: '模板变量缺少对应参数值' });
        const phone = params.PhoneNumbers ?? '';
        if (!/^1[3-9]\d{9}$/.test(phone))
          return ok({ Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号' });
        const refusal = state.refusal(phone);
        if (refusal === 'throttled')
          return ok({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发小时级流控Permits:5' });
        if (refusal === 'invalid_phone')
          return ok({ Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号' });
        state.take(phone, { purpose, code: values.code, minutes: Number(values.minutes) });
        return ok({ Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` });
      },
    },
  });
  const sender = new AliyunSmsSender({
    ...ALIYUN_KEY,
    signName: '测试医院',
    templates: ALIYUN_TEMPLATES,
    endpoint: `http://${counterpart.endpoint}`,
  });
  return {
    endpoint: `http://${counterpart.endpoint}`,
    sender,
    received: async (phone) => {
      expect(counterpart.refusals).toEqual([]);
      return state.received.get(phone) ?? [];
    },
    refuseNext: (phone, failure) => state.refusals.set(phone, failure),
    misconfigure: () => {
      state.misconfigured = true;
    },
    close: counterpart.close,
  };
}

const TENCENT_TEMPLATES = {
  login: '2000001',
  contact_phone: '2000002',
  his_identity: '2000003',
  account_deletion: '2000004',
} as const;
const TENCENT_KEY = { secretId: 'AKIDTestSecretIdOfTheHospital', secretKey: 'TestSecretKeyOfTheHospital' };
const SDK_APP_ID = '1400000001';

async function tencentUnderTest(): Promise<SmsSenderUnderTest> {
  const state = platformState({ ...TENCENT_TEMPLATES });
  const counterpart = await startTencentCloud({
    service: 'sms',
    version: '2021-01-11',
    ...TENCENT_KEY,
    actions: {
      SendSms: (params) => {
        if (params.SmsSdkAppId !== SDK_APP_ID)
          throw new TencentCloudFault('InvalidParameterValue.SdkAppIdNotExist', 'SdkAppId不存在');
        if (state.misconfigured || params.SignName !== '测试医院')
          throw new TencentCloudFault(
            'FailedOperation.SignatureIncorrectOrUnapproved',
            '签名未审批或格式错误',
          );
        const purpose = state.purposeOf[String(params.TemplateId)];
        if (!purpose)
          throw new TencentCloudFault('FailedOperation.TemplateIncorrectOrUnapproved', '模板未审批或不存在');
        const values = params.TemplateParamSet as string[];
        if (
          !Array.isArray(values) ||
          values.length !== 2 ||
          !/^\d{6}$/.test(values[0]) ||
          !/^\d+$/.test(values[1])
        )
          throw new TencentCloudFault(
            'FailedOperation.TemplateParamSetNotMatchApprovedTemplate',
            '模板参数与模板不匹配',
          );
        const set = params.PhoneNumberSet as string[];
        const status = (phone: string, Code: string, Message: string) => ({
          SendStatusSet: [
            {
              SerialNo: `2433:${Date.now()}`,
              PhoneNumber: phone,
              Fee: 1,
              SessionContext: params.SessionContext ?? '',
              Code,
              Message,
              IsoCode: 'CN',
            },
          ],
        });
        const full = set?.[0] ?? '';
        const phone = full.replace(/^\+86/, '');
        if (!/^1[3-9]\d{9}$/.test(phone))
          return status(full, 'InvalidParameterValue.IncorrectPhoneNumber', '手机号格式错误');
        const refusal = state.refusal(phone);
        if (refusal === 'throttled')
          return status(
            full,
            'LimitExceeded.PhoneNumberDailyLimit',
            '单个手机号日下发短信条数超过设定的上限',
          );
        if (refusal === 'invalid_phone')
          return status(full, 'InvalidParameterValue.IncorrectPhoneNumber', '手机号格式错误');
        state.take(phone, { purpose, code: values[0], minutes: Number(values[1]) });
        return status(full, 'Ok', 'send success');
      },
    },
  });
  return {
    sender: new TencentSmsSender({
      ...TENCENT_KEY,
      sdkAppId: SDK_APP_ID,
      signName: '测试医院',
      templates: TENCENT_TEMPLATES,
      endpoint: counterpart.endpoint,
      connectUrl: counterpart.url,
    }),
    received: async (phone) => {
      expect(counterpart.refusals).toEqual([]);
      return state.received.get(phone) ?? [];
    },
    refuseNext: (phone, failure) => state.refusals.set(phone, failure),
    misconfigure: () => {
      state.misconfigured = true;
    },
    close: counterpart.close,
  };
}

async function webhookUnderTest(): Promise<SmsSenderUnderTest> {
  const received = new Map<string, Received[]>();
  const refusals = new Map<string, Refusal>();
  let misconfigured = false;
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (misconfigured || request.headers.authorization !== 'Bearer gateway-token') {
      response.writeHead(401).end();
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const refusal = refusals.get(body.phone);
    refusals.delete(body.phone);
    if (refusal) {
      response.writeHead(refusal === 'throttled' ? 429 : 422).end();
      return;
    }
    received.set(body.phone, [
      ...(received.get(body.phone) ?? []),
      { purpose: body.purpose, code: body.code, minutes: body.minutes },
    ]);
    response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    sender: new WebhookSmsSender(`http://127.0.0.1:${port}/sms`, 'gateway-token'),
    received: async (phone) => received.get(phone) ?? [],
    refuseNext: (phone, failure) => refusals.set(phone, failure),
    misconfigure: () => {
      misconfigured = true;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

smsSenderConformance('DevSmsSender', async () => {
  const sender = new DevSmsSender();
  return {
    sender,
    received: async (phone) => sender.messagesFor(phone, 100).reverse(),
    refuseNext: (phone, failure) => sender.refuseNext(phone, failure),
  };
});
smsSenderConformance('WebhookSmsSender against a local gateway', webhookUnderTest);
smsSenderConformance('AliyunSmsSender against a local Dysmsapi (ACS3-HMAC-SHA256)', aliyunUnderTest);
smsSenderConformance(
  'TencentSmsSender against a local Tencent Cloud SMS (TC3-HMAC-SHA256)',
  tencentUnderTest,
);

describe('the SMS platforms', () => {
  it('Alibaba Cloud: a wrong AccessKey secret is refused by the signature check, a configuration refusal', async () => {
    const under = await aliyunUnderTest();
    try {
      const wrong = new AliyunSmsSender({
        ...ALIYUN_KEY,
        accessKeySecret: 'not-the-secret',
        signName: '测试医院',
        templates: ALIYUN_TEMPLATES,
        endpoint: under.endpoint,
      });
      const error = await wrong
        .send(
          {
            phone: '13700137005',
            purpose: 'login',
            code: '123456',
            minutes: 5,
            text: '',
            sentAt: new Date(),
          },
          silent,
        )
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ failure: 'configuration', platformCode: 'SignatureDoesNotMatch' });
    } finally {
      await under.close?.();
    }
  });

  it('Tencent Cloud: a wrong SecretKey is refused by the signature check, a configuration refusal', async () => {
    const counterpart = await startTencentCloud({
      service: 'sms',
      version: '2021-01-11',
      ...TENCENT_KEY,
      actions: {},
    });
    try {
      const wrong = new TencentSmsSender({
        ...TENCENT_KEY,
        secretKey: 'not-the-key',
        sdkAppId: SDK_APP_ID,
        signName: '测试医院',
        templates: TENCENT_TEMPLATES,
        endpoint: counterpart.endpoint,
        connectUrl: counterpart.url,
      });
      const error = await wrong
        .send(
          {
            phone: '13700137006',
            purpose: 'login',
            code: '123456',
            minutes: 5,
            text: '',
            sentAt: new Date(),
          },
          silent,
        )
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ failure: 'configuration', platformCode: 'AuthFailure.SignatureFailure' });
      expect(counterpart.refusals).toEqual(['AuthFailure.SignatureFailure']);
    } finally {
      await counterpart.close();
    }
  });

  it("maps the answer codes: the phone's limits, invalid numbers, the platform's trouble, the rest ours to fix", () => {
    expect(aliyunFailureOf('isv.BUSINESS_LIMIT_CONTROL')).toBe('throttled');
    expect(aliyunFailureOf('isv.MOBILE_NUMBER_ILLEGAL')).toBe('invalid_phone');
    expect(aliyunFailureOf('isp.SYSTEM_ERROR')).toBe('unavailable');
    expect(aliyunFailureOf('isv.SMS_TEMPLATE_ILLEGAL')).toBe('configuration');
    expect(aliyunFailureOf('isv.AMOUNT_NOT_ENOUGH')).toBe('configuration');
    expect(tencentSmsFailureOf('LimitExceeded.PhoneNumberThirtySecondLimit')).toBe('throttled');
    expect(tencentSmsFailureOf('InvalidParameterValue.IncorrectPhoneNumber')).toBe('invalid_phone');
    expect(tencentSmsFailureOf('InternalError.Timeout')).toBe('unavailable');
    expect(tencentSmsFailureOf('FailedOperation.InsufficientBalanceInSmsPackage')).toBe('configuration');
    expect(tencentSmsFailureOf('LimitExceeded.PhoneNumberCountLimit')).toBe('configuration');
  });

  it('SMS_PROVIDER chooses the platform; a missing variable stops the start, naming it', () => {
    const templates = (prefix: string) =>
      Object.fromEntries(SMS_PURPOSES.map((p) => [`${prefix}_TEMPLATE_${p.toUpperCase()}`, 'T1']));
    expect(smsSenderFrom({})).toBeNull();
    expect(smsSenderFrom({ SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms' })).toBeInstanceOf(WebhookSmsSender);
    expect(
      smsSenderFrom({
        SMS_PROVIDER: 'aliyun',
        ALIYUN_SMS_ACCESS_KEY_ID: 'id',
        ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
        ALIYUN_SMS_SIGN_NAME: '测试医院',
        ...templates('ALIYUN_SMS'),
      }),
    ).toBeInstanceOf(AliyunSmsSender);
    expect(
      smsSenderFrom({
        SMS_PROVIDER: 'tencent',
        TENCENT_SMS_SECRET_ID: 'id',
        TENCENT_SMS_SECRET_KEY: 'key',
        TENCENT_SMS_SDK_APP_ID: SDK_APP_ID,
        TENCENT_SMS_SIGN_NAME: '测试医院',
        ...templates('TENCENT_SMS'),
      }),
    ).toBeInstanceOf(TencentSmsSender);
    expect(() =>
      smsSenderFrom({ SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'id', ...templates('ALIYUN_SMS') }),
    ).toThrow('缺少 ALIYUN_SMS_ACCESS_KEY_SECRET、ALIYUN_SMS_SIGN_NAME');
    expect(() =>
      smsSenderFrom({
        SMS_PROVIDER: 'tencent',
        TENCENT_SMS_SECRET_ID: 'id',
        TENCENT_SMS_SECRET_KEY: 'key',
        TENCENT_SMS_SDK_APP_ID: SDK_APP_ID,
        TENCENT_SMS_SIGN_NAME: '测试医院',
      }),
    ).toThrow('TENCENT_SMS_TEMPLATE_LOGIN');
    expect(() => smsSenderFrom({ SMS_PROVIDER: 'qcloud' })).toThrow('SMS_PROVIDER 不正确');
    expect(() => smsSenderFrom({ SMS_PROVIDER: 'webhook', SMS_TEMPLATE_PARAMS: 'x' })).toThrow(
      'SMS_WEBHOOK_URL',
    );
  });
});

const silent = pino({ level: 'silent' });
