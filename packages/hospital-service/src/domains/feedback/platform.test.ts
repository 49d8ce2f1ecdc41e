import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE, SECOND } from '../../platform/clock.ts';
import { TEST_START } from '../../test/constants.ts';
import { person, startServer, type TestServer } from '../../test/harness.ts';
import {
  followUpPlatformCalls,
  followUpPlatformKey,
  PLATFORM_CLOCK_SKEW_MS,
  signFollowUpCall,
} from './index.ts';

/** The follow-up platform's signed server calls (001 §7 'Questionnaire push'): userRegister, getDisposableLoginCode. */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());
afterEach(() => server.clock.set(TEST_START));

const H = '1000';
const key = followUpPlatformKey('test-secret');
const stamp = () => String(server.clock.now().getTime());

function register(phone: string, timestamp = stamp()) {
  return {
    hospitalId: H,
    phone,
    timestamp,
    signature: signFollowUpCall(key, 'userRegister', timestamp, [H, phone]),
  };
}

function codeRequest(userId: string, taskId: string, timestamp = stamp()) {
  return {
    hospitalId: H,
    userId,
    taskId,
    timestamp,
    signature: signFollowUpCall(key, 'getDisposableLoginCode', timestamp, [H, userId, taskId]),
  };
}

/** Registers the phone through the platform, adds a contact and gives it a task (the dev platform's push). */
async function registeredWithTask(phone: string, n: number) {
  const registered = await server
    .client()
    .post<{ userId: string; registered: boolean }>('/v1/followUp/userRegister', register(phone));
  expect(registered.body, registered.text).toMatchObject({ state: 200, results: { registered: true } });
  const owner = await server.login(phone);
  expect((await owner.post('/addPatient', person(n, { phone }))).body.state).toBe(200);
  const dev = await server
    .client()
    .call<{ taskId: string }>('POST', '/__dev/feedback/push', { body: { phone, hospitalId: H } });
  expect(dev.body.state, dev.text).toBe(200);
  return {
    owner,
    userId: registered.body.results?.userId as string,
    taskId: dev.body.results?.taskId as string,
  };
}

