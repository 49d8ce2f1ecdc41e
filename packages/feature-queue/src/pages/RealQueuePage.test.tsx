import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { QUEUE_ROUTES } from '../paths.ts';
import { bodyShows, harness } from '../testing.tsx';
import RealQueuePage from './RealQueuePage.tsx';

const ctx = setupFeature(harness);

describe('RealQueuePage', () => {
  it('lists the queues of a kind with the number called, searches, and links each to its detail', async () => {
    renderAt({ [QUEUE_ROUTES.queues]: <RealQueuePage /> }, '/realqueue');
    const list = await screen.findByRole('list', { name: '门诊队列' });
    expect(list.textContent).toContain('当前 17 号');
    expect(list.textContent).toContain('等候 6 人');
    expect(screen.getByRole('link', { name: /心血管内科/ }).getAttribute('href')).toBe(
      `/realqueue/detail/12/${encodeURIComponent('心血管内科')}`,
    );
    await userEvent.type(screen.getByLabelText('搜索科室或诊室'), '消化');
    expect(screen.queryByRole('link', { name: /心血管内科/ })).toBeNull();
    expect(screen.getByRole('link', { name: /消化内科/ })).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('搜索科室或诊室'));
    await userEvent.type(screen.getByLabelText('搜索科室或诊室'), '眼科');
    await bodyShows('没有找到“眼科”相关的队列');
    await act(async () => screen.getByRole('tab', { name: '药房' }).click());
    await userEvent.clear(screen.getByLabelText('搜索科室或诊室'));
    await screen.findByRole('link', { name: /西药房/ });
    expect(ctx.server.received.at(-1)?.query.get('kind')).toBe('PHARMACY');
    expect(ctx.server.received.some((r) => r.path.endsWith('/v2/queue/queueType/1000'))).toBe(true);
  });

  it('shows only the kinds of queue the hospital has (the queue type call)', async () => {
    ctx.service.queues = ctx.service.queues.filter((q) => q.kind !== 'EXAM');
    renderAt({ [QUEUE_ROUTES.queues]: <RealQueuePage /> }, '/realqueue');
    await screen.findByRole('list', { name: '门诊队列' });
    await screen.findByRole('tab', { name: '药房' });
    expect(screen.queryByRole('tab', { name: '检查' })).toBeNull();
  });
});
