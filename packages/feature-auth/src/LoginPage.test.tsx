import { configureApi } from '@patient/api-client';
import { type Reply, startServer, type TestServer } from '@patient/api-client/testing';
import { appStore } from '@patient/app-state';
import { HospitalConfigProvider } from '@patient/hospital-config';
import { testHospitalConfig } from '@patient/hospital-config/testing';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import LoginPage, { AGREE_FIRST, redirectTarget } from './LoginPage.tsx';

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

const DOCUMENTS = [
  { kind: 'POLICY', title: '隐私政策', version: '2026-11-01' },
  { kind: 'AGREEMENT', title: '用户协议', version: '2026-10-01' },
];
/** The service's answers: the documents, the code, the login (`login` replaces the last). */
const answers =
  (login: () => Reply = () => ok({ userId: 'u1', phone: '*******8000' })) =>
  (request: { path: string }) => {
    if (request.path.endsWith('/v1/privacy/documents')) return ok(DOCUMENTS);
    if (request.path.endsWith('/sendCode')) return ok({ resendAfterSeconds: 60 });
    return login();
  };
const sentTo = (suffix: string) => server.received.filter((r) => r.path.endsWith(suffix));
const agreeBox = () => screen.getByRole('checkbox', { name: '我已阅读并同意' }) as HTMLInputElement;
/** Ticks the box once the documents' versions are there. */
async function agree() {
  await waitFor(() => expect(agreeBox().disabled).toBe(false));
  fireEvent.click(agreeBox());
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
    expect(sentTo('/sendCode')).toHaveLength(0);
    expect(sentTo('/bindPhone')).toHaveLength(0);
  });

  it('sends the code, counts down, logs in and goes to the redirect target', async () => {
    server.handle(answers());
    const router = renderLogin('/login?redirect=/contactList');
    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByText('获取验证码'));
    await screen.findByText(/秒后重发/);
    expect(sentTo('/sendCode')[0]).toMatchObject({
      method: 'POST',
      path: '/hospital-service/v1/auth/sendCode',
    });
    expect(JSON.parse(sentTo('/sendCode')[0].body)).toEqual({ phone: '13800138000' });

    fireEvent.change(codeInput(), { target: { value: '12a3456' } });
    expect((codeInput() as HTMLInputElement).value).toBe('123456');
    await agree();
    expect(screen.getByText('用户协议 2026-10-01 版 · 隐私政策 2026-11-01 版')).toBeTruthy();
    fireEvent.click(screen.getByText('登录'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contactList'));
    expect(JSON.parse(sentTo('/bindPhone')[0].body)).toEqual({
      phone: '13800138000',
      code: '123456',
      agreement: { hospitalId: config.id, policyVersion: '2026-11-01', agreementVersion: '2026-10-01' },
    });
    expect(appStore.getState().auth).toEqual({ userId: 'u1', phone: '*******8000' });
    await waitFor(() => expect(document.body.textContent).toContain('登录成功'), { timeout: 8000 });
  });

  it('clears a wrong code and stays on the page', async () => {
    server.handle(
      answers(() => ({
        body: { state: 400, msg: '验证码错误或已过期', subMsg: null, subCode: null, results: null },
      })),
    );
    const router = renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    fireEvent.change(codeInput(), { target: { value: '000000' } });
    await agree();
    fireEvent.click(screen.getByText('登录'));
    await waitFor(() => expect(toasts).toContain('验证码错误或已过期'));
    expect((codeInput() as HTMLInputElement).value).toBe('');
    expect(router.state.location.pathname).toBe('/login');
    expect(appStore.getState().auth).toBeNull();
  });
});

describe('the agreement (用户协议 and 隐私政策)', () => {
  it('links both documents by path, with nothing ticked', () => {
    server.handle(answers());
    renderLogin();
    expect(screen.getByRole('link', { name: '《用户协议》' }).getAttribute('href')).toBe(
      '/privacy/agreement',
    );
    expect(screen.getByRole('link', { name: '《隐私政策》' }).getAttribute('href')).toBe('/privacy/policy');
    expect(agreeBox().checked).toBe(false);
  });

  it('does not log in before the box is ticked, and says so', async () => {
    server.handle(answers());
    renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    fireEvent.change(codeInput(), { target: { value: '123456' } });
    await waitFor(() => expect(agreeBox().disabled).toBe(false));
    fireEvent.click(screen.getByText('登录'));
    expect((await screen.findByRole('alert')).textContent).toBe(AGREE_FIRST);
    expect(document.activeElement).toBe(agreeBox());
    expect(sentTo('/bindPhone')).toHaveLength(0);
    fireEvent.click(agreeBox());
    expect(screen.queryByText(AGREE_FIRST)).toBeNull();
  });

  it('unticks and reads the new versions when a document changed meanwhile (409)', async () => {
    server.handle(
      answers(() => ({
        status: 409,
        body: {
          state: 409,
          msg: '隐私政策已更新',
          subMsg: '隐私政策已更新，请阅读最新版本后再同意',
          subCode: null,
          results: null,
        },
      })),
    );
    renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    fireEvent.change(codeInput(), { target: { value: '123456' } });
    await agree();
    fireEvent.click(screen.getByText('登录'));
    await waitFor(() => expect(sentTo('/v1/privacy/documents')).toHaveLength(2));
    await waitFor(() => expect(agreeBox().checked).toBe(false));
    expect((codeInput() as HTMLInputElement).value).toBe('123456');
    expect(appStore.getState().auth).toBeNull();
  });

  it('cannot log in while the documents do not load, and offers to load them again', async () => {
    server.handle((request) =>
      request.path.endsWith('/v1/privacy/documents')
        ? { status: 502, body: { state: 502, msg: '服务繁忙', subMsg: null, subCode: null, results: null } }
        : ok(null),
    );
    renderLogin();
    expect((await screen.findByRole('alert')).textContent).toContain('协议加载失败，暂时无法登录');
    expect(agreeBox().disabled).toBe(true);
    server.handle(answers());
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(agreeBox().disabled).toBe(false));
  });
});

describe('redirectTarget', () => {
  it('only follows same-app paths', () => {
    expect(redirectTarget('/appointmentList')).toBe('/appointmentList');
    expect(redirectTarget(null)).toBe('/homepage');
    expect(redirectTarget('https://evil.example')).toBe('/homepage');
    expect(redirectTarget('//evil.example')).toBe('/homepage');
    expect(redirectTarget('/login')).toBe('/homepage');
  });
});
