import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sentAt } from '../format.ts';
import { answerDialog, bodyShows, fail, harness, pause, sent } from '../testing.tsx';
import MessageDetailPage from './MessageDetailPage.tsx';
import MessagesPage from './MessagesPage.tsx';

const ctx = setupFeature(harness);
const routes = { '/messages': <MessagesPage />, '/messages/:notificationId': <MessageDetailPage /> };

describe('MessagesPage', () => {
  it('lists messages newest first with unread marks and the count; 全部已读 clears them', async () => {
    renderAt(routes, '/messages');
    const list = await screen.findByRole('list', { name: '消息列表' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      `未读：预约成功预约挂号${'李*英已成功预约心血管内科 · 李明 主任医师。'}${sentAt('2030-05-10T01:00:00.000Z')}`,
      `您的投诉已回复投诉建议客户服务中心已回复，请查看。${sentAt('2030-05-09T01:00:00.000Z')}`,
    ]);
    expect(links[0].getAttribute('href')).toBe('/messages/1');
    expect(screen.getByTestId('unread-count').textContent).toBe('1条未读');
    await act(async () => screen.getByRole('button', { name: '全部已读' }).click());
    await pause();
    expect(screen.getByTestId('unread-count').textContent).toBe('没有未读消息');
    expect(within(list).getAllByRole('link')[0].textContent).not.toContain('未读');
  });

  it('says so when there are none', async () => {
    ctx.service.items = [];
    renderAt(routes, '/messages');
    await bodyShows('暂无消息');
  });

  it('offers a retry when the list fails', async () => {
    ctx.service.override('GET /v1/notifications', fail(502, '医院服务暂时无法连接'));
    renderAt(routes, '/messages');
    await bodyShows('消息加载失败');
  });
});

describe('MessageDetailPage', () => {
  it('opens a message (marking it read), leads to what it is about, and deletes it after a confirm', async () => {
    const router = renderAt(routes, '/messages/1');
    await screen.findByRole('heading', { name: '预约成功' });
    expect(ctx.service.items[0].read).toBe(true);
    expect(screen.getByRole('link', { name: '查看详情' }).getAttribute('href')).toBe('/appointmentDetail/7');
    const remove = screen.getByRole('button', { name: '删除消息' });
    await answerDialog(() => remove.click(), '取消');
    await pause();
    expect(ctx.service.items).toHaveLength(2);
    const text = await answerDialog(() => remove.click(), '删除');
    expect(text).toContain('删除后不能恢复');
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    expect(ctx.service.items.map((m) => m.notificationId)).toEqual(['2']);
  });

  it('says when a message is gone, and sends nothing for a bad link', async () => {
    const router = renderAt(routes, '/messages/99');
    await bodyShows('该消息不存在或已删除');
    const before = sent(ctx.server).length;
    await act(() => router.navigate('/messages/%3Cx%3E'));
    await bodyShows('链接无效');
    expect(sent(ctx.server).length).toBe(before);
  });
});
