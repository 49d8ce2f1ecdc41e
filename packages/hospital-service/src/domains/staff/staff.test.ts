import type { StaffProfile } from '@patient/contract';
import { SUB_CODE } from '@patient/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR } from '../../platform/clock.ts';
import { staffCall, staffLogin, startServer, type TestServer } from '../../test/harness.ts';
import { WeComDirectory } from './corp-directory.ts';
import { FakeWeCom } from './fake-wecom.ts';

/** Staff sign-in: the real 企业微信 adapter against a local fake, and the simulated platform of development. */

let wecom: FakeWeCom;
beforeAll(async () => {
  wecom = await new FakeWeCom().start();
});
afterAll(() => wecom?.close());

const directory = (now = () => Date.now()) =>
  new WeComDirectory({
    corpId: wecom.corpId,
    corpSecret: wecom.corpSecret,
    agentId: '1000002',
    apiBase: wecom.base,
    now,
  });

describe('WeComDirectory (the real adapter) against a local 企业微信', () => {
  it('exchanges a code for the member’s userid, keeping the access token until it nearly expires', async () => {
    let now = 1_000_000;
    const dir = directory(() => now);
    wecom.seen.length = 0;
    wecom.codes.set('code-a', 'LiHong');
    wecom.codes.set('code-b', 'ZhangMin');
    expect(await dir.userIdOf('code-a')).toBe('LiHong');
    expect(await dir.userIdOf('code-b')).toBe('ZhangMin');
    expect(wecom.seen).toEqual([
      'GET /cgi-bin/gettoken',
      'GET /cgi-bin/auth/getuserinfo',
      'GET /cgi-bin/auth/getuserinfo',
    ]);
    // 7200 s less 5 minutes later a new token is fetched.
    now += 2 * HOUR;
    wecom.codes.set('code-c', 'LiHong');
    expect(await dir.userIdOf('code-c')).toBe('LiHong');
    expect(wecom.seen.filter((s) => s.endsWith('gettoken'))).toHaveLength(2);
  });

  it('fetches a new token once when the platform says the token expired', async () => {
    const dir = directory();
    wecom.codes.set('code-d', 'LiHong');
    expect(await dir.userIdOf('code-d')).toBe('LiHong');
    wecom.expireTokens();
    wecom.seen.length = 0;
    wecom.codes.set('code-e', 'ZhaoJing');
    expect(await dir.userIdOf('code-e')).toBe('ZhaoJing');
    expect(wecom.seen).toEqual([
      'GET /cgi-bin/auth/getuserinfo',
      'GET /cgi-bin/gettoken',
      'GET /cgi-bin/auth/getuserinfo',
    ]);
  });

  it('refuses a used or unknown code and someone outside the corporation (null)', async () => {
    const dir = directory();
    wecom.codes.set('code-f', 'LiHong');
    expect(await dir.userIdOf('code-f')).toBe('LiHong');
    expect(await dir.userIdOf('code-f')).toBeNull();
    wecom.codes.set('code-outsider', null);
    expect(await dir.userIdOf('code-outsider')).toBeNull();
  });

  it('throws CorpDirectoryError on an outage and on wrong credentials', async () => {
    wecom.failWith = 502;
    await expect(directory().userIdOf('x')).rejects.toThrow('企业微信接口返回 HTTP 502');
    wecom.failWith = null;
    const wrong = new WeComDirectory({
      corpId: wecom.corpId,
      corpSecret: 'wrong',
      agentId: '1',
      apiBase: wecom.base,
    });
    await expect(wrong.userIdOf('x')).rejects.toThrow('获取企业微信 access_token 失败：40001');
    const down = new WeComDirectory({
      corpId: 'a',
      corpSecret: 'b',
      agentId: '1',
      apiBase: 'http://127.0.0.1:9',
    });
    await expect(down.userIdOf('x')).rejects.toThrow('企业微信接口无法访问');
  });

  it('sends the browser to 企业微信’s authorisation page with the app’s full return address', () => {
    const url = new URL(
      directory().authorizeUrl({
        hospitalId: '1000',
        redirectUri: 'https://h.example/x?y=1',
        state: 'abcdefgh',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: wecom.corpId,
      redirect_uri: 'https://h.example/x?y=1',
      response_type: 'code',
      scope: 'snsapi_base',
      state: 'abcdefgh',
      agentid: '1000002',
    });
    expect(url.hash).toBe('#wechat_redirect');
  });
});

describe('staff sign-in through the service, with the real adapter', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ corpDirectory: directory() });
  });
  afterAll(() => server?.close());

  it('signs a seeded member in with an httpOnly cookie for the staff calls only', async () => {
    wecom.codes.set('real-1', 'LiHong');
    const client = server.client();
    const signed = await staffCall<StaffProfile>(client, 'POST', '/v1/WXCorp/auth/login', {
      hospitalId: '1000',
      code: 'real-1',
    });
    expect(signed.body.results).toMatchObject({ name: '李红', title: '护士长', hospitalId: '1000' });
    expect(signed.body.results?.wards.map((w) => w.deptCode)).toEqual(['W01', 'W02']);
    const cookie = signed.setCookies.find((c) => c.startsWith('STAFF_SESSION='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/wxcorp-service/);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await staffCall<StaffProfile>(client, 'GET', '/v1/WXCorp/auth/session')).body.results?.name).toBe(
      '李红',
    );
    const authorize = await staffCall<{ url: string; simulated: boolean }>(
      client,
      'GET',
      '/v1/WXCorp/auth/authorize',
      {
        hospitalId: '1000',
        redirect: '/bedReservation/nurse/index',
        state: 'abcdefgh1',
      },
    );
    expect(authorize.body.results?.simulated).toBe(false);
    expect(new URL(authorize.body.results?.url ?? '').searchParams.get('redirect_uri')).toBe(
      `${server.base}/bedReservation/nurse/index`,
    );
  });

  it('refuses a used code (400), a member who is not staff of this hospital (403), an outage (502)', async () => {
    const client = server.client();
    const login = (code: string, hospitalId = '1000') =>
      staffCall(client, 'POST', '/v1/WXCorp/auth/login', { hospitalId, code });
    wecom.codes.set('real-2', 'LiHong');
    expect((await login('real-2')).body.state).toBe(200);
    expect((await login('real-2')).body).toMatchObject({
      state: 400,
      subMsg: '企业微信授权已失效，请重新登录',
    });
    wecom.codes.set('real-3', 'Stranger');
    expect((await login('real-3')).body).toMatchObject({ state: 403, msg: '无权访问' });
    wecom.codes.set('real-4', null);
    expect((await login('real-4')).body.state).toBe(400);
    wecom.failWith = 500;
    const down = await login('real-5');
    wecom.failWith = null;
    expect(down.status).toBe(502);
    expect(down.body.subMsg).toBe('企业微信暂时无法确认您的身份，请稍后重试');
    expect((await login('bad code!')).status).toBe(400);
    expect((await login('real-6', '9999')).body.state).toBe(404);
  });
});

