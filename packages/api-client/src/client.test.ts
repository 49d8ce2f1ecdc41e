import {
  addMedicalCard,
  getContact,
  getHospitalDescription,
  getSession,
  listContacts,
  removeMedicalCard,
  SERVER_TIME_HEADER,
  setDefaultMedicalCard,
} from '@patient/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL_HEADER } from './channel.ts';
import { type ApiClient, createApiClient } from './client.ts';
import { ApiError, isCancelled } from './errors.ts';
import { MESSAGES, STAFF_SIGN_IN_PATH } from './messages.ts';
import { ServerClock } from './server-clock.ts';
import { fakeHost, flush, type Handler, startServer, type TestServer, until } from './test-server.ts';

const productRecord = {
  ...getContact,
  id: 'productRecord',
  service: 'product' as const,
  path: '/v1/copy/:contactId',
};
const staffNurse = {
  ...getContact,
  id: 'staffNurse',
  service: 'staff' as const,
  path: '/v1/nurse/:contactId',
};
const deleteContacts = { ...listContacts, id: 'deleteContacts', method: 'DELETE' as const };
const putCard = { ...addMedicalCard, id: 'putCard', method: 'PUT' as const };
const patchCard = { ...addMedicalCard, id: 'patchCard', method: 'PATCH' as const };
const postCardWithQuery = { ...addMedicalCard, id: 'postCardWithQuery', query: listContacts.query };

const card = { contactId: 'c1', hospitalId: 'h1', medicalCardNo: 'A1234' };
const hospital = { params: { hospitalId: '42' } };

let server: TestServer;
const fake = fakeHost();
let client: ApiClient;

function envelope(fields: Record<string, unknown>): Handler {
  return () => ({ body: { state: 200, msg: null, subMsg: null, subCode: null, results: null, ...fields } });
}

function status(code: number, body: unknown = null): Handler {
  return () => ({ status: code, body });
}

