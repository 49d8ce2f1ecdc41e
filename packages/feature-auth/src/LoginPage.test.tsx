import { configureApi } from '@patient/api-client';
import { startServer, type TestServer } from '@patient/api-client/testing';
import { appStore } from '@patient/app-state';
import { HospitalConfigProvider } from '@patient/hospital-config';
import { testHospitalConfig } from '@patient/hospital-config/testing';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import LoginPage, { redirectTarget } from './LoginPage.tsx';

const config = testHospitalConfig();

let server: TestServer;
const toasts: string[] = [];
const ok = (results: unknown) => ({ body: { state: 200, msg: null, subMsg: null, subCode: null, results } });

beforeAll(async () => {
  server = await startServer({ corsOrigin: window.location.origin });
  configureApi({
    baseURL: server.baseURL,
    ui: { toast: (m) => void toasts.push(m), alert: async () => {} },
    navigate: () => {},
    redirect: () => {},
  });
});
afterEach(() => {
  cleanup();
  server.reset();
  toasts.length = 0;
  appStore.getState().resetUser();
});
afterAll(() => server.close());

function renderLogin(path = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <p>目标页面</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <HospitalConfigProvider config={config}>
      <RouterProvider router={router} />
    </HospitalConfigProvider>,
  );
  return router;
}

const phoneInput = () => screen.getByPlaceholderText('请输入手机号');
const codeInput = () => screen.getByPlaceholderText('请输入验证码');

describe('LoginPage', () => {
  it('explains an invalid phone and sends nothing', async () => {
    renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '12345' } });
    fireEvent.click(screen.getByText('获取验证码'));
    expect(await screen.findByText('请输入正确的手机号码')).toBeTruthy();
    fireEvent.click(screen.getByText('登录'));
    expect(await screen.findByText('请输入6位数字验证码')).toBeTruthy();
    expect(server.received).toHaveLength(0);
  });

  it('sends the code, counts down, logs in and goes to the redirect target', async () => {
    server.handle((request) =>
      request.path.endsWith('/sendCode')
        ? ok({ resendAfterSeconds: 60 })
        : ok({ userId: 'u1', phone: '*******8000' }),
    );
    const router = renderLogin('/login?redirect=/contactList');
    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByText('获取验证码'));
    await screen.findByText(/秒后重发/);
    expect(server.received[0]).toMatchObject({ method: 'POST', path: '/hospital-service/v1/auth/sendCode' });
    expect(JSON.parse(server.received[0].body)).toEqual({ phone: '13800138000' });

    fireEvent.change(codeInput(), { target: { value: '12a3456' } });
    expect((codeInput() as HTMLInputElement).value).toBe('123456');
    fireEvent.click(screen.getByText('登录'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contactList'));
    expect(JSON.parse(server.received[1].body)).toEqual({ phone: '13800138000', code: '123456' });
    expect(appStore.getState().auth).toEqual({ userId: 'u1', phone: '*******8000' });
    await waitFor(() => expect(document.body.textContent).toContain('登录成功'), { timeout: 8000 });
  });

  it('clears a wrong code and stays on the page', async () => {
    server.handle(() => ({
      body: { state: 400, msg: '验证码错误或已过期', subMsg: null, subCode: null, results: null },
    }));
    const router = renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    fireEvent.change(codeInput(), { target: { value: '000000' } });
    fireEvent.click(screen.getByText('登录'));
    await waitFor(() => expect(toasts).toContain('验证码错误或已过期'));
    expect((codeInput() as HTMLInputElement).value).toBe('');
    expect(router.state.location.pathname).toBe('/login');
    expect(appStore.getState().auth).toBeNull();
  });
});

describe('redirectTarget', () => {
  it('links the hospital’s 用户协议 and 隐私政策 by path, with nothing ticked', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: '《用户协议》' }).getAttribute('href')).toBe(
      '/privacy/agreement',
    );
    expect(screen.getByRole('link', { name: '《隐私政策》' }).getAttribute('href')).toBe('/privacy/policy');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('only follows same-app paths', () => {
    expect(redirectTarget('/appointmentList')).toBe('/appointmentList');
    expect(redirectTarget(null)).toBe('/homepage');
    expect(redirectTarget('https://evil.example')).toBe('/homepage');
    expect(redirectTarget('//evil.example')).toBe('/homepage');
    expect(redirectTarget('/login')).toBe('/homepage');
  });
});
