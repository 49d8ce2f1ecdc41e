import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHECKUP_ROUTES, chooseDatePath, confirmPath } from '../params.ts';
import { bodiesOf, bodyShows, harness, makeApplication, pause, sent } from '../testing.tsx';
import CheckupSuccessPage from './CheckupSuccessPage.tsx';
import ChooseDatePage from './ChooseDatePage.tsx';
import ConfirmCheckupPage from './ConfirmCheckupPage.tsx';

const ctx = setupFeature(harness);
const screens = {
  [CHECKUP_ROUTES.chooseDate]: <ChooseDatePage />,
  [CHECKUP_ROUTES.confirm]: <ConfirmCheckupPage />,
  [CHECKUP_ROUTES.success]: <CheckupSuccessPage />,
};
const radio = (group: string, name: RegExp | string) =>
  within(screen.getByRole('group', { name: group })).getByRole('radio', { name }) as HTMLInputElement;

describe('booking a check-up', () => {
  it('chooses a date, then a time, confirms with the notices and shows the success', async () => {
    const application = makeApplication();
    ctx.service.applications = [application];
    const router = renderAt(screens, chooseDatePath(application), {
      state: { application: { ...application } },
    });

    // Dates with places left: the first one is chosen and its slots asked for.
    await screen.findByRole('group', { name: '检查日期' });
    expect(bodiesOf(ctx.server, '/getRemainingNumber/1000')).toEqual([
      {
        applicationNo: 'SQ100012345678',
        orderItemId: 'YZ00001234',
        visitType: '1',
        itemCode: 'CT001',
        urgentFlag: '0',
        emergencySchedule: '0',
        itemTypeId: 'CT',
      },
    ]);
    expect(radio('检查日期', /5月14日/).disabled).toBe(true);
    expect(radio('检查日期', /5月15日/).checked).toBe(true);
    await screen.findByText('09:00-10:00');
    expect(radio('2030-05-15 周三的时段', /08:00-09:00/).disabled).toBe(true);

    fireEvent.click(radio('检查日期', /5月16日/));
    await screen.findByText('14:00-15:00');
    expect(bodiesOf(ctx.server, '/getSchedulingTime/1000')).toEqual([
      { applicationNo: 'SQ100012345678', orderItemId: 'YZ00001234', date: '2030-05-15' },
      { applicationNo: 'SQ100012345678', orderItemId: 'YZ00001234', date: '2030-05-16' },
    ]);
    fireEvent.click(radio('2030-05-16 周四的时段', /08:00-09:00/));
    expect(router.state.location.pathname).toBe(
      '/checkAppoint/sureCheck/SQ100012345678/YZ00001234/2030-05-16/2/CT20300516/B01/08%3A00-09%3A00',
    );

    // The confirmation: summary and the item's notices; nothing booked yet.
    await screen.findByText('检查前请取下金属饰品。');
    expect(bodiesOf(ctx.server, '/getAnnouncementsInfo/1000')).toEqual([{ itemCode: 'CT001' }]);
    expect(screen.getByText('胸部CT平扫')).toBeTruthy();
    expect(screen.getByText('2030-05-16 周四')).toBeTruthy();
    expect(screen.getByText('08:00-09:00')).toBeTruthy();
    expect(screen.getByText('张*')).toBeTruthy();
    expect(sent(ctx.server).some((l) => l.includes('saveOrder'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: '确认预约' }));
    await screen.findByText('预约成功');
    expect(bodiesOf(ctx.server, '/saveOrder/1000')).toEqual([
      {
        applicationNo: 'SQ100012345678',
        orderItemId: 'YZ00001234',
        date: '2030-05-16',
        available: 2,
        workNo: 'CT20300516',
        batchId: 'B01',
        timeRange: '08:00-09:00',
      },
    ]);
    expect(router.state.location.pathname).toBe('/checkAppoint/checkSuccess/SQ100012345678/YZ00001234');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText('医技楼1层 CT室')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看检查须知' }).getAttribute('href')).toBe(
      '/checkAppointRemind/CT',
    );
    expect(document.body.textContent).not.toContain('张伟');
  });

  it('finds the request among the contacts when the confirmation is opened from a link', async () => {
    const application = makeApplication({ contactId: '2', patientName: '王秀兰' });
    ctx.service.applications = [application];
    renderAt(
      screens,
      confirmPath({
        ...application,
        date: '2030-05-15',
        available: 5,
        workNo: 'W1',
        batchId: 'B02',
        timeRange: '09:00-10:00',
      }),
    );
    await screen.findByText('王**');
    expect(bodiesOf(ctx.server, '/getCheckApply/1000')).toEqual([{ contactId: '1' }, { contactId: '2' }]);
  });

  it("answers another account's request as not found and books nothing", async () => {
    renderAt(
      screens,
      confirmPath({
        applicationNo: 'SQX',
        orderItemId: 'YZX',
        date: '2030-05-15',
        available: 5,
        workNo: 'W1',
        batchId: 'B02',
        timeRange: '09:00-10:00',
      }),
    );
    await bodyShows('未找到该检查申请单，请返回检查预约列表重新选择');
    expect(sent(ctx.server).every((l) => l.includes('getCheckApply'))).toBe(true);
  });

  it('explains malformed route parameters and sends nothing', async () => {
    const router = renderAt(screens, '/checkAppoint/chooseDate/SQ1/YZ1/1/CT001/0/0/C%20T');
    await bodyShows('页面链接中的检查类别有误，请返回检查预约列表重新进入');
    await act(() => router.navigate('/checkAppoint/sureCheck/SQ1/YZ1/2030-13-01/5/W1/B1/08%3A00-09%3A00'));
    await bodyShows('页面链接中的预约日期有误');
    await act(() => router.navigate('/checkAppoint/sureCheck/SQ1/YZ1/2030-05-01/5/W1/B1/0800'));
    await bodyShows('页面链接中的预约时间段有误');
    await pause();
    expect(ctx.server.received).toHaveLength(0);
  });

  it('says when there are no dates or no times left', async () => {
    const application = makeApplication();
    ctx.service.applications = [application];
    ctx.service.remaining = [{ date: '2030-05-17', available: 1 }];
    const router = renderAt(screens, chooseDatePath(application));
    await screen.findByText('该日暂无可预约时段，请选择其他日期');
    ctx.service.remaining = [{ date: '2030-05-17', available: 0 }];
    await act(() => router.navigate(chooseDatePath({ ...application, orderItemId: 'YZ9' })));
    await screen.findByText('近期没有可预约的日期，请稍后再试或联系检查科室');
    await waitFor(() => expect(screen.queryByText('该日暂无可预约时段，请选择其他日期')).toBeNull());
  });
});
