import { appStore } from '@patient/app-state';
import { bodiesOf, renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { faceBrowser } from '../contacts/HisIdentityVerification.tsx';
import { changes, harness, ID_WOMAN, makeContact, sent } from '../contacts/testing.tsx';
import VerifyIdentityPage from './VerifyIdentityPage.tsx';

const ctx = setupFeature(harness);
const PATTERN = '/verifyIdentity/:contactId';
/** The screen that sent the patient here (another feature's, e.g. the check-up list). */
const FROM = '/checkAppoint/list';

const open = (path = '/verifyIdentity/2', before: string[] = [FROM]) =>
  renderAt({ [PATTERN]: <VerifyIdentityPage /> }, path, { before });

describe('VerifyIdentityPage', () => {
  it('sends the code to the hospital’s phone, verifies it, and goes back to where the patient came from', async () => {
    ctx.service.contacts = [makeContact('2', '王秀兰', ID_WOMAN, { relation: 'PARENT' })];
    const router = open();
    expect(await screen.findByRole('heading', { name: '验证王**的身份' })).toBeTruthy();
    const form = screen.getByRole('form', { name: '验证就诊人身份' });
    expect(document.body.textContent).not.toContain('王秀兰');
    expect(within(form).queryByRole('link', { name: '实名认证' })).toBeNull();

    fireEvent.click(within(form).getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(form.textContent).toContain('138****8000'));
    fireEvent.change(within(form).getByLabelText('验证码'), { target: { value: '246810' } });
    fireEvent.click(within(form).getByRole('button', { name: '验证身份' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(FROM));
    expect(router.state.historyAction).toBe('POP');
    expect(changes(ctx.server)).toEqual([
      'POST /v1/contact/2/hisIdentity/sms',
      'POST /v1/contact/2/hisIdentity',
    ]);
    expect(appStore.getState().contacts.find((c) => c.contactId === '2')?.contactDO.hisVerified).toBe(true);
  });

  it('says when the contact is proven already (by the account’s own phone too), and goes on', async () => {
    ctx.service.contacts = [
      makeContact('1', '张伟', ID_WOMAN, { relation: 'SELF', certified: true, hisProof: 'ACCOUNT_PHONE' }),
    ];
    const router = open('/verifyIdentity/1');
    expect(await screen.findByText('身份已验证')).toBeTruthy();
    expect(screen.getByText('张*的身份已验证，可以查看其在医院的就诊卡、报告和费用等信息')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '继续' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(FROM));
    expect(changes(ctx.server)).toEqual([]);
  });

  it('goes on to the contact when opened without a screen before it', async () => {
    ctx.service.contacts = [makeContact('2', '王秀兰', ID_WOMAN, { relation: 'PARENT' })];
    ctx.service.override('POST /v1/contact/2/hisIdentity/sms', {
      body: {
        state: 409,
        msg: '就诊人身份已验证',
        subMsg: '该就诊人身份已验证，可直接查看其就诊卡和检查申请',
      },
    });
    const router = open('/verifyIdentity/2', []);
    const form = await screen.findByRole('form', { name: '验证就诊人身份' });
    // Proven meanwhile (elsewhere): asking for a code says so and lets the patient go on.
    fireEvent.click(within(form).getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contactDetail/2'));
    expect(ctx.toasts).toContain('该就诊人身份已验证，可直接查看其就诊卡和检查申请');
  });

  it('offers no shortcut to a certified 本人 who is not proven: real-name certification proves nothing', async () => {
    ctx.service.contacts = [
      makeContact('1', '张伟', ID_WOMAN, { relation: 'SELF', certified: true, hisProof: null }),
    ];
    open('/verifyIdentity/1');
    const form = await screen.findByRole('form', { name: '验证就诊人身份' });
    expect(within(form).queryByRole('link', { name: '实名认证' })).toBeNull();
    expect(within(form).getByRole('button', { name: '获取验证码' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: '人脸识别验证' })).toBeTruthy();
  });

  describe('人脸识别验证', () => {
    afterEach(() => {
      vi.restoreAllMocks();
      sessionStorage.clear();
    });

    it('starts it, keeps the ticket and goes to the verification page; back here, the result proves the contact', async () => {
      ctx.service.contacts = [makeContact('2', '王秀兰', ID_WOMAN, { relation: 'PARENT' })];
      const assign = vi.spyOn(faceBrowser, 'assign').mockImplementation(() => undefined);
      open();
      const form = await screen.findByRole('form', { name: '验证就诊人身份' });
      fireEvent.click(within(form).getByRole('button', { name: '人脸识别验证' }));
      await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
      expect(assign.mock.calls[0][0]).toMatch(/^\/hospital-service\/sandbox\/face\/verify\?ticket=/);
      expect(bodiesOf(ctx.server, 'POST /v1/contact/2/hisIdentity/face')).toEqual([
        { returnPath: '/verifyIdentity/2?faceReturn=2' },
      ]);
      expect(sessionStorage.getItem('pt-face-ticket:2')).toBe('SIMFACE00000002');
    });

    it('back from the page (a fresh load): posts the ticket once, and goes on to the contact', async () => {
      ctx.service.contacts = [makeContact('2', '王秀兰', ID_WOMAN, { relation: 'PARENT' })];
      sessionStorage.setItem('pt-face-ticket:2', 'SIMFACE00000002');
      const router = open('/verifyIdentity/2?faceReturn=2', []);
      await waitFor(() => expect(router.state.location.pathname).toBe('/contactDetail/2'));
      expect(bodiesOf(ctx.server, 'POST /v1/contact/2/hisIdentity/face/result')).toEqual([
        { ticket: 'SIMFACE00000002' },
      ]);
      expect(sessionStorage.getItem('pt-face-ticket:2')).toBeNull();
      expect(appStore.getState().contacts.find((c) => c.contactId === '2')?.contactDO.hisProof).toBe('FACE');
    });

    it('is not offered for a document other than a resident ID card', async () => {
      ctx.service.contacts = [
        makeContact('2', '王秀兰', 'E12345678', { relation: 'PARENT', documentType: 'PASSPORT_NUMBER' }),
      ];
      open();
      const form = await screen.findByRole('form', { name: '验证就诊人身份' });
      expect(within(form).queryByRole('button', { name: '人脸识别验证' })).toBeNull();
    });
  });

  it('refuses a malformed link and sends nothing', async () => {
    open('/verifyIdentity/a%3Cb');
    expect(await screen.findByText('页面链接中的就诊人有误，请返回后重新进入')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(sent(ctx.server)).toEqual([]);
  });
});
