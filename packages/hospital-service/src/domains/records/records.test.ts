import type {
  Contact,
  ExamReport,
  ExamSummary,
  LabTrendPoint,
  Report,
  ReportRequest,
  ReportSummary,
  VisitDetail,
  VisitSummary,
} from '@patient/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, chinaDate } from '../../platform/clock.ts';
import { TEST_START } from '../../test/constants.ts';
import { type Client, person, proveContact, startServer, type TestServer } from '../../test/harness.ts';
import { DEMO_PHONE } from '../accounts/index.ts';
import { filedBeforehand, medicalCards } from '../patients/index.ts';
import { flagOf, referenceRangeOf, SimulatedReports } from './lis.ts';
import { wrap } from './pages.ts';

/**
 * Health record and reports: the service reads the simulated HIS, LIS and PACS for the account's proven
 * contacts. The demo's 张伟 has type 2 diabetes (three follow-ups, the latest this morning), a lumbar MR and a
 * gastroscopy with its pathology; the clock starts on Monday 2025-03-10 at 09:00 China time.
 */
let server: TestServer;
let demo: Client;
let self: Contact;
let mother: Contact;

beforeAll(async () => {
  server = await startServer();
  demo = await server.login(DEMO_PHONE);
  [self, mother] = (await demo.get<Contact[]>('/contacts')).body.results ?? [];
});
afterAll(() => server?.close());
afterEach(() => server.clock.set(TEST_START));

const visits = (client: Client, contactId: string, hospitalId = '1000') =>
  client.post<{ filed: boolean; visits: VisitSummary[] }>(`/v1/patient/visits/${hospitalId}`, { contactId });
const reports = (client: Client, body: Record<string, unknown>, hospitalId = '1000') =>
  client.post<ReportSummary[]>(`/v1/report/list/${hospitalId}`, body);
const detail = (client: Client, reportId: string, hospitalId = '1000') =>
  client.post<Report>(`/v1/report/detail/${hospitalId}`, { reportId });

describe('health record', () => {
  it('lists a contact’s visits, newest first: three diabetes follow-ups, two acute visits and the health certificate check', async () => {
    const answer = await visits(demo, self.contactId);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { filed, visits: list } = answer.body.results ?? { filed: false, visits: [] };
    expect(filed).toBe(true);
    expect(list).toHaveLength(6);
    expect([...list].sort((a, b) => b.date.localeCompare(a.date))).toEqual(list);
    expect(list[0]).toMatchObject({
      type: 'OUTPATIENT',
      date: '2025-03-10',
      departmentName: '内分泌科',
      doctorName: '李建国',
      diagnosis: '2型糖尿病',
      patientName: '张伟',
      contactId: self.contactId,
      hospitalId: '1000',
    });
    expect(list.filter((v) => v.diagnosis === '2型糖尿病').map((v) => v.date)).toEqual([
      '2025-03-10',
      '2024-12-10',
      '2024-09-11',
    ]);
    expect(list.map((v) => v.departmentName)).toEqual(
      expect.arrayContaining(['骨科', '消化内科', '健康管理中心']),
    );
    // The same answer every time (the HIS is deterministic).
    expect((await visits(demo, self.contactId)).body.results).toEqual(answer.body.results);
  });

  it('opens a visit: its record, prescriptions with each drug’s use, and its reports', async () => {
    const [latest] = (await visits(demo, self.contactId)).body.results?.visits ?? [];
    const answer = await demo.post<VisitDetail>('/v1/patient/visit/1000', {
      contactId: self.contactId,
      visitNo: latest.visitNo,
    });
    const visit = answer.body.results as VisitDetail;
    expect(visit.record).toMatchObject({ chiefComplaint: '糖尿病复诊，复查血糖', diagnoses: ['2型糖尿病'] });
    expect(visit.prescriptions).toHaveLength(1);
    expect(visit.prescriptions[0].drugs.map((d) => d.name)).toEqual(['盐酸二甲双胍缓释片', '阿卡波糖片']);
    expect(visit.prescriptions[0].drugs[0]).toMatchObject({
      drugCode: 'YP0001',
      dose: '0.5g',
      route: '口服',
      frequency: '每日2次',
      days: 30,
    });
    expect(visit.reports.map((r) => [r.name, r.status])).toEqual([
      ['生化全套', 'READY'],
      ['糖化血红蛋白', 'PENDING'],
    ]);
    const drug = await demo.get<{ name: string; contraindications: string }>('/v1/patient/medicine/YP0001');
    expect(drug.body.results).toMatchObject({ name: '盐酸二甲双胍缓释片' });
    expect(drug.body.results?.contraindications).toContain('肾功能不全');
    expect((await demo.get('/v1/patient/medicine/YP9999')).body).toMatchObject({
      state: 404,
      msg: '药品说明书不存在',
    });
    expect(
      (await demo.post('/v1/patient/visit/1000', { contactId: self.contactId, visitNo: 'MZ100000000000' }))
        .body,
    ).toMatchObject({ state: 404, msg: '就诊记录不存在' });
  });

  it('answers filed: false for a person the hospital has no record of', async () => {
    const client = await server.login('13700004001');
    let n = 1;
    while (
      filedBeforehand({ hospitalId: '1000', identityCard: person(n).documentNumber, name: person(n).name })
    )
      n++;
    const unfiled = (await client.post<Contact>('/addPatient', person(n, { phone: '13700004001' }))).body
      .results as Contact;
    await proveContact(server, client, unfiled.contactId);
    expect((await visits(client, unfiled.contactId)).body.results).toEqual({ filed: false, visits: [] });
    expect((await reports(client, { contactId: unfiled.contactId })).body).toMatchObject({
      state: 404,
      msg: '未在本院建档',
      results: { filed: false },
    });
  });
});

