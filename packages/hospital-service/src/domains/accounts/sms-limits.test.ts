import type { Envelope } from '@patient/contract';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { DAY, HOUR, MINUTE, SECOND } from '../../platform/clock.ts';
import type { SmsLimits } from '../../platform/config.ts';
import { type Client, startServer, type TestServer } from '../../test/harness.ts';
import { clientKey } from './codes.ts';
import { smsCodes } from './tables.ts';

/** Sending limits beyond the per-phone ones: per client address, per account, for the whole service. */

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A server whose clients can pose as any address (X-Forwarded-For, trusted for these tests only). */
async function serverWith(limits: Partial<SmsLimits>) {
  const server = await startServer({ smsLimits: limits, trustProxy: true });
  servers.push(server);
  return server;
}

let phoneCounter = 0;
const freshPhone = () => `1361111${String(++phoneCounter).padStart(4, '0')}`;

const sendFrom = (client: Client, ip: string, phone: string) =>
  client.call<{ resendAfterSeconds: number }>('POST', '/hospital-service/v1/auth/sendCode', {
    body: { phone },
    headers: { 'x-forwarded-for': ip },
  });
const contactCode = (client: Client, phone: string) => client.get('/phone/sms', { phone });

const codesFor = async (server: TestServer, phone: string) =>
  (await server.database.db.select({ n: count() }).from(smsCodes).where(eq(smsCodes.phone, phone)))[0].n;

function expectRefused(body: Envelope, msg: string, subMsg: RegExp) {
  expect(body.state, JSON.stringify(body)).toBe(429);
  expect(body.msg).toBe(msg);
  expect(body.subMsg).toMatch(subMsg);
}

