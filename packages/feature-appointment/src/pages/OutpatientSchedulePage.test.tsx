import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { monthDayLabel } from '../schedule/labels.ts';
import { bodiesOf, businessError, D1, harness, TODAY } from '../schedule/testing.tsx';
import OutpatientSchedulePage from './OutpatientSchedulePage.tsx';

const ctx = setupFeature(harness);

const strip = () => screen.getByRole('navigation', { name: '选择日期' });
const department = (name: string) => screen.getByRole('listitem', { name });

describe('OutpatientSchedulePage', () => {
  it('shows today’s clinics by department; today’s half-days lead to same-day booking', async () => {
    const router = renderAt({ '/outpatientSchedule': <OutpatientSchedulePage /> }, '/outpatientSchedule');
    const card = await screen.findByRole('listitem', { name: '心血管内科' });
    expect(within(strip()).getAllByRole('button')).toHaveLength(7);
    expect(within(strip()).getAllByRole('button')[0].getAttribute('aria-pressed')).toBe('true');
    expect(within(card).getByText('张明 主任医师')).toBeTruthy();
    expect(bodiesOf(ctx.server, '/v1/schedules/sourceSearch')).toEqual([{ hospitalId: '1000', date: TODAY }]);
    fireEvent.click(within(card).getByRole('link'));
    expect(router.state.location.pathname).toBe('/today/schedule/EXPERT/1000/11/d1/XNK01/201');
  });

  it('shows another date’s clinics, linking to scheduled booking, and filters by department or doctor', async () => {
    const router = renderAt({ '/outpatientSchedule': <OutpatientSchedulePage /> }, '/outpatientSchedule');
    await screen.findByRole('listitem', { name: '心血管内科' });
    fireEvent.click(within(strip()).getByRole('button', { name: `明天 ${monthDayLabel(D1)}` }));
    const cardio = await screen.findByRole('listitem', { name: '心血管内科' });
    expect(within(cardio).getByText('有号 2 个时段')).toBeTruthy();
    expect(within(cardio).getByText('科室门诊 · 不指定医生')).toBeTruthy();
    expect(department('消化内科')).toBeTruthy();

    const filter = screen.getByRole('searchbox', { name: '筛选科室或医生' });
    fireEvent.change(filter, { target: { value: '赵强' } });
    expect(screen.queryByRole('listitem', { name: '心血管内科' })).toBeNull();
    const vip = within(department('消化内科')).getByRole('link');
    expect(vip.textContent).toBe('上午特需门诊¥100.00余2');
    fireEvent.change(filter, { target: { value: '眼科' } });
    expect(screen.getByText('没有符合“眼科”的科室或医生')).toBeTruthy();
    fireEvent.change(filter, { target: { value: '消化' } });
    fireEvent.click(within(department('消化内科')).getByRole('link'));
    expect(router.state.location.pathname).toBe('/schedule/VIP/1000/12/d4/XHNK02/106');
    expect(bodiesOf(ctx.server, '/v1/schedules/sourceSearch')).toEqual([
      { hospitalId: '1000', date: TODAY },
      { hospitalId: '1000', date: D1 },
    ]);
  });

  it('says when a date has no clinics', async () => {
    ctx.service.schedules = [];
    renderAt({ '/outpatientSchedule': <OutpatientSchedulePage /> }, '/outpatientSchedule');
    expect(await screen.findByText(`今天 ${monthDayLabel(TODAY)}暂无门诊排班`)).toBeTruthy();
  });

  it('shows an error with retry', async () => {
    ctx.service.override('POST /v1/schedules/sourceSearch', businessError(500, '服务繁忙'));
    renderAt({ '/outpatientSchedule': <OutpatientSchedulePage /> }, '/outpatientSchedule');
    expect(await screen.findByText('排班加载失败')).toBeTruthy();
    ctx.service.overrides.clear();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('listitem', { name: '心血管内科' })).toBeTruthy();
  });
});
