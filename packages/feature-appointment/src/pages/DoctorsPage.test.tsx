import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dayLabel, monthDayLabel } from '../schedule/labels.ts';
import {
  bodiesOf,
  businessError,
  D1,
  D2,
  DATES,
  envelope,
  harness,
  sent,
  TODAY,
} from '../schedule/testing.tsx';
import DoctorsPage from './DoctorsPage.tsx';

const ctx = setupFeature(harness);

const PATTERN = '/doctors/:hospitalId/:departmentId/:deptId';
const TODAY_PATTERN = '/today/doctors/:hospitalId/:departmentId/:deptId';
const strip = () => screen.getByRole('navigation', { name: '选择日期' });
const doctor = (name: string) => screen.getByRole('listitem', { name: new RegExp(`^${name} `) });
const day = (date: string) => `${dayLabel(date, TODAY)} ${monthDayLabel(date)}`;

describe('DoctorsPage', () => {
  it('leads from a doctor’s photo and name to the doctor’s page', async () => {
    const router = renderAt({ [PATTERN]: <DoctorsPage /> }, '/doctors/1000/11/XNK01');
    await screen.findByText('张明');
    const link = within(doctor('张明')).getByRole('link', { name: /^张明\s*主任医师\s*擅长：冠心病/ });
    expect(link.querySelector('.ap-avatar')?.textContent).toBe('张');
    fireEvent.click(link);
    expect(router.state.location.pathname).toBe('/doctorHome/1000/d1');
  });

  it('shows the week strip and the doctors with title, speciality and their label per day', async () => {
    renderAt({ [PATTERN]: <DoctorsPage /> }, '/doctors/1000/11/XNK01');
    await screen.findByText('张明');
    const days = within(strip()).getAllByRole('button');
    expect(days[0].textContent).toBe('全部日期');
    expect(days[0].getAttribute('aria-pressed')).toBe('true');
    // Named by what they show, the date in full: '明天 3月6日 有号'.
    const names = DATES.map((d) => day(d) + (d === D1 || d === D2 ? ' 有号' : ''));
    expect(names.map((name) => within(strip()).getByRole('button', { name }))).toEqual(days.slice(1));
    expect(days[1].textContent).toContain('明天');

    expect(within(doctor('张明')).getByText('主任医师')).toBeTruthy();
    expect(within(doctor('张明')).getByText('擅长：冠心病、高血压的诊治')).toBeTruthy();
    expect(within(doctor('张明')).getByRole('button', { name: `${day(D1)} 余3` })).toBeTruthy();
    expect(within(doctor('李华')).getByRole('button', { name: `${day(D2)} 余8` })).toBeTruthy();
    expect(within(doctor('王芳')).getByRole('button', { name: `${day(D1)} 停诊` })).toBeTruthy();
    const clinic = await screen.findByRole('region', { name: '科室门诊' });
    expect(within(clinic).getByText('心血管内科门诊')).toBeTruthy();
    expect(within(clinic).getByRole('button', { name: `${day(D1)} 可预约` })).toBeTruthy();

    expect(bodiesOf(ctx.server, '/v1/schedules_resume/hospitals/1000/query')).toEqual([
      { departmentId: '11', sameDay: false },
    ]);
    expect(bodiesOf(ctx.server, '/v1/schedules/hospitals/1000/query')).toEqual([
      { departmentId: '11', startDate: DATES[0], endDate: DATES[6], sameDay: false },
    ]);
  });

  it('filters by date and leads from a half-day to its time slots', async () => {
    const router = renderAt({ [PATTERN]: <DoctorsPage /> }, '/doctors/1000/11/XNK01');
    await screen.findByText('张明');
    fireEvent.click(within(strip()).getByRole('button', { name: `${day(D1)} 有号` }));
    expect(screen.queryByText('李华')).toBeNull();
    const zhang = doctor('张明');
    const morning = await within(zhang).findByRole('link', { name: /上午/ });
    expect(morning.textContent).toBe('上午专家门诊¥50.00余3');
    expect(within(zhang).queryByRole('link', { name: /下午/ })).toBeNull();
    expect(within(zhang).getByText('约满')).toBeTruthy();
    expect(within(doctor('王芳')).getAllByText('停诊').length).toBeGreaterThan(0);
    const clinic = screen.getByRole('region', { name: '科室门诊' });
    expect(within(clinic).getByRole('link').getAttribute('href')).toBe(
      '/schedule/DEPARTMENT/1000/11/0/XNK01/105',
    );
    fireEvent.click(morning);
    expect(router.state.location.pathname).toBe('/schedule/EXPERT/1000/11/d1/XNK01/101');
  });

  it('a day chip chooses that date; 只看有号 hides doctors without places', async () => {
    renderAt({ [PATTERN]: <DoctorsPage /> }, '/doctors/1000/11/XNK01');
    await screen.findByText('张明');
    fireEvent.click(screen.getByRole('checkbox', { name: '只看有号' }));
    expect(screen.queryByText('王芳')).toBeNull();
    fireEvent.click(within(doctor('李华')).getByRole('button', { name: `${day(D2)} 余8` }));
    expect(
      within(strip())
        .getByRole('button', { name: `${day(D2)} 有号` })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.queryByText('张明')).toBeNull();
    expect((await within(doctor('李华')).findByRole('link', { name: /上午/ })).getAttribute('href')).toBe(
      '/schedule/NORMAL/1000/11/d2/XNK01/103',
    );
  });

  it('links the doctor’s page with a bookable schedule', async () => {
    const router = renderAt({ [PATTERN]: <DoctorsPage /> }, '/doctors/1000/11/XNK01');
    await screen.findByText('张明');
    await waitFor(() =>
      expect(within(doctor('张明')).getByRole('link', { name: '医生主页 ›' })).toBeTruthy(),
    );
    fireEvent.click(within(doctor('张明')).getByRole('link', { name: '医生主页 ›' }));
    expect(router.state.location.pathname).toBe('/schedule/detail/11/d1/XNK01/101');
  });

  it('shows today only in same-day booking and leads to the same-day slots', async () => {
    const router = renderAt({ [TODAY_PATTERN]: <DoctorsPage /> }, '/today/doctors/1000/11/XNK01');
    await screen.findByText('张明');
    const days = within(strip()).getAllByRole('button');
    expect(days).toHaveLength(1);
    expect(within(strip()).getByRole('button', { name: `今天 ${monthDayLabel(TODAY)} 有号` })).toBe(days[0]);
    expect(screen.queryByText('排班表')).toBeNull();
    const afternoon = await within(doctor('张明')).findByRole('link', { name: /下午/ });
    expect(afternoon.textContent).toBe('下午专家门诊¥50.00余2');
    fireEvent.click(afternoon);
    expect(router.state.location.pathname).toBe('/today/schedule/EXPERT/1000/11/d1/XNK01/201');
    expect(bodiesOf(ctx.server, '/v1/schedules_resume/hospitals/1000/query')).toEqual([
      { departmentId: '11', sameDay: true },
    ]);
  });

  it('keeps the chosen date when the patient comes back (keep-alive) and refreshes the places left', async () => {
    const router = renderAt({ [PATTERN]: <DoctorsPage /> }, '/doctors/1000/11/XNK01', {
      keepAlive: [PATTERN],
    });
    await screen.findByText('张明');
    fireEvent.click(within(strip()).getByRole('button', { name: `${day(D2)} 有号` }));
    fireEvent.click(await within(doctor('李华')).findByRole('link', { name: /上午/ }));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/doctors/1000/11/XNK01'));
    await waitFor(() =>
      expect(
        within(strip())
          .getByRole('button', { name: `${day(D2)} 有号` })
          .getAttribute('aria-pressed'),
      ).toBe('true'),
    );
    // The places left are read again; the date stays chosen.
    await waitFor(() => expect(sent(ctx.server)).toHaveLength(4));
    expect(
      within(strip())
        .getByRole('button', { name: `${day(D2)} 有号` })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('refuses malformed parameters or another hospital, sending nothing', async () => {
    renderAt({ [PATTERN]: <DoctorsPage /> }, '/doctors/1000/11%3Cb%3E/XNK01');
    expect(await screen.findByText('页面链接中的科室有误，请返回后重新进入')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回科室列表' }).getAttribute('href')).toBe('/depts');
  });

  it('refuses a link to another hospital', async () => {
    renderAt({ [TODAY_PATTERN]: <DoctorsPage /> }, '/today/doctors/1001/11/XNK01');
    expect(await screen.findByText('该链接属于其他医院，请从本院首页重新进入预约')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回科室列表' }).getAttribute('href')).toBe('/today/depts');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ctx.server.received).toHaveLength(0);
  });

  it('shows the empty state for a department without doctors, and for a date without them', async () => {
    ctx.service.override(
      'POST /v1/schedules_resume/hospitals/1000/query',
      envelope({ dates: DATES, doctors: [] }),
    );
    ctx.service.override('POST /v1/schedules/hospitals/1000/query', envelope([]));
    renderAt({ [PATTERN]: <DoctorsPage /> }, '/doctors/1000/11/XNK01');
    expect(await screen.findByText('该科室暂无医生出诊')).toBeTruthy();
  });

  it('says when nobody works on the chosen date', async () => {
    renderAt({ [PATTERN]: <DoctorsPage /> }, '/doctors/1000/11/XNK01');
    await screen.findByText('张明');
    fireEvent.click(within(strip()).getByRole('button', { name: day(DATES[4]) }));
    expect(screen.getByText(`${day(DATES[4])}暂无医生出诊，请选择其他日期`)).toBeTruthy();
  });

  it('shows an error with retry', async () => {
    ctx.service.override(
      'POST /v1/schedules_resume/hospitals/1000/query',
      businessError(500, '排班服务繁忙'),
    );
    renderAt({ [PATTERN]: <DoctorsPage /> }, '/doctors/1000/11/XNK01');
    expect(await screen.findByText('医生列表加载失败')).toBeTruthy();
    ctx.service.overrides.clear();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('张明')).toBeTruthy();
  });
});
