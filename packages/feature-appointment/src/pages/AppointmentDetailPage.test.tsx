import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import type { HospitalConfig } from '@patient/hospital-config';
import { testHospitalConfig } from '@patient/hospital-config/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dateTime } from '../orders/format.ts';
import { paySuccessPath } from '../orders/paths.ts';
import {
  answerDialog,
  bodiesOf,
  bodyShows,
  bookedOrder,
  harness,
  makeOrder,
  pause,
  pendingPayment,
  sent,
} from '../orders/testing.tsx';
import { todayInChina } from '../schedule/labels.ts';
import AppointmentDetailPage from './AppointmentDetailPage.tsx';

const ctx = setupFeature(harness);
const PATTERN = '/appointmentDetail/:detailId';

function open(order = bookedOrder(), config?: HospitalConfig) {
  ctx.service.orders.push(order);
  return {
    order,
    router: renderAt({ [PATTERN]: <AppointmentDetailPage /> }, `/appointmentDetail/${order.orderId}`, {
      config,
    }),
  };
}

/** A hospital that uses pre-check-in (config `preCheckin`). */
const withPreCheckin = testHospitalConfig({ preCheckin: true });

/** A booked order whose visit is today (pre-check-in is taken on the visit day only). */
const visitToday = () => {
  const order = bookedOrder({ cancelDeadline: future(3_600_000) });
  return { ...order, schedule: { ...order.schedule, date: todayInChina() } };
};

