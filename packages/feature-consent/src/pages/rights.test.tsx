import { appStore } from '@patient/app-state';
import { answerDialog, renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, bodyShows, CODE, deletionOverview, harness, sent } from '../testing.tsx';
import AccountDeletionPage from './AccountDeletionPage.tsx';
import DataCopyPage, { fileSaver } from './DataCopyPage.tsx';

const ctx = setupFeature(harness);
const routes = { '/privacy/deletion': <AccountDeletionPage />, '/privacy/copy': <DataCopyPage /> };

afterEach(() => vi.restoreAllMocks());

const submit = () => fireEvent.click(screen.getByRole('button', { name: '注销账号' }));

describe('注销账号', () => {
  it('says what is deleted and what the law keeps, with the period and the rule; nothing is ticked', async () => {
    renderAt(routes, '/privacy/deletion');
    const erased = await screen.findByRole('list', { name: '注销后立即删除' });
    expect(erased.textContent).toContain('就诊卡、电子健康卡与健康码');
    expect(screen.getByRole('list', { name: '依法保留' }).textContent).toContain(
      '支付与退款记录、电子票据：保留自交易完成之日起 30 年，依据《会计档案管理办法》第十四条',
    );
    const box = screen.getByRole('checkbox');
    expect((box as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('button', { name: '注销账号' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/发送至 138\*\*\*\*8000/)).toBeTruthy();
  });

  it('sends the code, asks once more, deletes, forgets the user and goes home', async () => {
    appStore.getState().update((s) => {
      s.auth = { userId: '1', phone: '138****8000' };
    });
    renderAt(routes, '/privacy/deletion');
    fireEvent.click(await screen.findByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(sent(ctx.server)).toContain('POST /v1/account/deletion/sendCode'));
    await screen.findByRole('button', { name: /秒后重发/ });

    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('请输入6位数字验证码');

    fireEvent.change(screen.getByLabelText(/短信验证码/), { target: { value: CODE } });
    const text = await answerDialog(submit, '再想想');
    expect(text).toContain('无法恢复');
    expect(bodiesOf(ctx.server, 'POST /v1/account/deletion')).toEqual([]);

    await answerDialog(submit, '确定注销');
    await screen.findByTestId('elsewhere');
    expect(screen.getByTestId('elsewhere').textContent).toBe('ELSEWHERE /homepage');
    expect(bodiesOf(ctx.server, 'POST /v1/account/deletion')).toEqual([{ code: CODE }]);
    expect(ctx.service.deleted).toBe(true);
    expect(appStore.getState().auth).toBeNull();
  });

  it('shows why it is refused while money is in flight, and offers nothing to confirm', async () => {
    ctx.service.deletion = deletionOverview([
      {
        kind: 'PREPAID_BALANCE',
        message: '预交金账户 YJ0001 尚有余额 ¥123.45：请先在“预交金账户”中注销该账户，余额原路退回后再注销',
      },
      { kind: 'UNPAID_ORDER', message: '2026-11-08的挂号订单（¥12.00）尚未支付：请支付或取消后再注销' },
    ]);
    renderAt(routes, '/privacy/deletion');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('暂时无法注销账号');
    const reasons = within(alert)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(reasons).toEqual([expect.stringContaining('余额 ¥123.45'), expect.stringContaining('尚未支付')]);
    expect((screen.getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: '注销账号' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: '获取验证码' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps the user when the service refuses (a balance appeared meanwhile) and shows the reason', async () => {
    renderAt(routes, '/privacy/deletion');
    fireEvent.click(await screen.findByRole('checkbox'));
    fireEvent.change(screen.getByLabelText(/短信验证码/), { target: { value: CODE } });
    ctx.service.deletion = deletionOverview([
      {
        kind: 'REFUND_IN_PROGRESS',
        message: '2026-11-01的挂号订单的退款（¥12.00）正在办理：请待退款到账后再注销',
      },
    ]);
    await answerDialog(submit, '确定注销');
    await bodyShows('暂时无法注销账号：2026-11-01的挂号订单的退款');
    expect(ctx.service.deleted).toBe(false);
    await waitFor(() =>
      expect(screen.getByRole('list', { name: '无法注销的原因' }).textContent).toContain('退款'),
    );
  });
});

describe('个人信息副本', () => {
  it('prepares a copy and downloads it as PDF and JSON', async () => {
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => undefined);
    renderAt(routes, '/privacy/copy');
    await bodyShows('暂无副本');
    expect(document.body.textContent).toContain('7 天内可下载，仅限本账号');
    fireEvent.click(screen.getByRole('button', { name: '申请个人信息副本' }));
    const list = await screen.findByRole('list', { name: '我的副本' });
    expect(list.textContent).toContain('有效期至 2026-11-13 10:00');
    fireEvent.click(within(list).getByRole('button', { name: '下载PDF' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0][0]).toMatchObject({
      fileName: '个人信息副本-2026-11-06.pdf',
      mimeType: 'application/pdf',
    });
    fireEvent.click(within(list).getByRole('button', { name: '下载JSON' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[1][0].fileName).toBe('个人信息副本-2026-11-06.json');
    expect(sent(ctx.server)).toEqual([
      'GET /v1/account/dataCopy',
      'POST /v1/account/dataCopy',
      'GET /v1/account/dataCopy/10',
      'GET /v1/account/dataCopy/10',
    ]);
  });
});
