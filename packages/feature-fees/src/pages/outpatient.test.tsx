import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerDialog, bodiesOf, harness, makeCharge, ORDERS, sent } from '../testing.tsx';
import OutpatientDetailPage from './OutpatientDetailPage.tsx';
import OutpatientListPage from './OutpatientListPage.tsx';
import OutpatientPayPage from './OutpatientPayPage.tsx';

const ctx = setupFeature(harness);
const routes = {
  '/outpatientFee/list': <OutpatientListPage />,
  '/outpatientFee/pay/:orderId/:price': <OutpatientPayPage />,
  '/outpatientFee/detail/:type/:orderId': <OutpatientDetailPage />,
};

describe('门诊缴费 list', () => {
  it('groups the unpaid orders with subtotals, all ticked; the total follows the ticks; pays the chosen together', async () => {
    renderAt(routes, '/outpatientFee/list');
    const drugs = await screen.findByRole('region', { name: '西药' }, { timeout: 5000 });
    expect(drugs.textContent).toContain('小计 ¥45.80');
    expect(screen.getByRole('region', { name: '检查' }).textContent).toContain('小计 ¥230.00');
    expect(screen.getByText(/已选 4 项/).textContent).toContain('¥300.80');
    await userEvent.click(screen.getByRole('checkbox', { name: '胸部CT平扫' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '血常规' }));
    expect(screen.getByText(/已选 2 项/).textContent).toContain('¥45.80');
    await userEvent.click(screen.getByRole('button', { name: '合并缴费' }));
    expect(await screen.findByRole('region', { name: '缴费项目' })).toBeTruthy();
    expect(bodiesOf(ctx.server, 'POST /v1/interOfficePayment/orderUniformly')).toEqual([
      { hospitalId: '1000', contactId: '1', orderIds: ['1', '4'] },
    ]);
  });

  it('shows that nothing is owed, and a failed load with retry', async () => {
    ctx.service.orders = [];
    renderAt(routes, '/outpatientFee/list');
    expect(await screen.findByText('暂无待缴费用')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '合并缴费' })).toBeNull();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    ctx.service.override('POST /v1/outpatient/officeCharges/1000', {
      status: 500,
      body: { state: 500, msg: '服务器异常' },
    });
    renderAt(routes, '/outpatientFee/list');
    expect(await screen.findByText('待缴费用加载失败')).toBeTruthy();
    ctx.service.overrides.clear();
    await userEvent.click(screen.getByRole('button', { name: /重试|重新加载/ }));
    expect(await screen.findByRole('region', { name: '西药' })).toBeTruthy();
  });
});

describe('门诊支付', () => {
  it('pays the charge through the payment module (sandbox cashier)', async () => {
    ctx.service.charges.push(makeCharge(ORDERS.slice(0, 2)));
    renderAt(routes, '/outpatientFee/pay/9/26700');
    await userEvent.click(await screen.findByRole('button', { name: '立即支付' }));
    await waitFor(() => expect(ctx.redirects).toEqual(['http://cashier.test/pay/77']));
    expect(bodiesOf(ctx.server, 'POST /v1/pay_orders/js_pay')).toEqual([
      expect.objectContaining({
        orderType: 'OUTPATIENT_FEE',
        orderId: '9',
        returnPath: '/outpatientFee/paySuccess?chargeId=9',
      }),
    ]);
  });

  it('cancels after a confirm: the orders are unlocked', async () => {
    ctx.service.charges.push(makeCharge(ORDERS.slice(0, 2)));
    const router = renderAt(routes, '/outpatientFee/pay/9/26700');
    const cancel = await screen.findByRole('button', { name: '取消缴费' });
    const text = await answerDialog(() => cancel.click(), '取消缴费');
    expect(text).toContain('取消后处方将解锁');
    await waitFor(() => expect(router.state.location.pathname).toBe('/outpatientFee/list'));
    expect(sent(ctx.server)).toContain('POST /v1/outpatient/cancelChargePrePay/9');
  });

  it('says a bad link is bad and sends nothing', async () => {
    renderAt(routes, '/outpatientFee/pay/abc/1');
    expect(await screen.findByText('缴费单链接无效')).toBeTruthy();
    expect(sent(ctx.server)).toEqual([]);
  });
});

describe('缴费明细', () => {
  it('refunds a paid charge with an invalidated order after a confirm', async () => {
    const invalid = { ...ORDERS[1], status: 'INVALIDATED' as const };
    ctx.service.charges.push(
      makeCharge([{ ...ORDERS[0], status: 'PAID' }, invalid], {
        status: 'PAID',
        refundable: true,
        paidAt: '2030-05-10T01:05:00.000Z',
      }),
    );
    renderAt(routes, '/outpatientFee/detail/charge/9');
    const refund = await screen.findByRole('button', { name: '申请退费' });
    expect(screen.getByRole('region', { name: '胸部CT平扫' }).textContent).toContain('已作废');
    await answerDialog(() => refund.click(), '确定退费');
    expect(await screen.findByText('退费原因：处方已作废：胸部CT平扫')).toBeTruthy();
    expect(sent(ctx.server)).toContain('POST /v1/outpatient/invalidOrder/refund/9');
  });
});
