import type { Contact, ReportSummary, VisitSummary } from '@patient/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer } from '../../test/harness.ts';
import { type SwitchablePort, switchablePort } from '../../test/outside.ts';
import { DEMO_PHONE } from '../accounts/index.ts';
import { followUpTasks } from '../feedback/index.ts';
import { type ExamCentre, SimulatedExamCentre } from './exam-centre.ts';
import { type RecordSystem, SimulatedRecordSystem } from './his.ts';
import { type Laboratory, SimulatedLaboratory } from './lis.ts';

/**
 * The HIS, the LIS and the exam centre failing or not answering: each call that needs one answers state 503
 * naming it, and a visit's follow-ups (written on first read) are not written.
 */
let server: TestServer;
let demo: Client;
let self: Contact;
let his: SwitchablePort<RecordSystem>;
let lis: SwitchablePort<Laboratory>;
let pacs: SwitchablePort<ExamCentre>;

beforeAll(async () => {
  his = switchablePort<RecordSystem>(new SimulatedRecordSystem());
  lis = switchablePort<Laboratory>(new SimulatedLaboratory());
  pacs = switchablePort<ExamCentre>(new SimulatedExamCentre());
  server = await startServer({
    ports: { recordSystem: his.port, laboratory: lis.port, examCentre: pacs.port },
  });
  demo = await server.login(DEMO_PHONE);
  [self] = (await demo.get<Contact[]>('/contacts')).body.results ?? [];
});
afterAll(() => server?.close());

const down = (system: string) => ({
  state: 503,
  msg: `${system}暂不可用`,
  subMsg: expect.stringMatching(
    new RegExp(`^${system.replace(/[()（）]/g, '.')}(暂时无法访问|响应超时)，请稍后再试（本次操作未生效）$`),
  ),
});

describe('the records’ outside systems down', () => {
  it('answers 503 naming the system that failed or hung, writes no follow-up, and works again after', async () => {
    const visits = (
      await demo.post<{ visits: VisitSummary[] }>('/v1/patient/visits/1000', { contactId: self.contactId })
    ).body.results?.visits as VisitSummary[];
    const outpatient = visits.find((v) => v.type === 'OUTPATIENT') as VisitSummary;
    const [report] = (
      await demo.post<ReportSummary[]>('/v1/report/list/1000', { contactId: self.contactId, kind: 'LAB' })
    ).body.results as ReportSummary[];
    const tasks = async () =>
      (
        await server.database.db
          .select({ n: count() })
          .from(followUpTasks)
          .where(eq(followUpTasks.inhospitalId, outpatient.visitNo))
      )[0].n;
    const calls = {
      visits: () => demo.post('/v1/patient/visits/1000', { contactId: self.contactId }),
      followUps: () =>
        demo.post('/v1/patient/followUpList/1000', {
          contactId: self.contactId,
          visitNo: outpatient.visitNo,
        }),
      drug: () => demo.get('/v1/patient/medicine/YP0001'),
      reports: () => demo.post('/v1/report/list/1000', { contactId: self.contactId }),
      report: () => demo.post('/v1/report/detail/1000', { reportId: report.reportId }),
      exams: () =>
        demo.post('/v1/medical-examination/report/list', { hospitalId: '1000', contactId: self.contactId }),
    };

    for (const stop of ['fail', 'hang'] as const) {
      his[stop]();
      for (const call of [calls.visits, calls.followUps, calls.reports, calls.report, calls.drug]) {
        expect((await call()).body).toMatchObject(down('医院信息系统（HIS）'));
      }
      expect(await tasks()).toBe(0);
      his.restore();

      lis[stop]();
      expect((await calls.reports()).body).toMatchObject(down('检验系统（LIS）'));
      expect((await calls.report()).body).toMatchObject(down('检验系统（LIS）'));
      expect((await calls.visits()).body.state).toBe(200);
      lis.restore();

      pacs[stop]();
      expect((await calls.reports()).body).toMatchObject(down('检查与体检系统（PACS）'));
      expect((await calls.exams()).body).toMatchObject(down('检查与体检系统（PACS）'));
      // A lab report needs only the LIS.
      expect((await calls.report()).body.state).toBe(200);
      pacs.restore();
    }

    for (const call of Object.values(calls)) expect((await call()).body.state).not.toBe(503);
    expect(await tasks()).toBe(1);
  });
});
