// @vitest-environment jsdom
import { addMedicalCard, getSession } from '@patient/contract';
import axios from 'axios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';
import { fakeHost, startServer, type TestServer } from './test-server.ts';

/**
 * withCredentials only has an effect in a browser: here jsdom's XMLHttpRequest sends a cross-origin request
 * (page origin http://localhost:3000, API on 127.0.0.1) to the real server, with CORS preflight and cookies.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ corsOrigin: window.location.origin });
});

afterAll(async () => {
  await server.close();
});

describe('credentials in a browser', () => {
  it('stores the session cookie and sends it with the next request', async () => {
    const fake = fakeHost();
    const client = createApiClient({ baseURL: server.baseURL, channel: 'WECHAT_BROWSER', ...fake.host });
    server.handle(() => ({
      headers: { 'Set-Cookie': 'SESSION=abc123; Path=/; HttpOnly' },
      body: { state: 200, results: null },
    }));
    await client.request(getSession, {});
    await client.request(getSession, {});

    expect(server.received[0].headers['user-agent']).toMatch(/jsdom/);
    expect(server.received.map((r) => r.headers.cookie)).toEqual([undefined, 'SESSION=abc123']);
    expect(server.received[1].headers.channeltype).toBe('WECHAT_BROWSER');
    expect(fake.events).toEqual([]);
  });

  it('sends JSON with its content type; axios drops the content type of a bodiless GET', async () => {
    server.reset();
    const client = createApiClient({ baseURL: server.baseURL, ...fakeHost().host });
    const card = { contactId: 'c1', hospitalId: 'h1', medicalCardNo: 'A1234' };
    await client.request(addMedicalCard, { body: card });
    await client.request(getSession, {});
    expect(server.received.map((r) => [r.method, r.headers['content-type'], r.body])).toEqual([
      ['POST', 'application/json', JSON.stringify(card)],
      ['GET', undefined, ''],
    ]);
  });

  it('control: without withCredentials the browser sends no cookie', async () => {
    server.reset();
    await axios.get(`${server.baseURL}/hospital-service/v1/auth/session`);
    expect(server.received[0].headers.cookie).toBeUndefined();
  });
});
