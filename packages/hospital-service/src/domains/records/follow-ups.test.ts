import type { Contact, FollowUpTask, VisitFollowUp, VisitSummary } from '@patient/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, proveContact, startServer, type TestServer } from '../../test/harness.ts';
import { DEMO_PHONE } from '../accounts/index.ts';

/**
 * A visit's follow-ups (/patientRecord/followUpList): the records domain checks the visit is the account's and
 * asks the feedback domain (its index) for the tasks, written on first read; each is answered once through the
 * feedback calls. The demo's 张伟 has outpatient visits; 王秀兰 (the mother) has a stay.
 */
let server: TestServer;
let demo: Client;
let self: Contact;
let outpatient: VisitSummary;

const visits = (client: Client, contactId: string) =>
  client.post<{ filed: boolean; visits: VisitSummary[] }>('/v1/patient/visits/1000', { contactId });
const followUps = (client: Client, contactId: string, visitNo: string) =>
  client.post<VisitFollowUp[]>('/v1/patient/followUpList/1000', { contactId, visitNo });
const task = (client: Client, inhospitalId: string, taskId: string) =>
  client.get<FollowUpTask>(`/v1/patient/desc/${inhospitalId}/${taskId}`);
const save = (client: Client, body: Record<string, unknown>) =>
  client.post<FollowUpTask>('/v1/patient/save', body);

beforeAll(async () => {
  server = await startServer();
  demo = await server.login(DEMO_PHONE);
  [self] = (await demo.get<Contact[]>('/contacts')).body.results ?? [];
  const list = (await visits(demo, self.contactId)).body.results?.visits ?? [];
  outpatient = list.find((v) => v.type === 'OUTPATIENT') as VisitSummary;
});
afterAll(() => server?.close());

