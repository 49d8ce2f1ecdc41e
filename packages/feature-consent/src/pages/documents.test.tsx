import { appStore } from '@patient/app-state';
import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodiesOf, bodyShows, consent, fail, harness, sent, VERSION } from '../testing.tsx';
import AgreementPage from './AgreementPage.tsx';
import PolicyPage from './PolicyPage.tsx';

const ctx = setupFeature(harness);
const routes = { '/privacy/policy': <PolicyPage />, '/privacy/agreement': <AgreementPage /> };
const LOGGED_IN = { auth: { userId: '7', phone: '*******8000' } };

describe('the documents', () => {
  it('shows the hospital’s current 隐私政策 with its version, logged out, and asks nothing', async () => {
    renderAt(routes, '/privacy/policy');
    const article = await screen.findByRole('article', { name: '隐私政策' });
    expect(
      within(article)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['一、我们收集的信息及用途', '二、敏感个人信息', '四、您的权利']);
    await bodyShows(`示范人民医院 · 版本 ${VERSION}`);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(sent(ctx.server)).toEqual(['GET /v1/privacy/documents/POLICY']);
  });

  it('shows the 用户协议', async () => {
    renderAt(routes, '/privacy/agreement');
    expect(await screen.findByRole('article', { name: '用户协议' })).toBeTruthy();
    await bodyShows('本平台由示范人民医院提供。');
  });

  it('offers a retry when the document fails to load', async () => {
    ctx.service.override('GET /v1/privacy/documents/POLICY', fail(502, '医院服务暂时无法连接'));
    renderAt(routes, '/privacy/policy');
    await bodyShows('隐私政策加载失败');
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
  });

  it('lets a logged-in account agree to what it has not, every box unticked, the version sent', async () => {
    // Logged in for this test only (the harness seeds a logged-out app before each test).
    appStore.getState().update((s) => Object.assign(s, LOGGED_IN));
    ctx.service.consents = [consent('2', 'AGREEMENT')];
    renderAt(routes, '/privacy/policy');
    const boxes = await screen.findAllByRole('checkbox');
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([false, false]);
    const agree = screen.getByRole('button', { name: '同意' }) as HTMLButtonElement;
    expect(agree.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意《隐私政策》' }));
    fireEvent.click(agree);
    await waitFor(() =>
      expect(bodiesOf(ctx.server, 'POST /v1/privacy/consents')).toEqual([
        { hospitalId: '1000', kind: 'POLICY', version: VERSION },
      ]),
    );
    await bodyShows('同意《隐私政策》（版本 2026-11-01）');
    // The sensitive-information consent stays separate and unticked.
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });
});