describe('reports', () => {
  it('lists lab, imaging, pathology and health certificate reports, newest first, with their status and abnormal count', async () => {
    const answer = await reports(demo, { contactId: self.contactId });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const list = answer.body.results ?? [];
    expect(new Set(list.map((r) => r.kind))).toEqual(
      new Set(['LAB', 'IMAGING', 'PATHOLOGY', 'HEALTH_CERTIFICATE']),
    );
    expect([...list].sort((a, b) => b.requestedAt.localeCompare(a.requestedAt))).toEqual(list);
    const pending = list.filter((r) => r.status === 'PENDING');
    expect(pending.map((r) => r.name)).toEqual(['糖化血红蛋白']);
    expect(pending[0]).toMatchObject({ reportedAt: null, abnormalCount: null });
    const biochem = list.filter((r) => r.name === '生化全套');
    expect(biochem).toHaveLength(3);
    for (const r of biochem) expect(r.abnormalCount).toBeGreaterThanOrEqual(1);
    expect(
      (await reports(demo, { contactId: self.contactId, kind: 'IMAGING' })).body.results?.map((r) => r.name),
    ).toEqual(expect.arrayContaining(['腰椎磁共振平扫', '电子胃镜检查']));
    const recent = (
      await reports(demo, { contactId: self.contactId, startDate: '2025-03-01', endDate: '2025-03-10' })
    ).body.results;
    expect(recent?.map((r) => r.name)).toEqual(['糖化血红蛋白', '生化全套']);
  });

  it('shows a lab report’s items with value, unit, range and a high mark; its trend over the reports', async () => {
    const [latest] =
      (await reports(demo, { contactId: self.contactId, kind: 'LAB' })).body.results?.filter(
        (r) => r.name === '生化全套',
      ) ?? [];
    const report = (await detail(demo, latest.reportId)).body.results as Report;
    expect(report).toMatchObject({
      status: 'READY',
      specimen: '血清',
      reporterName: '刘芳',
      reviewerName: '孙明',
    });
    const glucose = report.items?.find((i) => i.code === 'GLU');
    expect(glucose).toMatchObject({
      name: '葡萄糖',
      unit: 'mmol/L',
      referenceRange: '3.90-6.10',
      flag: 'HIGH',
    });
    expect(glucose?.numeric).toBeGreaterThan(7);
    expect(report.items?.find((i) => i.code === 'TC')?.referenceRange).toBe('<5.20');

    const trend = await demo.post<{ low: number; high: number; unit: string; points: LabTrendPoint[] }>(
      '/v1/report/trend/1000',
      { contactId: self.contactId, itemCode: 'GLU' },
    );
    expect(trend.body.results).toMatchObject({ low: 3.9, high: 6.1, unit: 'mmol/L' });
    const values = trend.body.results?.points.map((p) => p.value) ?? [];
    expect(values).toHaveLength(3);
    expect(values[0]).toBeGreaterThan(values[1]);
    expect(values[1]).toBeGreaterThan(values[2]);
    expect(trend.body.results?.points.at(-1)?.reportId).toBe(latest.reportId);
    expect(
      (await demo.post('/v1/report/trend/1000', { contactId: self.contactId, itemCode: 'XYZ' })).body,
    ).toMatchObject({ state: 404, msg: '检验项目不存在' });
  });

  it('keeps a pending report’s results back until it is signed', async () => {
    const pending = (await reports(demo, { contactId: self.contactId })).body.results?.find(
      (r) => r.status === 'PENDING',
    ) as ReportSummary;
    expect(pending.expectedAt).not.toBeNull();
    expect((await detail(demo, pending.reportId)).body.results).toMatchObject({
      status: 'PENDING',
      items: null,
      reporterName: null,
    });
    expect((await demo.post('/v1/report/pages/1000', { reportId: pending.reportId })).body).toMatchObject({
      state: 409,
      msg: '报告尚未出具',
    });
    server.clock.set(new Date(new Date(pending.expectedAt as string).getTime() + 60_000));
    await server.login(DEMO_PHONE, demo);
    const ready = (await detail(demo, pending.reportId)).body.results as Report;
    expect(ready.status).toBe('READY');
    expect(ready.items?.[0]).toMatchObject({ code: 'HBA1C', flag: 'HIGH' });
  });

  it('shows an imaging report’s findings and impression, a pathology diagnosis, and pages as images', async () => {
    const list = (await reports(demo, { contactId: self.contactId })).body.results ?? [];
    const mr = list.find((r) => r.name === '腰椎磁共振平扫') as ReportSummary;
    const imaging = (await detail(demo, mr.reportId)).body.results as Report;
    expect(imaging.imaging).toMatchObject({ modality: 'MR', bodyPart: '腰椎' });
    expect(imaging.imaging?.impression).toContain('L4/5椎间盘突出');
    expect(imaging.items).toBeNull();
    const pathology = list.find((r) => r.kind === 'PATHOLOGY') as ReportSummary;
    expect((await detail(demo, pathology.reportId)).body.results?.pathology?.diagnosis).toContain(
      '慢性非萎缩性胃炎',
    );

    const pages = await demo.post<{ title: string; pages: { image: string; width: number }[] }>(
      '/v1/report/pages/1000',
      { reportId: mr.reportId },
    );
    expect(pages.headers.get('cache-control')).toBe('no-store');
    expect(pages.body.results?.title).toBe('腰椎磁共振平扫报告单');
    const svg = Buffer.from(pages.body.results?.pages[0].image.split(',')[1] ?? '', 'base64').toString(
      'utf8',
    );
    expect(svg).toContain('<svg');
    expect(svg).toContain('检查报告单');
    expect(svg).toContain('诊断意见');
    const lab = list.find((r) => r.name === '生化全套') as ReportSummary;
    const labPages =
      (await demo.post<{ pages: { image: string }[] }>('/v1/report/pages/1000', { reportId: lab.reportId }))
        .body.results?.pages ?? [];
    const labSvg = Buffer.from(labPages[0].image.split(',')[1], 'base64').toString('utf8');
    expect(labSvg).toContain('葡萄糖（GLU）');
    expect(labSvg).toContain('↑');
  });
});

