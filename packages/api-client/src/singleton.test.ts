import { getSession } from '@patient/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, configureApi } from './singleton.ts';
import { fakeHost, startServer, type TestServer } from './test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server.close();
});

describe('api singleton', () => {
  it('throws a clear error before configureApi', () => {
    expect(() => api.request(getSession, {})).toThrow(/configureApi/);
    expect(() => api.cancelPending()).toThrow(/configureApi/);
    expect(() => api.pendingCount).toThrow(/configureApi/);
  });

  it('delegates to the configured client', async () => {
    const fake = fakeHost();
    const client = configureApi({ baseURL: server.baseURL, ...fake.host });
    server.handle(() => ({ body: { state: 200, results: { userId: 'u1', phone: '*******1234' } } }));
    const promise = api.request(getSession, {});
    expect(api.pendingCount).toBe(1);
    expect(client.pendingCount).toBe(1);
    await expect(promise).resolves.toEqual({ userId: 'u1', phone: '*******1234' });
    expect(api.cancelPending()).toBe(0);
    expect(server.received[0].path).toBe('/hospital-service/v1/auth/session');
  });

  it('a second configureApi replaces the client', async () => {
    const fake = fakeHost();
    configureApi({ baseURL: 'http://127.0.0.1:1', ...fake.host });
    configureApi({ baseURL: server.baseURL, ...fake.host });
    server.handle(() => ({ body: { state: 200, results: null } }));
    await expect(api.request(getSession, {})).resolves.toBeNull();
  });
});