describe('userRegister', () => {
  it('registers a new phone once and links an existing account the second time', async () => {
    const first = await server.client().post('/v1/followUp/userRegister', register('13700007301'));
    expect(first.body, first.text).toMatchObject({ state: 200, results: { registered: true } });
    server.clock.advance(SECOND);
    const again = await server.client().post('/v1/followUp/userRegister', register('13700007301'));
    expect(again.body.results).toEqual({ ...(first.body.results as object), registered: false });
    const login = await server.login('13700007301');
    expect(login).toBeDefined();
  });

  it('refuses a patient session, a wrong signature and a stale timestamp (403); bad input 400', async () => {
    const patient = await server.login('13700007302');
    const withSession = await patient.post('/v1/followUp/userRegister', register('13700007303'));
    expect(withSession.body).toMatchObject({ state: 403, msg: '无权调用' });
    const wrong = { ...register('13700007303'), phone: '13700007304' };
    expect((await server.client().post('/v1/followUp/userRegister', wrong)).body).toMatchObject({
      state: 403,
      msg: '签名校验失败',
    });
    const otherKey = followUpPlatformKey('another-secret');
    const t = stamp();
    const forged = {
      ...register('13700007303'),
      signature: signFollowUpCall(otherKey, 'userRegister', t, [H, '13700007303']),
      timestamp: t,
    };
    expect((await server.client().post('/v1/followUp/userRegister', forged)).body.state).toBe(403);
    const stale = register('13700007303', String(server.clock.now().getTime() - 6 * MINUTE));
    expect((await server.client().post('/v1/followUp/userRegister', stale)).body).toMatchObject({
      state: 403,
      msg: '请求已过期',
    });
    const bad = await server.client().post('/v1/followUp/userRegister', { ...register('1'), signature: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    // Nothing was registered by the refused calls.
    const later = await server.client().post('/v1/followUp/userRegister', register('13700007303'));
    expect(later.body.results).toMatchObject({ registered: true });
  });
});

describe('getDisposableLoginCode', () => {
  it('gives a code for the account’s task that logs in once', async () => {
    const { userId, taskId } = await registeredWithTask('13700007311', 411);
    const answer = await server
      .client()
      .post<{ iuid: string; code: string; link: string; expiresAt: string }>(
        '/v1/followUp/getDisposableLoginCode',
        codeRequest(userId, taskId),
      );
    expect(answer.body, answer.text).toMatchObject({ state: 200 });
    const { iuid, code, link, expiresAt } = answer.body.results as {
      iuid: string;
      code: string;
      link: string;
      expiresAt: string;
    };
    expect(link).toBe(`/feedback/studyPushDetail/${iuid}?code=${code}`);
    expect(new Date(expiresAt).getTime()).toBe(server.clock.now().getTime() + 30 * MINUTE);
    const login = await server.client().post('/v1/feedback/push/login', { iuid, code });
    expect(login.body, login.text).toMatchObject({ state: 200, results: { phone: '*******7311' } });
    const again = await server.client().post('/v1/feedback/push/login', { iuid, code });
    expect(again.body).toMatchObject({ state: 400, msg: '链接已失效' });
  });

  it('refuses a patient session and a wrong signature; another account’s task is 404', async () => {
    const { owner, userId, taskId } = await registeredWithTask('13700007312', 412);
    const other = await registeredWithTask('13700007313', 413);
    expect(
      (await owner.post('/v1/followUp/getDisposableLoginCode', codeRequest(userId, taskId))).body,
    ).toMatchObject({
      state: 403,
    });
    const wrong = { ...codeRequest(userId, taskId), taskId: other.taskId };
    expect((await server.client().post('/v1/followUp/getDisposableLoginCode', wrong)).body.state).toBe(403);
    const theirs = await server
      .client()
      .post('/v1/followUp/getDisposableLoginCode', codeRequest(userId, other.taskId));
    expect(theirs.body.state).toBe(404);
    const unknown = await server
      .client()
      .post('/v1/followUp/getDisposableLoginCode', codeRequest('999999', taskId));
    expect(unknown.body.state).toBe(404);
  });
});

describe('replayed calls', () => {
  const recorded = (signature: string) =>
    server.database.db
      .select()
      .from(followUpPlatformCalls)
      .where(eq(followUpPlatformCalls.signature, signature));

  it('refuses a signed call sent again inside the window (403 请求重复); a fresh signature is accepted', async () => {
    const call = register('13700007321');
    const first = await server.client().post('/v1/followUp/userRegister', call);
    expect(first.body, first.text).toMatchObject({ state: 200, results: { registered: true } });
    server.clock.advance(4 * MINUTE);
    const replayed = await server.client().post('/v1/followUp/userRegister', call);
    expect(replayed.body).toMatchObject({ state: 403, msg: '请求重复' });
    expect(replayed.body.subMsg).toMatch(/已处理过/);
    const fresh = await server.client().post('/v1/followUp/userRegister', register('13700007321'));
    expect(fresh.body, fresh.text).toMatchObject({ state: 200, results: { registered: false } });
  });

  it('a replayed getDisposableLoginCode pushes nothing more', async () => {
    const { userId, taskId } = await registeredWithTask('13700007322', 422);
    const call = codeRequest(userId, taskId);
    const first = await server.client().post('/v1/followUp/getDisposableLoginCode', call);
    expect(first.body, first.text).toMatchObject({ state: 200 });
    const replayed = await server.client().post('/v1/followUp/getDisposableLoginCode', call);
    expect(replayed.body).toMatchObject({ state: 403, msg: '请求重复' });
    server.clock.advance(SECOND);
    const fresh = await server
      .client()
      .post('/v1/followUp/getDisposableLoginCode', codeRequest(userId, taskId));
    expect(fresh.body, fresh.text).toMatchObject({ state: 200 });
    expect((fresh.body.results as { iuid: string }).iuid).not.toBe(
      (first.body.results as { iuid: string }).iuid,
    );
  });

  it('keeps a signature until its timestamp leaves the window, then drops it; refused calls are not kept', async () => {
    const call = register('13700007323');
    expect((await server.client().post('/v1/followUp/userRegister', call)).body.state).toBe(200);
    const [row] = await recorded(call.signature);
    expect(row).toMatchObject({
      call: 'userRegister',
      expiresAt: new Date(Number(call.timestamp) + PLATFORM_CLOCK_SKEW_MS),
    });
    const forged = { ...register('13700007324'), phone: '13700007325' };
    expect((await server.client().post('/v1/followUp/userRegister', forged)).body.state).toBe(403);
    expect(await recorded(forged.signature)).toEqual([]);

    // The window's last millisecond: the timestamp still passes, the kept signature refuses it.
    server.clock.advance(PLATFORM_CLOCK_SKEW_MS);
    const atEdge = await server.client().post('/v1/followUp/userRegister', call);
    expect(atEdge.body).toMatchObject({ state: 403, msg: '请求重复' });
    server.clock.advance(SECOND);
    const stale = await server.client().post('/v1/followUp/userRegister', call);
    expect(stale.body).toMatchObject({ state: 403, msg: '请求已过期' });
    expect(
      (await server.client().post('/v1/followUp/userRegister', register('13700007326'))).body.state,
    ).toBe(200);
    expect(await recorded(call.signature)).toEqual([]);
  });
});
