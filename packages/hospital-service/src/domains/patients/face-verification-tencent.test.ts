import type { Contact } from '@patient/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaceIdCounterpart, startFaceId } from '../../test/counterparts/tencent-faceid.ts';
import { type Client, person, startServer, type TestServer } from '../../test/harness.ts';
import { TencentFaceVerification } from './face-verification-tencent.ts';
import { faceVerifications } from './tables.ts';

/** Proving a contact by face in production, with Tencent FaceID behind the port (its local counterpart). */
const KEY = { secretId: 'AKIDFaceIdTestSecretId', secretKey: 'FaceIdTestSecretKey', ruleId: '3' };
const ORIGIN = 'https://h5.hospital.example';

let faceid: FaceIdCounterpart;
let server: TestServer;
let down: TestServer;
beforeAll(async () => {
  faceid = await startFaceId(KEY);
  const adapter = (connectUrl: string) =>
    new TencentFaceVerification({ ...KEY, redirectOrigins: [ORIGIN], endpoint: faceid.endpoint, connectUrl });
  server = await startServer({ production: true, faceVerification: adapter(faceid.url) });
  down = await startServer({ production: true, faceVerification: adapter('http://127.0.0.1:9') });
});
afterAll(async () => {
  await server?.close();
  await down?.close();
  await faceid?.close();
});

let phoneCounter = 0;
const freshPhone = () => `1370006${String(++phoneCounter).padStart(4, '0')}`;

const add = async (client: Client, n: number) => {
  const answer = await client.post<Contact>('/addPatient', person(n));
  expect(answer.body.state, answer.text).toBe(200);
  return answer.body.results as Contact;
};
const startFace = (client: Client, c: Contact) =>
  client.post<{ verifyUrl: string; ticket: string }>(`/v1/contact/${c.contactId}/hisIdentity/face`, {
    returnPath: `/contact/${c.contactId}`,
  });
const faceResult = (client: Client, c: Contact, ticket: string) =>
  client.post<Contact>(`/v1/contact/${c.contactId}/hisIdentity/face/result`, { ticket });

describe('face verification on Tencent FaceID (production)', () => {
  it('starts on FaceID for the contact, is pending until the face is done, then proves the contact', async () => {
    const client = await server.login(freshPhone());
    const c = await add(client, 700);
    const started = await startFace(client, c);
    expect(started.body.state, started.text).toBe(200);
    const { verifyUrl, ticket } = started.body.results as { verifyUrl: string; ticket: string };
    expect(verifyUrl).toBe(`https://faceid.qq.com/api/auth/?token=${ticket}`);
    expect(faceid.flows.get(ticket)).toMatchObject({
      name: c.contactDO.name,
      idCard: c.contactDO.documentNumber,
      redirectUrl: `${ORIGIN}/contact/${c.contactId}`,
    });
    expect((await faceResult(client, c, ticket)).body).toMatchObject({ state: 409, msg: '人脸识别尚未完成' });

    faceid.decide(ticket, true);
    const proven = await faceResult(client, c, ticket);
    expect(proven.body.results?.contactDO, proven.text).toMatchObject({
      hisVerified: true,
      hisProof: 'FACE',
    });
    expect(faceid.refusals).toEqual([]);
  });

  it('a failed face proves nothing', async () => {
    const client = await server.login(freshPhone());
    const c = await add(client, 701);
    const { ticket } = (await startFace(client, c)).body.results as { ticket: string };
    faceid.decide(ticket, false);
    expect((await faceResult(client, c, ticket)).body).toMatchObject({
      state: 400,
      msg: '人脸识别验证未通过',
    });
  });

  it('FaceID unreachable: 503 naming it, and no verification is recorded', async () => {
    const client = await down.login(freshPhone());
    const c = await add(client, 702);
    const answer = await startFace(client, c);
    expect(answer.body).toMatchObject({ state: 503, msg: '人脸核身平台暂不可用' });
    const rows = await down.database.db
      .select()
      .from(faceVerifications)
      .where(eq(faceVerifications.contactId, Number(c.contactId)));
    expect(rows).toEqual([]);
  });
});