describe('staff sign-in with the simulated platform (development)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());

  it('lists the hospital’s staff on its authorisation page and returns to the app with a one-time code', async () => {
    const client = server.client();
    const authorize = await staffCall<{ url: string; simulated: boolean }>(
      client,
      'GET',
      '/v1/WXCorp/auth/authorize',
      {
        hospitalId: '1000',
        redirect: '/bedReservation/nurse/index',
        state: 'abcdefgh1',
      },
    );
    expect(authorize.body.results?.simulated).toBe(true);
    const page = await client.call('GET', authorize.body.results?.url ?? '');
    expect(page.text).toContain('以 李红（护士长）登录');
    expect(page.text).toContain('以 赵静（护士长）登录');
    const posted = await client.call('POST', authorize.body.results?.url ?? '', {
      rawBody: 'userId=ZhangMin',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(posted.status).toBe(303);
    const back = new URL(posted.headers.get('location') ?? '', server.base);
    expect(back.pathname).toBe('/bedReservation/nurse/index');
    expect(back.searchParams.get('state')).toBe('abcdefgh1');
    const code = back.searchParams.get('code');
    const signed = await staffCall<StaffProfile>(client, 'POST', '/v1/WXCorp/auth/login', {
      hospitalId: '1000',
      code,
    });
    expect(signed.body.results?.name).toBe('张敏');
    expect(
      (await staffCall(client, 'POST', '/v1/WXCorp/auth/login', { hospitalId: '1000', code })).body.state,
    ).toBe(400);
    // Another site's form, a return address off the site: refused.
    const foreign = await client.call('POST', authorize.body.results?.url ?? '', {
      rawBody: 'userId=ZhangMin',
      contentType: 'application/x-www-form-urlencoded',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(foreign.status).toBe(403);
    const offSite = await client.call(
      'GET',
      `/wxcorp-service/__dev/wecom/authorize?hospitalId=1000&redirect_uri=//evil.example/&state=abcdefgh1`,
    );
    expect(offSite.status).toBe(400);
    expect(
      (
        await staffCall(client, 'GET', '/v1/WXCorp/auth/authorize', {
          hospitalId: '1000',
          redirect: '//evil.example/',
          state: 'abcdefgh1',
        })
      ).status,
    ).toBe(400);
  });

  it('answers 401 STAFF_SIGN_IN_REQUIRED without a session, 403 to a patient, and ends the session on sign-out', async () => {
    const anonymous = await staffCall(server.client(), 'GET', '/v1/WXCorp/auth/session');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.subCode).toBe(SUB_CODE.STAFF_SIGN_IN_REQUIRED);
    const patient = await server.login('13700013001');
    const refused = await staffCall(patient, 'GET', '/v1/WXCorp/auth/session');
    expect(refused.status).toBe(403);
    expect(refused.body.subMsg).toBe('仅限医院工作人员使用');
    const nurse = await staffLogin(server, 'LiHong');
    expect((await staffCall(nurse, 'GET', '/v1/WXCorp/auth/session')).status).toBe(200);
    // The staff calls keep the apps' cross-site protection: without the channel header, refused.
    expect(
      (await nurse.call('GET', '/wxcorp-service/v1/WXCorp/auth/session', { channel: null })).status,
    ).toBe(403);
    const token = nurse.cookies.get('STAFF_SESSION');
    await staffCall(nurse, 'POST', '/v1/WXCorp/auth/logout');
    expect(nurse.cookies.has('STAFF_SESSION')).toBe(false);
    nurse.cookies.set('STAFF_SESSION', token ?? '');
    expect((await staffCall(nurse, 'GET', '/v1/WXCorp/auth/session')).status).toBe(401);
  });

  it('ends a staff session after a day', async () => {
    const nurse = await staffLogin(server, 'ZhaoJing');
    server.clock.advance(24 * HOUR);
    expect((await staffCall(nurse, 'GET', '/v1/WXCorp/auth/session')).status).toBe(401);
  });
});
