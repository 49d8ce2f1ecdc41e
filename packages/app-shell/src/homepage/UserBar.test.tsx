import type { Reply } from '@patient/api-client/testing';
import { appStore } from '@patient/app-state';
import { ok, pause, renderAt, sent, setupLoopback } from '@patient/feature-kit/testing';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserBar } from './UserBar.tsx';

const SERVICE_DOWN: Reply = {
  status: 502,
  body: { state: 502, msg: '医院服务暂时无法连接', subMsg: null, subCode: null, results: null },
};
const USER = { userId: 'u1', phone: '138****8000' };

let answer: Reply = SERVICE_DOWN;
const loopback = setupLoopback({
  // Each test starts as the app does: the login state not yet known.
  reset: () =>
    appStore.getState().update((s) => {
      s.authStatus = 'checking';
    }),
  prepare: (server) => {
    answer = SERVICE_DOWN;
    server.handle(() => answer);
  },
});
const checks = () => sent(loopback.server).filter((line) => line === 'GET /v1/auth/session').length;

describe('UserBar', () => {
  it('with the service down, never says a logged-in patient is logged out; recovers when back online', async () => {
    renderAt({ '/homepage': <UserBar /> }, '/homepage');
    expect(await screen.findByText('登录状态获取失败')).toBeTruthy();
    expect(screen.queryByText('登录后查看就诊人与订单')).toBeNull();
    expect(screen.queryByRole('link', { name: '登录' })).toBeNull();

    answer = ok(USER);
    await pause(100);
    expect(checks()).toBe(1);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText(`您好，${USER.phone}`)).toBeTruthy();
    expect(checks()).toBe(2);
  });

  it('shows the user it already knows while the service is down', async () => {
    appStore.getState().update((s) => {
      s.auth = USER;
    });
    renderAt({ '/homepage': <UserBar /> }, '/homepage');
    await pause(200);
    expect(screen.getByText(`您好，${USER.phone}`)).toBeTruthy();
  });

  it('does not ask again what the start-up check has answered', async () => {
    appStore.getState().update((s) => {
      s.auth = USER;
      s.authStatus = 'known';
    });
    renderAt({ '/homepage': <UserBar /> }, '/homepage');
    await pause(200);
    expect(screen.getByText(`您好，${USER.phone}`)).toBeTruthy();
    expect(checks()).toBe(0);
  });

  it('offers login only when the service says nobody is logged in', async () => {
    answer = ok(null);
    renderAt({ '/homepage': <UserBar /> }, '/homepage');
    expect(screen.getByText('正在获取登录状态...')).toBeTruthy();
    expect(await screen.findByText('登录后查看就诊人与订单')).toBeTruthy();
    expect(screen.getByRole('link', { name: '登录' }).getAttribute('href')).toBe('/login');
  });

  it('the retry button asks again', async () => {
    renderAt({ '/homepage': <UserBar /> }, '/homepage');
    const retry = await screen.findByRole('button', { name: '重试' });
    answer = ok(null);
    act(() => retry.click());
    expect(await screen.findByText('登录后查看就诊人与订单')).toBeTruthy();
  });
});
