import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTencentCloud,
  type TencentCloudCounterpart,
  TencentCloudFault,
} from '../../test/counterparts/tencent-cloud.ts';
import { faceVerificationConformance } from './face-verification.conformance.ts';
import { FaceVerificationError, SimulatedFaceVerification } from './face-verification.ts';
import { faceVerificationFrom, TencentFaceVerification } from './face-verification-tencent.ts';

const KEY = { secretId: 'AKIDFaceIdTestSecretId', secretKey: 'FaceIdTestSecretKey' };
const RULE_ID = '7';
const ORIGINS = ['https://h5.hospital.example', 'https://luqiao.hospital.example'];

/** One verification the local FaceID holds: whom it verifies, where it returns, what the patient did. */
interface Flow {
  name: string;
  idCard: string;
  redirectUrl: string;
  /** null: not finished; 0: the face matched; other: FaceID's failure code. */
  errCode: number | null;
}

let faceid: TencentCloudCounterpart;
const flows = new Map<string, Flow>();

beforeAll(async () => {
  faceid = await startTencentCloud({
    service: 'faceid',
    version: '2018-03-01',
    ...KEY,
    actions: {
      DetectAuth: (params) => {
        if (params.RuleId !== RULE_ID)
          throw new TencentCloudFault('InvalidParameterValue.RuleIdNotExist', 'RuleId不存在');
        if (!/^\d{17}[\dX]$/.test(String(params.IdCard)))
          throw new TencentCloudFault('InvalidParameterValue', '身份证号码格式不正确');
        if (typeof params.Name !== 'string' || params.Name === '' || params.Name.length > 32)
          throw new TencentCloudFault('InvalidParameterValue', '姓名不正确');
        const redirectUrl = String(params.RedirectUrl ?? '');
        if (!redirectUrl.startsWith('https://') || redirectUrl.length > 1024)
          throw new TencentCloudFault('InvalidParameterValue', 'RedirectUrl不正确');
        const token = randomUUID().toUpperCase();
        flows.set(token, { name: params.Name, idCard: String(params.IdCard), redirectUrl, errCode: null });
        return { Url: `https://faceid.qq.com/api/auth/?token=${token}`, BizToken: token };
      },
      GetDetectInfoEnhanced: (params) => {
        if (params.RuleId !== RULE_ID)
          throw new TencentCloudFault('InvalidParameterValue.RuleIdNotExist', 'RuleId不存在');
        const flow = flows.get(String(params.BizToken));
        if (!flow) throw new TencentCloudFault('InvalidParameterValue.BizTokenIllegal', 'BizToken不合法');
        if (flow.errCode === null) return { Text: { ErrCode: null, ErrMsg: null, IdCard: '', Name: '' } };
        const passed = flow.errCode === 0;
        return {
          Text: {
            ErrCode: flow.errCode,
            ErrMsg: passed ? '成功' : '比对相似度未达到通过标准',
            IdCard: flow.idCard,
            Name: flow.name,
            LiveStatus: 0,
            Comparestatus: passed ? 0 : 1001,
            Sim: passed ? '93.12' : '31.04',
          },
          IdCardData: null,
          BestFrame: null,
        };
      },
    },
  });
});
afterAll(() => faceid?.close());

const adapter = (overrides: Partial<ConstructorParameters<typeof TencentFaceVerification>[0]> = {}) =>
  new TencentFaceVerification({
    ...KEY,
    ruleId: RULE_ID,
    redirectOrigins: ORIGINS,
    endpoint: faceid.endpoint,
    connectUrl: faceid.url,
    ...overrides,
  });

faceVerificationConformance('TencentFaceVerification against a local FaceID (TC3-HMAC-SHA256)', () => ({
  port: adapter(),
  // The patient on FaceID's page: the face matches (ErrCode 0) or not (1001, 比对失败).
  decide: async (ticket, passed) => {
    const flow = flows.get(ticket);
    if (!flow) throw new Error(`没有这个 BizToken：${ticket}`);
    flow.errCode = passed ? 0 : 1001;
  },
}));

describe('TencentFaceVerification', () => {
  const person = { name: '李娜', idNumber: '330102199001010027', returnUrl: '/contact/1?face=1' };

  it('sends the patient back to the app the request came from, else the first origin; every call was signed right', async () => {
    const port = adapter();
    const own = await port.start({ ...person, origin: ORIGINS[1] });
    const other = await port.start({ ...person, origin: 'https://evil.example' });
    expect(flows.get(own.ticket)?.redirectUrl).toBe(`${ORIGINS[1]}/contact/1?face=1`);
    expect(flows.get(other.ticket)?.redirectUrl).toBe(`${ORIGINS[0]}/contact/1?face=1`);
    expect(faceid.refusals).toEqual([]);
  });

  it('the person proven is the one the platform verified', async () => {
    const port = adapter();
    const { ticket } = await port.start(person);
    const flow = flows.get(ticket) as Flow;
    flow.errCode = 0;
    flow.name = '李娜娜';
    expect(await port.result(ticket)).toEqual({
      status: 'PASSED',
      passed: true,
      person: { name: '李娜娜', idNumber: person.idNumber },
    });
  });

  it('a wrong key or RuleId is a FaceVerificationError; an unreachable platform a plain failure', async () => {
    const before = faceid.refusals.length;
    await expect(adapter({ secretKey: 'wrong' }).start(person)).rejects.toBeInstanceOf(FaceVerificationError);
    expect(faceid.refusals.slice(before)).toEqual(['AuthFailure.SignatureFailure']);
    await expect(adapter({ ruleId: '99' }).start(person)).rejects.toMatchObject({
      platformCode: 'InvalidParameterValue.RuleIdNotExist',
    });
    const unreachable = adapter({ connectUrl: 'http://127.0.0.1:9' });
    const error = await unreachable.start(person).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(FaceVerificationError);
  });

  it('TENCENT_FACEID_* choose it; without them the simulation outside production and none in production', () => {
    const env = {
      TENCENT_FACEID_SECRET_ID: KEY.secretId,
      TENCENT_FACEID_SECRET_KEY: KEY.secretKey,
      TENCENT_FACEID_RULE_ID: RULE_ID,
      TENCENT_FACEID_REDIRECT_ORIGINS: ORIGINS.join(','),
    };
    expect(faceVerificationFrom(env, true, Date.now)).toBeInstanceOf(TencentFaceVerification);
    expect(faceVerificationFrom({}, false, Date.now)).toBeInstanceOf(SimulatedFaceVerification);
    expect(faceVerificationFrom({}, true, Date.now)).toBeNull();
    expect(() => faceVerificationFrom({ TENCENT_FACEID_SECRET_ID: 'id' }, true, Date.now)).toThrow(
      '缺少 TENCENT_FACEID_SECRET_KEY、TENCENT_FACEID_RULE_ID、TENCENT_FACEID_REDIRECT_ORIGINS',
    );
    expect(() =>
      faceVerificationFrom(
        { ...env, TENCENT_FACEID_REDIRECT_ORIGINS: 'http://h5.hospital.example' },
        true,
        Date.now,
      ),
    ).toThrow('https://');
  });
});