/** Resolves to the rejection of `promise` (fails the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  server.reset();
  fake.reset();
  client = createApiClient({ baseURL: server.baseURL, channel: 'WECHAT_BROWSER', ...fake.host });
});

describe('URL building', () => {
  it('prefixes hospital-service calls and fills the path parameters', async () => {
    await client.request(getHospitalDescription, hospital);
    expect(server.received[0]).toMatchObject({
      method: 'GET',
      path: '/hospital-service/v1/hospital/42/description',
    });
  });

  it('prefixes product-service and wxcorp-service calls', async () => {
    await client.request(productRecord, { params: { contactId: '7' } });
    await client.request(staffNurse, { params: { contactId: '8' } });
    expect(server.received.map((r) => r.path)).toEqual([
      '/product-service/v1/copy/7',
      '/wxcorp-service/v1/nurse/8',
    ]);
  });

  it('URI-encodes path parameters', async () => {
    const { findHisCards } = await import('@patient/contract');
    server.handle(envelope({ results: [] }));
    await client.request(findHisCards, {
      params: { hospitalId: 'h1', identityCard: '11010119900307001X', patientName: '张 三/李' },
    });
    expect(server.received[0].path).toBe(
      `/hospital-service/his_cardInfo/hospital_id/h1/identity_card/11010119900307001X/name/${encodeURIComponent('张 三/李')}`,
    );
  });

  it('rejects without a request when a path parameter is missing', async () => {
    await expect(client.request(getContact, { params: { contactId: '' } })).rejects.toThrow(
      '缺少路径参数 contactId',
    );
    expect(server.received).toHaveLength(0);
    expect(client.pendingCount).toBe(0);
  });
});

describe('query and body per method', () => {
  it('GET sends the query string and no body', async () => {
    await client.request(listContacts, { query: { time: '2024-01-01 08:00' } });
    const [request] = server.received;
    expect(request.method).toBe('GET');
    expect(request.query.get('time')).toBe('2024-01-01 08:00');
    expect(request.body).toBe('');
  });

  it('GET leaves out undefined query values', async () => {
    await client.request(listContacts, { query: {} });
    expect(server.received[0].query.toString()).toBe('');
  });

  it('DELETE sends the query string and no body', async () => {
    await client.request(deleteContacts, { query: { time: 'x' } });
    const [request] = server.received;
    expect(request.method).toBe('DELETE');
    expect(request.path).toBe('/hospital-service/contacts');
    expect(request.query.get('time')).toBe('x');
    expect(request.body).toBe('');
    expect(request.headers['content-length'] ?? '0').toBe('0');
  });

  it('POST, PUT and PATCH send the body as JSON and no query string', async () => {
    await client.request(addMedicalCard, { body: card });
    await client.request(putCard, { body: card });
    await client.request(patchCard, { body: card });
    expect(server.received.map((r) => [r.method, r.path, r.query.toString(), JSON.parse(r.body)])).toEqual([
      ['POST', '/hospital-service/cardInfo', '', card],
      ['PUT', '/hospital-service/cardInfo', '', card],
      ['PATCH', '/hospital-service/cardInfo', '', card],
    ]);
  });

  it('POST sends the query string of an endpoint that has one (POST /updateDefaultCard)', async () => {
    await client.request(setDefaultMedicalCard, { query: { contactId: 'c1', medicalCardNo: 'A 1&2' } });
    const [request] = server.received;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/hospital-service/updateDefaultCard');
    expect(Object.fromEntries(request.query)).toEqual({ contactId: 'c1', medicalCardNo: 'A 1&2' });
    expect(request.body).toBe('');
  });

  it('POST sends both query and body when the endpoint has both', async () => {
    await client.request(postCardWithQuery, { query: { time: 't' }, body: card });
    const [request] = server.received;
    expect(request.query.get('time')).toBe('t');
    expect(JSON.parse(request.body)).toEqual(card);
  });

  it('POST without a body schema sends no body', async () => {
    server.handle(envelope({ results: true }));
    await client.request(removeMedicalCard, { params: { cardId: 'k9' } });
    expect(server.received[0]).toMatchObject({
      method: 'POST',
      path: '/hospital-service/remove/cardInfo/card_id/k9',
      body: '',
    });
  });
});

describe('headers', () => {
  it('sends JSON content type and the channel header', async () => {
    await client.request(addMedicalCard, { body: card });
    const { headers } = server.received[0];
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(headers[CHANNEL_HEADER.toLowerCase()]).toBe('WECHAT_BROWSER');
  });

  it('sends the channel header as H5 from an ordinary browser, on every call', async () => {
    const plain = createApiClient({ baseURL: server.baseURL, channel: null, ...fake.host });
    const noChannel = createApiClient({ baseURL: server.baseURL, ...fake.host });
    await plain.request(getHospitalDescription, hospital);
    await noChannel.request(getHospitalDescription, hospital);
    await plain.request(addMedicalCard, { body: card });
    expect(server.received.map((r) => r.headers.channeltype)).toEqual(['H5', 'H5', 'H5']);
  });

  it('sends each channel value as is', async () => {
    for (const channel of ['ALIPAY_MINI_PROGRAM', 'WECHAT_MINI_PROGRAM'] as const) {
      await createApiClient({ baseURL: server.baseURL, channel, ...fake.host }).request(
        getHospitalDescription,
        hospital,
      );
    }
    expect(server.received.map((r) => r.headers.channeltype)).toEqual([
      'ALIPAY_MINI_PROGRAM',
      'WECHAT_MINI_PROGRAM',
    ]);
  });
});

describe('envelope', () => {
  it('resolves to the results of a state 200 envelope', async () => {
    const description = { hospitalId: '42', hospitalName: '示例医院', originCode: 'O1', mdid: 'M1' };
    server.handle(envelope({ results: description, msg: 'ok' }));
    await expect(client.request(getHospitalDescription, hospital)).resolves.toEqual(description);
    expect(fake.events).toEqual([]);
  });

  it('passes null results through', async () => {
    server.handle(envelope({ results: null }));
    await expect(client.request(getSession, {})).resolves.toBeNull();
  });

  it('counts every 2xx status as HTTP success', async () => {
    server.handle(() => ({ status: 201, body: { state: 200, results: true } }));
    await expect(client.request(removeMedicalCard, { params: { cardId: 'k' } })).resolves.toBe(true);
  });
});

describe('server clock', () => {
  const HOUR = 3_600_000;

  it('learns the service’s time from each answer, errors included, and follows it', async () => {
    const clock = new ServerClock();
    const own = createApiClient({ baseURL: server.baseURL, ...fake.host, serverClock: clock });
    server.handle(() => ({
      body: { state: 200, results: null },
      headers: { [SERVER_TIME_HEADER]: String(Date.now() + 3 * HOUR) },
    }));
    await own.request(getSession, {});
    expect(Math.abs(clock.now() - (Date.now() + 3 * HOUR))).toBeLessThan(1000);

    // A minute later (the device clock was set meanwhile) a 500 answer still corrects it.
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    try {
      server.handle(() => ({
        status: 500,
        body: null,
        headers: { [SERVER_TIME_HEADER]: String(Date.now() - 2 * HOUR) },
      }));
      await rejection(own.request(getSession, {}));
      expect(Math.abs(clock.now() - (Date.now() - 2 * HOUR))).toBeLessThan(1000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the device clock when the answer carries no time', async () => {
    const clock = new ServerClock();
    const own = createApiClient({ baseURL: server.baseURL, ...fake.host, serverClock: clock });
    server.handle(envelope({ results: null }));
    await own.request(getSession, {});
    expect(clock.offsetMs).toBe(0);
  });
});

describe('error catalogue', () => {
  it('subCode 40300: ban dialog with subMsg, navigate to /login after it closes, then reject', async () => {
    server.handle(
      envelope({ state: 403, subCode: 40300, subMsg: '您的账号因违规已被封禁', msg: 'forbidden' }),
    );
    let settled = false;
    const promise = rejection(client.request(getSession, {})).finally(() => {
      settled = true;
    });
    await until(() => fake.openAlerts > 0);
    expect(fake.events).toEqual([
      ['alert', { title: '封禁提示', message: '您的账号因违规已被封禁', confirmText: '我知道了' }],
    ]);
    expect(settled).toBe(false);
    fake.closeAlerts();
    const error = await promise;
    expect(fake.events).toEqual([
      ['alert', { title: '封禁提示', message: '您的账号因违规已被封禁', confirmText: '我知道了' }],
      ['navigate', '/login'],
    ]);
    expect(error).toMatchObject({
      kind: 'session',
      subCode: 40300,
      subMsg: '您的账号因违规已被封禁',
      status: 200,
    });
  });

  it('subCode 40301: navigate to /login, no dialog and no toast', async () => {
    server.handle(envelope({ state: 401, subCode: 40301, subMsg: '请先登录' }));
    const error = await rejection(client.request(getSession, {}));
    expect(fake.events).toEqual([['navigate', '/login']]);
    expect(error).toMatchObject({ kind: 'session', subCode: 40301 });
  });

  it('subCode 40302: offline dialog with subMsg, then navigate to /login', async () => {
    server.handle(envelope({ state: 403, subCode: 40302, subMsg: '您的账号已在另一台设备登录' }));
    const promise = rejection(client.request(getSession, {}));
    await until(() => fake.openAlerts > 0);
    expect(fake.events).toEqual([
      ['alert', { title: '下线通知', message: '您的账号已在另一台设备登录', confirmText: '重新登录' }],
    ]);
    fake.closeAlerts();
    const error = await promise;
    expect(fake.events.at(-1)).toEqual(['navigate', '/login']);
    expect(fake.events).toHaveLength(2);
    expect(error).toMatchObject({ kind: 'session', subCode: 40302 });
  });

  it('session subCodes also apply to non-2xx answers', async () => {
    server.handle(() => ({ status: 403, body: { state: 403, subCode: 40301 } }));
    await rejection(client.request(getSession, {}));
    expect(fake.events).toEqual([['navigate', '/login']]);
  });

  it('uses a fallback dialog text when subMsg is empty', async () => {
    server.handle(envelope({ state: 403, subCode: 40300, subMsg: '' }));
    const promise = rejection(client.request(getSession, {}));
    await until(() => fake.openAlerts > 0);
    fake.closeAlerts();
    await promise;
    expect(fake.events[0]).toEqual([
      'alert',
      { title: '封禁提示', message: MESSAGES.bannedFallback, confirmText: '我知道了' },
    ]);
  });

  it('concurrent 40300/40302 answers show one dialog and navigate once', async () => {
    server.handle(envelope({ state: 403, subCode: 40300, subMsg: '封禁' }));
    const first = rejection(client.request(getSession, {}));
    await until(() => fake.openAlerts > 0);
    server.handle(envelope({ state: 403, subCode: 40302, subMsg: '下线' }));
    const others = [
      rejection(client.request(getSession, {})),
      rejection(client.request(getSession, {})),
      rejection(client.request(getSession, {})),
    ];
    await server.arrivals(4);
    await flush();
    expect(fake.openAlerts).toBe(1);
    fake.closeAlerts();
    const errors = await Promise.all([first, ...others]);
    expect(fake.events).toEqual([
      ['alert', { title: '封禁提示', message: '封禁', confirmText: '我知道了' }],
      ['navigate', '/login'],
    ]);
    expect(errors.map((e) => e.subCode)).toEqual([40300, 40302, 40302, 40302]);
  });

  it('shows a new dialog once the previous one was closed', async () => {
    server.handle(envelope({ state: 403, subCode: 40302, subMsg: '下线' }));
    for (let i = 0; i < 2; i++) {
      const promise = rejection(client.request(getSession, {}));
      await until(() => fake.openAlerts > 0);
      fake.closeAlerts();
      await promise;
    }
    expect(fake.events.map((e) => e[0])).toEqual(['alert', 'navigate', 'alert', 'navigate']);
  });

  it('navigates even when the dialog rejects', async () => {
    const failing = createApiClient({
      baseURL: server.baseURL,
      ...fake.host,
      ui: { ...fake.host.ui, alert: () => Promise.reject(new Error('dialog failed')) },
    });
    server.handle(envelope({ state: 403, subCode: 40300, subMsg: '封禁' }));
    await rejection(failing.request(getSession, {}));
    expect(fake.events).toEqual([['navigate', '/login']]);
  });

  it('HTTP 401: full redirect to /login, no toast', async () => {
    server.handle(status(401, { message: 'Unauthorized' }));
    const error = await rejection(client.request(getSession, {}));
    expect(fake.events).toEqual([['redirect', '/login']]);
    expect(error).toMatchObject({ kind: 'session', status: 401, message: MESSAGES.sessionExpired });
  });

  it('HTTP 401 with subCode 40320 (a staff call without a staff session): to the staff sign-in, not /login', async () => {
    server.handle(
      status(401, {
        state: 401,
        msg: '请先登录',
        subMsg: '请以工作人员身份登录',
        subCode: 40320,
        results: null,
      }),
    );
    const error = await rejection(client.request(getSession, {}));
    expect(fake.events).toEqual([['navigate', STAFF_SIGN_IN_PATH]]);
    expect(error).toMatchObject({
      kind: 'session',
      status: 401,
      subCode: 40320,
      message: MESSAGES.staffSignIn,
    });
  });

  describe('subCode 40330 (sensitive personal information without the consent)', () => {
    const refusal = envelope({
      state: 403,
      msg: '请先同意处理敏感个人信息',
      subMsg: '需要您单独同意',
      subCode: 40330,
    });

    it('asks once, and once agreed makes the call again; calls refused meanwhile share the answer', async () => {
      let agreed = false;
      server.handle((request) =>
        agreed ? envelope({ results: [request.path] })(request) : refusal(request),
      );
      let asked = 0;
      let answer: (yes: boolean) => void = () => undefined;
      const consenting = createApiClient({
        baseURL: server.baseURL,
        ...fake.host,
        askSensitiveConsent: () => {
          asked++;
          return new Promise<boolean>((resolve) => {
            answer = resolve;
          });
        },
      });
      const first = consenting.request(listContacts, { query: {} });
      const second = consenting.request(listContacts, { query: {} });
      await until(() => asked === 1 && server.received.length === 2);
      agreed = true;
      answer(true);
      expect(await first).toEqual([expect.stringContaining('/contacts')]);
      expect(await second).toEqual([expect.stringContaining('/contacts')]);
      expect(asked).toBe(1);
      expect(server.received).toHaveLength(4);
      expect(fake.events).toEqual([]);
    });

    it('refused: rejects with kind consent, no toast, the call not made again', async () => {
      server.handle(refusal);
      const refusing = createApiClient({
        baseURL: server.baseURL,
        ...fake.host,
        askSensitiveConsent: async () => false,
      });
      const error = await rejection(refusing.request(listContacts, { query: {} }));
      expect(error).toMatchObject({ kind: 'consent', subCode: 40330, message: '需要您单独同意' });
      expect(server.received).toHaveLength(1);
      expect(fake.events).toEqual([]);
    });

    it('agreed but refused again (another hospital’s data): asks no second time; silent never asks', async () => {
      server.handle(refusal);
      let asked = 0;
      const consenting = createApiClient({
        baseURL: server.baseURL,
        ...fake.host,
        askSensitiveConsent: async () => {
          asked++;
          return true;
        },
      });
      await rejection(consenting.request(listContacts, { query: {} }));
      expect(asked).toBe(1);
      expect(server.received).toHaveLength(2);
      await rejection(consenting.request(listContacts, { query: {} }, { silent: true }));
      expect(asked).toBe(1);
    });

    it('without a prompt: a toast with the service’s words', async () => {
      server.handle(refusal);
      const error = await rejection(client.request(listContacts, { query: {} }));
      expect(error.kind).toBe('consent');
      expect(fake.events).toEqual([['toast', '需要您单独同意', 2000]]);
    });
  });

  it('sends the patient to /login with the way back to where they were', async () => {
    let here = '/appointment/list?tab=PAID';
    const placed = createApiClient({ baseURL: server.baseURL, ...fake.host, currentPath: () => here });
    server.handle(envelope({ state: 401, subCode: 40301, subMsg: '请先登录' }));
    await rejection(placed.request(getSession, {}));
    server.handle(status(401, { message: 'Unauthorized' }));
    await rejection(placed.request(getSession, {}));
    here = '/homepage';
    server.handle(status(401, { message: 'Unauthorized' }));
    await rejection(placed.request(getSession, {}));
    expect(fake.events).toEqual([
      ['navigate', '/login?redirect=%2Fappointment%2Flist%3Ftab%3DPAID'],
      ['redirect', '/login?redirect=%2Fappointment%2Flist%3Ftab%3DPAID'],
      ['redirect', '/login'],
    ]);
  });

  it('HTTP 404: toast 网络资源未找到 for 2 s', async () => {
    server.handle(status(404, { message: 'Not Found' }));
    const error = await rejection(client.request(getSession, {}));
    expect(fake.events).toEqual([['toast', '网络资源未找到', 2000]]);
    expect(error).toMatchObject({ kind: 'http', status: 404, message: '网络资源未找到' });
  });

  it.each([
    [{ message: '数据库异常', msg: 'm', subMsg: 's' }, '数据库异常'],
    [{ msg: '服务繁忙', subMsg: 's' }, '服务繁忙'],
    [{ state: 500, subMsg: '下游超时' }, '下游超时'],
    [{ message: '', msg: null }, '服务器请求异常'],
    [null, '服务器请求异常'],
  ])('HTTP 500 with %j: toast %s for 5 s', async (body, text) => {
    server.handle(status(500, body));
    const error = await rejection(client.request(getSession, {}));
    expect(fake.events).toEqual([['toast', text, 5000]]);
    expect(error).toMatchObject({ kind: 'http', status: 500, message: text });
  });

  it('any 5xx, also with a non-JSON body, is a server error', async () => {
    server.handle(() => ({
      status: 502,
      raw: '<html>Bad Gateway</html>',
      headers: { 'Content-Type': 'text/html' },
    }));
    const error = await rejection(client.request(getSession, {}));
    expect(fake.events).toEqual([['toast', '服务器请求异常', 5000]]);
    expect(error.status).toBe(502);
  });

  it.each([
    [{ subMsg: '就诊卡号不存在', msg: 'error' }, '就诊卡号不存在'],
    [{ msg: '参数错误' }, '参数错误'],
    [{}, '请求失败，请稍后重试'],
  ])('state not 200 with %j: toast %s for 2 s', async (fields, text) => {
    server.handle(envelope({ state: 500, subCode: 10001, ...fields }));
    const error = await rejection(client.request(addMedicalCard, { body: card }));
    expect(fake.events).toEqual([['toast', text, 2000]]);
    expect(error).toMatchObject({ kind: 'state', status: 200, state: 500, subCode: 10001, message: text });
  });

  it('other non-2xx statuses toast subMsg, msg or the default for 2 s', async () => {
    server.handle(status(400, { state: 400, subMsg: '手机号格式不正确' }));
    const first = await rejection(client.request(getSession, {}));
    server.handle(status(429, 'slow down'));
    const second = await rejection(client.request(getSession, {}));
    expect(fake.events).toEqual([
      ['toast', '手机号格式不正确', 2000],
      ['toast', '请求失败，请稍后重试', 2000],
    ]);
    expect([first.kind, first.status, second.status]).toEqual(['http', 400, 429]);
  });

  it('a 2xx answer that is not an envelope is a failure', async () => {
    server.handle(() => ({ raw: '<html></html>', headers: { 'Content-Type': 'text/html' } }));
    const error = await rejection(client.request(getSession, {}));
    expect(fake.events).toEqual([['toast', MESSAGES.badResponse, 2000]]);
    expect(error).toMatchObject({ kind: 'http', status: 200 });
  });

  it('network failure: toast and reject with kind network', async () => {
    server.handle(() => ({ destroy: true }));
    const error = await rejection(client.request(getSession, {}));
    expect(fake.events).toEqual([['toast', '网络连接失败，请检查网络后重试', 2000]]);
    expect(error).toMatchObject({ kind: 'network', message: MESSAGES.networkError, status: undefined });
    expect(client.pendingCount).toBe(0);
  });

  it('network failure: connection refused', async () => {
    const closed = await startServer();
    const baseURL = closed.baseURL;
    await closed.close();
    const offline = createApiClient({ baseURL, ...fake.host });
    const error = await rejection(offline.request(getSession, {}));
    expect(error.kind).toBe('network');
    expect(fake.events).toEqual([['toast', MESSAGES.networkError, 2000]]);
  });
});

describe('silent', () => {
  const cases: [string, Handler][] = [
    ['40300', envelope({ state: 403, subCode: 40300, subMsg: '封禁' })],
    ['40301', envelope({ state: 401, subCode: 40301 })],
    ['40302', envelope({ state: 403, subCode: 40302, subMsg: '下线' })],
    ['HTTP 401', status(401)],
    ['HTTP 404', status(404)],
    ['HTTP 500', status(500, { message: 'x' })],
    ['state 500', envelope({ state: 500, subMsg: 'x' })],
    ['network', () => ({ destroy: true })],
  ];
  it.each(cases)('%s rejects without any UI reaction', async (_, handler) => {
    server.handle(handler);
    const error = await rejection(client.request(getSession, {}, { silent: true }));
    await flush();
    expect(fake.events).toEqual([]);
    expect(error.kind).not.toBe('cancelled');
  });
});

describe('cancellation', () => {
  function hold() {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.handle(async (request) => {
      await released;
      return late(request);
    });
    return release;
  }
  const late = envelope({ results: 'late' });

  it('cancelPending aborts in-flight requests, without toast, and empties the registry', async () => {
    const release = hold();
    const first = rejection(client.request(getSession, {}));
    const second = rejection(client.request(addMedicalCard, { body: card }));
    await server.arrivals(2);
    expect(client.pendingCount).toBe(2);

    expect(client.cancelPending()).toBe(2);
    expect(client.pendingCount).toBe(0);
    const errors = await Promise.all([first, second]);
    for (const error of errors) {
      expect(error).toMatchObject({ kind: 'cancelled', message: '页面已切换，请求已取消' });
      expect(isCancelled(error)).toBe(true);
    }
    await flush();
    expect(server.aborted).toBe(2);
    expect(fake.events).toEqual([]);
    expect(client.cancelPending()).toBe(0);
    release();
  });

  it('cancelPending takes a custom reason', async () => {
    const release = hold();
    const promise = rejection(client.request(getSession, {}));
    await server.arrivals(1);
    client.cancelPending('已退出');
    expect((await promise).message).toBe('已退出');
    release();
  });

  it('a cancelled request stays cancelled when its answer arrives later', async () => {
    const release = hold();
    const promise = rejection(client.request(getSession, {}, { silent: false }));
    await server.arrivals(1);
    client.cancelPending();
    release();
    expect((await promise).kind).toBe('cancelled');
    await flush();
    expect(fake.events).toEqual([]);
  });

  it('keepOnRouteChange requests survive cancelPending', async () => {
    const release = hold();
    const kept = client.request(getSession, {}, { keepOnRouteChange: true });
    const dropped = rejection(client.request(getSession, {}));
    await server.arrivals(2);
    expect(client.cancelPending()).toBe(1);
    expect(client.pendingCount).toBe(1);
    expect((await dropped).kind).toBe('cancelled');
    release();
    await expect(kept).resolves.toBe('late');
    expect(client.pendingCount).toBe(0);
  });

  it('settled requests leave the registry', async () => {
    await client.request(getSession, {});
    server.handle(status(404));
    await rejection(client.request(getSession, {}));
    expect(client.pendingCount).toBe(0);
    expect(client.cancelPending()).toBe(0);
  });

  it('an external signal aborts the request', async () => {
    const release = hold();
    const controller = new AbortController();
    const promise = rejection(client.request(getSession, {}, { signal: controller.signal }));
    await server.arrivals(1);
    controller.abort();
    const error = await promise;
    expect(error).toMatchObject({ kind: 'cancelled', message: '请求已取消' });
    expect(client.pendingCount).toBe(0);
    expect(fake.events).toEqual([]);
    release();
  });

  it('an already aborted signal sends nothing', async () => {
    const error = await rejection(client.request(getSession, {}, { signal: AbortSignal.abort() }));
    expect(error.kind).toBe('cancelled');
    expect(server.received).toHaveLength(0);
    expect(client.pendingCount).toBe(0);
  });

  it('isCancelled is false for other errors and non-errors', () => {
    expect(isCancelled(new ApiError('network', 'x'))).toBe(false);
    expect(isCancelled(new Error('x'))).toBe(false);
    expect(isCancelled(undefined)).toBe(false);
  });
});
