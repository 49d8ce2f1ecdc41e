import type { ConsentList } from '@patient/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.ts';
import { DEMO_PHONE } from '../accounts/index.ts';

/** 隐私与授权 over HTTP: the account's own items, per hospital; bad input and no login refused. */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

describe('consent', () => {
  it('lists the account’s own items at the hospital, with the system’s note', async () => {
    const demo = await server.login(DEMO_PHONE);
    const answer = await demo.get<ConsentList>('/v1/consent', { hospitalId: '1000' });
    expect(answer.body, answer.text).toMatchObject({ state: 200 });
    expect(answer.body.results?.items.map((i) => i.title)).toEqual(['示例：隐私与授权']);
    expect(answer.body.results?.note).toContain('模拟');
    const stranger = await server.login('13700009901');
    const theirs = await stranger.get<ConsentList>('/v1/consent', { hospitalId: '1000' });
    expect(theirs.body.results?.items).toEqual([]);
  });

  it('refuses bad input with 400 and needs a login', async () => {
    const client = await server.login('13700009902');
    expect((await client.get('/v1/consent', { hospitalId: '../x' })).status).toBe(400);
    expect((await server.client().get('/v1/consent', { hospitalId: '1000' })).status).toBe(401);
  });
});
