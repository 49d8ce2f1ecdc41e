import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { monthDayLabel } from '../schedule/labels.ts';
import { bodiesOf, bodyShows, businessError, D1, harness, logIn, sent } from '../schedule/testing.tsx';
import SchedulePage from './SchedulePage.tsx';

const ctx = setupFeature(harness);

const PATTERN = '/schedule/:type/:hospitalId/:departmentId/:doctorId/:deptId/:scheduleItemId';
const PATH = '/schedule/EXPERT/1000/11/d1/XNK01/101';
const slots = () => screen.getByRole('list', { name: '可选时段' });
const slot = (name: string) => within(slots()).getByRole('button', { name }) as HTMLButtonElement;

describe('SchedulePage', () => {
  it('leads from the doctor’s name to the doctor’s page', async () => {
    const router = renderAt({ [PATTERN]: <SchedulePage /> }, PATH);
    const summary = await screen.findByRole('region', { name: '排班信息' });
    fireEvent.click(within(summary).getByRole('link', { name: '张明' }));
    expect(router.state.location.pathname).toBe('/doctorHome/1000/d1');
  });

  it('shows the schedule and its time slots with places left', async () => {
    renderAt({ [PATTERN]: <SchedulePage /> }, PATH);
    await screen.findByRole('list', { name: '可选时段' });
    const summary = screen.getByRole('region', { name: '排班信息' });
    expect(within(summary).getByText('张明')).toBeTruthy();
    expect(within(summary).getByText('心血管内科 · 专家门诊')).toBeTruthy();
    expect(
      within(summary).getByText(`明天 ${monthDayLabel(D1)} 上午 · 挂号费`, { exact: false }),
    ).toBeTruthy();
    expect(within(summary).getByText('¥50.00')).toBeTruthy();
    expect(
      ['08:00-08:30 余1', '08:30-09:00 约满', '09:00-09:30 余2'].map((name) =>
        within(slots()).getByRole('button', { name }),
      ),
    ).toEqual(within(slots()).getAllByRole('button'));
    expect(slot('08:30-09:00 约满').disabled).toBe(true);
    expect(bodiesOf(ctx.server, '/v1/sources/hospitals/1000/query')).toEqual([{ scheduleItemId: '101' }]);
  });

  it('locks the chosen slot and goes to the order page', async () => {
    logIn();
    const router = renderAt({ [PATTERN]: <SchedulePage /> }, PATH);
    await screen.findByRole('list', { name: '可选时段' });
    fireEvent.click(slot('09:00-09:30 余2'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/placeOrder/o1'));
    expect(bodiesOf(ctx.server, '/v1/sources/hospitals/1000/lock')).toEqual([{ sourceId: 's3' }]);
    expect(sent(ctx.server)).toEqual([
      'POST /v1/sources/hospitals/1000/query',
      'POST /v1/sources/hospitals/1000/lock',
    ]);
  });

  it('explains a slot that was taken meanwhile and reads the slots again', async () => {
    logIn();
    const router = renderAt({ [PATTERN]: <SchedulePage /> }, PATH);
    await screen.findByRole('list', { name: '可选时段' });
    const taken = ctx.service.sources.find((s) => s.sourceId === 's1')!;
    taken.remaining = 0;
    taken.state = 'ALL_APPOINTED';
    fireEvent.click(slot('08:00-08:30 余1'));
    expect((await screen.findByText('该时段已约满，请选择其他时段')).getAttribute('role')).toBe('alert');
    await waitFor(() => expect(slot('08:00-08:30 约满').disabled).toBe(true));
    expect(sent(ctx.server)).toEqual([
      'POST /v1/sources/hospitals/1000/query',
      'POST /v1/sources/hospitals/1000/lock',
      'POST /v1/sources/hospitals/1000/query',
    ]);
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('shows a refused lock (a booking rule) and sends nothing else', async () => {
    logIn();
    ctx.service.override(
      'POST /v1/sources/hospitals/1000/lock',
      businessError(429, '同一就诊人同一医生同一时段只能预约一次'),
    );
    const router = renderAt({ [PATTERN]: <SchedulePage /> }, PATH);
    await screen.findByRole('list', { name: '可选时段' });
    fireEvent.click(slot('08:00-08:30 余1'));
    expect((await screen.findByText('同一就诊人同一医生同一时段只能预约一次')).getAttribute('role')).toBe(
      'alert',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent(ctx.server)).toEqual([
      'POST /v1/sources/hospitals/1000/query',
      'POST /v1/sources/hospitals/1000/lock',
    ]);
    expect(router.state.location.pathname).toBe(PATH);
    expect(slot('08:00-08:30 余1').disabled).toBe(false);
  });

  it('sends the patient to log in first, without locking', async () => {
    const router = renderAt({ [PATTERN]: <SchedulePage /> }, PATH);
    await screen.findByRole('list', { name: '可选时段' });
    fireEvent.click(slot('08:00-08:30 余1'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(PATH)}`);
    expect(sent(ctx.server)).toEqual(['POST /v1/sources/hospitals/1000/query']);
    await bodyShows('请先登录后再预约');
  });

  it('leaves an expired session to api-client (redirect to /login)', async () => {
    logIn();
    ctx.service.override('POST /v1/sources/hospitals/1000/lock', {
      status: 401,
      body: { state: 401, msg: '请先登录' },
    });
    renderAt({ [PATTERN]: <SchedulePage /> }, PATH);
    await screen.findByRole('list', { name: '可选时段' });
    fireEvent.click(slot('08:00-08:30 余1'));
    await waitFor(() => expect(ctx.redirects).toEqual(['/login']));
    expect(document.querySelector('.ap-notice[role="alert"]')).toBeNull();
  });

  it('says a stopped clinic is stopped and offers no slot', async () => {
    ctx.service.sources.push({
      sourceId: 's9',
      scheduleItemId: '104',
      startTime: '08:00',
      endTime: '08:30',
      remaining: 3,
      state: 'APPOINTABLE',
    });
    renderAt({ [PATTERN]: <SchedulePage /> }, '/schedule/NORMAL/1000/11/d3/XNK01/104');
    expect(await screen.findByText('该排班已停诊，请选择其他医生或日期')).toBeTruthy();
    expect(slot('08:00-08:30 余3').disabled).toBe(true);
  });

  it('shows the empty state for a schedule without slots', async () => {
    renderAt(
      { [PATTERN]: <SchedulePage /> },
      '/today/schedule/DEPARTMENT/1000/11/0/XNK01/105'.replace('/today', ''),
    );
    expect(await screen.findByText('该排班暂无可预约的时段')).toBeTruthy();
    expect(screen.getByText('心血管内科门诊')).toBeTruthy();
  });

  it('refuses malformed parameters, sending nothing', async () => {
    renderAt({ [PATTERN]: <SchedulePage /> }, '/schedule/SPECIAL/1000/11/d1/XNK01/101');
    expect(await screen.findByText('页面链接中的号源类型有误，请返回后重新进入')).toBeTruthy();
    renderAt({ [PATTERN]: <SchedulePage /> }, '/schedule/EXPERT/1000/11/d1/XNK01/1%20OR%201');
    expect(await screen.findByText('页面链接中的排班有误，请返回后重新进入')).toBeTruthy();
    renderAt({ [`/today${PATTERN}`]: <SchedulePage /> }, '/today/schedule/EXPERT/1006/11/d1/XNK01/101');
    expect(await screen.findByText('该链接属于其他医院，请从本院首页重新进入预约')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ctx.server.received).toHaveLength(0);
  });

  it('shows an error with retry', async () => {
    ctx.service.override('POST /v1/sources/hospitals/1000/query', businessError(404, '排班不存在'));
    renderAt({ [PATTERN]: <SchedulePage /> }, PATH);
    expect(await screen.findByText('号源加载失败')).toBeTruthy();
    expect(ctx.toasts).toEqual(['排班不存在']);
    ctx.service.overrides.clear();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('list', { name: '可选时段' })).toBeTruthy();
  });
});