describe('health certificates (健康证)', () => {
  it('lists the person’s certificate under its kind; the detail has the items, the verdict and a year’s validity', async () => {
    const answer = await reports(demo, { contactId: self.contactId, kind: 'HEALTH_CERTIFICATE' });
    const list = answer.body.results ?? [];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      kind: 'HEALTH_CERTIFICATE',
      name: '从业人员健康检查',
      status: 'READY',
      departmentName: '健康管理中心',
      abnormalCount: null,
    });
    const report = (await detail(demo, list[0].reportId)).body.results as Report;
    const certificate = report.healthCertificate;
    expect(certificate?.items.map((i) => i.name)).toEqual([
      '内科检查',
      '皮肤检查',
      '胸部X线检查',
      '甲型肝炎抗体IgM',
      '戊型肝炎抗体IgM',
      '粪便培养（痢疾杆菌、伤寒及副伤寒沙门菌）',
    ]);
    expect(report.items).toBeNull();
    if (certificate?.conclusion === 'QUALIFIED') {
      expect(certificate.items.every((i) => i.qualified)).toBe(true);
      expect(certificate.validFrom).toBe(report.reportedAt && chinaDate(new Date(report.reportedAt)));
      expect(certificate.validUntil).toBe(
        addDays(`${Number(certificate.validFrom?.slice(0, 4)) + 1}${certificate.validFrom?.slice(4)}`, -1),
      );
      expect(certificate.certificateNo).toMatch(/^JK1000\d{8}$/);
    } else {
      expect(certificate?.items.filter((i) => !i.qualified)).toHaveLength(1);
      expect(certificate).toMatchObject({ certificateNo: null, validFrom: null, validUntil: null });
    }
    // The same answer every time; the pages and the request name it.
    expect((await detail(demo, list[0].reportId)).body.results).toEqual(report);
    const pages = await demo.post<{ pages: { image: string }[] }>('/v1/report/pages/1000', {
      reportId: report.reportId,
    });
    const svg = Buffer.from(pages.body.results?.pages[0].image.split(',')[1] ?? '', 'base64').toString(
      'utf8',
    );
    expect(svg).toContain('健康证明');
    expect(svg).toContain('有效期');
    const requests = (
      await demo.post<ReportRequest[]>('/v1/report/requests/1000', { contactId: self.contactId })
    ).body.results;
    expect(requests?.find((r) => r.reportId === report.reportId)).toMatchObject({
      kind: 'HEALTH_CERTIFICATE',
      status: 'REPORTED',
      performedBy: '健康管理中心',
    });
  });

  it('belongs to the check-up visit; another account gets 404', async () => {
    const other = await server.login('13700004002');
    const [visit] = ((await visits(demo, self.contactId)).body.results?.visits ?? []).filter(
      (v) => v.departmentName === '健康管理中心',
    );
    const [summary] =
      (await reports(demo, { contactId: self.contactId, kind: 'HEALTH_CERTIFICATE' })).body.results ?? [];
    expect(summary.visitNo).toBe(visit.visitNo);
    expect(visit.diagnosis).toBe('从业人员健康检查');
    expect((await detail(other, summary.reportId)).body).toMatchObject({ state: 404, msg: '报告不存在' });
  });

  it('gives one person in about six a failed item: no certificate, the item named; deterministic per person', () => {
    const system = new SimulatedReports();
    const order = {
      reportId: 'H10001234567890',
      order: { kind: 'HEALTH_CERTIFICATE' as const, turnaroundHours: 72 },
      requestedAt: new Date('2025-02-28T01:00:00Z'),
      seed: 'CERTIFICATE',
    };
    const verdicts = Array.from({ length: 60 }, (_, i) => {
      const p = { hospitalId: '1000', identityCard: person(i + 1).documentNumber, name: person(i + 1).name };
      const source = system.reportOf(p, order);
      // Signed three days after the check (the stool culture); pending until then.
      expect(source.reportedAt.getTime() - order.requestedAt.getTime()).toBe(72 * 3600_000);
      const first = source.healthCertificate;
      expect(system.reportOf(p, order).healthCertificate).toEqual(first);
      return first;
    });
    const failed = verdicts.filter((v) => v?.conclusion === 'UNQUALIFIED');
    expect(failed.length).toBeGreaterThan(2);
    expect(failed.length).toBeLessThan(25);
    for (const v of failed) {
      const bad = v?.items.filter((i) => !i.qualified) ?? [];
      expect(bad).toHaveLength(1);
      expect(bad[0].result).not.toMatch(/^(未见异常|阴性|未检出)$/);
      expect(v).toMatchObject({ certificateNo: null, validUntil: null });
    }
    // Signed on 3 March (2025-02-28 + 72 h, China): valid to 2 March next year.
    const passed = verdicts.find((v) => v?.conclusion === 'QUALIFIED');
    expect(passed).toMatchObject({ validFrom: '2025-03-03', validUntil: '2026-03-02' });
  });
});

