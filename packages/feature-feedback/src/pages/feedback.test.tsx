import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesOf, bodyShows, harness, pause, sent } from '../testing.tsx';
import FeedbackAddPage from './FeedbackAddPage.tsx';
import FeedbackDetailPage from './FeedbackDetailPage.tsx';

const ctx = setupFeature(harness);
const routes = {
  '/feedback/add': <FeedbackAddPage />,
  '/feedback/detail/:feedBackId': <FeedbackDetailPage />,
};

describe('FeedbackAddPage', () => {
  it('checks the form in Chinese, counts the characters, sends the text as paragraphs and opens it', async () => {
    const router = renderAt(routes, '/feedback/add');
    await screen.findByRole('list', { name: '我的反馈' });
    const submit = screen.getByRole('button', { name: '提交' });
    await act(async () => submit.click());
    expect(screen.getByRole('alert').textContent).toBe('请选择问题类别');
    await act(async () => screen.getByRole('radio', { name: '服务态度' }).click());
    const text = screen.getByLabelText('具体内容');
    await userEvent.type(text, '态度不好');
    expect(screen.getByText('4/500')).toBeTruthy();
    await act(async () => submit.click());
    expect(screen.getByRole('alert').textContent).toBe('请至少填写10个字，描述清楚问题');
    await userEvent.type(text, '{enter}挂号窗口的工作人员不耐烦');
    const phone = screen.getByLabelText('联系电话') as HTMLInputElement;
    expect(phone.value).toBe('13800138000');
    await userEvent.clear(phone);
    await userEvent.type(phone, '12345');
    await act(async () => submit.click());
    expect(screen.getByRole('alert').textContent).toContain('手机号');
    await userEvent.clear(phone);
    await userEvent.type(phone, '13912345678');
    await act(async () => screen.getByRole('radio', { name: '建议' }).click());
    await act(async () => submit.click());
    await waitFor(() =>
      expect(bodiesOf(ctx.server, 'POST /v1/feed_back')).toEqual([
        {
          hospitalId: '1000',
          kind: 'SUGGESTION',
          category: '服务态度',
          content: ['态度不好', '挂号窗口的工作人员不耐烦'],
          phone: '13912345678',
        },
      ]),
    );
    expect(router.state.location.pathname).toBe('/feedback/detail/9');
    await bodyShows('我们将在3个工作日内处理并回复');
  });

  it('lists my feedback with its state, each leading to its detail', async () => {
    renderAt(routes, '/feedback/add');
    const list = await screen.findByRole('list', { name: '我的反馈' });
    const row = within(list).getByRole('link');
    expect(row.textContent).toContain('投诉 · 就医流程');
    expect(row.textContent).toContain('已回复');
    expect(row.getAttribute('href')).toBe('/feedback/detail/3');
  });
});

describe('FeedbackDetailPage', () => {
  it('shows what was sent with the phone masked, and the hospital’s reply', async () => {
    renderAt(routes, '/feedback/detail/3');
    const reply = await screen.findByRole('region', { name: '医院回复' });
    expect(reply.textContent).toContain('客户服务中心回复 · 2030-05-10 11:00');
    expect(reply.textContent).toContain('已转交相关科室处理');
    expect(document.body.textContent).toContain('*******8000');
    expect(document.body.textContent).not.toContain('13800138000');
    expect(screen.getByRole('region', { name: '反馈内容' }).textContent).toContain('希望增加窗口。');
  });

  it('says when it is not found, and sends nothing for a bad link', async () => {
    const router = renderAt(routes, '/feedback/detail/77');
    await bodyShows('未找到该反馈记录');
    const before = sent(ctx.server).length;
    await act(() => router.navigate('/feedback/detail/%3Cx%3E'));
    await bodyShows('链接无效');
    await pause();
    expect(sent(ctx.server).length).toBe(before);
  });
});
