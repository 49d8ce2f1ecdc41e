import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QUEUE_ROUTES } from '../paths.ts';
import { bodiesOf, bodyShows, harness, makeSignIn } from '../testing.tsx';
import SignInPage from './SignInPage.tsx';

const ctx = setupFeature(harness);
const open = () => renderAt({ [QUEUE_ROUTES.signIn]: <SignInPage /> }, '/callingQueuing');

describe('SignInPage', () => {
  it('signs in for a visit and goes to its queue with the number', async () => {
    const router = open();
    const card = await screen.findByRole('article', { name: '心血管内科 · 李明 主任医师' });
    expect(card.textContent).toContain('上午 09:00-10:00');
    expect(card.textContent).toContain('门诊楼2层 B区');
    await act(async () => within(card).getByRole('button', { name: '签到' }).click());
    await bodyShows('签到成功，您是第30号');
    expect(bodiesOf(ctx.server, 'POST /v1/check/signOrder')).toEqual([
      { hospitalId: '1000', contactId: '1', signId: 'APPOINTMENT-5' },
    ]);
    expect(router.state.location.pathname).toBe('/queueIndex/1/1');
  });

  it('says why an item cannot be signed, and shows the number of one signed', async () => {
    ctx.service.signIns = [
      makeSignIn({ status: 'NOT_YET', reason: '请于当日 07:30 后到院签到' }),
      makeSignIn({
        signId: 'PRESCRIPTION-1',
        kind: 'PHARMACY',
        title: '取药 · 普通内科处方',
        status: 'SIGNED',
        place: null,
      }),
    ];
    open();
    const early = await screen.findByRole('article', { name: '心血管内科 · 李明 主任医师' });
    expect(early.textContent).toContain('请于当日 07:30 后到院签到');
    expect(within(early).queryByRole('button', { name: '签到' })).toBeNull();
    expect(screen.getByRole('article', { name: '取药 · 普通内科处方' }).textContent).toContain('已签到');
  });

  it('shows the service’s refusal and reloads; says when there is nothing today', async () => {
    ctx.service.signIns = [makeSignIn({ status: 'SIGNED', place: null })];
    ctx.service.override('POST /v1/check/getCheckSign', () => ({
      body: { state: 200, msg: null, subMsg: null, subCode: null, results: [makeSignIn()] },
    }));
    open();
    const card = await screen.findByRole('article', { name: '心血管内科 · 李明 主任医师' });
    await act(async () => within(card).getByRole('button', { name: '签到' }).click());
    await waitFor(() => expect(ctx.toasts).toContain('该项目已签到，请留意叫号'));
    ctx.service.overrides.clear();
    ctx.service.signIns = [];
    await act(async () => screen.getByRole('radio', { name: /王\*\*/ }).click());
    await bodyShows('今日暂无需要签到的项目');
  });
});