describe('SMS limits per client address', () => {
  it('an address gets N codes an hour and M a day, whatever the phones; other addresses are not affected', async () => {
    const server = await serverWith({ perIpHour: 3, perIpDay: 5 });
    const client = server.client();
    for (let i = 0; i < 3; i++) {
      expect((await sendFrom(client, '203.0.113.7', freshPhone())).body.state).toBe(200);
    }
    const phone = freshPhone();
    const refused = await sendFrom(client, '203.0.113.7', phone);
    expect(refused.status).toBe(200);
    expectRefused(refused.body, '验证码发送过于频繁', /^当前网络获取验证码过于频繁，请1小时后再试$/);
    expect(await codesFor(server, phone)).toBe(0);
    expect(server.sms.latestCode(phone)).toBeUndefined();
    // Contact-phone codes of a logged-in user count for the address too.
    const user = await server.login(freshPhone(), server.client());
    const viaContact = await user.call('GET', '/hospital-service/phone/sms', {
      query: { phone: freshPhone() },
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(viaContact.body.state).toBe(429);

    expect((await sendFrom(client, '203.0.113.8', freshPhone())).body.state).toBe(200);

    server.clock.advance(HOUR + SECOND);
    expect((await sendFrom(client, '203.0.113.7', freshPhone())).body.state).toBe(200);
    expect((await sendFrom(client, '203.0.113.7', freshPhone())).body.state).toBe(200);
    expectRefused(
      (await sendFrom(client, '203.0.113.7', freshPhone())).body,
      '今日验证码发送次数已达上限',
      /^当前网络今日获取验证码次数已达上限，请明天再试$/,
    );
    server.clock.advance(DAY);
    expect((await sendFrom(client, '203.0.113.7', freshPhone())).body.state).toBe(200);
  });

  it('counts an IPv6 client by its /64 (one subscriber’s block), IPv4-mapped addresses as IPv4', async () => {
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('127.0.0.1')).toBe('127.0.0.1');

    const server = await serverWith({ perIpHour: 2 });
    const client = server.client();
    expect((await sendFrom(client, '2001:db8:1:2::1', freshPhone())).body.state).toBe(200);
    expect((await sendFrom(client, '2001:db8:1:2:ffff::9', freshPhone())).body.state).toBe(200);
    expect((await sendFrom(client, '2001:db8:1:2::abcd', freshPhone())).body.state).toBe(429);
    expect((await sendFrom(client, '2001:db8:1:3::1', freshPhone())).body.state).toBe(200);
  });

  it('without a trusted proxy, X-Forwarded-For changes nothing: the connection’s address counts', async () => {
    const server = await startServer({ smsLimits: { perIpHour: 2 } });
    servers.push(server);
    const client = server.client();
    expect((await sendFrom(client, '198.51.100.1', freshPhone())).body.state).toBe(200);
    expect((await sendFrom(client, '198.51.100.2', freshPhone())).body.state).toBe(200);
    expect((await sendFrom(client, '198.51.100.3', freshPhone())).body.state).toBe(429);
  });

  it('holds when requests arrive at once, and across service instances on one database', async () => {
    const server = await serverWith({ perIpHour: 3 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => sendFrom(server.client(), '203.0.113.20', freshPhone())),
    );
    expect(answers.filter((a) => a.body.state === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.body.state === 429)).toHaveLength(5);

    // A second instance over the same database sees what the first one sent.
    const other = buildApp({
      db: server.database,
      clock: server.clock,
      smsSender: server.sms,
      secret: 'test-secret',
      logger: false,
      smsLimits: { perIpHour: 3, globalHour: 5 },
      trustProxy: true,
    });
    try {
      const send = (ip: string) =>
        other.inject({
          method: 'POST',
          url: '/hospital-service/v1/auth/sendCode',
          headers: { 'x-forwarded-for': ip, channeltype: 'H5' },
          payload: { phone: freshPhone() },
        });
      expect((await send('203.0.113.20')).json().state).toBe(429);
      expect((await send('203.0.113.21')).json().state).toBe(200);
      expect((await send('203.0.113.22')).json().state).toBe(200);
      // 3 + 2 sent in the last hour: the second instance's global ceiling of 5 is reached.
      expect((await send('203.0.113.23')).json()).toMatchObject({ state: 429, msg: '短信服务繁忙' });
    } finally {
      await other.close();
    }
  });
});

describe('SMS limits per account', () => {
  it('contact-phone codes go to a handful of different numbers a day; the same numbers again are fine', async () => {
    const server = await serverWith({ perAccountPhonesDay: 3 });
    const alicePhone = freshPhone();
    let alice = await server.login(alicePhone);
    const numbers = [freshPhone(), freshPhone(), freshPhone()];
    for (const phone of numbers) expect((await contactCode(alice, phone)).body.state).toBe(200);
    const fourth = freshPhone();
    const refused = await contactCode(alice, fourth);
    expectRefused(
      refused.body,
      '验证码发送次数已达上限',
      /^每个账号24小时内最多向3个不同的手机号发送验证码，请明天再试$/,
    );
    expect(await codesFor(server, fourth)).toBe(0);

    server.clock.advance(MINUTE + SECOND);
    expect((await contactCode(alice, numbers[0])).body.state).toBe(200);
    // Another account has its own count; logging in is not limited per account.
    const bob = await server.login(freshPhone());
    expect((await contactCode(bob, fourth)).body.state).toBe(200);
    expect((await server.client().post('/v1/auth/sendCode', { phone: freshPhone() })).body.state).toBe(200);

    server.clock.advance(DAY);
    alice = await server.login(alicePhone); // sessions last a day
    expect((await contactCode(alice, freshPhone())).body.state).toBe(200);
  });

  it('a contact-phone code only works for the account that asked for it', async () => {
    const server = await serverWith({});
    const alice = await server.login(freshPhone());
    const bob = await server.login(freshPhone());
    const phone = freshPhone();
    const contact = async (client: Client, n: number) =>
      (
        await client.post<{ contactId: string }>('/addPatient', {
          name: '李娜',
          documentType: 'PASSPORT_NUMBER',
          documentNumber: `E1234567${n}`,
          phone,
        })
      ).body.results?.contactId as string;
    const aliceContact = await contact(alice, 1);
    const bobContact = await contact(bob, 2);
    await contactCode(alice, phone);
    const code = server.sms.latestCode(phone, 'contact_phone') as string;
    const stolen = await bob.get('/contact/phone', { contactId: bobContact, phone, number: code });
    expect(stolen.body).toMatchObject({ state: 400, msg: '验证码已失效' });
    const own = await alice.get('/contact/phone', { contactId: aliceContact, phone, number: code });
    expect(own.body.state).toBe(200);
  });
});

describe('SMS ceiling for the whole service', () => {
  it('stops every sender at the hourly and daily ceiling, then sends again', async () => {
    const server = await serverWith({ globalHour: 4, globalDay: 6 });
    const client = server.client();
    for (let i = 0; i < 4; i++) {
      expect((await sendFrom(client, `192.0.2.${i + 1}`, freshPhone())).body.state).toBe(200);
    }
    expectRefused(
      (await sendFrom(client, '192.0.2.50', freshPhone())).body,
      '短信服务繁忙',
      /^验证码发送量已达上限，请稍后再试$/,
    );
    server.clock.advance(HOUR + SECOND);
    expect((await sendFrom(client, '192.0.2.51', freshPhone())).body.state).toBe(200);
    expect((await sendFrom(client, '192.0.2.52', freshPhone())).body.state).toBe(200);
    expect((await sendFrom(client, '192.0.2.53', freshPhone())).body.state).toBe(429);
    server.clock.advance(DAY);
    expect((await sendFrom(client, '192.0.2.54', freshPhone())).body.state).toBe(200);
  });
});
