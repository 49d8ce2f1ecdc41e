import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readDraft, writeDraft } from '../draft.ts';
import {
  answerDialog,
  bodiesOf,
  bodyShows,
  harness,
  makeResult,
  pause,
  sent,
  WANG_ID,
  ZHANG_ID,
} from '../testing.tsx';
import AnswerListPage from './AnswerListPage.tsx';
import HealthInfoPage from './HealthInfoPage.tsx';
import PersonalInfoPage from './PersonalInfoPage.tsx';
import QuestionnairePage from './QuestionnairePage.tsx';
import ResultPage from './ResultPage.tsx';
import ScreeningListPage from './ScreeningListPage.tsx';
import StreetPage from './StreetPage.tsx';

const ctx = setupFeature(harness);
const routes = {
  '/screeningList': <ScreeningListPage />,
  '/streetList/:streetId': <StreetPage />,
  '/personalInfoForm/:streetId/:streetName': <PersonalInfoPage />,
  '/healthInfoForm/:streetId/:streetName': <HealthInfoPage />,
  '/questionnaireDetail': <QuestionnairePage />,
  '/diseaseScreeningSuccess': <ResultPage />,
  '/questionnaire/list/:identityCard/:name': <AnswerListPage />,
};
const PERSON = {
  contactId: '1',
  name: '张伟',
  identityCard: ZHANG_ID,
  phone: '13800138000',
  address: '城东街道幸福里社区3栋501室',
};
const HEALTH = {
  heightCm: 172,
  weightKg: 70,
  waistCm: null,
  systolic: 128,
  diastolic: 80,
  fastingGlucose: null,
  smoking: 'NEVER' as const,
  drinking: 'NEVER' as const,
  exercise: 'REGULAR' as const,
  history: [],
  familyHistory: [],
};
const problemOf = (label: string) => {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('campaigns and communities', () => {
  it('lists the campaigns with their state, and the account’s contacts’ records', async () => {
    renderAt(routes, '/screeningList');
    const list = await screen.findByRole('list', { name: '筛查活动' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((r) => r.getAttribute('href'))).toEqual(['/streetList/1', '/streetList/3']);
    expect(rows[0].textContent).toContain('进行中');
    expect(rows[1].textContent).toContain('已结束');
    const records = within(screen.getByRole('list', { name: '查看筛查记录' })).getAllByRole('link');
    expect(records.map((r) => r.textContent)).toEqual(['张*的筛查记录›', '王**的筛查记录›']);
    expect(document.body.textContent).not.toContain(ZHANG_ID);
  });

  it('shows a street’s communities, each leading to its personal information form', async () => {
    renderAt(routes, '/streetList/1');
    const communities = await screen.findByRole('list', { name: '社区' });
    expect(within(communities).getAllByRole('link')[0].getAttribute('href')).toBe(
      `/personalInfoForm/11/${encodeURIComponent('幸福里社区')}`,
    );
  });

  it('answers a malformed street id without asking the service, and an unknown one clearly', async () => {
    renderAt(routes, '/streetList/abc');
    await bodyShows('链接无效：没有这个街道');
    expect(sent(ctx.server)).toEqual([]);
  });

  it('says when a street is unknown', async () => {
    renderAt(routes, '/streetList/77');
    await bodyShows('未找到该街道的筛查活动');
  });

  it('says an ended campaign takes no more answers', async () => {
    renderAt(routes, '/streetList/3');
    await bodyShows('本次筛查已结束');
    expect(screen.queryByRole('list', { name: '社区' })).toBeNull();
  });
});

describe('PersonalInfoPage', () => {
  it('fills from the default contact, shows each message beside its field, and keeps the form for the next step', async () => {
    const router = renderAt(routes, `/personalInfoForm/11/${encodeURIComponent('幸福里社区')}`);
    const id = (await screen.findByLabelText('身份证号')) as HTMLInputElement;
    expect(id.value).toBe(ZHANG_ID);
    expect((screen.getByLabelText('现住址') as HTMLInputElement).value).toBe('城东街道幸福里社区3栋501室');
    await userEvent.clear(id);
    await userEvent.type(id, '110105198503152310');
    const phone = screen.getByLabelText('手机号');
    await userEvent.clear(phone);
    await userEvent.type(phone, '12345');
    const address = screen.getByLabelText('现住址');
    await userEvent.clear(address);
    await userEvent.type(address, '城东');
    await act(async () => screen.getByRole('button', { name: '下一步' }).click());
    expect(problemOf('身份证号')).toBe('身份证号码校验位不正确');
    expect(problemOf('手机号')).toContain('手机号');
    expect(problemOf('现住址')).toBe('请填写详细住址（至少5个字）');
    expect(document.activeElement).toBe(id);
    // A valid ID of someone who is not a contact, then the contact's with another name.
    await userEvent.clear(id);
    await userEvent.type(id, '11010519491231002X');
    await act(async () => screen.getByRole('button', { name: '下一步' }).click());
    expect(problemOf('身份证号')).toBe('该身份证号不是本账号的就诊人，请先添加就诊人');
    await act(async () => screen.getByRole('radio', { name: /王\*\*/ }).click());
    const name = screen.getByLabelText('姓名');
    await userEvent.clear(name);
    await userEvent.type(name, '王秀');
    await userEvent.clear(address);
    await userEvent.type(address, '城东街道和平社区2栋');
    await act(async () => screen.getByRole('button', { name: '下一步' }).click());
    expect(problemOf('姓名')).toBe('姓名与身份证号不一致，请核对');
    await userEvent.type(name, '兰');
    await act(async () => screen.getByRole('button', { name: '下一步' }).click());
    expect(router.state.location.pathname).toBe(`/healthInfoForm/11/${encodeURIComponent('幸福里社区')}`);
    expect(readDraft('11')?.person).toEqual({
      contactId: '2',
      name: '王秀兰',
      identityCard: WANG_ID,
      phone: '13900001234',
      address: '城东街道和平社区2栋',
    });
  });

  it('refuses a link whose community name is not the community’s', async () => {
    renderAt(routes, '/personalInfoForm/11/别的社区');
    await bodyShows('链接中的社区名称不正确');
    expect(screen.queryByLabelText('身份证号')).toBeNull();
  });
});

describe('HealthInfoPage', () => {
  const path = `/healthInfoForm/11/${encodeURIComponent('幸福里社区')}`;

  it('needs the personal information first', async () => {
    renderAt(routes, path);
    await bodyShows('请先填写个人信息');
  });

  it('checks the measurements against their ranges beside each field, then the choices', async () => {
    writeDraft({ communityId: '11', communityName: '幸福里社区', person: PERSON, health: null });
    const router = renderAt(routes, path);
    const systolic = await screen.findByLabelText('收缩压（高压）');
    await userEvent.type(systolic, '300');
    await userEvent.tab();
    expect(problemOf('收缩压（高压）')).toBe('收缩压（高压）应在60至260mmHg之间，请核对');
    await userEvent.clear(systolic);
    await userEvent.type(systolic, '85');
    await userEvent.type(screen.getByLabelText('舒张压（低压）'), '90');
    await userEvent.type(screen.getByLabelText('身高'), '172.55');
    await act(async () => screen.getByRole('button', { name: '下一步' }).click());
    expect(problemOf('身高')).toBe('身高最多保留1位小数');
    expect(problemOf('体重')).toBe('请填写体重');
    expect(problemOf('舒张压（低压）')).toBe('舒张压应低于收缩压，请核对');
    expect(problemOf('腰围（选填）')).toBeNull();
    expect(document.body.textContent).toContain('请选择吸烟情况');
    expect(document.body.textContent).toContain('请选择，没有请选“无”');
    const height = screen.getByLabelText('身高');
    await userEvent.clear(height);
    await userEvent.type(height, '172');
    await userEvent.type(screen.getByLabelText('体重'), '70');
    await userEvent.clear(systolic);
    await userEvent.type(systolic, '128');
    const diastolic = screen.getByLabelText('舒张压（低压）');
    await userEvent.clear(diastolic);
    await userEvent.type(diastolic, '80');
    for (const option of ['从不吸烟', '从不饮酒', '规律运动（每周3次、每次30分钟以上）']) {
      await act(async () => screen.getByRole('radio', { name: option }).click());
    }
    const nones = screen.getAllByRole('checkbox', { name: '无' });
    await act(async () => nones[0].click());
    await act(async () => screen.getAllByRole('checkbox', { name: '糖尿病' })[1].click());
    await act(async () => screen.getByRole('button', { name: '下一步' }).click());
    expect(router.state.location.pathname).toBe('/questionnaireDetail');
    expect(readDraft('11')?.health).toEqual({ ...HEALTH, familyHistory: ['DIABETES'] });
  });
});

describe('QuestionnairePage and the result', () => {
  it('names a missing answer, confirms, sends everything once and shows the service’s result', async () => {
    writeDraft({ communityId: '11', communityName: '幸福里社区', person: PERSON, health: HEALTH });
    const router = renderAt(routes, '/questionnaireDetail');
    await screen.findByRole('list', { name: '问题' });
    expect(document.body.textContent).toContain('11010*************');
    expect(document.body.textContent).not.toContain(ZHANG_ID);
    await act(async () => screen.getByRole('button', { name: '提交问卷' }).click());
    expect(screen.getByRole('alert').textContent).toBe('请回答第1题：近半年是否经常出现头晕、头痛或心慌？');
    await act(async () => screen.getByRole('radio', { name: '没有' }).click());
    await act(async () => screen.getByRole('checkbox', { name: '降压药' }).click());
    await act(async () => screen.getByRole('checkbox', { name: '以上都没有' }).click());
    expect((screen.getByRole('checkbox', { name: '降压药' }) as HTMLInputElement).checked).toBe(false);
    const text = await answerDialog(
      () => screen.getByRole('button', { name: '提交问卷' }).click(),
      '确定提交',
    );
    expect(text).toContain('提交后不能修改');
    await pause();
    expect(bodiesOf(ctx.server, 'POST /v1/healthScreening')).toEqual([
      {
        communityId: '11',
        name: '张伟',
        identityCard: ZHANG_ID,
        phone: '13800138000',
        address: '城东街道幸福里社区3栋501室',
        health: HEALTH,
        answers: { q1: ['no'], q7: ['none'] },
      },
    ]);
    expect(router.state.location.pathname).toBe('/diseaseScreeningSuccess');
    await bodyShows('提交成功');
    expect(screen.getByRole('region', { name: '风险等级' }).textContent).toContain('筛查结果：高风险');
    expect(readDraft()).toBeNull();
    expect(screen.getByRole('link', { name: '查看筛查记录' }).getAttribute('href')).toBe(
      `/questionnaire/list/${ZHANG_ID}/${encodeURIComponent('张伟')}`,
    );
  });

  it('without a draft says where to start', async () => {
    renderAt(routes, '/questionnaireDetail');
    await bodyShows('请先选择社区并填写个人和健康信息');
    expect(sent(ctx.server)).toEqual([]);
  });

  it('shows the last result when opened again, with its factors and advice, masked', async () => {
    renderAt(routes, '/diseaseScreeningSuccess');
    const banner = await screen.findByRole('region', { name: '风险等级' });
    expect(banner.textContent).toContain('中风险');
    expect(screen.getByRole('region', { name: '风险因素' }).textContent).toContain('血压偏高（142/92 mmHg）');
    expect(screen.getByRole('region', { name: '健康建议' }).textContent).toContain('控制体重');
    expect(document.body.textContent).toContain('张*');
    expect(screen.queryByText('提交成功')).toBeNull();
  });

  it('says when there is no result yet', async () => {
    ctx.service.results = [];
    renderAt(routes, '/diseaseScreeningSuccess');
    await bodyShows('暂无筛查结果');
  });
});

describe('AnswerListPage', () => {
  it('lists a contact’s screenings without ever showing the full ID', async () => {
    ctx.service.results.push(
      makeResult({ screeningId: '2', level: 'LOW', title: '城东街道2024年慢性病风险筛查' }),
    );
    renderAt(routes, `/questionnaire/list/${ZHANG_ID}/张伟`);
    const list = await screen.findByRole('list', { name: '筛查记录' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(list.textContent).toContain('中风险');
    expect(list.textContent).toContain('低风险');
    expect(document.body.textContent).toContain('张* · 11010*************');
    expect(document.body.textContent).not.toContain(ZHANG_ID);
    expect(bodiesOf(ctx.server, 'POST /v1/healthScreening/answer')).toEqual([
      { identityCard: ZHANG_ID, name: '张伟' },
    ]);
  });

  it('shows another person’s ID as nothing found', async () => {
    renderAt(routes, `/questionnaire/list/${WANG_ID}/王秀兰`);
    await bodyShows('未找到筛查记录');
    expect(document.body.textContent).not.toContain(WANG_ID);
  });

  it('refuses a malformed ID without asking the service', async () => {
    renderAt(routes, '/questionnaire/list/12345/张伟');
    await bodyShows('链接无效：身份证号码应为15位或18位');
    await pause(50);
    expect(sent(ctx.server)).toEqual([]);
  });
});
