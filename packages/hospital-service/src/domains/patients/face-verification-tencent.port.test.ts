import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaceIdCounterpart, startFaceId } from '../../test/counterparts/tencent-faceid.ts';
import { faceVerificationConformance } from './face-verification.conformance.ts';
import { FaceVerificationError, SimulatedFaceVerification } from './face-verification.ts';
import { faceVerificationFrom, TencentFaceVerification } from './face-verification-tencent.ts';

const KEY = { secretId: 'AKIDFaceIdTestSecretId', secretKey: 'FaceIdTestSecretKey' };
const RULE_ID = '7';
const ORIGINS = ['https://h5.hospital.example', 'https://luqiao.hospital.example'];

let faceid: FaceIdCounterpart;
beforeAll(async () => {
  faceid = await startFaceId({ ...KEY, ruleId: RULE_ID });
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
  decide: async (ticket, passed) => faceid.decide(ticket, passed),
}));

describe('TencentFaceVerification', () => {
  const person = { name: '李娜', idNumber: '330102199001010027', returnUrl: '/contact/1?face=1' };

  it('sends the patient back to the app the request came from, else the first origin; every call was signed right', async () => {
    const port = adapter();
    const own = await port.start({ ...person, origin: ORIGINS[1] });
    const other = await port.start({ ...person, origin: 'https://evil.example' });
    expect(faceid.flows.get(own.ticket)?.redirectUrl).toBe(`${ORIGINS[1]}/contact/1?face=1`);
    expect(faceid.flows.get(other.ticket)?.redirectUrl).toBe(`${ORIGINS[0]}/contact/1?face=1`);
    expect(faceid.refusals).toEqual([]);
  });

  it('the person proven is the one the platform verified', async () => {
    const port = adapter();
    const { ticket } = await port.start(person);
    const flow = faceid.flows.get(ticket);
    if (!flow) throw new Error('no flow');
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
