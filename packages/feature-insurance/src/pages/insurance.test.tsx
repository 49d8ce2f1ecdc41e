import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  AUTHORISATION,
  bodiesOf,
  bodyShows,
  harness,
  keepAuthorisation,
  makeSettlement,
  pause,
  sent,
} from '../testing.tsx';
import PayingPage from './PayingPage.tsx';
import SuccessPage from './SuccessPage.tsx';
import TransitPage from './TransitPage.tsx';

const ctx = setupFeature(harness);
const ROUTES = {
  '/medicalInsurance/transit': <TransitPage />,
  '/medicalInsurance/paying/:orderId': <PayingPage />,
  '/medicalInsurance/success/:from': <SuccessPage />,
};
const open = (path: string) => renderAt(ROUTES, path);

describe('TransitPage', () => {
  it('exchanges the code once, keeps the authorisation for the order and goes on to the split', async () => {
    open('/medicalInsurance/transit?from=appointment&orderId=7&authCode=AC0123456789');
    await screen.findByLabelText('结算金额');
    expect(bodiesOf(ctx.server, 'POST /v1/auth/payAuthNo')).toEqual([{ authCode: 'AC0123456789' }]);
    expect(bodiesOf(ctx.server, 'POST /v1/pay_orders/selfOrMedicalPreSettle')).toEqual([
      { orderType: 'APPOINTMENT', orderId: '7', mode: 'MEDICAL', payAuthNo: AUTHORISATION.payAuthNo },
    ]);
    expect(JSON.parse(sessionStorage.getItem('insurance.payAuth:APPOINTMENT:7') as string)).toEqual(
      AUTHORISATION,
    );
  });

  it('says when the patient declined or the code was refused, with the way back to the order', async () => {
    open('/medicalInsurance/transit?from=appointment&orderId=7&authCancelled=1');
    await screen.findByText('您已取消医保授权');
    expect(screen.getByRole('link', { name: '返回订单' }).getAttribute('href')).toBe('/placeOrder/7');
    expect(sent(ctx.server)).toEqual([]);
  });

  it('shows the service’s refusal of the code', async () => {
    ctx.service.override('POST /v1/auth/payAuthNo', {
      body: {
        state: 400,
        msg: '医保授权已失效，请重新授权',
        subMsg: '医保授权已失效，请重新授权',
        results: null,
      },
    });
    open('/medicalInsurance/transit?from=appointment&orderId=7&authCode=AC0123456789');
    await bodyShows('医保授权已失效，请重新授权');
    expect(screen.getByText('医保授权未完成')).toBeTruthy();
  });

  it('explains insurance payment without an order, and refuses a bad link without asking', async () => {
    open('/medicalInsurance/transit');
    await screen.findByRole('heading', { name: '医保移动支付' });
    expect(screen.getByRole('link', { name: '查看我的挂号订单' }).getAttribute('href')).toBe(
      '/appointmentList',
    );
    open('/medicalInsurance/transit?from=nowhere&orderId=7&authCode=AC0123456789');
    await bodyShows('医保授权返回的订单信息有误，请回到订单重新选择医保支付');
    await pause();
    expect(sent(ctx.server)).toEqual([]);
  });
});

describe('PayingPage', () => {
  it('asks to authorise again when this tab holds no authorisation, without asking the service', async () => {
    open('/medicalInsurance/paying/7?from=appointment');
    await screen.findByText('医保授权已失效');
    expect(screen.getByRole('link', { name: '返回订单' }).getAttribute('href')).toBe('/placeOrder/7');
    await pause();
    expect(sent(ctx.server)).toEqual([]);
  });

  it('shows the split and pays the cash part at the cashier', async () => {
    keepAuthorisation();
    open('/medicalInsurance/paying/7?from=appointment');
    const split = await screen.findByLabelText('结算金额');
    for (const [term, value] of [
      ['费用总额', '¥20.00'],
      ['医保统筹支付', '¥11.40'],
      ['个人账户支付', '¥5.00'],
    ]) {
      expect(within(split).getByText(term).nextElementSibling?.textContent).toBe(value);
    }
    expect(within(split).getByText('现金支付').nextElementSibling?.textContent).toContain('¥3.60');
    expect(screen.getByText('医保电子凭证：张*')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '确认支付 ¥3.60' }));
    await waitFor(() =>
      expect(bodiesOf(ctx.server, 'POST /v1/pay_orders/js_pay')).toEqual([
        {
          orderType: 'APPOINTMENT',
          orderId: '7',
          channel: 'SANDBOX',
          returnPath: '/medicalInsurance/success/appointment?orderId=7',
        },
      ]),
    );
    expect(ctx.redirects).toEqual([
      `${window.location.origin}/hospital-service/sandbox/cashier/31?returnPath=x`,
    ]);
    // Back from the cashier without paying (the page shown again from the back-forward cache).
    const back = new Event('pageshow');
    Object.defineProperty(back, 'persisted', { value: true });
    window.dispatchEvent(back);
    await screen.findByText('支付未完成，可重新支付');
  });

  it('goes back to self-pay on request', async () => {
    keepAuthorisation();
    open('/medicalInsurance/paying/7?from=appointment');
    await userEvent.click(await screen.findByRole('button', { name: '改用自费支付' }));
    await screen.findByText('ELSEWHERE /placeOrder/7');
    expect(bodiesOf(ctx.server, 'POST /v1/pay_orders/selfOrMedicalPreSettle').at(-1)).toEqual({
      orderType: 'APPOINTMENT',
      orderId: '7',
      mode: 'SELF',
    });
  });

  it('shows why the centre refused the split, with a retry', async () => {
    keepAuthorisation();
    ctx.service.override('POST /v1/pay_orders/selfOrMedicalPreSettle', {
      body: { state: 400, msg: '医保授权已过期', subMsg: '医保授权已过期，请重新授权', results: null },
    });
    open('/medicalInsurance/paying/7?from=appointment');
    await bodyShows('医保授权已过期，请重新授权');
    expect(screen.getByRole('button', { name: '重新结算' })).toBeTruthy();
  });
});

describe('SuccessPage', () => {
  it('confirms the returned payment with the service before it says paid, then shows the split', async () => {
    ctx.service.payment = { ...ctx.service.payment, status: 'PAID', paidAt: '2030-05-10T02:00:00.000Z' };
    ctx.service.settlement = makeSettlement({ paid: true });
    open('/medicalInsurance/success/appointment?orderId=7&paymentId=31');
    await screen.findByText('支付成功');
    expect(sent(ctx.server)).toContain('GET /v1/pay_orders/31');
    expect(screen.getByRole('link', { name: '查看订单详情' }).getAttribute('href')).toBe(
      '/appointmentDetail/7',
    );
    expect(within(screen.getByLabelText('结算金额')).getByText('¥11.40')).toBeTruthy();
  });

  it('never says paid for an order the service has not been paid for', async () => {
    open('/medicalInsurance/success/appointment?orderId=7');
    await screen.findByText('订单尚未支付');
    expect(screen.queryByText('支付成功')).toBeNull();
    open('/medicalInsurance/success/appointment?orderId=7&paymentId=31');
    await screen.findByText('支付结果确认中');
  });
});
