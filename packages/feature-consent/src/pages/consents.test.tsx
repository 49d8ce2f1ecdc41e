import { appStore } from '@patient/app-state';
import { answerDialog, renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodiesOf, bodyShows, consent, fail, harness, sent } from '../testing.tsx';
import ConsentsPage from './ConsentsPage.tsx';

const ctx = setupFeature(harness);
const routes = { '/privacy/consents': <ConsentsPage /> };

describe('隐私与授权', () => {
  it('lists what the account agreed to, with version and time, and links both documents', async () => {
    ctx.service.consents = [
      consent('3', 'SENSITIVE', { withdrawnAt: '2026-11-04T02:00:00.000Z' }),
      consent('2', 'AGREEMENT'),
      consent('1', 'POLICY', { current: false, version: '2026-01-01' }),
    ];
    renderAt(routes, '/privacy/consents');
    const list = await screen.findByRole('list', { name: '我的授权' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('已撤回'),
      expect.stringContaining('《用户协议》已同意版本 2026-11-01同意时间 2026-11-02 09:30'),
      expect.stringContaining('版本已更新版本 2026-01-01'),
    ]);
    expect(items[0].textContent).toContain('撤回时间 2026-11-04 10:00');
    expect(within(items[0]).queryByRole('button', { name: '撤回' })).toBeNull();
    expect(screen.getByRole('link', { name: '《隐私政策》' }).getAttribute('href')).toBe('/privacy/policy');
    expect(screen.getByRole('link', { name: '《用户协议》' }).getAttribute('href')).toBe(
      '/privacy/agreement',
    );
    expect(screen.getByRole('link', { name: '访问记录：谁查看了我的信息' }).getAttribute('href')).toBe(
      '/privacy/access',
    );
    expect(screen.getByRole('link', { name: '个人信息副本' }).getAttribute('href')).toBe('/privacy/copy');
    expect(screen.getByRole('link', { name: '注销账号' }).getAttribute('href')).toBe('/privacy/deletion');
  });

  it('says so when there are none', async () => {
    ctx.service.consents = [];
    renderAt(routes, '/privacy/consents');
    await bodyShows('您尚未同意任何协议');
  });

  it('offers a retry when the list fails', async () => {
    ctx.service.override('GET /v1/privacy/consents', fail(502, '医院服务暂时无法连接'));
    renderAt(routes, '/privacy/consents');
    await bodyShows('授权记录加载失败');
  });

  it('asks before withdrawing, saying what stops working; 再想想 changes nothing', async () => {
    renderAt(routes, '/privacy/consents');
    const list = await screen.findByRole('list', { name: '我的授权' });
    const policy = within(list).getAllByRole('listitem')[1];
    const text = await answerDialog(
      () => fireEvent.click(within(policy).getByRole('button', { name: '撤回' })),
      '再想想',
    );
    expect(text).toContain('撤回后将立即退出登录，医院将停止基于该同意处理您的个人信息');
    expect(sent(ctx.server)).toEqual(['GET /v1/privacy/consents']);
  });

  it('withdraws the sensitive consent after the confirm, and shows the withdrawal time', async () => {
    ctx.service.consents = [consent('3', 'SENSITIVE'), consent('2', 'AGREEMENT'), consent('1', 'POLICY')];
    renderAt(routes, '/privacy/consents');
    const list = await screen.findByRole('list', { name: '我的授权' });
    const sensitive = within(list).getAllByRole('listitem')[0];
    await answerDialog(
      () => fireEvent.click(within(sensitive).getByRole('button', { name: '撤回' })),
      '撤回',
    );
    await waitFor(() =>
      expect(bodiesOf(ctx.server, 'POST /v1/privacy/consents/withdraw')).toEqual([{ consentId: '3' }]),
    );
    await waitFor(() => expect(sensitive.textContent).toContain('撤回时间 2026-11-05 11:00'));
    expect(within(sensitive).queryByRole('button', { name: '撤回' })).toBeNull();
  });

  it('withdrawing the agreement says the session ends, then forgets the user and goes home', async () => {
    appStore.getState().update((s) => {
      s.auth = { userId: 'u1', phone: '*******8000' };
    });
    renderAt(routes, '/privacy/consents');
    const list = await screen.findByRole('list', { name: '我的授权' });
    const agreement = within(list).getAllByRole('listitem')[0];
    const text = await answerDialog(
      () => fireEvent.click(within(agreement).getByRole('button', { name: '撤回' })),
      '撤回',
    );
    expect(text).toContain('撤回后将立即退出登录');
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('ELSEWHERE /homepage'));
    expect(bodiesOf(ctx.server, 'POST /v1/privacy/consents/withdraw')).toEqual([{ consentId: '2' }]);
    expect(appStore.getState().auth).toBeNull();
    await bodyShows('已撤回，已退出登录');
  });
});