describe('requests and the search by card', () => {
  it('lists the requests with where they stand and what to do before; opens one', async () => {
    const list =
      (await demo.post<ReportRequest[]>('/v1/report/requests/1000', { contactId: self.contactId })).body
        .results ?? [];
    expect(list[0]).toMatchObject({ name: '糖化血红蛋白', status: 'COLLECTED', performedBy: '检验科' });
    expect(list.find((r) => r.name === '生化全套')?.preparation[0]).toContain('空腹');
    expect(list.filter((r) => r.status === 'REPORTED')).toHaveLength(list.length - 1);
    const one = await demo.post<ReportRequest>('/v1/report/request/1000', { requestId: list[0].requestId });
    expect(one.body.results).toEqual(list[0]);
    const stranger = await server.login('13700004003');
    expect(
      (await stranger.post('/v1/report/request/1000', { requestId: list[0].requestId })).body,
    ).toMatchObject({
      state: 404,
      msg: '申请单不存在',
    });
    expect((await demo.post('/v1/report/request/1000', { requestId: list[0].reportId })).body.state).toBe(
      404,
    );
  });

  it('finds the reports of a contact’s card at every hospital where the contact is filed, in a date range', async () => {
    const cards = await server.database.db
      .select()
      .from(medicalCards)
      .where(eq(medicalCards.contactId, Number(self.contactId)));
    const card = cards.find((c) => c.hospitalId === '1000') as (typeof cards)[number];
    const search = (client: Client, body: Record<string, unknown>) =>
      client.post<ReportSummary[]>('/v1/report/byCard', body);
    const found =
      (
        await search(demo, {
          cardNo: card.medicalCardNo,
          name: '张伟',
          startDate: '2024-06-01',
          endDate: '2025-03-10',
        })
      ).body.results ?? [];
    const hospitalsFound = new Set(found.map((r) => r.hospitalId));
    expect(hospitalsFound.has('1000')).toBe(true);
    expect(hospitalsFound.size).toBeGreaterThan(1);
    expect([...found].sort((a, b) => b.requestedAt.localeCompare(a.requestedAt))).toEqual(found);
    const march = (
      await search(demo, {
        cardNo: card.medicalCardNo,
        name: '张伟',
        startDate: '2025-03-01',
        endDate: '2025-03-10',
      })
    ).body.results;
    expect(march?.every((r) => r.requestedAt >= '2025-02-28')).toBe(true);
    // A wrong name, another account's card: not found; a span over a year or reversed: 400.
    expect(
      (
        await search(demo, {
          cardNo: card.medicalCardNo,
          name: '张三',
          startDate: '2025-01-01',
          endDate: '2025-03-10',
        })
      ).body,
    ).toMatchObject({ state: 404, msg: '未找到该卡' });
    const stranger = await server.login('13700004004');
    expect(
      (
        await search(stranger, {
          cardNo: card.medicalCardNo,
          name: '张伟',
          startDate: '2025-01-01',
          endDate: '2025-03-10',
        })
      ).body.state,
    ).toBe(404);
    for (const [startDate, endDate] of [
      ['2024-01-01', '2025-03-10'],
      ['2025-03-10', '2025-03-01'],
    ]) {
      const answer = await search(demo, { cardNo: card.medicalCardNo, name: '张伟', startDate, endDate });
      expect(answer.status).toBe(400);
      expect(answer.body.results).toEqual({ field: 'endDate' });
    }
  });
});

