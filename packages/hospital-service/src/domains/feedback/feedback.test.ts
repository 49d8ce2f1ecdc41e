import type { FeedbackItem, FollowUpTask } from '@patient/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HOUR } from '../../platform/clock.ts';
import { TEST_START } from '../../test/constants.ts';
import { type Client, startServer, type TestServer } from '../../test/harness.ts';
import { DEMO_PHONE } from '../accounts/index.ts';

/** Feedback and follow-up over HTTP. The demo account has a replied complaint and five pending tasks. */
let server: TestServer;
let demo: Client;

beforeAll(async () => {
  server = await startServer();
  demo = await server.login(DEMO_PHONE);
});
afterAll(() => server?.close());
afterEach(() => server.clock.set(TEST_START));

const STAY = 'ZY100000000001';
const complaint = (extra: Record<string, unknown> = {}) => ({
  hospitalId: '1000',
  kind: 'COMPLAINT',
  category: '服务态度',
  content: ['挂号窗口工作人员态度生硬，', '询问检查地点时不耐烦。'],
  phone: '13800138000',
  ...extra,
});
const save = (client: Client, taskId: string, answers: Record<string, string[]>, inhospitalId = STAY) =>
  client.post<FollowUpTask>('/v1/patient/save', { inhospitalId, taskId, answers });

describe('complaints and suggestions', () => {
  it('takes a complaint as paragraphs, lists it, and shows the service desk’s reply two hours later', async () => {
    const client = await server.login('13700006001');
    const sent = (await client.post<FeedbackItem>('/v1/feed_back', complaint())).body.results as FeedbackItem;
    expect(sent).toMatchObject({
      kind: 'COMPLAINT',
      category: '服务态度',
      content: ['挂号窗口工作人员态度生硬，', '询问检查地点时不耐烦。'],
      status: 'SUBMITTED',
      reply: null,
      createdAt: TEST_START,
    });
    expect((await client.get<FeedbackItem[]>('/v1/feed_back', { hospitalId: '1000' })).body.results).toEqual([
      sent,
    ]);
    server.clock.advance(2 * HOUR);
    const replied = (await client.get<FeedbackItem>(`/v1/feed_back/feed_back_id/${sent.feedBackId}`)).body
      .results as FeedbackItem;
    expect(replied).toMatchObject({ status: 'REPLIED', reply: { by: '客户服务中心' } });
    expect(replied.reply?.text[0]).toContain('“服务态度”');
    expect(replied.reply?.repliedAt).toBe(new Date(new Date(TEST_START).getTime() + 2 * HOUR).toISOString());
    // The demo's seeded complaint was answered already.
    const mine = (await demo.get<FeedbackItem[]>('/v1/feed_back', { hospitalId: '1000' })).body.results ?? [];
    expect(mine.map((f) => f.status)).toEqual(['REPLIED']);
  });

  it('refuses another account’s feedback, a text too short or too long, and a sixth in a day', async () => {
    const owner = await server.login('13700006002');
    const stranger = await server.login('13700006003');
    const sent = (await owner.post<FeedbackItem>('/v1/feed_back', complaint())).body.results as FeedbackItem;
    expect((await stranger.get(`/v1/feed_back/feed_back_id/${sent.feedBackId}`)).body).toMatchObject({
      state: 404,
      msg: '反馈记录不存在',
    });
    expect(
      (await stranger.get<FeedbackItem[]>('/v1/feed_back', { hospitalId: '1000' })).body.results,
    ).toEqual([]);
    const short = await owner.post('/v1/feed_back', complaint({ content: ['太慢了', '  '] }));
    expect(short.status).toBe(400);
    expect(short.body.msg).toBe('参数 content 不正确：请至少填写10个字，描述清楚问题');
    const long = await owner.post(
      '/v1/feed_back',
      complaint({ content: ['很'.repeat(300), '慢'.repeat(201)] }),
    );
    expect(long.body.msg).toBe('参数 content 不正确：不能超过500字');
    const lineBreak = await owner.post(
      '/v1/feed_back',
      complaint({ content: ['第一行\n第二行很长很长很长'] }),
    );
    expect(lineBreak.status).toBe(400);
    for (const [body, field] of [
      [complaint({ phone: '12345' }), 'phone'],
      [complaint({ category: '天气' }), 'category'],
      [complaint({ kind: 'THREAT' }), 'kind'],
    ] as const) {
      const answer = await owner.post('/v1/feed_back', body);
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toContain(`参数 ${field} 不正确`);
    }
    for (let i = 0; i < 4; i++) expect((await owner.post('/v1/feed_back', complaint())).body.state).toBe(200);
    expect((await owner.post('/v1/feed_back', complaint())).body).toMatchObject({
      state: 429,
      msg: '提交过于频繁',
    });
  });
});

