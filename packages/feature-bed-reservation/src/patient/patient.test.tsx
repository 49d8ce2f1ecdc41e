import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerDialog, bodiesOf, bodyShows, harness, makeOrder, OFFERED, pause, sent } from '../testing.tsx';
import ApplicationPage from './ApplicationPage.tsx';
import ApplyPage from './ApplyPage.tsx';
import ConfirmPage from './ConfirmPage.tsx';
import DetailPage from './DetailPage.tsx';
import ListPage from './ListPage.tsx';
import SuccessPage from './SuccessPage.tsx';

const ctx = setupFeature(harness);
const routes = {
  '/bedReservation/patient/list': <ListPage />,
  '/bedReservation/patient/apply': <ApplyPage />,
  '/bedReservation/patient/success/:orderId': <SuccessPage />,
  '/bedReservation/patient/detail/:orderId': <DetailPage />,
  '/bedReservation/patient/application/:orderId': <ApplicationPage />,
  '/bedReservation/patient/confirm/:orderId': <ConfirmPage />,
};

describe('applying', () => {
  it('checks the notice in Chinese, sends the application and shows the success page', async () => {
    const router = renderAt(routes, '/bedReservation/patient/apply');
    await screen.findByRole('radio', { name: '心血管内科病区' });
    const submit = screen.getByRole('button', { name: '提交申请' });
    await act(async () => submit.click());
    expect(screen.getByRole('alert').textContent).toBe('请选择入院病区');
    await act(async () => screen.getByRole('radio', { name: '呼吸内科病区' }).click());
    await act(async () => submit.click());
    expect(screen.getByRole('alert').textContent).toContain('通知单号');
    await userEvent.type(screen.getByLabelText('入院通知单号'), 'ZY20300001');
    await act(async () => submit.click());
    expect(screen.getByRole('alert').textContent).toBe('请填写入院诊断');
    await userEvent.type(screen.getByLabelText('入院诊断'), '慢阻肺');
    await userEvent.type(screen.getByLabelText('开单医生'), '周华');
    // The phone follows the chosen contact.
    expect((screen.getByLabelText('联系电话') as HTMLInputElement).value).toBe('13800138000');
    await act(async () => screen.getByRole('radio', { name: /李/ }).click());
    expect((screen.getByLabelText('联系电话') as HTMLInputElement).value).toBe('13900139000');
    await act(async () => submit.click());
    await pause();
    expect(bodiesOf(ctx.server, 'POST /v1/bedOrder')).toEqual([
      {
        hospitalId: '1000',
        contactId: '2',
        deptCode: 'W02',
        noticeNo: 'ZY20300001',
        diagnosis: '慢阻肺',
        doctorName: '周华',
        phone: '13900139000',
        expectedDate: null,
        remark: '',
      },
    ]);
    expect(router.state.location.pathname).toBe('/bedReservation/patient/success/9');
    await bodyShows('预约单号：BR00000009');
  });

  it('lists my applications with their status, masked, each leading to its detail', async () => {
    ctx.service.orders.push(makeOrder({ orderId: '8', status: 'CONFIRMED', admission: OFFERED }));
    renderAt(routes, '/bedReservation/patient/list');
    const list = await screen.findByRole('list', { name: '我的床位预约' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((r) => r.getAttribute('href'))).toEqual([
      '/bedReservation/patient/detail/7',
      '/bedReservation/patient/detail/8',
    ]);
    expect(rows[1].textContent).toContain('待确认');
    expect(rows[1].textContent).toContain('入院时间：2030-05-12 上午 8:00–11:30');
    expect(list.textContent).toContain('张*');
    expect(list.textContent).not.toContain('张伟');
  });
});

describe('the order', () => {
  it('cancels a pending order only after the patient confirms', async () => {
    renderAt(routes, '/bedReservation/patient/detail/7');
    await screen.findByRole('region', { name: '预约状态' });
    const cancel = screen.getByRole('button', { name: '取消预约' });
    await answerDialog(() => cancel.click(), '再想想');
    await pause();
    expect(sent(ctx.server)).not.toContain('POST /v1/bedOrder/7');
    const text = await answerDialog(() => cancel.click(), '取消预约');
    expect(text).toContain('确定取消心血管内科病区的床位预约吗');
    await bodyShows('该床位预约已取消');
    expect(within(screen.getByRole('main')).queryByRole('button', { name: '取消预约' })).toBeNull();
  });

  it('confirms the offered time and shows it confirmed', async () => {
    ctx.service.orders[0] = makeOrder({ status: 'CONFIRMED', admission: OFFERED });
    const router = renderAt(routes, '/bedReservation/patient/detail/7');
    await screen.findByText('2030-05-12 上午 8:00–11:30');
    await act(() => router.navigate('/bedReservation/patient/confirm/7'));
    await bodyShows('确认后请按时到院办理入院');
    await act(async () => screen.getByRole('button', { name: '确认入院' }).click());
    await pause();
    expect(bodiesOf(ctx.server, 'POST /v1/bedOrder/confirmTime')).toEqual([{ orderId: '7' }]);
    expect(router.state.location.pathname).toBe('/bedReservation/patient/detail/7');
    await bodyShows('已确认入院');
  });

  it('says when there is nothing to confirm yet, when the order is not found, and sends nothing for a bad link', async () => {
    const router = renderAt(routes, '/bedReservation/patient/confirm/7');
    await bodyShows('病区尚未安排入院时间');
    await act(() => router.navigate('/bedReservation/patient/detail/77'));
    await bodyShows('未找到该床位预约');
    const before = sent(ctx.server).length;
    await act(() => router.navigate('/bedReservation/patient/application/%3Cx%3E'));
    await bodyShows('链接无效');
    await pause();
    expect(sent(ctx.server).length).toBe(before);
  });

  it('shows the application as submitted, the phone masked', async () => {
    renderAt(routes, '/bedReservation/patient/application/7');
    await bodyShows('ZYTZ0001');
    expect(document.body.textContent).toContain('*******8000');
    expect(document.body.textContent).not.toContain('13800138000');
  });
});