describe('reports by electronic health card', () => {
  it('finds them by the 64-character card number the service issued, in either case', async () => {
    const registered = await demo.post<{ cardNo: string }>('/v1/contact/registerAndBindHealthCard', {
      hospitalId: '1000',
      contactId: self.contactId,
    });
    const cardNo = registered.body.results?.cardNo as string;
    expect(cardNo).toHaveLength(64);
    for (const typed of [cardNo, cardNo.toLowerCase()]) {
      const answer = await demo.post<ReportSummary[]>('/v1/report/byCard', {
        cardNo: typed,
        name: '张伟',
        startDate: '2024-06-01',
        endDate: '2025-03-10',
      });
      expect(answer.body.state, answer.text).toBe(200);
      expect(answer.body.results?.some((r) => r.hospitalId === '1000')).toBe(true);
    }
    const tooLong = await demo.post('/v1/report/byCard', {
      cardNo: `${cardNo}0`,
      name: '张伟',
      startDate: '2024-06-01',
      endDate: '2025-03-10',
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.results).toEqual({ field: 'cardNo' });
  });
});

describe('who may read', () => {
  it('answers another account’s contact, visit and report as if they did not exist', async () => {
    const list = (await reports(demo, { contactId: self.contactId })).body.results ?? [];
    const [visit] = (await visits(demo, self.contactId)).body.results?.visits ?? [];
    const stranger = await server.login('13700004002');
    expect((await visits(stranger, self.contactId)).body).toMatchObject({ state: 404, msg: '就诊人不存在' });
    expect((await reports(stranger, { contactId: self.contactId })).body.state).toBe(404);
    expect(
      (await stranger.post('/v1/patient/visit/1000', { contactId: self.contactId, visitNo: visit.visitNo }))
        .body.state,
    ).toBe(404);
    for (const r of list.slice(0, 3)) {
      expect((await detail(stranger, r.reportId)).body).toMatchObject({ state: 404, msg: '报告不存在' });
      expect((await stranger.post('/v1/report/pages/1000', { reportId: r.reportId })).body.state).toBe(404);
    }
    expect(
      (await stranger.post('/v1/report/trend/1000', { contactId: self.contactId, itemCode: 'GLU' })).body
        .state,
    ).toBe(404);
    // Not logged in: 401.
    expect((await server.client().post('/v1/report/list/1000', { contactId: self.contactId })).status).toBe(
      401,
    );
  });

  it('asks to verify a contact not proven for the hospital’s data (the mother, before her code)', async () => {
    expect((await visits(demo, mother.contactId)).body).toMatchObject({
      state: 403,
      msg: '请先验证就诊人身份',
    });
    expect((await reports(demo, { contactId: mother.contactId })).body.state).toBe(403);
  });

  it('answers 400 in Chinese naming the field for bad input, never 500; an unknown hospital is 404', async () => {
    const cases: [string, unknown, string][] = [
      ['/v1/patient/visits/1000', {}, 'contactId'],
      ['/v1/patient/visits/1000', { contactId: '1 OR 1=1' }, 'contactId'],
      ['/v1/patient/visit/1000', { contactId: self.contactId, visitNo: '<script>' }, 'visitNo'],
      ['/v1/report/list/1000', { contactId: self.contactId, kind: 'XRAY' }, 'kind'],
      ['/v1/report/list/1000', { contactId: self.contactId, startDate: '2025/03/01' }, 'startDate'],
      [
        '/v1/report/list/1000',
        { contactId: self.contactId, startDate: '2025-03-10', endDate: '2025-03-01' },
        'endDate',
      ],
      ['/v1/report/detail/1000', { reportId: '' }, 'reportId'],
      ['/v1/report/detail/1000', { reportId: 'x'.repeat(200) }, 'reportId'],
      ['/v1/report/trend/1000', { contactId: self.contactId, itemCode: 'G L U' }, 'itemCode'],
      ['/v1/report/pages/1000', { reportId: ['L1'] }, 'reportId'],
    ];
    for (const [path, body, field] of cases) {
      const answer = await demo.post(path, body);
      expect(answer.status, path).toBe(400);
      expect(answer.body.results, `${path} ${JSON.stringify(body)}`).toEqual({ field });
      expect(answer.body.msg, path).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await demo.get('/v1/patient/medicine/..%2F..')).status).toBe(400);
    expect((await demo.call('POST', '/v1/report/list/1000', { rawBody: '{"contactId":' })).status).toBe(400);
    expect((await reports(demo, { contactId: self.contactId }, '4242')).body).toMatchObject({
      state: 404,
      msg: '医院不存在',
    });
    expect((await detail(demo, 'L100000000000', '4242')).body.state).toBe(404);
  });
});

