import { SUB_CODE, TEST_ORDER_ERROR } from '@patient/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserBanned } from '../../app.ts';
import { users } from '../../platform/auth/tables.ts';
import { DAY, MINUTE, SECOND } from '../../platform/clock.ts';
import { type Client, loginAgreement, startServer, type TestServer } from '../../test/harness.ts';
import { BANNED_DEMO_PHONE } from './seed-data.ts';
import { smsCodes } from './tables.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

let phoneCounter = 0;
/** A phone nobody used yet in this file (rate limits are per phone). */
const freshPhone = () => `1360000${String(++phoneCounter).padStart(4, '0')}`;

const sendCode = (client: Client, phone: string) =>
  client.post<{ resendAfterSeconds: number }>('/v1/auth/sendCode', { phone });
const bind = async (client: Client, phone: string, code: string | undefined) =>
  client.post<{ userId: string; phone: string }>('/v1/auth/bindPhone', {
    phone,
    code,
    agreement: await loginAgreement(client),
  });
const listContacts = (client: Client) => client.get('/contacts');

describe('SMS codes', () => {
  it('sends a 6-digit code, stores only its hash and logs in with it', async () => {
    const phone = freshPhone();
    const client = server.client();
    const sent = await sendCode(client, phone);
    expect(sent.body).toMatchObject({ state: 200, results: { resendAfterSeconds: 60 } });
    const code = server.sms.latestCode(phone) as string;
    expect(code).toMatch(/^\d{6}$/);

    const rows = await server.database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(rows).toHaveLength(1);
    expect(rows[0].codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(`"${code}"`);

    const bound = await bind(client, phone, code);
    expect(bound.status).toBe(200);
    expect(bound.body.state).toBe(200);
    expect(bound.body.results?.phone).toBe(`*******${phone.slice(-4)}`);
    expect(bound.body.results?.userId).toMatch(/^\d+$/);

    const cookie = bound.setCookies.find((c) => c.startsWith('SESSION='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=86400/);
    expect(cookie).not.toMatch(/Secure/i);

    expect((await listContacts(client)).body.state).toBe(200);
  });

  it('codes are single-use', async () => {
    const phone = freshPhone();
    await sendCode(server.client(), phone);
    const code = server.sms.latestCode(phone);
    expect((await bind(server.client(), phone, code)).body.state).toBe(200);
    const again = await bind(server.client(), phone, code);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ state: 400, msg: '验证码已失效', subMsg: '验证码已失效，请重新获取' });
  });

  it('of two simultaneous logins with the same code exactly one succeeds', async () => {
    const phone = freshPhone();
    await sendCode(server.client(), phone);
    const code = server.sms.latestCode(phone);
    const answers = await Promise.all([1, 2, 3].map(() => bind(server.client(), phone, code)));
    expect(answers.filter((a) => a.body.state === 200)).toHaveLength(1);
  });

  it('codes expire after 5 minutes', async () => {
    const phone = freshPhone();
    await sendCode(server.client(), phone);
    server.clock.advance(5 * MINUTE - SECOND);
    expect((await bind(server.client(), phone, server.sms.latestCode(phone))).body.state).toBe(200);

    server.clock.advance(MINUTE);
    await sendCode(server.client(), phone);
    server.clock.advance(5 * MINUTE);
    const late = await bind(server.client(), phone, server.sms.latestCode(phone));
    expect(late.body).toMatchObject({ state: 400, msg: '验证码已失效' });
  });

  it('a code dies after 5 wrong tries', async () => {
    const phone = freshPhone();
    await sendCode(server.client(), phone);
    const code = server.sms.latestCode(phone) as string;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) {
      const answer = await bind(server.client(), phone, wrong);
      expect(answer.body).toMatchObject({
        state: 400,
        msg: '验证码错误',
        subMsg: `验证码错误，还可以尝试 ${left} 次`,
      });
    }
    const fifth = await bind(server.client(), phone, wrong);
    expect(fifth.body).toMatchObject({ state: 400, subMsg: '验证码错误次数过多，请重新获取验证码' });
    const right = await bind(server.client(), phone, code);
    expect(right.body).toMatchObject({ state: 400, msg: '验证码已失效' });
  });

  it('a new code replaces the previous one', async () => {
    const phone = freshPhone();
    await sendCode(server.client(), phone);
    const first = server.sms.latestCode(phone);
    server.clock.advance(MINUTE);
    await sendCode(server.client(), phone);
    const second = server.sms.latestCode(phone);
    if (first !== second) {
      expect((await bind(server.client(), phone, first)).body.state).toBe(400);
    }
    expect((await bind(server.client(), phone, second)).body.state).toBe(200);
  });

  it('rate-limits sending: once a minute per phone', async () => {
    const phone = freshPhone();
    expect((await sendCode(server.client(), phone)).body.state).toBe(200);
    server.clock.advance(20 * SECOND);
    const tooSoon = await sendCode(server.client(), phone);
    expect(tooSoon.status).toBe(200);
    expect(tooSoon.body).toMatchObject({
      state: 429,
      msg: '验证码发送过于频繁',
      subMsg: '验证码发送过于频繁，请 40 秒后再试',
    });
    // Other phones are not affected.
    expect((await sendCode(server.client(), freshPhone())).body.state).toBe(200);
    server.clock.advance(40 * SECOND);
    expect((await sendCode(server.client(), phone)).body.state).toBe(200);
  });

  it('rate-limits sending: 10 per rolling day per phone', async () => {
    const phone = freshPhone();
    const start = server.clock.now();
    for (let i = 0; i < 10; i++) {
      expect((await sendCode(server.client(), phone)).body.state, `send ${i + 1}`).toBe(200);
      server.clock.advance(MINUTE);
    }
    const eleventh = await sendCode(server.client(), phone);
    expect(eleventh.body).toMatchObject({ state: 429, msg: '今日验证码发送次数已达上限' });
    expect(eleventh.body.subMsg).toMatch(/24小时内最多获取10次验证码/);
    expect(server.sms.messagesFor(phone, 20)).toHaveLength(10);

    server.clock.set(start.getTime() + DAY + SECOND);
    expect((await sendCode(server.client(), phone)).body.state).toBe(200);
  });

  it("the platform's refusals: a throttled phone 429, an invalid number 400, its configuration 503; nothing kept", async () => {
    const phone = freshPhone();
    expect((await sendCode(server.client(), phone)).body.state).toBe(200);
    const first = server.sms.latestCode(phone);
    const cases = [
      [
        'throttled',
        { state: 429, msg: '验证码发送过于频繁', subMsg: '该手机号获取验证码过于频繁，请稍后再试' },
      ],
      [
        'invalid_phone',
        { state: 400, msg: '手机号无效', subMsg: '该手机号无法接收短信，请检查号码是否正确' },
      ],
      ['configuration', { state: 503, msg: '短信服务暂不可用' }],
      ['unavailable', { state: 503, msg: '短信服务暂不可用' }],
    ] as const;
    for (const [failure, answer] of cases) {
      server.clock.advance(MINUTE);
      server.sms.refuseNext(phone, failure);
      const refused = await sendCode(server.client(), phone);
      expect(refused.status, failure).toBe(200);
      expect(refused.body, failure).toMatchObject(answer);
    }
    // Nothing was kept of the refused sends: one code row, and the first code still logs in.
    const rows = await server.database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(rows).toHaveLength(1);
    expect((await bind(server.client(), phone, first)).body.state).toBe(200);
  });

  it('a platform that fails or does not answer: 503 naming it, nothing kept, the next send goes', async () => {
    const phone = freshPhone();
    const send = server.sms.send.bind(server.sms);
    server.sms.send = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    try {
      const failed = await sendCode(server.client(), phone);
      expect(failed.body).toMatchObject({ state: 503, msg: '短信平台暂不可用' });
    } finally {
      server.sms.send = send;
    }
    expect(await server.database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).toHaveLength(0);
    expect((await sendCode(server.client(), phone)).body.state).toBe(200);
  });
});

