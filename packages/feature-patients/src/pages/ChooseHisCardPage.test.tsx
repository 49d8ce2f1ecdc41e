import { appStore } from '@patient/app-state';
import type { HisCard } from '@patient/contract';
import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { toast } from '@patient/ui-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cardsListPath, chooseHisCardPath } from '../cards/routeParams.ts';
import { card, contact, fail, harness, ID_ZHANG, ok, routes, sent } from '../cards/testing.tsx';
import ChooseHisCardPage from './ChooseHisCardPage.tsx';

// The screen's toasts still render; the spy only records them (in jsdom a toast can vanish early, see README).
vi.mock('@patient/ui-kit', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@patient/ui-kit')>();
  return { ...actual, toast: vi.fn(actual.toast) };
});
beforeEach(() => vi.mocked(toast).mockClear());

const service = setupFeature(harness);
const PATTERN = '/chooseContactHisCard/:type/:contactId/:hospitalId/:identityCard/:patientName';
const scope = { contactId: '1', hospitalId: '1000', identityCard: ID_ZHANG, patientName: '张伟' };
const ALL = `GET /his_cardInfo/hospital_id/1000/identity_card/${ID_ZHANG}/name/张伟`;

const his = (medicalCardNo: string, type: HisCard['type'], bound = false): HisCard => ({
  medicalCardNo,
  type,
  patientName: '张伟',
  hospitalId: '1000',
  bound,
});
const renderChoose = (type: string, state?: unknown, before?: string[]) =>
  renderAt({ [PATTERN]: <ChooseHisCardPage /> }, chooseHisCardPath(type, scope), { state, before });
const items = () => within(screen.getByRole('list', { name: '医院系统中的卡' })).getAllByRole('listitem');

