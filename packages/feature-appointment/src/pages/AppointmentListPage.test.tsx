import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  bodiesOf,
  bookedOrder,
  fail,
  harness,
  makeContact,
  makeOrder,
  setContacts,
} from '../orders/testing.tsx';
import AppointmentListPage from './AppointmentListPage.tsx';

const ctx = setupFeature(harness);
const LIST = 'POST /v1/orders/query';

const items = () => within(screen.getByRole('list', { name: '预约列表' })).getAllByRole('article');
const open = () => renderAt({ '/appointmentList': <AppointmentListPage /> }, '/appointmentList');

describe('AppointmentListPage', () => {
  it('shows each order with a clear status, what to do next and, while unpaid, a live countdown', async () => {
    ctx.service.orders = [
      makeOrder({
        status: 'PENDING_PAYMENT',
        patientName: '张伟',
        holdExpiresAt: new Date(Date.now() + 125_000).toISOString(),
      }),
      bookedOrder(),
      bookedOrder({ status: 'CANCELLED' }),
      bookedOrder({ status: 'REFUNDED' }),
      makeOrder({ status: 'EXPIRED', holdExpiresAt: null }),
      bookedOrder({ status: 'STOPPED' }),
      bookedOrder({ status: 'VISITED' }),
      makeOrder({ status: 'LOCKED' }),
    ];
    open();
    await screen.findByRole('list', { name: '预约列表' });
    const statuses = items().map((item) => item.querySelector('.fk-badge')?.textContent);
    expect(statuses).toEqual([
      '待支付',
      '已预约',
      '已取消',
      '已退款',
      '已超时',
      '已停诊',
      '已就诊',
      '待确认',
    ]);
    const actions = items().map((item) => item.querySelector('.ao-order__actions a')?.textContent);
    expect(actions).toEqual([
      '去支付',
      '查看详情',
      '重新预约',
      '重新预约',
      '重新预约',
      '重新预约',
      '重新预约',
      '继续预约',
    ]);
    const [pending] = items();
    const timer = within(pending).getByRole('timer', { name: '剩余支付时间' });
    // The countdown shows what is left of the hold now, however long the list took to load (slow machines).
    const [, mm, ss] = /剩余支付时间 (\d{2}):(\d{2})/.exec(timer.textContent ?? '') ?? [];
    const left = Math.ceil((Date.parse(ctx.service.orders[0].holdExpiresAt as string) - Date.now()) / 1000);
    expect(Math.abs(Number(mm) * 60 + Number(ss) - left)).toBeLessThanOrEqual(1);
    expect(left).toBeGreaterThan(60);
    const first = timer.textContent;
    await waitFor(() => expect(timer.textContent).not.toBe(first), { timeout: 2500 });
    expect(within(pending).getByRole('link', { name: '去支付' }).getAttribute('href')).toBe(
      `/appointmentDetail/${ctx.service.orders[0].orderId}`,
    );
    expect(within(items()[7]).getByRole('link', { name: '继续预约' }).getAttribute('href')).toBe(
      `/placeOrder/${ctx.service.orders[7].orderId}`,
    );
    expect(document.body.textContent).not.toContain('张伟');
    expect(bodiesOf(ctx.server, LIST)).toEqual([{ page: 1 }]);
  });

  it('reads an unpaid order whose hold ran out as expired', async () => {
    ctx.service.orders = [
      makeOrder({ status: 'PENDING_PAYMENT', holdExpiresAt: new Date(Date.now() + 1200).toISOString() }),
    ];
    open();
    await screen.findByRole('timer');
    await waitFor(() => expect(items()[0].querySelector('.fk-badge')?.textContent).toBe('已超时'), {
      timeout: 4000,
    });
    expect(within(items()[0]).queryByRole('timer')).toBeNull();
  });

  it('filters by status and by contact, and pages with 加载更多', async () => {
    setContacts([makeContact('1', '张伟', { isDefault: true }), makeContact('2', '王秀兰')]);
    ctx.service.pageSize = 2;
    ctx.service.orders = [
      bookedOrder({ contactId: '1' }),
      bookedOrder({ contactId: '2' }),
      bookedOrder({ contactId: '1' }),
      bookedOrder({ status: 'CANCELLED', contactId: '1' }),
    ];
    open();
    await screen.findByRole('list', { name: '预约列表' });
    expect(items()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(items()).toHaveLength(4));
    expect(screen.getByText('没有更多了')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: '已预约' }));
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(screen.getByRole('tab', { name: '已预约' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: '王**' }));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(bodiesOf(ctx.server, LIST)).toEqual([
      { page: 1 },
      { page: 2 },
      { status: 'BOOKED', page: 1 },
      { status: 'BOOKED', contactId: '2', page: 1 },
    ]);
  });

  it('shows the empty state of a filter with a way to book', async () => {
    open();
    await screen.findByText('还没有预约记录');
    fireEvent.click(screen.getByRole('tab', { name: '待支付' }));
    await screen.findByText('没有待支付的预约');
    expect(screen.getByRole('link', { name: '去预约挂号' }).getAttribute('href')).toBe('/selectType');
  });

  it('offers a retry when the list does not load, and refreshes on request', async () => {
    let calls = 0;
    ctx.service.override(LIST, () =>
      ++calls === 1
        ? fail(500, '服务繁忙')
        : { body: { state: 200, results: { orders: [bookedOrder()], hasMore: false } } },
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: '重新加载' }));
    await screen.findByRole('list', { name: '预约列表' });
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(calls).toBe(3));
  });

  it('loads again when the patient comes back to the kept-alive screen', async () => {
    const order = makeOrder({ status: 'PENDING_PAYMENT' });
    ctx.service.orders = [order];
    // Kept alive: the screen stays mounted (hidden) while the patient is elsewhere.
    const router = renderAt({ '/*': <AppointmentListPage /> }, '/appointmentList');
    // The order's badge: the status tabs say 待支付 and 已取消 too.
    const badge = () => items()[0].querySelector('.fk-badge')?.textContent;
    await waitFor(() => expect(badge()).toBe('待支付'));
    await act(() => router.navigate(`/appointmentDetail/${order.orderId}`));
    order.status = 'CANCELLED';
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bodiesOf(ctx.server, LIST)).toHaveLength(1);
    await act(() => router.navigate('/appointmentList'));
    await waitFor(() => expect(badge()).toBe('已取消'));
    expect(bodiesOf(ctx.server, LIST)).toHaveLength(2);
  });
});