describe('a visit’s follow-ups', () => {
  it('lists the questionnaire of an outpatient visit, the same tasks on every read, no-store', async () => {
    const first = await followUps(demo, self.contactId, outpatient.visitNo);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.body.results).toEqual([
      {
        taskId: expect.stringMatching(/^SF\d{12}$/),
        inhospitalId: outpatient.visitNo,
        kind: 'MISSION',
        title: '门诊诊后随访',
        department: outpatient.departmentName,
        status: 'PENDING',
        doneAt: null,
      },
    ]);
    expect((await followUps(demo, self.contactId, outpatient.visitNo)).body.results).toEqual(
      first.body.results,
    );
  });

  it('answers a questionnaire once: bad answers 400, the second time refused in Chinese, answers kept', async () => {
    const [item] = (await followUps(demo, self.contactId, outpatient.visitNo)).body.results ?? [];
    const answer = await task(demo, outpatient.visitNo, item.taskId);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const opened = answer.body.results as FollowUpTask;
    expect(opened).toMatchObject({ title: '门诊诊后随访', status: 'PENDING', answers: null });
    expect(opened.questions.map((q) => q.questionId)).toEqual(['q1', 'q2', 'q3', 'q4']);

    const base = { inhospitalId: outpatient.visitNo, taskId: item.taskId };
    // A required question left out, an unknown option, two options for one, an unknown question: 400, nothing saved.
    for (const [answers, field] of [
      [{ q1: ['better'], q2: ['yes'] }, 'answers.q3'],
      [{ q1: ['maybe'], q2: ['yes'], q3: ['no'] }, 'answers.q1'],
      [{ q1: ['better', 'worse'], q2: ['yes'], q3: ['no'] }, 'answers.q1'],
      [{ q1: ['better'], q2: ['yes'], q3: ['no'], q9: ['x'] }, 'answers.q9'],
    ] as const) {
      const refused = await save(demo, { ...base, answers });
      expect(refused.status).toBe(400);
      expect(refused.body.subMsg ?? refused.body.msg).toMatch(/[\u4e00-\u9fa5]/);
      expect(JSON.stringify(refused.body)).toContain(field);
    }
    expect((await save(demo, { ...base, answers: 'none' })).status).toBe(400);
    expect((await task(demo, outpatient.visitNo, item.taskId)).body.results?.status).toBe('PENDING');

    const answers = { q1: ['better'], q2: ['yes'], q3: ['no'], q4: ['血糖比上次平稳'] };
    const saved = await save(demo, { ...base, answers });
    expect(saved.headers.get('cache-control')).toBe('no-store');
    expect(saved.body.results).toMatchObject({ status: 'DONE', answers });
    const again = await save(demo, { ...base, answers: { q1: ['worse'], q2: ['no'], q3: ['yes'] } });
    expect(again.body).toMatchObject({ state: 409, msg: '该随访已提交' });
    expect((await task(demo, outpatient.visitNo, item.taskId)).body.results).toMatchObject({
      status: 'DONE',
      answers,
    });
    const [listed] = (await followUps(demo, self.contactId, outpatient.visitNo)).body.results ?? [];
    expect(listed).toMatchObject({ status: 'DONE', doneAt: expect.any(String) });
  });

  it('plans a survey, the discharge follow-up and a return visit after a stay, pending first', async () => {
    // The demo's mother has a pneumonia stay; she is proven for the hospital's data first.
    const [, mother] = (await demo.get<Contact[]>('/contacts')).body.results ?? [];
    await proveContact(server, demo, mother.contactId);
    const visit = (await visits(demo, mother.contactId)).body.results?.visits.find(
      (v) => v.type === 'INPATIENT',
    ) as VisitSummary;
    const [who, contactId] = [demo, mother.contactId];
    const list = (await followUps(who, contactId, visit.visitNo)).body.results ?? [];
    expect(list.map((t) => [t.kind, t.title])).toEqual([
      ['SATISFACTION', '住院患者满意度调查'],
      ['MISSION', '出院随访'],
      ['RETURN_VISIT', '复诊提醒'],
    ]);
    const reminder = (await task(who, visit.visitNo, list[2].taskId)).body.results as FollowUpTask;
    expect(reminder.returnVisit).toMatchObject({ department: visit.departmentName });
    // Confirming the reminder moves it after the pending ones.
    await save(who, { inhospitalId: visit.visitNo, taskId: list[2].taskId, answers: {} });
    const survey = list[0];
    await save(who, {
      inhospitalId: visit.visitNo,
      taskId: survey.taskId,
      answers: { q1: ['5'], q2: ['5'], q3: ['4'], q4: ['4'], q5: ['5'] },
    });
    expect(
      ((await followUps(who, contactId, visit.visitNo)).body.results ?? []).map((t) => [t.kind, t.status]),
    ).toEqual([
      ['MISSION', 'PENDING'],
      ['SATISFACTION', 'DONE'],
      ['RETURN_VISIT', 'DONE'],
    ]);
  });

  it('answers another account’s contact, visit and task as if they did not exist; nothing changes', async () => {
    const [item] = (await followUps(demo, self.contactId, outpatient.visitNo)).body.results ?? [];
    const stranger = await server.login('13700004122');
    expect((await followUps(stranger, self.contactId, outpatient.visitNo)).body).toMatchObject({
      state: 404,
      msg: '就诊人不存在',
    });
    expect((await task(stranger, outpatient.visitNo, item.taskId)).body).toMatchObject({
      state: 404,
      msg: '随访任务不存在',
    });
    const pending = (await followUps(demo, self.contactId, outpatient.visitNo)).body.results ?? [];
    expect(
      (
        await save(stranger, {
          inhospitalId: outpatient.visitNo,
          taskId: item.taskId,
          answers: { q1: ['worse'], q2: ['no'], q3: ['yes'] },
        })
      ).body.state,
    ).toBe(404);
    expect((await followUps(demo, self.contactId, outpatient.visitNo)).body.results).toEqual(pending);
    // The stranger's own contact has no such visit.
    const [theirs] = (await stranger.get<Contact[]>('/contacts')).body.results ?? [];
    if (theirs) {
      expect((await followUps(stranger, theirs.contactId, outpatient.visitNo)).body.state).toBe(404);
    }
  });

  it('answers 400 for bad input and 404 for an unknown visit', async () => {
    expect((await followUps(demo, self.contactId, 'MZ/../1')).status).toBe(400);
    expect((await demo.post('/v1/patient/followUpList/1000', { contactId: self.contactId })).status).toBe(
      400,
    );
    expect((await followUps(demo, self.contactId, 'MZ100000000000')).body).toMatchObject({
      state: 404,
      msg: '就诊记录不存在',
    });
  });
});
