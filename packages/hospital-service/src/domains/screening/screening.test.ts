import type { Contact, ScreeningForm, ScreeningResult, ScreeningStreet } from '@patient/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../platform/clock.ts';
import { TEST_START } from '../../test/constants.ts';
import { Client, person, startServer, type TestServer } from '../../test/harness.ts';
import { DEMO_PHONE } from '../accounts/index.ts';

/** Community health screening over HTTP: campaigns, communities, the questionnaire, submit once, results. */
let server: TestServer;
let demo: Client;
let streets: ScreeningStreet[];

beforeAll(async () => {
  server = await startServer();
  demo = await server.login(DEMO_PHONE);
  streets = (
    await new Client(server.base).get<ScreeningStreet[]>('/v1/healthScreening/list', { hospitalId: '1000' })
  ).body.results as ScreeningStreet[];
});
afterAll(() => server?.close());

const health = (extra: Record<string, unknown> = {}) => ({
  heightCm: 165,
  weightKg: 58,
  waistCm: 76,
  systolic: 118,
  diastolic: 76,
  fastingGlucose: 5.1,
  smoking: 'NEVER',
  drinking: 'NEVER',
  exercise: 'REGULAR',
  history: [],
  familyHistory: [],
  ...extra,
});
const calm = { q1: ['no'], q2: ['no'], q3: ['no'], q4: ['no'], q5: ['light'], q6: ['normal'], q7: ['none'] };

async function resident(phone: string, n: number) {
  const client = await server.login(phone);
  const added = await client.post<Contact>('/addPatient', person(n));
  if (added.body.state !== 200) throw new Error(added.text);
  return { client, contact: added.body.results as Contact };
}

const submission = (contact: Contact, communityId: string, extra: Record<string, unknown> = {}) => ({
  communityId,
  name: contact.contactDO.name,
  identityCard: contact.contactDO.documentNumber,
  phone: contact.contactDO.phone,
  address: '城东街道幸福里社区5栋101室',
  health: health(),
  answers: calm,
  ...extra,
});

const open = () => streets[0];
const community = () => open().communities[0].communityId;

