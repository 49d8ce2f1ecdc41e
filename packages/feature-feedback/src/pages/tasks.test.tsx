import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SUCCESS_PATHS } from '../params.ts';
import { answerDialog, bodiesOf, bodyShows, harness, makeTask, pause, sent } from '../testing.tsx';
import ReturnVisitPage from './ReturnVisitPage.tsx';
import SatisfactionPage from './SatisfactionPage.tsx';
import ScalePage from './ScalePage.tsx';
import StudyPage from './StudyPage.tsx';
import SuccessPage from './SuccessPage.tsx';

const ctx = setupFeature(harness);
const routes = {
  '/feedback/satisfyDetail/:inhospitalId/:taskId': <SatisfactionPage />,
  '/feedback/scanScale/:inhospitalId/:scaleId': <ScalePage />,
  '/feedback/studyDetail/:inhospitalId/:taskId': <StudyPage />,
  '/feedback/returnHospitalDetail/:inhospitalId/:taskId': <ReturnVisitPage />,
  [SUCCESS_PATHS.SATISFACTION]: <SuccessPage />,
  [SUCCESS_PATHS.SCALE]: <SuccessPage />,
};

describe('questionnaires', () => {
  it('names the first unanswered question, then saves the answers once and thanks', async () => {
    const router = renderAt(routes, '/feedback/satisfyDetail/ZY1/SF1');
    await screen.findByRole('region', { name: '住院患者满意度调查' });
    expect(document.body.textContent).toContain('张* · 心血管内科');
    await act(async () => screen.getAllByRole('radio', { name: '非常满意' })[0].click());
    await act(async () => screen.getByRole('button', { name: '提交' }).click());
    expect(screen.getByRole('alert').textContent).toBe('请回答第2题：您对护士的服务是否满意？');
    expect(sent(ctx.server).filter((l) => l.startsWith('POST'))).toEqual([]);
    await act(async () => screen.getAllByRole('radio', { name: '一般' })[1].click());
    await act(async () => screen.getByRole('checkbox', { name: '发热' }).click());
    await act(async () => screen.getByRole('checkbox', { name: '疼痛' }).click());
    await userEvent.type(screen.getByLabelText('意见或建议（选填）'), '病房很干净{enter}饭菜偏咸');
    await answerDialog(() => screen.getByRole('button', { name: '提交' }).click(), '确定提交');
    await bodyShows('感谢您的参与');
    expect(router.state.location.pathname).toBe(SUCCESS_PATHS.SATISFACTION);
    expect(bodiesOf(ctx.server, 'POST /v1/patient/save')).toEqual([
      {
        inhospitalId: 'ZY1',
        taskId: 'SF1',
        answers: { q1: ['5'], q2: ['3'], q3: ['fever', 'pain'], q4: ['病房很干净', '饭菜偏咸'] },
      },
    ]);
  });

  it('shows a done questionnaire read-only, without 提交', async () => {
    ctx.service.tasks[0] = makeTask({
      status: 'DONE',
      doneAt: '2030-05-10T02:00:00.000Z',
      answers: { q1: ['5'], q2: ['3'] },
    });
    renderAt(routes, '/feedback/satisfyDetail/ZY1/SF1');
    await bodyShows('已于 2030-05-10 10:00 提交，每项只需完成一次');
    expect(screen.queryByRole('button', { name: '提交' })).toBeNull();
    expect((screen.getAllByRole('radio', { name: '非常满意' })[0] as HTMLInputElement).checked).toBe(true);
  });

  it('scores a scale found by its scale id and shows the result on the success page', async () => {
    renderAt(routes, '/feedback/scanScale/ZY1/PHQ2');
    await screen.findByRole('region', { name: '情绪状况自评（PHQ-2）' });
    await act(async () => screen.getAllByRole('radio', { name: '一般' })[0].click());
    await act(async () => screen.getAllByRole('radio', { name: '一般' })[1].click());
    await answerDialog(() => screen.getByRole('button', { name: '提交' }).click(), '确定提交');
    const result = await screen.findByRole('region', { name: '评估结果' });
    expect(result.textContent).toContain('建议进一步评估');
    expect(result.textContent).toContain('得分 3 分');
  });

  it('says when a task is not found, and sends nothing for a bad link', async () => {
    const router = renderAt(routes, '/feedback/satisfyDetail/ZY1/SF99');
    await bodyShows('未找到该随访任务');
    const before = sent(ctx.server).length;
    await act(() => router.navigate('/feedback/satisfyDetail/ZY1/%3Cb%3E'));
    await bodyShows('链接无效，请从医院发送的消息重新进入');
    await pause();
    expect(sent(ctx.server).length).toBe(before);
  });
});

describe('study and return visit', () => {
  it('confirms an article as read once', async () => {
    renderAt(routes, '/feedback/studyDetail/ZY1/SF4');
    const article = await screen.findByRole('article', { name: '宣教内容' });
    expect(article.textContent).toContain('二、监测血压。');
    await act(async () => screen.getByRole('button', { name: '我已阅读' }).click());
    await bodyShows('已完成');
    expect(screen.queryByRole('button', { name: '我已阅读' })).toBeNull();
    expect(bodiesOf(ctx.server, 'POST /v1/patient/save')).toEqual([
      { inhospitalId: 'ZY1', taskId: 'SF4', answers: {} },
    ]);
  });

  it('shows when and where to come back, links booking, and takes 我知道了', async () => {
    renderAt(routes, '/feedback/returnHospitalDetail/ZY1/SF5');
    await bodyShows('2030-05-20');
    expect(document.body.textContent).toContain('李明 主任医师');
    expect(screen.getByRole('link', { name: '去预约挂号' }).getAttribute('href')).toBe('/depts');
    await act(async () => screen.getByRole('button', { name: '我知道了' }).click());
    await bodyShows('已完成');
  });
});
