import type {
  GuideStep,
  HospitalIntroduction,
  HospitalNavigation,
  HospitalNotice,
  PricePage,
} from '@patient/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer } from '../../test/harness.ts';
import { HOSPITALS } from '../hospitals/index.ts';
import { parseLocation } from './routes.ts';

/** Hospital information over HTTP: one source for every hospital's content, public; prices by name or pinyin. */
let server: TestServer;
let visitor: Client;

beforeAll(async () => {
  server = await startServer();
  visitor = server.client();
});
afterAll(() => server?.close());

const drugs = (query: Record<string, string | number> = {}, hospitalId = '1000') =>
  visitor.get<PricePage>(`/v1/prices/drugPriceInfo/${hospitalId}`, query);
const services = (query: Record<string, string | number> = {}, hospitalId = '1000') =>
  visitor.get<PricePage>(`/v1/prices/medicalServicePriceInfo/${hospitalId}`, query);

describe('introduction, notices, navigation and the guide', () => {
  it('answers every hospital’s own name, address and hotline, from the service’s one record', async () => {
    for (const h of HOSPITALS) {
      const intro = (await visitor.get<HospitalIntroduction>(`/v1/hospital/${h.id}/introduction`)).body
        .results as HospitalIntroduction;
      expect(intro).toMatchObject({ hospitalId: h.id, name: h.name, address: h.address });
      expect(intro.hotlines[0]).toEqual({ label: '咨询电话', number: h.hotline });
      expect(intro.facts.find((f) => f.title === '医院地址')?.value).toBe(h.address);
      expect(intro.introduction.length).toBeGreaterThan(0);
      expect(intro.transport.length).toBeGreaterThan(0);
    }
    // The Guizhou hospital has Guizhou numbers and address.
    const zhongxiyi = (await visitor.get<HospitalIntroduction>('/v1/hospital/1006/introduction')).body
      .results;
    expect(zhongxiyi?.address).toMatch(/^贵州省铜仁市/);
    expect(zhongxiyi?.hotlines.every((l) => l.number.startsWith('0856-'))).toBe(true);
    expect((await visitor.get('/v1/hospital/4242/introduction')).body).toMatchObject({
      state: 404,
      msg: '医院不存在',
    });
  });

  it('lists the notices newest first, and the guide with the app’s screens', async () => {
    const notices = (await visitor.get<HospitalNotice[]>('/v1/hospital/1000/notices')).body.results ?? [];
    expect(notices.map((n) => n.title)).toEqual(['就诊提示', '门诊就诊须知', '检查检验须知', '医保结算说明']);
    expect(notices[0]).toMatchObject({ publishedAt: '2025-03-09', body: [HOSPITALS[0].notice] });
    const guide = (await visitor.get<GuideStep[]>('/v1/hospital/1000/guide')).body.results ?? [];
    expect(guide.map((s) => s.title)).toEqual([
      '预约挂号',
      '到院签到',
      '候诊就诊',
      '缴费',
      '检查检验与取药',
      '查看报告',
    ]);
    expect(guide[1]).toMatchObject({ path: '/callingQueuing', action: '到院签到' });
  });

  it('places every clinic and facility by building and floor', async () => {
    const nav = (await visitor.get<HospitalNavigation>('/v1/hospital/1000/navigation')).body
      .results as HospitalNavigation;
    expect(nav.buildings.map((b) => b.name)).toEqual(['门诊楼', '医技楼', '住院部']);
    const outpatient = nav.buildings[0];
    expect(outpatient.floors.map((f) => f.floor)).toEqual(['1层', '2层', '3层', '4层']);
    const ground = outpatient.floors[0].places;
    expect(ground).toContainEqual({ name: '挂号收费处', kind: 'FACILITY', area: 'A区' });
    const departments = nav.buildings
      .flatMap((b) => b.floors.flatMap((f) => f.places))
      .filter((p) => p.kind === 'DEPARTMENT');
    expect(departments.length).toBeGreaterThan(8);
    expect(parseLocation('门诊楼2层B区')).toEqual({ building: '门诊楼', floor: '2层', area: 'B区' });
    expect(parseLocation('医技楼1层')).toEqual({ building: '医技楼', floor: '1层', area: '' });
    expect(parseLocation('前台')).toBeNull();
  });
});

describe('price inquiry', () => {
  it('finds drugs by name, full pinyin or initials, with price, unit, specification and insurance class', async () => {
    const byName = (await drugs({ keyword: '阿莫西林' })).body.results as PricePage;
    expect(byName.items).toEqual([
      {
        itemId: expect.any(String),
        code: 'YP0001',
        name: '阿莫西林胶囊',
        specification: '0.25g×24粒',
        unit: '盒',
        price: 1250,
        insuranceCategory: 'A',
        manufacturer: '华北制药股份有限公司',
      },
    ]);
    expect((await drugs({ keyword: 'amxl' })).body.results?.items.map((i) => i.code)).toEqual(['YP0001']);
    expect((await drugs({ keyword: ' AMOXI ' })).body.results?.items.map((i) => i.code)).toEqual(['YP0001']);
    // Drugs cost the same everywhere (zero mark-up); services differ by hospital.
    expect((await drugs({ keyword: 'amxl' }, '1003')).body.results?.items[0].price).toBe(1250);
    const here = (await services({ keyword: 'xcg' })).body.results?.items ?? [];
    expect(here.map((i) => i.name)).toEqual(['血常规检查']);
    expect(here[0]).toMatchObject({ manufacturer: null, unit: '次' });
    expect(here[0].price % 10).toBe(0);
    // Wildcards are plain text.
    expect((await drugs({ keyword: '%' })).body.results?.total).toBe(0);
  });

  it('pages through everything without a keyword', async () => {
    const first = (await services({ pageSize: 8 })).body.results as PricePage;
    expect(first).toMatchObject({ total: 20, page: 1, pageSize: 8 });
    expect(first.items).toHaveLength(8);
    const last = (await services({ pageSize: 8, page: 3 })).body.results as PricePage;
    expect(last.items.map((i) => i.code)).toEqual(['FW0017', 'FW0018', 'FW0019', 'FW0020']);
    expect((await drugs({ page: 99 })).body.results).toMatchObject({ items: [], total: 20 });
  });

  it('answers bad input with 400 naming the field in Chinese, and an unknown hospital with 404', async () => {
    for (const [query, field] of [
      [{ keyword: 'x'.repeat(21) }, 'keyword'],
      [{ page: 0 }, 'page'],
      [{ page: 'two' }, 'page'],
      [{ pageSize: 500 }, 'pageSize'],
    ] as const) {
      const answer = await drugs(query as Record<string, string | number>);
      expect(answer.status, field).toBe(400);
      expect(answer.body.msg).toContain(`参数 ${field} 不正确`);
    }
    expect((await drugs({}, '4242')).body).toMatchObject({ state: 404, msg: '医院不存在' });
    expect((await visitor.get('/v1/prices/drugPriceInfo/<x>')).status).toBe(400);
  });
});
