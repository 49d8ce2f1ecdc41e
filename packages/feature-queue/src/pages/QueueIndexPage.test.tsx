import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_TIMING } from '../live.ts';
import { QUEUE_ROUTES } from '../paths.ts';
import {
  bodiesOf,
  bodyShows,
  FakeEventSource,
  harness,
  makePlace,
  pause,
  sent,
  withFakeEventSource,
} from '../testing.tsx';
import QueueIndexPage from './QueueIndexPage.tsx';

const ctx = setupFeature(harness);
withFakeEventSource();
const open = (path: string) =>
  renderAt({ [QUEUE_ROUTES.index]: <QueueIndexPage />, [QUEUE_ROUTES.indexFor]: <QueueIndexPage /> }, path);
const timing = { ...LIVE_TIMING };
afterEach(() => Object.assign(LIVE_TIMING, timing));

describe('QueueIndexPage', () => {
  it('shows my number, the number called, how many before me and the wait as a range', async () => {
    open('/queueIndex');
    const card = await screen.findByRole('article', { name: '心血管内科 第21号' });
    expect(within(card).getByText('我的号码').nextSibling?.textContent).toBe('21');
    expect(within(card).getByText('当前叫号').nextSibling?.textContent).toBe('17');
    expect(within(card).getByText('前面还有').nextSibling?.textContent).toBe('3人');
    expect(card.textContent).toContain('预计等待 约 12–18 分钟');
    expect(card.textContent).toContain('仅供参考，请以现场叫号为准');
    expect(card.textContent).toContain('张*');
    expect(bodiesOf(ctx.server, 'POST /v1/check/outpatientQueuings')).toEqual([
      { hospitalId: '1000', contactId: '1' },
    ]);
    expect(FakeEventSource.latest().url).toBe('/hospital-service/v1/queue/events/1000?contactId=1');
    expect(FakeEventSource.latest().init).toEqual({ withCredentials: true });
  });

  it('updates live when the service sends a call, and says when it is called', async () => {
    open('/queueIndex/1/0');
    await screen.findByRole('article', { name: '心血管内科 第21号' });
    const stream = FakeEventSource.latest();
    act(() => stream.emit('open'));
    await bodyShows('实时更新中');
    act(() => stream.emit('places', [makePlace({ calledNumber: 20, ahead: 0 })]));
    await bodyShows('下一个就是您');
    act(() =>
      stream.emit('places', [makePlace({ calledNumber: 21, ahead: 0, status: 'CALLED', estimate: null })]),
    );
    await bodyShows('请立即到门诊楼2层 B区就诊');
    expect(screen.getByText('正在叫号')).toBeTruthy();
    // Nothing was asked again: the stream carried it.
    expect(sent(ctx.server).filter((l) => l.includes('outpatientQueuings'))).toHaveLength(1);
  });

  it('falls back to asking every few seconds when the stream drops, and reconnects later', async () => {
    LIVE_TIMING.pollMs = 100;
    LIVE_TIMING.reconnectMs = 400;
    open('/queueIndex');
    await screen.findByRole('article', { name: '心血管内科 第21号' });
    const first = FakeEventSource.latest();
    ctx.service.places = [makePlace({ calledNumber: 19, ahead: 1 })];
    act(() => first.emit('error'));
    expect(first.closed).toBe(true);
    await bodyShows('实时连接已断开，正每 10 秒自动刷新');
    await bodyShows('1人');
    await pause(350);
    const polls = sent(ctx.server).filter((l) => l.includes('outpatientQueuings')).length;
    expect(polls).toBeGreaterThanOrEqual(3);
    await pause(200);
    expect(FakeEventSource.opened.length).toBe(2);
    act(() => FakeEventSource.latest().emit('open'));
    await bodyShows('实时更新中');
  });

  it('filters by the tab of :selectType, refuses a bad one, says when there is no queue', async () => {
    ctx.service.places = [
      makePlace(),
      makePlace({ entryId: '8', kind: 'PHARMACY', queueName: '西药房', number: 90, queueId: '40' }),
    ];
    const router = open('/queueIndex/1/3');
    await screen.findByRole('article', { name: '西药房 第90号' });
    expect(screen.queryByRole('article', { name: '心血管内科 第21号' })).toBeNull();
    expect(screen.getByRole('tab', { name: '药房' }).getAttribute('aria-selected')).toBe('true');
    await act(() => router.navigate('/queueIndex/1/2'));
    await bodyShows('今日暂无排队');
    await act(() => router.navigate('/queueIndex/1/9'));
    await bodyShows('页面链接中的排队类别有误');
  });

  it('shows another contact’s queues when chosen', async () => {
    const router = open('/queueIndex');
    await screen.findByRole('article', { name: '心血管内科 第21号' });
    await act(async () => screen.getByRole('radio', { name: /王\*\*/ }).click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/queueIndex/2/0'));
    await waitFor(() =>
      expect(bodiesOf(ctx.server, 'POST /v1/check/outpatientQueuings').at(-1)).toEqual({
        hospitalId: '1000',
        contactId: '2',
      }),
    );
  });
});
