import { configurePayment, resetPaymentSettings } from '@patient/payment';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PayFooter, PaymentNotice, usePayFlow } from './payment-views.tsx';
import {
  bodiesOf,
  bodyShows,
  fail,
  LoopbackService,
  ok,
  pause,
  type Route,
  renderAt,
  sent,
  setupFeature,
} from './testing.tsx';

class PayService extends LoopbackService {
  channels = ['WECHAT_H5', 'ALIPAY_WAP'];
  refuse: string | null = null;
  protected readonly routes: Route[] = [
    ['GET', /^\/v1\/pay_orders\/channels$/, () => ok({ channels: this.channels })],
    [
      'POST',
      /^\/v1\/pay_orders\/js_pay$/,
      (r) => {
        if (this.refuse) return fail(409, this.refuse);
        const { orderType, orderId, channel } = JSON.parse(r.body);
        return ok({
          payment: {
            paymentId: '77',
            orderType,
            orderId,
            channel,
            amount: 1600,
            status: 'PENDING',
            paidAt: null,
          },
          authorize: null,
          wechat: null,
          alipay: null,
          sandbox: null,
          redirect: {
            url:
              channel === 'WECHAT_H5'
                ? 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1'
                : 'https://openapi.alipay.com/gateway.do?method=alipay.trade.wap.pay',
          },
        });
      },
    ],
  ];
}

const ctx = setupFeature({
  service: PayService,
  payment: { configurePayment, resetPaymentSettings, pollDelaysMs: [0, 20], confirmTimeLimitMs: 200 },
});

function Screen({ orderId }: { orderId: string }) {
  const payment = usePayFlow();
  return (
    <div className="fk-page fk-page--with-footer">
      <PaymentNotice payment={payment} />
      <PayFooter
        payment={payment}
        label="去支付"
        onPay={() =>
          void payment.payThen(
            { orderType: 'NUCLEIC_ACID', orderId, returnPath: `/paid/${orderId}`, hospitalId: '1000' },
            `/paid/${orderId}`,
          )
        }
      >
        <span>¥16.00</span>
      </PayFooter>
    </div>
  );
}

// A cashier's page leaves and its run never settles: each test pays another order.
let orders = 10;
const open = () => renderAt({ '/pay': <Screen orderId={String(++orders)} /> }, '/pay');
const payButton = () => screen.getByRole('button', { name: '去支付' }) as HTMLButtonElement;
const chooser = () => screen.findByRole('dialog', { name: '选择支付方式' });

describe('the pay chooser and footer', () => {
  it('opens with the ways to pay the hospital offers, focused, while the pay button waits', async () => {
    open();
    fireEvent.click(payButton());
    const dialog = await chooser();
    const options = within(dialog).getAllByRole('button');
    expect(options.map((b) => b.textContent)).toEqual(['微信支付', '支付宝', '取消']);
    expect(document.activeElement).toBe(options[0]);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const waiting = screen.getByRole('button', { name: '请选择支付方式' }) as HTMLButtonElement;
    expect(waiting.disabled).toBe(true);
    expect(ctx.server.received.find((r) => r.path.endsWith('/channels'))?.query.toString()).toBe(
      'hospitalId=1000',
    );
    // Tab stays inside the sheet.
    options[2].focus();
    fireEvent.keyDown(options[2], { key: 'Tab' });
    expect(document.activeElement).toBe(options[0]);
    fireEvent.keyDown(options[0], { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(options[2]);
  });

  it('offers only what is open', async () => {
    ctx.service.channels = ['ALIPAY_WAP', 'SANDBOX'];
    open();
    fireEvent.click(payButton());
    expect(
      within(await chooser())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['支付宝', '取消']);
  });

  it('pays with the chosen way: the order is started on that channel and its cashier opens', async () => {
    open();
    fireEvent.click(payButton());
    fireEvent.click(within(await chooser()).getByRole('button', { name: '微信支付' }));
    await waitFor(() => expect(ctx.redirects).toHaveLength(1));
    expect(ctx.redirects[0]).toMatch(/^https:\/\/wx\.tenpay\.com\//);
    expect(bodiesOf(ctx.server, 'POST /v1/pay_orders/js_pay')).toEqual([
      {
        orderType: 'NUCLEIC_ACID',
        orderId: `${orders}`,
        channel: 'WECHAT_H5',
        returnPath: `/paid/${orders}`,
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: '正在发起支付...' })).toBeTruthy();
  });

  it('closes on 取消 and on Escape: cancelled, said, nothing started, focus back on the pay button', async () => {
    open();
    payButton().focus();
    fireEvent.click(payButton());
    fireEvent.click(within(await chooser()).getByRole('button', { name: '取消' }));
    await bodyShows('已取消支付');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(payButton().disabled).toBe(false));

    fireEvent.click(payButton());
    await chooser();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(payButton()));
    await pause();
    expect(sent(ctx.server).filter((l) => l.startsWith('POST'))).toEqual([]);
    expect(ctx.redirects).toEqual([]);
  });

  it('shows why a payment failed in an alert, and the pay button is free again', async () => {
    ctx.service.refuse = '订单已取消，不能支付';
    open();
    fireEvent.click(payButton());
    fireEvent.click(within(await chooser()).getByRole('button', { name: '支付宝' }));
    expect((await screen.findByRole('alert')).textContent).toBe('订单已取消，不能支付');
    expect(payButton().disabled).toBe(false);
    expect(ctx.redirects).toEqual([]);
  });
});
