import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { monthDayLabel } from '../schedule/labels.ts';
import { bodiesOf, bodyShows, D1, harness, TODAY } from '../schedule/testing.tsx';
import MultiDeptSchedulePage from './MultiDeptSchedulePage.tsx';

const ctx = setupFeature(harness);

const pick = (name: string) => fireEvent.click(screen.getByRole('checkbox', { name }));
const group = (name: string) =>
  fireEvent.click(
    within(screen.getByRole('navigation', { name: '一级科室' })).getByRole('button', {
      name: new RegExp(`^${name}`),
    }),
  );

describe('MultiDeptSchedulePage', () => {
  it('shows the chosen departments’ clinics side by side for a date', async () => {
    const router = renderAt(
      { '/multiple/dept/schedule': <MultiDeptSchedulePage /> },
      '/multiple/dept/schedule',
    );
    await screen.findByRole('checkbox', { name: '心血管内科' });
    const view = screen.getByRole('button', { name: '查看排班' }) as HTMLButtonElement;
    expect(view.disabled).toBe(true);
    pick('心血管内科');
    pick('消化内科');
    group('外科');
    pick('骨科');
    expect(screen.getByText('已选 3/5 个科室')).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: '一级科室' })).getByRole('button', { name: '内科2' }),
    ).toBeTruthy();
    fireEvent.click(view);

    const compare = await screen.findByRole('region', { name: '科室排班对比' });
    const columns = within(compare)
      .getAllByRole('region')
      .filter((r) => r !== compare);
    expect(columns.map((c) => c.getAttribute('aria-label'))).toEqual(['心血管内科', '消化内科', '骨科']);
    expect(within(columns[0]).getByRole('link').getAttribute('href')).toBe(
      '/today/schedule/EXPERT/1000/11/d1/XNK01/201',
    );
    expect(within(columns[1]).getByText('当日无排班')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: `明天 ${monthDayLabel(D1)}` }));
    const tomorrow = await screen.findByRole('region', { name: '科室排班对比' });
    await within(tomorrow).findByText('赵强 主任医师');
    expect(bodiesOf(ctx.server, '/v1/schedules/sourceSearch')).toEqual([
      { hospitalId: '1000', date: TODAY, departmentIds: ['11', '12', '22'] },
      { hospitalId: '1000', date: D1, departmentIds: ['11', '12', '22'] },
    ]);
    fireEvent.click(within(tomorrow).getByText('赵强 主任医师').parentElement!.querySelector('a')!);
    expect(router.state.location.pathname).toBe('/schedule/VIP/1000/12/d4/XHNK02/106');
  });

  it('allows at most five departments and keeps the choice when going back to change it', async () => {
    ctx.service.departments.push(
      ...['31', '32', '33', '34'].map((id, i) => ({
        departmentId: id,
        parentId: '3',
        name: `儿科${i + 1}区`,
        deptId: `EK${id}`,
        pinyin: 'erke',
        initials: 'ek',
        intro: null,
        location: null,
      })),
    );
    renderAt({ '/multiple/dept/schedule': <MultiDeptSchedulePage /> }, '/multiple/dept/schedule');
    await screen.findByRole('checkbox', { name: '心血管内科' });
    pick('心血管内科');
    group('儿科');
    for (const name of ['儿科1区', '儿科2区', '儿科3区', '儿科4区']) pick(name);
    expect(screen.getByText('已选 5/5 个科室')).toBeTruthy();
    group('外科');
    pick('骨科');
    await bodyShows('最多可选择5个科室');
    expect((screen.getByRole('checkbox', { name: '骨科' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '查看排班' }));
    fireEvent.click(await screen.findByRole('button', { name: '修改科室' }));
    expect(screen.getByText('已选 5/5 个科室')).toBeTruthy();
    group('内科');
    pick('心血管内科');
    expect(screen.getByText('已选 4/5 个科室')).toBeTruthy();
  });
});