describe('ChooseHisCardPage', () => {
  it('explains an unknown card type and sends nothing', async () => {
    renderChoose('VIP_CARD');
    expect(await screen.findByText('不支持的卡类型，请返回后重新选择')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(service.server.received).toHaveLength(0);
  });

  it('looks up every card of the person, shows bound ones as bound and binds another', async () => {
    let bound = false;
    service.server.handle(
      routes({
        [ALL]: () =>
          ok([his('100012345678', 'HOSPITAL_CARD', true), his('YB0123456789', 'INSURANCE_CARD', bound)]),
        'POST /cardInfo': (r) => {
          bound = true;
          return ok(card('5', JSON.parse(r.body).medicalCardNo, { type: 'INSURANCE_CARD' }));
        },
      }),
    );
    renderChoose('all');
    await screen.findByText('YB0123456789');
    const [hospitalCard, insurance] = items();
    expect(within(hospitalCard).getByText('已绑定')).toBeTruthy();
    expect(within(hospitalCard).queryByRole('button')).toBeNull();
    expect(within(insurance).getByText('医保卡')).toBeTruthy();
    expect(screen.getAllByText('张*').length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toContain(ID_ZHANG);

    fireEvent.click(within(insurance).getByRole('button', { name: '绑定医保卡 YB0123456789' }));
    await waitFor(() => expect(within(items()[1]).getByText('已绑定')).toBeTruthy());
    const bind = service.server.received.find((r) => r.method === 'POST')!;
    expect(JSON.parse(bind.body)).toEqual({
      contactId: '1',
      hospitalId: '1000',
      medicalCardNo: 'YB0123456789',
      type: 'INSURANCE_CARD',
    });
    expect(sent(service.server)).toEqual([ALL, 'POST /cardInfo', ALL]);
    expect(toast).toHaveBeenCalledWith('绑定成功');
  });

  it('asks for one card type when the link names one, and switches type from the tabs', async () => {
    service.server.handle(
      routes({
        [`${ALL}/type/HOSPITAL_CARD`]: () => ok([his('100012345678', 'HOSPITAL_CARD')]),
        [`${ALL}/type/HEALTH_CARD`]: () => ok([]),
      }),
    );
    const router = renderChoose('HOSPITAL_CARD');
    await screen.findByText('100012345678');
    expect(screen.getByRole('button', { name: '就诊卡' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: '健康卡' }));
    expect(await screen.findByText('未在示范人民医院查询到该就诊人的健康卡')).toBeTruthy();
    expect(router.state.location.pathname).toBe(chooseHisCardPath('HEALTH_CARD', scope));
    expect(sent(service.server)).toEqual([`${ALL}/type/HOSPITAL_CARD`, `${ALL}/type/HEALTH_CARD`]);
  });

  it('leads to adding by number or filing when the hospital has no card', async () => {
    service.server.handle(routes({ [ALL]: () => ok([]) }));
    const router = renderChoose('all');
    fireEvent.click(await screen.findByText('按卡号添加或在线建档'));
    expect(router.state.location.pathname).toBe(
      `/addContactCard/1/1000/${ID_ZHANG}/${encodeURIComponent('张伟')}`,
    );
  });

  it('goes back to the list it was opened from', async () => {
    service.server.handle(routes({ [ALL]: () => ok([]) }));
    const router = renderChoose('all', { fromCardsList: true }, [cardsListPath(scope)]);
    await screen.findByText('未在示范人民医院查询到该就诊人的卡');
    fireEvent.click(screen.getByText('返回就诊卡列表'));
    await waitFor(() => expect(router.state.location.pathname).toBe(cardsListPath(scope)));
    expect(router.state.historyAction).toBe('POP');
  });

  describe('a contact not proven for the hospital’s data', () => {
    const mother = (hisVerified: boolean) =>
      contact('1', '张伟', ID_ZHANG, {
        relation: 'PARENT',
        hisVerified,
        hisVerifiedAt: hisVerified ? '2025-03-10T01:00:00.000Z' : null,
        hisProof: hisVerified ? 'SMS' : null,
      });
    const SEND = 'POST /v1/contact/1/hisIdentity/sms';
    const VERIFY = 'POST /v1/contact/1/hisIdentity';
    const verifyRoutes = (onVerified: () => void) => ({
      [SEND]: () => ok({ maskedPhone: '138****8000', resendAfterSeconds: 60 }),
      [VERIFY]: (r: { body: string }) => {
        if (JSON.parse(r.body).code !== '246810')
          return fail(400, '验证码错误', '验证码错误，还可以尝试 4 次');
        onVerified();
        return ok(mother(true));
      },
    });

    it('asks for the code sent to the hospital’s phone first, then shows the cards', async () => {
      let proven = false;
      appStore.getState().update((s) => {
        s.contacts = [mother(false)];
        s.contactsLoaded = true;
      });
      service.server.handle(
        routes({
          ...verifyRoutes(() => {
            proven = true;
          }),
          'GET /contacts': () => ok([mother(proven)]),
          [ALL]: () => ok([his('100012345678', 'HOSPITAL_CARD')]),
        }),
      );
      renderChoose('all');
      const form = await screen.findByRole('form', { name: '验证就诊人身份' });
      expect(form.textContent).toContain('查看张*在医院的就诊卡、报告和费用等信息前，需要验证身份');
      expect(form.textContent).toContain('就诊人在医院登记的手机号');
      // Known not to be proven: nothing is asked of the HIS.
      expect(sent(service.server)).toEqual([]);

      // No code yet: said beside the field, nothing sent.
      fireEvent.click(within(form).getByRole('button', { name: '验证身份' }));
      expect(await within(form).findByText('请输入6位数字验证码')).toBeTruthy();
      expect(sent(service.server)).toEqual([]);

      fireEvent.click(within(form).getByRole('button', { name: '获取验证码' }));
      await waitFor(() =>
        expect(form.textContent).toContain('医院登记的手机号 138****8000，请向就诊人索取验证码'),
      );
      expect(within(form).getByRole('button', { name: /秒后重发$/ })).toHaveProperty('disabled', true);
      expect(toast).toHaveBeenCalledWith('验证码已发送');

      const input = within(form).getByLabelText('验证码') as HTMLInputElement;
      fireEvent.change(input, { target: { value: '111111' } });
      fireEvent.click(within(form).getByRole('button', { name: '验证身份' }));
      await waitFor(() => expect(input.value).toBe(''));
      expect(service.toasts).toContain('验证码错误，还可以尝试 4 次');

      fireEvent.change(input, { target: { value: '246810' } });
      fireEvent.click(within(form).getByRole('button', { name: '验证身份' }));
      expect(await screen.findByText('100012345678')).toBeTruthy();
      expect(screen.queryByRole('form', { name: '验证就诊人身份' })).toBeNull();
      expect(toast).toHaveBeenCalledWith('身份验证成功');
      expect(sent(service.server)).toEqual([SEND, VERIFY, VERIFY, 'GET /contacts', ALL]);
      expect(appStore.getState().contacts[0].contactDO.hisVerified).toBe(true);
      expect(document.body.textContent).not.toContain(ID_ZHANG);
    });

    it('shows the step when the service refuses the look-up (subCode 40310), e.g. opened from a link', async () => {
      let proven = false;
      service.server.handle(
        routes({
          ...verifyRoutes(() => {
            proven = true;
          }),
          'GET /contacts': () => ok([mother(proven)]),
          [ALL]: () =>
            proven
              ? ok([his('100012345678', 'HOSPITAL_CARD')])
              : {
                  body: {
                    state: 403,
                    msg: '请先验证就诊人身份',
                    subMsg:
                      '为保护就诊人隐私，查看其在医院的就诊卡、报告和费用等信息前，需先验证身份：向医院登记的手机号发送验证码，或进行人脸识别验证',
                    subCode: 40310,
                    results: { contactId: '1' },
                  },
                },
        }),
      );
      renderChoose('all');
      const form = await screen.findByRole('form', { name: '验证就诊人身份' });
      fireEvent.click(within(form).getByRole('button', { name: '获取验证码' }));
      await waitFor(() => expect(form.textContent).toContain('138****8000'));
      fireEvent.change(within(form).getByLabelText('验证码'), { target: { value: '246810' } });
      fireEvent.click(within(form).getByRole('button', { name: '验证身份' }));
      expect(await screen.findByText('100012345678')).toBeTruthy();
      expect(sent(service.server)).toEqual([ALL, SEND, VERIFY, 'GET /contacts', ALL]);
    });

    it('offers 本人 no real-name shortcut (it proves nothing), but the face verification too', async () => {
      appStore.getState().update((s) => {
        s.contacts = [contact('1', '张伟', ID_ZHANG, { relation: 'SELF', certified: true, hisProof: null })];
        s.contactsLoaded = true;
      });
      renderChoose('all');
      const form = await screen.findByRole('form', { name: '验证就诊人身份' });
      expect(within(form).queryByRole('link', { name: '实名认证' })).toBeNull();
      expect(within(form).getByRole('button', { name: '人脸识别验证' })).toBeTruthy();
    });
  });
});
