import type { HospitalDescription, HospitalStartup } from '@patient/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.ts';
import { HOSPITALS } from './seed-data.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

const EXPECTED = [
  ['1000', 'default', 'green'],
  ['1001', 'zhengzhou', 'blue'],
  ['1002', 'songtao', 'red'],
  ['1003', 'shiqian', 'green'],
  ['1004', 'shulan', 'blue'],
  ['1005', 'wanshan', 'orange'],
  ['1006', 'zhongxiyi', 'purple'],
  ['1007', 'luqiao', 'blue'],
  ['1008', 'boao', 'green'],
] as const;

describe('start-up calls', () => {
  it('answer for all nine hospitals, anonymously, in start-up order', async () => {
    const client = server.client();
    const codes = new Set<string>();
    for (const [id, key, theme] of EXPECTED) {
      const description = await client.get<HospitalDescription>(`/v1/hospital/${id}/description`);
      expect(description.status).toBe(200);
      expect(description.body.state).toBe(200);
      const d = description.body.results as HospitalDescription;
      expect(d.hospitalId).toBe(id);
      expect(d.hospitalName).toBe(HOSPITALS.find((h) => h.key === key)?.name);
      expect(d.hospitalName).toMatch(/医院/);
      expect(d.originCode).toMatch(/^[0-9A-HJ-NPQRTUWXY]{18}$/);
      expect(d.mdid).toMatch(/^MD\d{11}$/);
      codes.add(d.originCode).add(d.mdid);

      const health = await client.get<boolean>(`/v1/hospital/${id}/canGoToHealthCard`);
      expect(typeof health.body.results).toBe('boolean');

      const params = await client.get<Record<string, string>>(`/v1/hospital/${id}/systemParamMap`);
      expect(params.body.results).toMatchObject({ THEME_CONFIG: theme });
      expect(params.body.results?.HOTLINE).toMatch(/^0\d{2,3}-\d{7,8}$/);
      expect(params.body.results?.NOTICE.length).toBeGreaterThan(10);
    }
    expect(codes.size).toBe(18);
  });

  it('most hospitals reach the health card page, one or two do not', async () => {
    const answers = await Promise.all(
      EXPECTED.map(
        async ([id]) =>
          (await server.client().get<boolean>(`/v1/hospital/${id}/canGoToHealthCard`)).body.results,
      ),
    );
    const closed = answers.filter((x) => x === false).length;
    expect(closed).toBeGreaterThanOrEqual(1);
    expect(closed).toBeLessThanOrEqual(2);
  });

  it('the merged start-up call answers exactly what the three single calls answer', async () => {
    const client = server.client();
    for (const [id] of EXPECTED) {
      const merged = await client.get<HospitalStartup>(`/v1/hospital/${id}/startup`);
      expect(merged.status).toBe(200);
      expect(merged.body.state).toBe(200);
      const [description, health, params] = await Promise.all(
        ['description', 'canGoToHealthCard', 'systemParamMap'].map(
          async (call) => (await client.get(`/v1/hospital/${id}/${call}`)).body.results,
        ),
      );
      // …and whether the deployment is a demonstration (not in the tests: demo false).
      expect(merged.body.results).toEqual({
        description,
        canGoToHealthCard: health,
        systemParamMap: params,
        demo: false,
      });
    }
  });

  it('the merged start-up call needs no session and no other call first', async () => {
    const answer = await server.client().get<HospitalStartup>('/v1/hospital/1004/startup');
    expect(answer.body.results?.description.hospitalName).toBe(
      HOSPITALS.find((h) => h.key === 'shulan')?.name,
    );
    expect(answer.body.results?.canGoToHealthCard).toBe(false);
    expect(answer.body.results?.systemParamMap).toMatchObject({ THEME_CONFIG: 'blue' });
  });

  it('an unknown hospital is a business error (HTTP 200, state 404)', async () => {
    for (const call of ['description', 'canGoToHealthCard', 'systemParamMap', 'startup']) {
      const answer = await server.client().get(`/v1/hospital/9999/${call}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ state: 404, msg: '医院不存在', results: null });
      expect(answer.body.subMsg).toMatch(/9999/);
    }
  });

  it('a malformed hospital id is bad input (HTTP 400)', async () => {
    for (const call of ['description', 'startup']) {
      const answer = await server.client().get(`/v1/hospital/10%2000/${call}`);
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toMatch(/^参数 hospitalId 不正确/);
    }
  });
});