describe('physical-exam reports', () => {
  it('lists a contact’s exams, finds one by number and name, with the summary and findings first', async () => {
    const list =
      (
        await demo.post<ExamSummary[]>('/v1/medical-examination/report/list', {
          hospitalId: '1000',
          contactId: self.contactId,
        })
      ).body.results ?? [];
    expect(list.map((e) => [e.packageName, e.date, e.status])).toEqual([
      ['年度健康体检', '2025-02-03', 'READY'],
      ['入职健康体检', '2024-02-04', 'READY'],
    ]);
    const [recent] = list;
    const found = await demo.post<ExamReport>(
      `/v1/medical-examination/report/${recent.examNo}/${encodeURIComponent('张伟')}`,
      { hospitalId: '1000' },
    );
    expect(found.headers.get('cache-control')).toBe('no-store');
    const exam = found.body.results as ExamReport;
    expect(exam.summary).toContain('空腹血糖升高');
    expect(exam.conclusions?.[0]).toMatchObject({ finding: '空腹血糖升高' });
    expect(exam.sections?.map((s) => s.name)).toEqual([
      '一般检查',
      '内科',
      '外科',
      '血常规',
      '生化检查',
      '腹部彩超',
      '心电图',
    ]);
    expect(exam.sections?.find((s) => s.name === '生化检查')?.conclusion).toContain('葡萄糖偏高');
    expect(exam.sections?.find((s) => s.name === '心电图')?.conclusion).toBe('未见明显异常');
    const pages =
      (
        await demo.post<{ pages: { image: string }[] }>(`/v1/report/${recent.examNo}/getExamReportPdf`, {
          hospitalId: '1000',
        })
      ).body.results?.pages ?? [];
    expect(pages.length).toBeGreaterThan(1);
    expect(Buffer.from(pages[0].image.split(',')[1], 'base64').toString('utf8')).toContain('总检结论');
  });

  it('answers a wrong name, another account and bad input as it should', async () => {
    const [recent] =
      (
        await demo.post<ExamSummary[]>('/v1/medical-examination/report/list', {
          hospitalId: '1000',
          contactId: self.contactId,
        })
      ).body.results ?? [];
    const path = (name: string) =>
      `/v1/medical-examination/report/${recent.examNo}/${encodeURIComponent(name)}`;
    expect((await demo.post(path('张三'), { hospitalId: '1000' })).body).toMatchObject({
      state: 404,
      msg: '体检报告不存在',
    });
    const stranger = await server.login('13700004005');
    expect((await stranger.post(path('张伟'), { hospitalId: '1000' })).body.state).toBe(404);
    expect(
      (await stranger.post(`/v1/report/${recent.examNo}/getExamReportPdf`, { hospitalId: '1000' })).body
        .state,
    ).toBe(404);
    expect(
      (
        await stranger.post('/v1/medical-examination/report/list', {
          hospitalId: '1000',
          contactId: self.contactId,
        })
      ).body.state,
    ).toBe(404);
    const bad = await demo.post(`/v1/medical-examination/report/TJ%3Cx%3E/${encodeURIComponent('张伟')}`, {
      hospitalId: '1000',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.results).toEqual({ field: 'examNo' });
    const noHospital = await demo.post(path('张伟'), {});
    expect(noHospital.status).toBe(400);
    expect(noHospital.body.results).toEqual({ field: 'hospitalId' });
  });
});

describe('lab flags and page layout', () => {
  it('marks high and low against the range, the bounds inside it', () => {
    expect(flagOf(6.2, 3.9, 6.1)).toBe('HIGH');
    expect(flagOf(6.1, 3.9, 6.1)).toBe('NORMAL');
    expect(flagOf(3.8, 3.9, 6.1)).toBe('LOW');
    expect(flagOf(99, null, null)).toBe('NORMAL');
    expect(flagOf(5.3, null, 5.2)).toBe('HIGH');
    expect(referenceRangeOf({ low: 3.9, high: 6.1, decimals: 2 })).toBe('3.90-6.10');
    expect(referenceRangeOf({ low: null, high: 10, decimals: 1 })).toBe('<10.0');
    expect(referenceRangeOf({ low: null, high: null, decimals: 0, qualitative: '阴性' })).toBe('阴性');
  });

  it('wraps running text by characters', () => {
    expect(wrap('一二三四五', 2)).toEqual(['一二', '三四', '五']);
    expect(wrap('')).toEqual(['']);
  });
});
