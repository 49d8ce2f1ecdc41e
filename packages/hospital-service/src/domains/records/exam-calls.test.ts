import type { Contact, ExamSummary } from '@patient/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer } from '../../test/harness.ts';
import { DEMO_PHONE } from '../accounts/index.ts';

/** getHealthExamRecords and pdfToImg (001 §7 'Exam reports'): the demo's 张伟 has two signed check-ups. */
let server: TestServer;
let demo: Client;
let self: Contact;

beforeAll(async () => {
  server = await startServer();
  demo = await server.login(DEMO_PHONE);
  [self] = (await demo.get<Contact[]>('/contacts')).body.results ?? [];
});
afterAll(() => server?.close());

const records = (client: Client, contactId: string, body: Record<string, unknown> = { hospitalId: '1000' }) =>
  client.post<ExamSummary[]>(`/v1/report/${contactId}/getHealthExamRecords`, body);

type Pages = { fileName: string; title: string; pageCount: number; pages: { image: string }[] };

describe('getHealthExamRecords', () => {
  it('lists the proven contact’s check-ups, newest first, as the report list does', async () => {
    const answer = await records(demo, self.contactId);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const list = answer.body.results ?? [];
    expect(list.map((e) => [e.packageName, e.date, e.status])).toEqual([
      ['年度健康体检', '2025-02-03', 'READY'],
      ['入职健康体检', '2024-02-04', 'READY'],
    ]);
    const listed = await demo.post('/v1/medical-examination/report/list', {
      hospitalId: '1000',
      contactId: self.contactId,
    });
    expect(list).toEqual(listed.body.results);
  });

  it('answers another account 404 and bad input 400 in Chinese', async () => {
    const stranger = await server.login('13700004401');
    expect((await records(stranger, self.contactId)).body.state).toBe(404);
    const bad = await records(demo, 'a%20b');
    expect(bad.status).toBe(400);
    expect(bad.body.results).toEqual({ field: 'contactId' });
    expect(bad.body.subMsg ?? bad.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    const noHospital = await records(demo, self.contactId, {});
    expect(noHospital.status).toBe(400);
    expect(noHospital.body.results).toEqual({ field: 'hospitalId' });
  });
});

describe('pdfToImg', () => {
  it('turns the owner’s exam report PDF into the pages it is written from', async () => {
    const [exam] = (await records(demo, self.contactId)).body.results ?? [];
    const fileName = `${exam.examNo}.pdf`;
    const answer = await demo.get<Pages>('/v1/common/pdfToImg', { hospitalId: '1000', fileName });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const result = answer.body.results as Pages;
    expect(result.fileName).toBe(fileName);
    expect(result.pageCount).toBe(result.pages.length);
    expect(result.pageCount).toBeGreaterThan(1);
    expect(result.pages[0].image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(result.pages[0].image.split(',')[1], 'base64').toString('utf8')).toContain('总检结论');
    const images = await demo.post<{ pages: unknown[] }>(`/v1/report/${exam.examNo}/getExamReportPdf`, {
      hospitalId: '1000',
    });
    expect(result.pages).toEqual(images.body.results?.pages);
  });

  it('answers another account and an unknown file 404, bad names 400 in Chinese', async () => {
    const [exam] = (await records(demo, self.contactId)).body.results ?? [];
    const stranger = await server.login('13700004402');
    const theirs = await stranger.get('/v1/common/pdfToImg', {
      hospitalId: '1000',
      fileName: `${exam.examNo}.pdf`,
    });
    expect(theirs.body).toMatchObject({ state: 404, msg: '体检报告不存在' });
    const unknown = await demo.get('/v1/common/pdfToImg', { hospitalId: '1000', fileName: 'TJ0000.pdf' });
    expect(unknown.body.state).toBe(404);
    for (const [query, field] of [
      [{ hospitalId: '1000', fileName: '../etc/passwd' }, 'fileName'],
      [{ hospitalId: '1000', fileName: `${exam.examNo}.png` }, 'fileName'],
      [{ hospitalId: '1000' }, 'fileName'],
      [{ fileName: `${exam.examNo}.pdf` }, 'hospitalId'],
    ] as const) {
      const bad = await demo.get('/v1/common/pdfToImg', query);
      expect(bad.status, JSON.stringify(query)).toBe(400);
      expect(bad.body.results).toEqual({ field });
      expect(bad.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(
      (await server.client().get('/v1/common/pdfToImg', { hospitalId: '1000', fileName: 'x.pdf' })).status,
    ).toBe(401);
  });
});
