import { appStore } from '@patient/app-state';
import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHECKUP_ROUTES, detailPath } from '../params.ts';
import { dateTime } from '../status.ts';
import {
  answerDialog,
  bodiesOf,
  bodyShows,
  harness,
  makeApplication,
  makeContact,
  pause,
  sent,
} from '../testing.tsx';
import CheckupDetailPage from './CheckupDetailPage.tsx';

const ctx = setupFeature(harness);
const booked = () =>
  makeApplication({
    status: 'BOOKED',
    appointment: {
      date: '2030-05-16',
      timeRange: '08:00-09:00',
      location: '医技楼1层 CT室',
      bookedAt: '2030-05-10T03:00:00Z',
    },
  });
const open = (application = booked()) => {
  ctx.service.applications = [application];
  return renderAt({ [CHECKUP_ROUTES.detail]: <CheckupDetailPage /> }, detailPath(application));
};
const writes = () => sent(ctx.server).filter((l) => l.includes('cancleOrder'));

describe('CheckupDetailPage', () => {
  it('cancels a booked examination only after the confirm dialog', async () => {
    open();
    await screen.findByText('医技楼1层 CT室');
    await screen.findByRole('button', { name: '取消预约' });
    expect(bodiesOf(ctx.server, '/cancel_OrderInfo/1000')).toEqual([
      { applicationNo: 'SQ100012345678', orderItemId: 'YZ00001234' },
    ]);
    const cancel = () =>
      fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: '取消预约' }));

    const text = await answerDialog(cancel, '再想想');
    expect(text).toContain('确定取消 2030-05-16 周四 08:00-09:00 的胸部CT平扫预约吗？');
    expect(text).toContain(`取消截止时间 ${dateTime('2030-05-15T00:00:00.000Z')}`);
    await pause();
    expect(writes()).toEqual([]);

    await answerDialog(cancel, '取消预约');
    await screen.findByText('已取消');
    expect(bodiesOf(ctx.server, '/cancleOrder/1000')).toEqual([
      { applicationNo: 'SQ100012345678', orderItemId: 'YZ00001234' },
    ]);
    expect(screen.getByRole('link', { name: '重新预约' }).getAttribute('href')).toBe(
      '/checkAppoint/chooseDate/SQ100012345678/YZ00001234/1/CT001/0/0/CT',
    );
    expect(within(screen.getByRole('main')).queryByRole('button', { name: '取消预约' })).toBeNull();
  });

  it('explains why a booking can no longer be cancelled online', async () => {
    ctx.service.cancelRule = { canCancel: false, deadline: '2030-05-15T00:00:00.000Z', reason: null };
    open();
    await bodyShows(`已过取消截止时间（${dateTime('2030-05-15T00:00:00.000Z')}），如需取消请联系检查科室`);
    expect(within(screen.getByRole('main')).queryByRole('button', { name: '取消预约' })).toBeNull();
    expect(writes()).toEqual([]);
  });

  it("gives the service's own reason when there is one", async () => {
    ctx.service.cancelRule = { canCancel: false, deadline: null, reason: '检查已开始，无法取消' };
    open();
    await bodyShows('检查已开始，无法取消');
  });

  it('shows an unbooked request with the way to book it, masking the patient', async () => {
    open(makeApplication());
    await screen.findByText('待预约');
    expect(screen.getByText('张*')).toBeTruthy();
    expect(screen.getByRole('link', { name: '预约' })).toBeTruthy();
    expect(sent(ctx.server).some((l) => l.includes('cancel_OrderInfo'))).toBe(false);
    expect(document.body.textContent).not.toContain('张伟');
  });

  it('looks for a request only among the contacts proven for the hospital’s data', async () => {
    appStore.getState().update((s) => {
      s.contacts.push(makeContact('3', '李娜', { relation: 'FRIEND' }));
    });
    // From a link: contact 3 (not proven) is not asked; the request is nowhere else.
    const theirs = booked();
    theirs.contactId = '3';
    open(theirs);
    await screen.findByText('未找到该检查申请单，请返回检查预约列表重新选择');
    expect(bodiesOf(ctx.server, '/getCheckApply/1000')).toEqual([{ contactId: '1' }, { contactId: '2' }]);
  });
});