describe('sessions', () => {
  it('answers HTTP 401 without a session', async () => {
    const answer = await listContacts(server.client());
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ state: 401, msg: '请先登录' });
    const session = await server.client().get('/v1/auth/session');
    expect(session.body).toMatchObject({ state: 200, results: null });
  });

  it('knows who is logged in', async () => {
    const phone = freshPhone();
    const client = await server.login(phone);
    const session = await client.get<{ phone: string }>('/v1/auth/session');
    expect(session.body.results?.phone).toBe(`*******${phone.slice(-4)}`);
  });

  it('sessions expire after one day (subCode 40301)', async () => {
    const client = await server.login(freshPhone());
    server.clock.advance(DAY - MINUTE);
    expect((await listContacts(client)).body.state).toBe(200);
    server.clock.advance(MINUTE);
    const expired = await listContacts(client);
    expect(expired.status).toBe(200);
    expect(expired.body).toMatchObject({ state: 403, subCode: SUB_CODE.SESSION_GONE, msg: '登录已失效' });
    // The dead cookie is removed; the next call is simply not logged in.
    expect(client.cookies.has('SESSION')).toBe(false);
    expect((await listContacts(client)).status).toBe(401);
  });

  it('a logged-out or unknown session gives 40301', async () => {
    const client = await server.login(freshPhone());
    const token = client.cookies.get('SESSION') as string;
    const out = await client.post('/v1/auth/logout');
    expect(out.body).toMatchObject({ state: 200, results: true });
    expect(client.cookies.has('SESSION')).toBe(false);

    const stale = server.client();
    stale.cookies.set('SESSION', token);
    expect((await listContacts(stale)).body).toMatchObject({ state: 403, subCode: SUB_CODE.SESSION_GONE });

    const unknown = server.client();
    unknown.cookies.set('SESSION', 'A'.repeat(43));
    expect((await listContacts(unknown)).body).toMatchObject({ state: 403, subCode: SUB_CODE.SESSION_GONE });
    // getSession treats a dead session as 'not logged in'.
    const again = server.client();
    again.cookies.set('SESSION', token);
    expect((await again.get('/v1/auth/session')).body).toMatchObject({ state: 200, results: null });
  });

  it('logging in elsewhere replaces the older session (subCode 40302)', async () => {
    const phone = freshPhone();
    const first = await server.login(phone);
    const firstToken = first.cookies.get('SESSION') as string;
    server.clock.advance(MINUTE);
    const second = await server.login(phone);

    const kicked = await listContacts(first);
    expect(kicked.status).toBe(200);
    expect(kicked.body).toMatchObject({ state: 403, subCode: SUB_CODE.LOGGED_IN_ELSEWHERE });
    expect(kicked.body.subMsg).toMatch(/^您的账号已在其他设备登录/);
    expect((await listContacts(second)).body.state).toBe(200);

    // getSession reports it too, so the app can show the dialog.
    const stale = server.client();
    stale.cookies.set('SESSION', firstToken);
    const session = await stale.get('/v1/auth/session');
    expect(session.body).toMatchObject({ state: 403, subCode: SUB_CODE.LOGGED_IN_ELSEWHERE });
  });

  it('a banned user gets subCode 40300, also when logging in', async () => {
    const phone = freshPhone();
    const client = await server.login(phone);
    expect(await setUserBanned(server.database.db, phone)).toBe(true);

    const answer = await listContacts(client);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      state: 403,
      subCode: SUB_CODE.BANNED,
      msg: '账号已被封禁',
      subMsg: '您的账号因违规已被封禁，如有疑问请联系医院客服',
    });

    server.clock.advance(MINUTE);
    await sendCode(server.client(), phone);
    const login = await bind(server.client(), phone, server.sms.latestCode(phone));
    expect(login.body).toMatchObject({ state: 403, subCode: SUB_CODE.BANNED });
    expect(
      login.setCookies.some(
        (c) => /^SESSION=[^;]+;/.test(c) && !/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c),
      ),
    ).toBe(false);

    await setUserBanned(server.database.db, phone, false);
    server.clock.advance(MINUTE);
    expect((await listContacts(await server.login(phone))).body.state).toBe(200);
  });

  it('the seeded banned demo account cannot log in', async () => {
    await sendCode(server.client(), BANNED_DEMO_PHONE);
    const login = await bind(server.client(), BANNED_DEMO_PHONE, server.sms.latestCode(BANNED_DEMO_PHONE));
    expect(login.body).toMatchObject({ state: 403, subCode: SUB_CODE.BANNED });
  });

  it('accepts ?sessionKey= and re-issues the httpOnly SESSION cookie', async () => {
    const token = (await server.login(freshPhone())).cookies.get('SESSION') as string;
    const fresh = server.client();
    const answer = await fresh.get('/contacts', { sessionKey: token });
    expect(answer.body.state).toBe(200);
    const cookie = answer.setCookies.find((c) => c.startsWith('SESSION='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(new RegExp(`^SESSION=${token};`));
    expect((await listContacts(fresh)).body.state).toBe(200);
  });

  it('accepts a sessionKey cookie, also when the SESSION cookie is stale', async () => {
    const token = (await server.login(freshPhone())).cookies.get('SESSION') as string;
    const client = server.client();
    client.cookies.set('SESSION', 'B'.repeat(43));
    client.cookies.set('sessionKey', token);
    const answer = await listContacts(client);
    expect(answer.body.state).toBe(200);
    expect(client.cookies.get('SESSION')).toBe(token);
  });

  it('ignores malformed session keys (plain 401)', async () => {
    const answer = await server.client().get('/contacts', { sessionKey: '<script>' });
    expect(answer.status).toBe(401);
  });
});

describe('GET /v1/test/order/error (a probe of the app’s error handling)', () => {
  it('always answers the same well-formed business error, logged in or not, and changes nothing', async () => {
    const usersBefore = (await server.database.db.select({ n: count() }).from(users))[0].n;
    const anonymous = server.client();
    const loggedIn = await server.login(freshPhone());
    for (const client of [anonymous, loggedIn, anonymous]) {
      for (const query of [undefined, { orderId: '1', state: '500' }]) {
        const answer = await client.get('/v1/test/order/error', query);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('cache-control')).toBe('no-store');
        expect(Object.keys(answer.body).sort()).toEqual(['msg', 'results', 'state', 'subCode', 'subMsg']);
        expect(answer.body).toEqual({ ...TEST_ORDER_ERROR, subCode: null, results: null });
      }
    }
    // No session problem is reported and the logged-in client stays logged in.
    expect((await loggedIn.get<{ userId: string } | null>('/v1/auth/session')).body.results).not.toBeNull();
    expect((await server.database.db.select({ n: count() }).from(users))[0].n).toBe(usersBefore + 1);
  });

  it('is a GET only', async () => {
    const answer = await server.client().post('/v1/test/order/error', {});
    expect(answer.status).toBe(404);
  });
});
