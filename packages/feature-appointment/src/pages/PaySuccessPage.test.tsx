import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyShows, bookedOrder, harness, makeOrder, ok, pause, sent } from '../orders/testing.tsx';
import PaySuccessPage from './PaySuccessPage.tsx';

const ctx = setupFeature(harness);
const PATTERN = '/paySuccess/:type/:detailId';
const FAST = [0, 40, 40, 40];

const reads = (orderId: string) => sent(ctx.server).filter((l) => l === `GET /v1/orders/${orderId}`).length;

describe('PaySuccessPage', () => {
  it('shows success only once the service says the order is paid', async () => {
    const order = makeOrder({
      status: 'PENDING_PAYMENT',
      contactId: '1',
      patientName: '张伟',
      medicalCardNo: '100012345678',
    });
    ctx.service.orders.push(order);
    let answered = 0;
    ctx.service.override(`GET /v1/orders/${order.orderId}`, () => {
      answered += 1;
      if (answered === 3) Object.assign(order, bookedOrder({ orderId: order.orderId, visitNumber: '23' }));
      expect(document.body.textContent).not.toContain('预约成功');
      return ok(order);
    });
    renderAt(
      { [PATTERN]: <PaySuccessPage confirmDelaysMs={FAST} /> },
      `/paySuccess/appointment/${order.orderId}`,
    );
    expect(screen.getByText('正在确认支付结果...')).toBeTruthy();
    await screen.findByText('预约成功');
    expect(answered).toBe(3);
    expect(screen.getByText('张*')).toBeTruthy();
    expect(screen.getByText('尾号5678')).toBeTruthy();
    expect(screen.getByText('23')).toBeTruthy();
    expect(screen.getByText('李明 主任医师')).toBeTruthy();
    expect(screen.getByText('贰拾伍元整')).toBeTruthy();
    expect(document.body.textContent).not.toContain('张伟');
    expect(screen.getByRole('link', { name: '查看预约详情' }).getAttribute('href')).toBe(
      `/appointmentDetail/${order.orderId}`,
    );
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/homepage');
  });

  it("says '支付结果确认中' when the service has not confirmed after a few looks, and refreshes", async () => {
    const order = makeOrder({ status: 'PENDING_PAYMENT', patientName: '张伟' });
    ctx.service.orders.push(order);
    renderAt(
      { [PATTERN]: <PaySuccessPage confirmDelaysMs={FAST} /> },
      `/paySuccess/appointment/${order.orderId}`,
    );
    await screen.findByText('支付结果确认中');
    expect(reads(order.orderId)).toBe(FAST.length);
    expect(screen.queryByText('预约成功')).toBeNull();

    Object.assign(order, bookedOrder({ orderId: order.orderId }));
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    await screen.findByText('预约成功');
  });

  it('does not call a cancelled or expired order a success', async () => {
    const order = makeOrder({ status: 'EXPIRED', holdExpiresAt: null });
    ctx.service.orders.push(order);
    renderAt(
      { [PATTERN]: <PaySuccessPage confirmDelaysMs={FAST} /> },
      `/paySuccess/appointment/${order.orderId}`,
    );
    await screen.findByText('已超时');
    expect(reads(order.orderId)).toBe(1);
    expect(screen.queryByText('预约成功')).toBeNull();
  });

  it('explains an unknown type or a malformed id and sends nothing', async () => {
    renderAt({ [PATTERN]: <PaySuccessPage /> }, '/paySuccess/recharge/o1');
    await bodyShows('无法识别的支付业务类型，请在预约记录中查看支付结果');
    await pause();
    expect(ctx.server.received).toHaveLength(0);
  });

  it('explains a malformed order id and sends nothing', async () => {
    renderAt({ [PATTERN]: <PaySuccessPage /> }, '/paySuccess/appointment/o%201');
    await bodyShows('页面链接中的订单号有误');
    await pause();
    expect(ctx.server.received).toHaveLength(0);
  });

  it('offers a retry when the order does not load', async () => {
    const order = bookedOrder();
    ctx.service.override(`GET /v1/orders/${order.orderId}`, { status: 500, body: { message: '服务繁忙' } });
    renderAt(
      { [PATTERN]: <PaySuccessPage confirmDelaysMs={FAST} /> },
      `/paySuccess/appointment/${order.orderId}`,
    );
    await screen.findByText('支付结果查询失败');
    ctx.service.overrides.clear();
    ctx.service.orders.push(order);
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    await screen.findByText('预约成功');
    await waitFor(() => expect(ctx.toasts).toEqual(['服务繁忙']));
  });
});