const writes = () => sent(ctx.server).filter((line) => !line.startsWith('GET '));
const future = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('AppointmentDetailPage', () => {
  it('shows a booked order with its QR code, visit number and masked patient', async () => {
    const { order } = open(bookedOrder({ cancelDeadline: future(86_400_000) }));
    await screen.findByText('已预约');
    expect(screen.getByRole('img', { name: '预约订单二维码' }).getAttribute('data-value')).toBe(
      order.orderId,
    );
    expect(screen.getByText('就诊序号 12')).toBeTruthy();
    expect(screen.getByText('张*')).toBeTruthy();
    expect(screen.getByText('尾号5678')).toBeTruthy();
    expect(document.body.textContent).not.toContain('张伟');
    expect(document.body.textContent).not.toContain('100012345678');
    expect(screen.getByText(dateTime(order.cancelDeadline))).toBeTruthy();
  });

  it('cancels an unpaid order only after the confirm dialog, releasing the slot', async () => {
    const { order } = open(makeOrder({ status: 'PENDING_PAYMENT', patientName: '张伟', contactId: '1' }));
    await screen.findByText('待支付');
    expect(screen.getByRole('timer', { name: '剩余支付时间' })).toBeTruthy();
    const cancel = () =>
      fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: '取消预约' }));

    const text = await answerDialog(cancel, '再想想');
    expect(text).toContain('取消后为您保留的号源将释放给其他患者');
    await pause();
    expect(writes()).toEqual([]);

    await answerDialog(cancel, '取消预约');
    await screen.findByText('已取消');
    expect(writes()).toEqual(['POST /v1/orders/cancel']);
    expect(bodiesOf(ctx.server, 'POST /v1/orders/cancel')).toEqual([{ orderId: order.orderId }]);
    expect(screen.getByRole('link', { name: '重新预约' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '立即支付' })).toBeNull();
  });

  it('pays a pending order through the payment module, returning to this page', async () => {
    const { order } = open(makeOrder({ status: 'PENDING_PAYMENT', patientName: '张伟', contactId: '1' }));
    fireEvent.click(await screen.findByRole('button', { name: '立即支付' }));
    await waitFor(() => expect(ctx.redirects).toHaveLength(1));
    expect(bodiesOf(ctx.server, 'POST /v1/pay_orders/js_pay')).toEqual([
      {
        orderType: 'APPOINTMENT',
        orderId: order.orderId,
        channel: 'SANDBOX',
        returnPath: `/appointmentDetail/${order.orderId}`,
      },
    ]);
  });

  it('offers cancelling a paid order with a reason until the deadline', async () => {
    const { order, router } = open(bookedOrder({ cancelDeadline: future(3_600_000) }));
    fireEvent.click(await screen.findByRole('link', { name: '取消预约' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      `/cancelReson?orderId=${order.orderId}`,
    );
    expect(router.state.location.state).toEqual({ fromDetail: true });
    expect(writes()).toEqual([]);
  });

  it('replaces the cancel button with the reason after the deadline', async () => {
    const deadline = new Date(Date.now() - 60_000).toISOString();
    open(bookedOrder({ cancelDeadline: deadline }));
    await bodyShows(`已过取消截止时间（${dateTime(deadline)}），如需取消请联系医院`);
    expect(within(screen.getByRole('main')).queryByRole('link', { name: '取消预约' })).toBeNull();
    expect(within(screen.getByRole('main')).queryByRole('button', { name: '取消预约' })).toBeNull();
  });

  it('pre-checks-in a booked order on its visit day where the hospital uses pre-check-in', async () => {
    const { order } = open(visitToday(), withPreCheckin);
    fireEvent.click(await screen.findByRole('button', { name: '预签到' }));
    await screen.findByText('已预签到');
    expect(bodiesOf(ctx.server, 'POST /v1/orders/pre_checkin')).toEqual([{ orderId: order.orderId }]);
    expect(screen.queryByRole('button', { name: '预签到' })).toBeNull();
  });

  it('before the visit day, says when pre-check-in opens instead of offering it', async () => {
    open(bookedOrder({ cancelDeadline: future(3_600_000) }), withPreCheckin);
    await bodyShows('就诊当日（5月14日）可在此预签到，到院后无需排队签到');
    expect(screen.queryByRole('button', { name: '预签到' })).toBeNull();
    await pause();
    expect(writes()).toEqual([]);
  });

  it('offers no pre-check-in where the hospital does not use it', async () => {
    open(visitToday(), testHospitalConfig({ preCheckin: false }));
    await screen.findByText('已预约');
    expect(screen.getByRole('img', { name: '预约订单二维码' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: '取消预约' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '预签到' })).toBeNull();
    expect(screen.queryByText('已预签到')).toBeNull();
    await pause();
    expect(writes()).toEqual([]);
  });

  it('offers no pre-check-in on an order that is not booked, nor once checked in', async () => {
    open(makeOrder({ status: 'PENDING_PAYMENT', patientName: '张伟', contactId: '1' }), withPreCheckin);
    await screen.findByText('待支付');
    expect(screen.queryByRole('button', { name: '预签到' })).toBeNull();
  });

  it('shows the check-in when the service says it was already made (e.g. on another phone)', async () => {
    const { order } = open(visitToday(), withPreCheckin);
    const button = await screen.findByRole('button', { name: '预签到' });
    ctx.service.order(order.orderId)!.checkedIn = true;
    fireEvent.click(button);
    await screen.findByText('已预签到');
    expect(ctx.toasts).toEqual(['已签到']);
    expect(screen.queryByRole('button', { name: '预签到' })).toBeNull();
  });

  it('leads to the success page, with no cashier, when the order turns out to be paid already', async () => {
    const { order, router } = open(
      makeOrder({ status: 'PENDING_PAYMENT', patientName: '张伟', contactId: '1' }),
    );
    const pay = await screen.findByRole('button', { name: '立即支付' });
    // Paid meanwhile (another tab); this page still shows 待支付.
    ctx.service.payments.push(pendingPayment(order.orderId, `p${order.orderId}`));
    ctx.service.pay(`p${order.orderId}`);
    fireEvent.click(pay);
    await waitFor(() => expect(router.state.location.pathname).toBe(paySuccessPath(order.orderId)));
    expect(ctx.redirects).toEqual([]);
    expect(ctx.toasts).toEqual([]);
    expect(ctx.service.payments).toMatchObject([{ status: 'PAID' }]);
  });

  it('shows a refunded order with its reason and refund', async () => {
    const refundedAt = new Date().toISOString();
    const yesterday = future(-86_400_000);
    open(
      bookedOrder({
        status: 'REFUNDED',
        cancelReason: '挂错科室或医生',
        refundedAt,
        createdAt: yesterday,
        paidAt: yesterday,
      }),
    );
    await screen.findByText('已退款');
    expect(screen.getByText('挂错科室或医生')).toBeTruthy();
    expect(screen.getByText(dateTime(refundedAt))).toBeTruthy();
    expect(screen.queryByRole('img', { name: '预约订单二维码' })).toBeNull();
  });

  it('shows a refund on its way (退款中) with its amount and no refund time yet', async () => {
    const yesterday = future(-86_400_000);
    open(
      bookedOrder({ status: 'REFUNDING', cancelReason: '行程有变', createdAt: yesterday, paidAt: yesterday }),
    );
    await screen.findByText('退款中');
    expect(screen.getByText('退款金额')).toBeTruthy();
    expect(screen.queryByText('退款时间')).toBeNull();
  });

  it('explains a malformed link and sends nothing; offers a retry when loading fails', async () => {
    renderAt({ [PATTERN]: <AppointmentDetailPage /> }, '/appointmentDetail/a.b');
    await bodyShows('页面链接中的订单号有误，请从预约记录重新进入');
    await pause();
    expect(ctx.server.received).toHaveLength(0);
  });

  it('says so when the order is not found (another account’s order answers the same)', async () => {
    renderAt({ [PATTERN]: <AppointmentDetailPage /> }, '/appointmentDetail/o999');
    await screen.findByText('预约详情加载失败');
    expect(ctx.toasts).toEqual(['预约不存在']);
  });
});
