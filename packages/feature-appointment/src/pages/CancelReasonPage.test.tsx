import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  answerDialog,
  bodiesOf,
  bodyShows,
  bookedOrder,
  harness,
  makeOrder,
  pause,
  sent,
} from '../orders/testing.tsx';
import AppointmentDetailPage from './AppointmentDetailPage.tsx';
import CancelReasonPage, { CANCEL_PAGE_MESSAGES } from './CancelReasonPage.tsx';

const ctx = setupFeature(harness);
const future = (ms: number) => new Date(Date.now() + ms).toISOString();
const writes = () => sent(ctx.server).filter((line) => !line.startsWith('GET '));
const submit = () =>
  fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: '确认取消预约' }));
const reason = (name: string) =>
  within(screen.getByRole('group', { name: '取消原因' })).getByRole('radio', { name });

function openFromDetail(order = bookedOrder({ cancelDeadline: future(3_600_000) })) {
  ctx.service.orders.push(order);
  const router = renderAt(
    { '/cancelReson': <CancelReasonPage />, '/appointmentDetail/:detailId': <AppointmentDetailPage /> },
    `/cancelReson?orderId=${order.orderId}`,
    { state: { fromDetail: true }, before: [`/appointmentDetail/${order.orderId}`] },
  );
  return { order, router };
}

describe('CancelReasonPage', () => {
  it('sends nothing until a reason is chosen, and asks for the words of 其他', async () => {
    openFromDetail();
    await screen.findByText('请选择取消原因');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('请选择取消原因');
    fireEvent.click(reason('其他'));
    expect(screen.queryByRole('alert')).toBeNull();
    const box = screen.getByRole('textbox', { name: '其他原因' }) as HTMLTextAreaElement;
    expect(box.maxLength).toBe(100);
    fireEvent.change(box, { target: { value: '   ' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('请填写取消原因');
    fireEvent.change(box, { target: { value: '临时出差' } });
    expect(screen.getByText('4/100')).toBeTruthy();
    await pause();
    expect(writes()).toEqual([]);
    expect(document.querySelector('.rv-dialog')).toBeNull();
  });

  it('refunds after the danger dialog and goes back to the detail, which shows the refund', async () => {
    const { order, router } = openFromDetail();
    await screen.findByText('请选择取消原因');
    expect(screen.getByText('张*')).toBeTruthy();
    fireEvent.click(reason('挂错科室或医生'));

    const text = await answerDialog(submit, '再想想');
    expect(text).toContain('挂号费 ¥25.00 将原路退回');
    await pause();
    expect(writes()).toEqual([]);

    await answerDialog(submit, '确认取消');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/appointmentDetail/${order.orderId}`));
    expect(router.state.historyAction).toBe('POP');
    expect(bodiesOf(ctx.server, 'POST /v1/orders/refundFeeAndNum')).toEqual([
      { orderId: order.orderId, reason: '挂错科室或医生' },
    ]);
    await screen.findByText('已退款');
    expect(screen.getByText('挂错科室或医生')).toBeTruthy();
    expect(screen.getByText('退款时间')).toBeTruthy();
    await bodyShows('已取消预约，费用将原路退回');
  });

  it("sends the patient's own words for 其他, and replaces itself with the detail when opened directly", async () => {
    const order = bookedOrder({ cancelDeadline: future(3_600_000) });
    ctx.service.orders.push(order);
    const router = renderAt(
      { '/cancelReson': <CancelReasonPage /> },
      `/cancelReson?orderId=${order.orderId}`,
    );
    fireEvent.click(await screen.findByRole('radio', { name: '其他' }));
    fireEvent.change(screen.getByRole('textbox', { name: '其他原因' }), {
      target: { value: '  临时出差  ' },
    });
    await answerDialog(submit, '确认取消');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/appointmentDetail/${order.orderId}`));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(bodiesOf(ctx.server, 'POST /v1/orders/refundFeeAndNum')).toEqual([
      { orderId: order.orderId, reason: '临时出差' },
    ]);
  });

  it('explains why a past-deadline or unpaid order cannot be cancelled here', async () => {
    const deadline = new Date(Date.now() - 60_000).toISOString();
    const { router } = openFromDetail(bookedOrder({ cancelDeadline: deadline }));
    await bodyShows('已过取消截止时间');
    expect(within(screen.getByRole('main')).queryByRole('button', { name: '确认取消预约' })).toBeNull();
    const pending = makeOrder({ status: 'PENDING_PAYMENT' });
    ctx.service.orders.push(pending);
    await act(() => router.navigate(`/cancelReson?orderId=${pending.orderId}`));
    await bodyShows('该预约待支付，无需再取消');
    expect(writes()).toEqual([]);
  });

  it('explains a missing or malformed order id and sends nothing', async () => {
    const router = renderAt({ '/cancelReson': <CancelReasonPage /> }, '/cancelReson');
    await bodyShows(CANCEL_PAGE_MESSAGES.missing);
    await act(() => router.navigate('/cancelReson?orderId=%E4%B8%AD'));
    await bodyShows(CANCEL_PAGE_MESSAGES.malformed);
    await pause();
    expect(ctx.server.received).toHaveLength(0);
  });
});