describe('follow-up tasks', () => {
  it('answers the satisfaction survey once', async () => {
    const task = (await demo.get<FollowUpTask>(`/v1/satisfy/desc/${STAY}/SF1000000001`)).body
      .results as FollowUpTask;
    expect(task).toMatchObject({
      kind: 'SATISFACTION',
      status: 'PENDING',
      department: '心血管内科',
      answers: null,
    });
    expect(task.questions).toHaveLength(6);
    const answers = { q1: ['5'], q2: ['4'], q3: ['3'], q4: ['4'], q5: ['5'], q6: ['病房', '很干净'] };
    const missing = await save(demo, 'SF1000000001', { q1: ['5'] });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('参数 answers.q2 不正确：请回答第2题');
    const wrong = await save(demo, 'SF1000000001', { ...answers, q3: ['9'] });
    expect(wrong.body.msg).toBe('参数 answers.q3 不正确：第3题的选项不正确');
    const two = await save(demo, 'SF1000000001', { ...answers, q1: ['5', '4'] });
    expect(two.body.msg).toBe('参数 answers.q1 不正确：第1题只能选一项');
    const done = (await save(demo, 'SF1000000001', answers)).body.results as FollowUpTask;
    expect(done).toMatchObject({ status: 'DONE', answers, doneAt: TEST_START });
    expect((await save(demo, 'SF1000000001', answers)).body).toMatchObject({
      state: 409,
      msg: '该问卷已提交',
    });
    expect((await demo.get(`/v1/satisfy/desc/${STAY}/SF1000000001`)).body.results).toEqual(done);
  });

  it('scores a bedside scale found by its scale id, with its level and advice', async () => {
    const scale = (await demo.get<FollowUpTask>(`/v1/scale/desc/${STAY}/PHQ2`)).body.results as FollowUpTask;
    expect(scale).toMatchObject({ kind: 'SCALE', taskId: 'SF1000000002', result: null });
    const done = (await save(demo, scale.taskId, { q1: ['2'], q2: ['1'] })).body.results as FollowUpTask;
    expect(done.result).toEqual({
      score: 3,
      level: '建议进一步评估',
      advice: expect.stringContaining('责任护士会联系您'),
    });
    expect((await demo.get(`/v1/scale/desc/${STAY}/GAD7`)).body).toMatchObject({
      state: 404,
      msg: '随访任务不存在',
    });
  });

  it('takes the discharge follow-up (several choices), a read confirmation and a return-visit acknowledgement', async () => {
    const mission = (await demo.get<FollowUpTask>(`/v1/patient/desc/${STAY}/SF1000000003`)).body.results;
    expect(mission?.questions.find((q) => q.questionId === 'q3')?.type).toBe('MULTIPLE');
    const done = await save(demo, 'SF1000000003', {
      q1: ['better'],
      q2: ['yes'],
      q3: ['fever', 'pain'],
      q4: ['no'],
    });
    expect(done.body.results?.answers?.q3).toEqual(['fever', 'pain']);

    const study = (await demo.get<FollowUpTask>(`/v1/patient/desc/${STAY}/SF1000000004`)).body.results;
    expect(study?.article?.length).toBeGreaterThan(3);
    expect((await save(demo, 'SF1000000004', { q1: ['x'] })).body.msg).toBe(
      '参数 answers 不正确：此项无需作答',
    );
    expect((await save(demo, 'SF1000000004', {})).body.results?.status).toBe('DONE');
    expect((await save(demo, 'SF1000000004', {})).body).toMatchObject({ state: 409, msg: '已确认阅读' });

    const visit = (await demo.get<FollowUpTask>(`/v1/patient/desc/${STAY}/SF1000000005`)).body.results;
    expect(visit?.returnVisit).toMatchObject({
      date: '2025-03-19',
      department: '心血管内科',
      doctor: '李明 主任医师',
    });
  });

  it('refuses another account’s tasks and a task of another stay, and bad input without 500', async () => {
    const stranger = await server.login('13700006004');
    expect((await stranger.get(`/v1/satisfy/desc/${STAY}/SF1000000001`)).body).toMatchObject({
      state: 404,
      msg: '随访任务不存在',
    });
    expect((await save(stranger, 'SF1000000005', {})).body.state).toBe(404);
    expect((await demo.get('/v1/patient/desc/ZY999/SF1000000005')).body.state).toBe(404);
    // A satisfaction survey is not read through the scale's link, nor a mission through the survey's.
    expect((await demo.get(`/v1/satisfy/desc/${STAY}/SF1000000003`)).body.state).toBe(404);
    const bad = await demo.get('/v1/patient/desc/ZY%3C1%3E/SF1');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('参数 inhospitalId 不正确');
    const badAnswers = await demo.post('/v1/patient/save', {
      inhospitalId: STAY,
      taskId: 'SF1000000005',
      answers: [],
    });
    expect(badAnswers.status).toBe(400);
    expect((await server.client().get(`/v1/satisfy/desc/${STAY}/SF1000000001`)).status).toBe(401);
  });
});
