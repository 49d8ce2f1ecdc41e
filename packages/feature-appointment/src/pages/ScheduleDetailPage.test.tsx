import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { monthDayLabel } from '../schedule/labels.ts';
import { bodiesOf, businessError, D1, harness, logIn, sent } from '../schedule/testing.tsx';
import ScheduleDetailPage from './ScheduleDetailPage.tsx';

const ctx = setupFeature(harness);

const PATTERN = '/schedule/detail/:departmentId/:doctorId/:deptId/:scheduleItemId';
const clinics = () => screen.getByRole('navigation', { name: '出诊安排' });

describe('ScheduleDetailPage', () => {
  it('shows the doctor, their clinics and the linked clinic’s slots; a slot books like on the slot screen', async () => {
    logIn();
    const router = renderAt({ [PATTERN]: <ScheduleDetailPage /> }, '/schedule/detail/11/d1/XNK01/101');
    const intro = await screen.findByRole('region', { name: '医生简介' });
    expect(within(intro).getByText('张明')).toBeTruthy();
    expect(within(intro).getByText('主任医师')).toBeTruthy();
    expect(within(intro).getByText('张明，主任医师，从事临床工作二十年。')).toBeTruthy();
    const buttons = within(await screen.findByRole('navigation', { name: '出诊安排' })).getAllByRole(
      'button',
    );
    expect(buttons.map((b) => b.textContent)).toEqual([
      `明天 ${monthDayLabel(D1)} 上午专家门诊 ¥50.00余3`,
      `明天 ${monthDayLabel(D1)} 下午专家门诊 ¥50.00约满`,
    ]);
    expect(buttons[0].getAttribute('aria-pressed')).toBe('true');
    const slots = await screen.findByRole('list', { name: '可选时段' });
    fireEvent.click(within(slots).getByRole('button', { name: '08:00-08:30 余1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/placeOrder/o1'));
    expect(sent(ctx.server).sort()).toEqual([
      'POST /v1/schedules/appointments_resume/queryResume/d1',
      'POST /v1/sources/hospitals/1000/lock',
      'POST /v1/sources/hospitals/1000/query',
    ]);
    expect(bodiesOf(ctx.server, '/v1/sources/hospitals/1000/lock')).toEqual([{ sourceId: 's1' }]);
  });

  it('shows another clinic’s slots when chosen', async () => {
    renderAt({ [PATTERN]: <ScheduleDetailPage /> }, '/schedule/detail/11/d1/XNK01/101');
    await screen.findByRole('list', { name: '可选时段' });
    await screen.findByRole('navigation', { name: '出诊安排' });
    fireEvent.click(within(clinics()).getAllByRole('button')[1]);
    expect(await screen.findByText('该排班约满，请选择其他医生或日期')).toBeTruthy();
    expect(screen.getByText('该排班暂无可预约的时段')).toBeTruthy();
    expect(bodiesOf(ctx.server, '/v1/sources/hospitals/1000/query')).toEqual([
      { scheduleItemId: '101' },
      { scheduleItemId: '102' },
    ]);
  });

  it('refuses malformed parameters, sending nothing', async () => {
    renderAt({ [PATTERN]: <ScheduleDetailPage /> }, '/schedule/detail/11/d1%27/XNK01/101');
    expect(await screen.findByText('页面链接中的医生有误，请返回后重新进入')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ctx.server.received).toHaveLength(0);
  });

  it('shows an error with retry', async () => {
    ctx.service.override(
      'POST /v1/schedules/appointments_resume/queryResume/d1',
      businessError(500, '服务繁忙'),
    );
    renderAt({ [PATTERN]: <ScheduleDetailPage /> }, '/schedule/detail/11/d1/XNK01/101');
    expect(await screen.findByText('医生信息加载失败')).toBeTruthy();
    ctx.service.overrides.clear();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('region', { name: '医生简介' })).toBeTruthy();
  });
});
