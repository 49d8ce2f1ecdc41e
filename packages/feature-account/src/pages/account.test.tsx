import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerDialog, bodiesOf, bodyShows, harness, sent } from '../testing.tsx';
import AccountPage from './AccountPage.tsx';
import RechargePage from './RechargePage.tsx';
import RechargeSuccessPage from './RechargeSuccessPage.tsx';
import TransRecordPage from './TransRecordPage.tsx';

const ctx = setupFeature(harness);

describe('预交金账户', () => {
  it('shows the balance, the account and card numbers and the ways on', async () => {
    renderAt({ '/account': <AccountPage /> }, '/account');
    expect(await screen.findByText('293.50')).toBeTruthy();
    expect(screen.getByText('YJ100000000007')).toBeTruthy();
    expect(screen.getByText('100200300')).toBeTruthy();
    expect(screen.getAllByText('张*').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: '充值及消费记录' }).getAttribute('href')).toBe('/transRecord/7');
    expect(screen.getByRole('link', { name: '关联就诊卡' }).getAttribute('href')).toBe(
      `/account/cardList/1000/0/${encodeURIComponent('张*')}/${encodeURIComponent('11010*************')}/1`,
    );
  });

  it('opens an account in the real name after a confirm', async () => {
    ctx.service.account = null;
    renderAt({ '/account': <AccountPage /> }, '/account');
    const button = await screen.findByRole('button', { name: '开通预交金账户' });
    const text = await answerDialog(() => button.click(), '同意并开通');
    expect(text).toContain('张*（11010*************）');
    expect(await screen.findByText('0.00')).toBeTruthy();
    expect(bodiesOf(ctx.server, 'POST /v1/account/1000/patientCreatAccount')).toEqual([{ contactId: '1' }]);
  });

  it('closes only with the holder’s name typed and a confirm; the balance goes back', async () => {
    const user = userEvent.setup();
    renderAt({ '/account': <AccountPage /> }, '/account');
    await user.click(await screen.findByRole('button', { name: '注销账户' }));
    const form = screen.getByRole('form', { name: '注销账户' });
    fireEvent.submit(form);
    expect((await screen.findByRole('alert')).textContent).toBe('请输入账户人的完整姓名');
    expect(sent(ctx.server).filter((l) => l.includes('Cancellation'))).toEqual([]);
    await user.type(screen.getByLabelText(/请输入账户人完整姓名/), '张伟');
    const text = await answerDialog(() => fireEvent.submit(form), '确认注销');
    expect(text).toContain('¥293.50 将原路退回');
    await bodyShows('尚未开通预交金账户');
    const call = ctx.server.received.find((r) => r.path.endsWith('/patientAccountCancellation'));
    expect(call?.query.get('name')).toBe('张伟');
    expect(call?.query.get('accountId')).toBe('7');
  });
});

describe('充值', () => {
  it('names a bad amount beside the field and sends nothing', async () => {
    const user = userEvent.setup();
    renderAt({ '/recharge/:contactId': <RechargePage /> }, '/recharge/1');
    const field = await screen.findByLabelText('其他金额（元）');
    for (const [typed, message] of [
      ['0', '充值金额必须大于0'],
      ['-3', '充值金额必须大于0'],
      ['12.345', '金额最多保留两位小数'],
      ['0.5', '单次充值金额不能少于1.00元'],
      ['6000', '单次充值金额不能超过5000.00元'],
    ]) {
      await user.clear(field);
      await user.type(field, typed);
      await user.click(screen.getByRole('button', { name: '立即充值' }));
      expect(screen.getByRole('alert').textContent).toBe(message);
      expect(field.getAttribute('aria-invalid')).toBe('true');
    }
    expect(bodiesOf(ctx.server, 'POST /v1/account/pay')).toEqual([]);
  });

  it('places the order for the chosen amount and opens the cashier of the payment module', async () => {
    const user = userEvent.setup();
    renderAt({ '/recharge/:contactId': <RechargePage /> }, '/recharge/1');
    await user.click(await screen.findByRole('radio', { name: '500元' }));
    await user.click(screen.getByRole('button', { name: '立即充值' }));
    await waitFor(() => expect(ctx.redirects).toHaveLength(1));
    expect(bodiesOf(ctx.server, 'POST /v1/account/pay')).toEqual([
      { hospitalId: '1000', accountId: '7', amount: 50_000 },
    ]);
    expect(bodiesOf(ctx.server, 'POST /v1/pay_orders/js_pay')).toEqual([
      expect.objectContaining({ orderType: 'ACCOUNT_RECHARGE', orderId: '20', channel: 'SANDBOX' }),
    ]);
    expect(ctx.redirects[0]).toContain('return=/rechargeSuccess?rechargeId=20');
  });

  it('confirms the payment on return and shows the result only as the service has it', async () => {
    ctx.service.recharges.push({
      rechargeId: '31',
      accountId: '7',
      hospitalId: '1000',
      contactId: '1',
      amount: 50_000,
      status: 'PAID',
      createdAt: '2030-05-09T02:00:00.000Z',
      paidAt: '2030-05-09T02:01:00.000Z',
      balance: 79_350,
    });
    ctx.service.payments.push({
      paymentId: 'p31',
      orderType: 'ACCOUNT_RECHARGE',
      orderId: '31',
      channel: 'SANDBOX',
      amount: 50_000,
      status: 'PAID',
      paidAt: '2030-05-09T02:01:00.000Z',
    });
    renderAt({ '/rechargeSuccess': <RechargeSuccessPage /> }, '/rechargeSuccess?rechargeId=31&paymentId=p31');
    expect(await screen.findByRole('heading', { name: '充值成功' }, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('¥793.50')).toBeTruthy();
    expect(sent(ctx.server)).toEqual(['GET /v1/pay_orders/p31', 'GET /v1/account/recharge/31']);
  });
});

describe('充值及消费记录', () => {
  it('lists movements by day with the balance after each, and a refund in progress', async () => {
    const user = userEvent.setup();
    renderAt({ '/transRecord/:accountId': <TransRecordPage /> }, '/transRecord/7');
    const day = await screen.findByRole('list', { name: '2030-05-03交易记录' });
    expect(day.textContent).toContain('门诊缴费 · 西药费');
    expect(day.textContent).toContain('−206.50');
    expect(day.textContent).toContain('余额 303.50');
    expect(screen.getByText('退款中')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: '充值' }));
    expect(screen.queryByText('门诊缴费 · 西药费')).toBeNull();
    expect(screen.getByText('+510.00')).toBeTruthy();
  });

  it('says a bad link is bad and sends nothing', async () => {
    renderAt({ '/transRecord/:accountId': <TransRecordPage /> }, '/transRecord/a%20b');
    expect(await screen.findByText('链接无效，请从预交金账户进入')).toBeTruthy();
    expect(sent(ctx.server)).toEqual([]);
  });
});
