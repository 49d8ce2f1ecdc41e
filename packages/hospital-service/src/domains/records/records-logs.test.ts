import { Writable } from 'node:stream';
import type { Contact, Report, ReportSummary } from '@patient/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logging/logger.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import { DEMO_PHONE } from '../accounts/index.ts';

const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ logger: createLogger({ stream, level: 'debug' }) });
});
afterAll(() => server?.close());

describe('health data in the logs', () => {
  it('leaves no report content, no name and no exam number in the log', async () => {
    const demo = await server.login(DEMO_PHONE);
    const [self] = (await demo.get<Contact[]>('/contacts')).body.results ?? [];
    const list =
      (await demo.post<ReportSummary[]>('/v1/report/list/1000', { contactId: self.contactId })).body
        .results ?? [];
    const lab = list.find((r) => r.name === '生化全套') as ReportSummary;
    const report = (await demo.post<Report>('/v1/report/detail/1000', { reportId: lab.reportId })).body
      .results as Report;
    await demo.post('/v1/report/pages/1000', { reportId: lab.reportId });
    const [exam] =
      (
        await demo.post<{ examNo: string }[]>('/v1/medical-examination/report/list', {
          hospitalId: '1000',
          contactId: self.contactId,
        })
      ).body.results ?? [];
    await demo.post(`/v1/medical-examination/report/${exam.examNo}/${encodeURIComponent('张伟')}`, {
      hospitalId: '1000',
    });
    // The pages and the PDF files: neither their content nor the exam number.
    await demo.post(`/v1/report/${exam.examNo}/getExamReportPdf`, { hospitalId: '1000' });
    await demo.get('/v1/report/downloadFile', { hospitalId: '1000', fileName: `${exam.examNo}.pdf` });
    await demo.post('/v1/report/pdfFile/1000', { reportId: lab.reportId });

    const log = lines.join('\n');
    expect(log).toContain('request completed');
    expect(log).toContain('/v1/report/[REDACTED]/getExamReportPdf');
    expect(log).not.toContain('%PDF');
    const glucose = report.items?.find((i) => i.code === 'GLU');
    for (const secret of [
      '葡萄糖',
      glucose?.value ?? 'x',
      '张伟',
      encodeURIComponent('张伟'),
      exam.examNo,
      '空腹血糖',
    ]) {
      expect(log, secret).not.toContain(secret);
    }
  });
});