describe('campaigns and communities', () => {
  it('lists a hospital’s campaigns to anyone, open ones first, with their communities', async () => {
    expect(streets.map((s) => [s.name, s.status, s.communities.length])).toEqual([
      ['城东街道', 'OPEN', 3],
      ['城西街道', 'OPEN', 2],
      ['南湖街道', 'ENDED', 1],
    ]);
    expect(open()).toMatchObject({ title: '城东街道2025年慢性病风险筛查', startDate: '2025-03-03' });
    const anyone = new Client(server.base);
    const street = await anyone.get<ScreeningStreet>('/v1/healthScreening/list/street', {
      streetId: open().streetId,
    });
    expect(street.body.results).toEqual(open());
    const other = await anyone.get<ScreeningStreet[]>('/v1/healthScreening/list', { hospitalId: '1007' });
    expect((other.body.results as ScreeningStreet[]).map((s) => s.name)).toEqual(['路桥街道', '路南街道']);
  });

  it('answers an unknown or malformed street, community or hospital as not found or bad input', async () => {
    const anyone = new Client(server.base);
    for (const streetId of ['999999', 'abc']) {
      expect((await anyone.get('/v1/healthScreening/list/street', { streetId })).body).toMatchObject({
        state: 404,
        msg: '筛查街道不存在',
      });
    }
    const bad = await anyone.get('/v1/healthScreening/list/street', { streetId: '1 or 1' });
    expect(bad.status).toBe(400);
    expect((await anyone.get('/v1/healthScreening/form', { communityId: '999999' })).body).toMatchObject({
      state: 404,
      msg: '筛查社区不存在',
    });
    expect((await anyone.get('/v1/healthScreening/list', { hospitalId: '9999' })).body.state).toBe(404);
  });

  it('gives a community’s questionnaire without the service’s weights', async () => {
    const form = (
      await new Client(server.base).get<ScreeningForm>('/v1/healthScreening/form', {
        communityId: community(),
      })
    ).body.results as ScreeningForm;
    expect(form).toMatchObject({
      community: { name: '幸福里社区' },
      street: { name: '城东街道' },
      status: 'OPEN',
    });
    expect(form.questions.map((q) => q.questionId)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7']);
    expect(JSON.stringify(form)).not.toContain('weight');
    expect(form.questions[6].options.at(-1)).toEqual({ value: 'none', label: '以上都没有', none: true });
  });
});

describe('submitting a screening', () => {
  it('computes a low risk, masks the person, and takes one screening per person and campaign', async () => {
    const { client, contact } = await resident('13700029001', 1);
    const result = (
      await client.post<ScreeningResult>('/v1/healthScreening', submission(contact, community()))
    ).body.results as ScreeningResult;
    expect(result).toMatchObject({
      streetName: '城东街道',
      communityName: '幸福里社区',
      name: '王*',
      identityCard: `${contact.contactDO.documentNumber.slice(0, 5)}*************`,
      phone: `*******${contact.contactDO.phone.slice(-4)}`,
      submittedAt: TEST_START,
      level: 'LOW',
      score: 0,
      bmi: 21.3,
      factors: [],
    });
    expect(result.advice[0]).toContain('风险较低');
    expect(JSON.stringify(result)).not.toContain(contact.contactDO.documentNumber);
    const again = await client.post(
      '/v1/healthScreening',
      submission(contact, open().communities[1].communityId),
    );
    expect(again.body).toMatchObject({ state: 409, msg: '已参加本次筛查' });
    // Another campaign is another screening.
    const west = streets[1].communities[0].communityId;
    expect((await client.post('/v1/healthScreening', submission(contact, west))).body.state).toBe(200);
    expect((await client.post<ScreeningResult>('/v1/healthScreening/last', {})).body.results).toMatchObject({
      streetName: '城西街道',
    });
    expect(
      (await client.post('/v1/healthScreening/last', { screeningId: result.screeningId })).body.results,
    ).toEqual(result);
  });

  it('rates high risk from the measurements, habits and answers, and names what raised it', async () => {
    const { client, contact } = await resident('13700029002', 2);
    const result = (
      await client.post<ScreeningResult>(
        '/v1/healthScreening',
        submission(contact, community(), {
          health: health({
            weightKg: 82,
            systolic: 152,
            diastolic: 96,
            fastingGlucose: 7.4,
            smoking: 'CURRENT',
            exercise: 'NONE',
            familyHistory: ['DIABETES'],
          }),
          answers: { ...calm, q5: ['salty'] },
        }),
      )
    ).body.results as ScreeningResult;
    expect(result.level).toBe('HIGH');
    expect(result.factors).toEqual([
      '肥胖（体重指数30.1）',
      '血压偏高（152/96 mmHg）',
      '空腹血糖偏高（7.4 mmol/L）',
      '吸烟',
      '缺乏运动',
      '家族糖尿病史',
      '饮食偏咸',
    ]);
    expect(result.score).toBe(12);
    expect(result.advice.join()).toContain('戒烟');
    expect(result.advice.join()).toContain('食盐不超过5克');
  });

  it('rates a warning symptom high whatever the score, and a few points medium', async () => {
    const { client, contact } = await resident('13700029003', 3);
    const urgent = (
      await client.post<ScreeningResult>(
        '/v1/healthScreening',
        submission(contact, community(), { answers: { ...calm, q3: ['yes'] } }),
      )
    ).body.results as ScreeningResult;
    expect(urgent).toMatchObject({ level: 'HIGH', score: 3, factors: ['活动时胸闷、胸痛'] });
    expect(urgent.advice[0]).toContain('120');
    const medium = (
      await client.post<ScreeningResult>(
        '/v1/healthScreening',
        submission(contact, streets[1].communities[0].communityId, {
          health: health({ systolic: 135, weightKg: 68, smoking: 'QUIT', exercise: 'NONE' }),
        }),
      )
    ).body.results as ScreeningResult;
    expect(medium).toMatchObject({ level: 'MEDIUM', score: 4 });
  });

  it('refuses bad input with a clear Chinese message and stores nothing', async () => {
    const { client, contact } = await resident('13700029004', 4);
    const cases: [Record<string, unknown>, string][] = [
      [{ identityCard: '110105198503152310' }, '参数 identityCard 不正确：身份证号码校验位不正确'],
      [{ identityCard: '1101051985' }, '参数 identityCard 不正确：身份证号码应为15位或18位'],
      [
        { health: health({ systolic: 300 }) },
        '参数 health.systolic 不正确：收缩压（高压）应在60至260mmHg之间，请核对',
      ],
      [
        { health: health({ systolic: 90, diastolic: 95 }) },
        '参数 health.diastolic 不正确：舒张压应低于收缩压，请核对',
      ],
      [{ health: health({ heightCm: 165.25 }) }, '参数 health.heightCm 不正确：身高最多保留1位小数'],
      [
        { health: health({ history: ['DIABETES', 'DIABETES'] }) },
        '参数 health.history 不正确：疾病不能重复选择',
      ],
      [{ answers: { ...calm, q2: [] } }, '参数 answers.q2 不正确：请回答第2题'],
      [{ answers: { ...calm, q1: ['no', 'often'] } }, '参数 answers.q1 不正确：第1题只能选一项'],
      [
        { answers: { ...calm, q7: ['bp', 'none'] } },
        '参数 answers.q7 不正确：第7题选了“以上都没有”，不能再选其他项',
      ],
      [{ answers: { ...calm, q9: ['x'] } }, '参数 answers.q9 不正确：没有这道题'],
      [{ name: '李四' }, '参数 name 不正确：姓名与身份证号不一致，请核对'],
      [
        { identityCard: '110105198503152313', name: '张伟' },
        '参数 identityCard 不正确：该身份证号不是本账号的就诊人，请先添加就诊人',
      ],
    ];
    for (const [extra, msg] of cases) {
      const answer = await client.post('/v1/healthScreening', submission(contact, community(), extra));
      expect([answer.status, answer.body.msg]).toEqual([400, msg]);
    }
    const typo = await client.post('/v1/healthScreening', submission(contact, community(), { phone: '123' }));
    expect(typo.status).toBe(400);
    expect((await client.post('/v1/healthScreening', submission(contact, '999999'))).body.state).toBe(404);
    const ended = streets[2].communities[0].communityId;
    expect((await client.post('/v1/healthScreening', submission(contact, ended))).body).toMatchObject({
      state: 409,
      msg: '本次筛查已结束',
    });
    expect((await client.post('/v1/healthScreening/last', {})).body.results).toBeNull();
  });

  it('needs a login to submit', async () => {
    const answer = await new Client(server.base).post('/v1/healthScreening/last', {});
    expect(answer.status).toBe(401);
  });
});

describe('questionnaires by ID number and name', () => {
  it('lists a contact’s screenings, and answers another person’s ID as nothing found', async () => {
    const seeded = (
      await demo.post<ScreeningResult[]>('/v1/healthScreening/answer', {
        identityCard: '110105198503152313',
        name: '张伟',
      })
    ).body.results as ScreeningResult[];
    expect(seeded).toHaveLength(1);
    expect(seeded[0]).toMatchObject({
      name: '张*',
      identityCard: '11010*************',
      streetName: '城东街道',
      communityName: '幸福里社区',
      level: 'HIGH',
      submittedAt: new Date(new Date(TEST_START).getTime() - 3 * DAY).toISOString(),
    });
    const { client, contact } = await resident('13700029005', 5);
    // The demo's person asked by another account, and by the demo with a wrong name: nothing.
    for (const [who, body] of [
      [client, { identityCard: '110105198503152313', name: '张伟' }],
      [demo, { identityCard: '110105198503152313', name: '张三' }],
      [demo, { identityCard: contact.contactDO.documentNumber, name: contact.contactDO.name }],
    ] as const) {
      expect((await who.post('/v1/healthScreening/answer', body)).body.results).toEqual([]);
    }
    const malformed = await demo.post('/v1/healthScreening/answer', { identityCard: '12345', name: '张伟' });
    expect([malformed.status, malformed.body.msg]).toEqual([
      400,
      '参数 identityCard 不正确：身份证号码应为15位或18位',
    ]);
    // Another account's screening by its id: not found.
    expect(
      (await client.post('/v1/healthScreening/last', { screeningId: seeded[0].screeningId })).body,
    ).toMatchObject({
      state: 404,
      msg: '筛查记录不存在',
    });
  });
});
