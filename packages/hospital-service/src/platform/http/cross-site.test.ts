import type { Contact } from '@patient/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PHONE } from '../../domains/accounts/index.ts';
import { type Answer, type Client, person, startServer, type TestServer } from '../../test/harness.ts';

/**
 * Cross-site requests: every call of the apps needs the channel header (which no other site can make a
 * browser send) and is refused when the browser says it comes from another site.
 */
let server: TestServer;
let alice: Client;
let contacts: Contact[];

beforeAll(async () => {
  server = await startServer();
  alice = await server.login('13700003001');
  for (const n of [1, 2]) await alice.post('/addPatient', person(n));
  contacts = (await alice.get<Contact[]>('/contacts')).body.results as Contact[];
});
afterAll(() => server?.close());

/** What a browser sends for a link clicked on another site: the Lax cookie goes along, no custom header. */
const NAVIGATION = {
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};

function expectRefused(answer: Answer, subMsg: RegExp) {
  expect(answer.status, answer.text).toBe(403);
  expect(answer.body).toMatchObject({ state: 403, msg: '请求来源不被允许', subCode: null, results: null });
  expect(answer.body.subMsg).toMatch(subMsg);
}

const defaultContactId = async () =>
  ((await alice.get<Contact[]>('/contacts')).body.results as Contact[]).find((c) => c.contactDO.isDefault)
    ?.contactId;

describe('state-changing GETs of the spec, from a link on another site', () => {
  it('are refused and change nothing: set default, send a code, verify a phone', async () => {
    const before = await defaultContactId();
    const other = contacts.find((c) => c.contactId !== before) as Contact;
    const viaLink = (path: string, query: Record<string, string>) =>
      alice.call('GET', `/hospital-service${path}`, { query, channel: null, headers: NAVIGATION });

    expectRefused(
      await viaLink('/updateDefaultContact', { contactId: other.contactId, isDefault: 'true' }),
      /其他网站/,
    );
    expect(await defaultContactId()).toBe(before);

    expectRefused(await viaLink('/phone/sms', { phone: '13700003999' }), /其他网站/);
    expect(server.sms.latestCode('13700003999', 'contact_phone')).toBeUndefined();

    await alice.get('/phone/sms', { phone: '13700003998' });
    const code = server.sms.latestCode('13700003998', 'contact_phone') as string;
    expectRefused(
      await viaLink('/contact/phone', { contactId: other.contactId, phone: '13700003998', number: code }),
      /其他网站/,
    );
    const after = (await alice.get<Contact>(`/contact_id/${other.contactId}`)).body.results as Contact;
    expect(after.contactDO.phone).toBe(other.contactDO.phone);
    // The code was not used up: the app itself can still verify with it.
    expect(
      (await alice.get('/contact/phone', { contactId: other.contactId, phone: '13700003998', number: code }))
        .body.state,
    ).toBe(200);
  });

  it('are refused without the channel header even when the browser sends no Sec-Fetch-Site (older browsers)', async () => {
    const before = await defaultContactId();
    const other = contacts.find((c) => c.contactId !== before) as Contact;
    const answer = await alice.call('GET', '/hospital-service/updateDefaultContact', {
      query: { contactId: other.contactId, isDefault: 'true' },
      channel: null,
    });
    expectRefused(answer, /缺少 channelType 请求头/);
    expect(await defaultContactId()).toBe(before);
  });
});

describe('every call of the apps', () => {
  it('needs the channel header: reads, writes and anonymous calls alike', async () => {
    const calls: [string, () => Promise<Answer>][] = [
      ['a list', () => alice.call('GET', '/hospital-service/contacts', { channel: null })],
      [
        'a form posted from another site',
        () =>
          alice.call('POST', '/hospital-service/addPatient', {
            rawBody: 'name=x',
            contentType: 'text/plain',
            channel: null,
          }),
      ],
      [
        'logging in',
        () =>
          server.client(null).post('/v1/auth/sendCode', {
            phone: '13700003997',
          }),
      ],
      ['start-up', () => server.client(null).get('/v1/hospital/1000/description')],
      ['an empty value', () => alice.call('GET', '/hospital-service/contacts', { channel: '' })],
      [
        'a malformed value',
        () => alice.call('GET', '/hospital-service/contacts', { channel: 'H5 <script>' }),
      ],
    ];
    const before = (await alice.get<Contact[]>('/contacts')).body.results?.length;
    for (const [label, call] of calls) {
      const answer = await call();
      expect(answer.status, label).toBe(403);
      expectRefused(answer, /缺少 channelType 请求头/);
    }
    expect((await alice.get<Contact[]>('/contacts')).body.results?.length).toBe(before);
    expect(server.sms.latestCode('13700003997')).toBeUndefined();
  });

  it('is refused when the browser says it comes from another site, header or not', async () => {
    const answer = await alice.call('GET', '/hospital-service/contacts', {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expectRefused(answer, /其他网站/);
  });

  it('goes through from the same origin, the same site, or typed in (Sec-Fetch-Site none)', async () => {
    for (const site of ['same-origin', 'same-site', 'none']) {
      const answer = await alice.call('GET', '/hospital-service/contacts', {
        headers: { 'sec-fetch-site': site },
      });
      expect(answer.body.state, site).toBe(200);
    }
    // Every channel of 000 §6.
    for (const channel of ['H5', 'WECHAT_BROWSER', 'WECHAT_MINI_PROGRAM', 'ALIPAY_MINI_PROGRAM']) {
      expect((await alice.call('GET', '/hospital-service/contacts', { channel })).body.state).toBe(200);
    }
  });

  it('grants no CORS preflight, so a script on another site cannot add the header', async () => {
    const answer = await alice.call('OPTIONS', '/hospital-service/contacts', {
      channel: null,
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'channeltype',
      },
    });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('access-control-allow-headers')).toBeNull();
  });
});

describe('what others must reach without the header', () => {
  it('health check, API description, docs, dev routes and the provider’s signed notification', async () => {
    const anonymous = server.client(null);
    expect((await anonymous.call('GET', '/healthz')).status).toBe(200);
    expect((await anonymous.call('GET', '/openapi.json')).status).toBe(200);
    expect((await anonymous.call('GET', '/docs')).status).toBe(200);
    const outbox = await anonymous.call('GET', '/__dev/sms-outbox', { query: { phone: DEMO_PHONE } });
    expect(outbox.status).toBe(200);
    // Not refused for its origin: judged by its signature (a wrong one is 签名校验失败).
    const notify = await anonymous.post('/v1/pay_orders/notify', {
      paymentId: '1',
      tradeNo: 'T1',
      amount: 100,
      signature: '0'.repeat(64),
    });
    expect(notify.status).toBe(200);
    expect(notify.body).toMatchObject({ state: 403, msg: '签名校验失败' });
  });
});
