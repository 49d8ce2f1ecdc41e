import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays } from '../schedule/labels.ts';
import { bodiesOf, businessError, D1, DATES, harness } from '../schedule/testing.tsx';
import DoctorSchedulePage from './DoctorSchedulePage.tsx';

const ctx = setupFeature(harness);

const PATTERN = '/doctorSchedule/:hospitalId/:departmentId/:deptId';
const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });

describe('DoctorSchedulePage', () => {
  it('leads from a doctor’s name to the doctor’s page (the department clinic has none)', async () => {
    const router = renderAt({ [PATTERN]: <DoctorSchedulePage /> }, '/doctorSchedule/1000/11/XNK01');
    await screen.findByRole('table');
    expect(within(row('科室门诊')).queryByRole('link', { name: '科室门诊' })).toBeNull();
    fireEvent.click(within(row('李华')).getByRole('link', { name: '李华' }));
    expect(router.state.location.pathname).toBe('/doctorHome/1000/d2');
  });

  it('shows the department’s doctors × the week’s days with half-day labels; bookable ones link to the slots', async () => {
    const router = renderAt({ [PATTERN]: <DoctorSchedulePage /> }, '/doctorSchedule/1000/11/XNK01');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(8);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['科室门诊不指定医生', '张明主任医师', '王芳主治医师', '李华副主任医师']);
    const zhang = row('张明');
    const cells = within(zhang).getAllByRole('cell');
    expect(cells[0].textContent).toBe('上午余3下午约满');
    expect(cells[1].textContent).toBe('—');
    expect(within(cells[0]).getAllByRole('link')).toHaveLength(1);
    expect(within(row('王芳')).getAllByRole('cell')[0].textContent).toBe('上午停诊');
    expect(within(row('李华')).getAllByRole('cell')[1].textContent).toBe('上午余8');
    expect(bodiesOf(ctx.server, '/v1/schedules/hospitals/1000/query')).toEqual([
      { departmentId: '11', startDate: D1, endDate: DATES[6] },
    ]);
    fireEvent.click(within(cells[0]).getByRole('link'));
    expect(router.state.location.pathname).toBe('/schedule/EXPERT/1000/11/d1/XNK01/101');
  });

  it('pages by week within the booking window', async () => {
    renderAt({ [PATTERN]: <DoctorSchedulePage /> }, '/doctorSchedule/1000/11/XNK01');
    await screen.findByRole('table');
    const previous = screen.getByRole('button', { name: '‹ 上一周' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '下一周 ›' }));
    expect(await screen.findByText('本周暂无排班，请查看其他周')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一周 ›' }));
    fireEvent.click(screen.getByRole('button', { name: '下一周 ›' }));
    expect((screen.getByRole('button', { name: '下一周 ›' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '‹ 上一周' }));
    fireEvent.click(screen.getByRole('button', { name: '‹ 上一周' }));
    fireEvent.click(screen.getByRole('button', { name: '‹ 上一周' }));
    expect(await screen.findByRole('table')).toBeTruthy();
    const starts = bodiesOf(ctx.server, '/v1/schedules/hospitals/1000/query').map(
      (b) => (b as { startDate: string }).startDate,
    );
    expect(starts[0]).toBe(D1);
    expect(starts).toContain(addDays(D1, 7));
    expect(starts.at(-1)).toBe(D1);
  });

  it('refuses malformed parameters, sending nothing', async () => {
    renderAt({ [PATTERN]: <DoctorSchedulePage /> }, '/doctorSchedule/1000/11/XNK%2001');
    expect(await screen.findByText('页面链接中的科室编码有误，请返回后重新进入')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ctx.server.received).toHaveLength(0);
  });

  it('shows an error with retry', async () => {
    ctx.service.override('POST /v1/schedules/hospitals/1000/query', businessError(500, '服务繁忙'));
    renderAt({ [PATTERN]: <DoctorSchedulePage /> }, '/doctorSchedule/1000/11/XNK01');
    expect(await screen.findByText('排班加载失败')).toBeTruthy();
    ctx.service.overrides.clear();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });
});
