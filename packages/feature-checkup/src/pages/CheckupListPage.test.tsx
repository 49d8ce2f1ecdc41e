import { appStore } from '@patient/app-state';
import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHECKUP_ROUTES } from '../params.ts';
import { bodiesOf, harness, makeApplication, makeContact, sent } from '../testing.tsx';
import CheckupListPage from './CheckupListPage.tsx';

const ctx = setupFeature(harness);
const open = () => renderAt({ [CHECKUP_ROUTES.list]: <CheckupListPage /> }, '/checkAppoint/list');
const items = () => within(screen.getByRole('list', { name: '检查申请单' })).getAllByRole('article');

describe('CheckupListPage', () => {
  it("lists the default contact's requests with their status and actions, masking names", async () => {
    ctx.service.applications = [
      makeApplication({ urgentFlag: '1' }),
      makeApplication({
        applicationNo: 'SQ2',
        orderItemId: 'YZ2',
        itemCode: 'US001',
        itemName: '腹部彩超（肝胆胰脾）',
        itemTypeId: 'US',
        itemTypeName: '超声检查',
        departmentName: '超声科',
        status: 'BOOKED',
        appointment: {
          date: '2030-05-16',
          timeRange: '09:00-10:00',
          location: '门诊楼3层',
          bookedAt: '2030-05-10T03:00:00Z',
        },
      }),
      makeApplication({
        applicationNo: 'SQ3',
        contactId: '2',
        patientName: '王秀兰',
        itemName: '头颅磁共振平扫',
      }),
    ];
    const router = open();
    await screen.findByRole('list', { name: '检查申请单' });
    expect(bodiesOf(ctx.server, '/getCheckApply/1000')).toEqual([{ contactId: '1' }]);
    const [ct, us] = items();
    expect(items()).toHaveLength(2);
    expect(ct.textContent).toContain('胸部CT平扫加急');
    expect(within(ct).getByText('待预约')).toBeTruthy();
    expect(within(ct).getByText('CT检查 · 放射科')).toBeTruthy();
    expect(within(us).getByText('已预约')).toBeTruthy();
    expect(within(us).getByText('预约时间 2030-05-16 周四 09:00-10:00')).toBeTruthy();
    expect(within(us).queryByRole('button', { name: '预约' })).toBeNull();
    expect(within(us).getByRole('link', { name: '检查须知' }).getAttribute('href')).toBe(
      '/checkAppointRemind/US',
    );
    expect(document.body.textContent).not.toContain('张伟');
    expect(screen.getByRole('radio', { name: /张\*/ })).toHaveProperty('checked', true);

    fireEvent.click(within(ct).getByRole('button', { name: '预约' }));
    expect(router.state.location.pathname).toBe(
      '/checkAppoint/chooseDate/SQ100012345678/YZ00001234/1/CT001/1/0/CT',
    );
    expect(router.state.location.state).toEqual({ application: ctx.service.applications[0] });
  });

  it('opens the booking of a booked request and switches contacts', async () => {
    ctx.service.applications = [
      makeApplication({
        status: 'BOOKED',
        appointment: {
          date: '2030-05-16',
          timeRange: '09:00-10:00',
          location: 'CT室',
          bookedAt: '2030-05-10T03:00:00Z',
        },
      }),
      makeApplication({
        applicationNo: 'SQ3',
        contactId: '2',
        patientName: '王秀兰',
        itemName: '头颅磁共振平扫',
      }),
    ];
    const router = open();
    await screen.findByText('胸部CT平扫');
    fireEvent.click(screen.getByRole('radio', { name: /王\*\*/ }));
    await screen.findByText('头颅磁共振平扫');
    expect(screen.queryByText('胸部CT平扫')).toBeNull();
    expect(bodiesOf(ctx.server, '/getCheckApply/1000')).toEqual([{ contactId: '1' }, { contactId: '2' }]);
    fireEvent.click(screen.getByRole('radio', { name: /张\*/ }));
    fireEvent.click(await screen.findByRole('button', { name: '查看预约' }));
    expect(router.state.location.pathname).toBe('/checkAppoint/detail/SQ100012345678/YZ00001234');
  });

  it('shows the empty states: no requests, no contacts', async () => {
    open();
    await screen.findByText('暂无检查申请单，医生开具检查后会显示在这里');
    appStore.getState().update((s) => {
      s.contacts = [];
    });
    await screen.findByText('添加就诊人后即可查看检查申请单');
    expect(sent(ctx.server)).toEqual(['POST /v1/checkByHospital/getCheckApply/1000']);
  });

  it('offers a retry when the list does not load', async () => {
    ctx.service.applications = [makeApplication()];
    ctx.service.override('POST /v1/checkByHospital/getCheckApply/\\w+', () => {
      ctx.service.overrides.clear();
      return { status: 500, body: { message: '服务繁忙' } };
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: '重新加载' }));
    await screen.findByText('胸部CT平扫');
    expect(ctx.toasts).toEqual(['服务繁忙']);
  });

  it('asks to prove a contact before its requests, without asking the hospital; proven, they load', async () => {
    ctx.service.applications = [
      makeApplication(),
      makeApplication({
        applicationNo: 'SQ3',
        contactId: '3',
        patientName: '李娜',
        itemName: '头颅磁共振平扫',
      }),
    ];
    appStore.getState().update((s) => {
      s.contacts.push(makeContact('3', '李娜', { relation: 'FRIEND' }));
    });
    open();
    await screen.findByText('胸部CT平扫');
    fireEvent.click(screen.getByRole('radio', { name: /李\*/ }));
    expect(await screen.findByText('请先验证就诊人身份')).toBeTruthy();
    expect(screen.getByText(/查看李\*在医院的就诊卡、报告和费用等信息前/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '验证身份' }).getAttribute('href')).toBe('/verifyIdentity/3');
    expect(bodiesOf(ctx.server, '/getCheckApply/1000')).toEqual([{ contactId: '1' }]);

    // Back from 验证身份, the contacts say she is proven: her requests load.
    appStore.getState().update((s) => {
      const li = s.contacts.find((c) => c.contactId === '3');
      if (li) li.contactDO.hisVerified = true;
    });
    await screen.findByText('头颅磁共振平扫');
    expect(bodiesOf(ctx.server, '/getCheckApply/1000')).toEqual([{ contactId: '1' }, { contactId: '3' }]);
  });

  it('offers 验证身份 when the service refuses a contact’s requests (subCode 40310)', async () => {
    ctx.service.override('POST /v1/checkByHospital/getCheckApply/\\w+', () => ({
      body: {
        state: 403,
        msg: '请先验证就诊人身份',
        subMsg:
          '为保护就诊人隐私，查看其在医院的就诊卡、报告和费用等信息前，需先验证身份：向医院登记的手机号发送验证码，或进行人脸识别验证',
        subCode: 40310,
        results: { contactId: '1' },
      },
    }));
    open();
    expect((await screen.findByRole('link', { name: '验证身份' })).getAttribute('href')).toBe(
      '/verifyIdentity/1',
    );
    expect(screen.queryByRole('button', { name: '重新加载' })).toBeNull();
  });
});
