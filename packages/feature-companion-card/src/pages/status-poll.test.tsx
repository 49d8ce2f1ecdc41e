import { renderAt, servicePath, setupFeature } from '@patient/feature-kit/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyShows, harness } from '../testing.tsx';
import { STATUS_POLL_MS } from '../useStatusPoll.ts';
import CardListPage from './CardListPage.tsx';
import DetailPage from './DetailPage.tsx';

const ctx = setupFeature(harness);

const routes = {
  '/patientCareCard/list': <CardListPage />,
  '/patientCareCard/detail/:id': <DetailPage />,
};
const asked = (path: string) => ctx.server.received.filter((r) => servicePath(r) === path).length;
const polls = () => asked('/v1/chaperonage/queryChaperonageStatus');
const loads = () => asked('/v1/chaperonage/getChaperonageDO');
const setVisibility = (state: 'visible' | 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  document.dispatchEvent(new Event('visibilitychange'));
};
const waiting = () => ctx.service.cards.find((c) => c.cardId === '5') as (typeof ctx.service.cards)[number];

afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
});

describe('a waiting application’s status', () => {
  it('is asked for every 5 s; when it changes the card reloads and the asking stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderAt(routes, '/patientCareCard/detail/5');
    await bodyShows('病区正在审核您的申请');
    expect(polls()).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(STATUS_POLL_MS));
    await waitFor(() => expect(polls()).toBe(1));
    expect(loads()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(STATUS_POLL_MS));
    await waitFor(() => expect(polls()).toBe(2));
    expect(ctx.server.received.at(-1)?.query.get('cardId')).toBe('5');

    Object.assign(waiting(), {
      status: 'EFFECTIVE',
      canWithdraw: false,
      canCancel: true,
      reviewedAt: '2030-05-10T02:00:00.000Z',
    });
    await act(() => vi.advanceTimersByTimeAsync(STATUS_POLL_MS));
    await bodyShows('进出病区时请出示陪护证二维码');
    expect(loads()).toBe(2);
    expect(screen.getByRole('link', { name: '出示二维码' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '撤回申请' })).toBeNull();
    const after = polls();
    await act(() => vi.advanceTimersByTimeAsync(STATUS_POLL_MS * 4));
    expect(polls()).toBe(after);
  });

  it('is not asked for while the page is hidden, and at once when it is shown again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderAt(routes, '/patientCareCard/detail/5');
    await bodyShows('病区正在审核您的申请');
    setVisibility('hidden');
    await act(() => vi.advanceTimersByTimeAsync(STATUS_POLL_MS * 4));
    expect(polls()).toBe(0);
    Object.assign(waiting(), { status: 'REJECTED', canWithdraw: false, rejectReason: '病区暂不允许陪护' });
    setVisibility('visible');
    await waitFor(() => expect(polls()).toBe(1));
    await bodyShows('病区暂不允许陪护');
  });

  it('stops when the screen is left, keeps asking quietly after a failure, and never for an effective card', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const router = renderAt(routes, '/patientCareCard/detail/5');
    await bodyShows('病区正在审核您的申请');
    const card = waiting();
    ctx.service.cards = ctx.service.cards.filter((c) => c !== card);
    await act(() => vi.advanceTimersByTimeAsync(STATUS_POLL_MS));
    await waitFor(() => expect(polls()).toBe(1));
    expect(ctx.toasts).toEqual([]);
    ctx.service.cards.unshift(card);
    await act(() => vi.advanceTimersByTimeAsync(STATUS_POLL_MS));
    await waitFor(() => expect(polls()).toBe(2));

    await act(() => router.navigate('/patientCareCard/list'));
    await act(() => vi.advanceTimersByTimeAsync(STATUS_POLL_MS * 4));
    expect(polls()).toBe(2);

    await act(() => router.navigate('/patientCareCard/detail/6'));
    await bodyShows('进出病区时请出示陪护证二维码');
    await act(() => vi.advanceTimersByTimeAsync(STATUS_POLL_MS * 4));
    expect(polls()).toBe(2);
  });
});
