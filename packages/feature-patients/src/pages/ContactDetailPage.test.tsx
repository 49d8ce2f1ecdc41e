import { appStore } from '@patient/app-state';
import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { toast } from '@patient/ui-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  answerDialog,
  businessError,
  changes,
  harness,
  ID_MAN,
  ID_WOMAN,
  makeContact,
  testConfig,
} from '../contacts/testing.tsx';
import ContactDetailPage from './ContactDetailPage.tsx';

// The screen's toasts still render; the spy only records them (a toast can vanish early, see README).
vi.mock('@patient/ui-kit', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@patient/ui-kit')>();
  return { ...actual, toast: vi.fn(actual.toast) };
});

const ctx = setupFeature(harness);
const PATTERN = '/contactDetail/:contactId';

function seed() {
  ctx.service.contacts = [
    makeContact('1', '张伟', ID_MAN, { relation: 'SELF', isDefault: true, certified: true }),
    makeContact('2', '王秀兰', ID_WOMAN, {
      relation: 'PARENT',
      phone: '13700137000',
      phoneVerified: false,
      address: '浙江省台州市路桥区 银安街1号',
    }),
  ];
  ctx.service.healthCards = [
    {
      healthCardId: 'hc2',
      contactId: '2',
      cardNo: 'HC0000',
      patientName: '王秀兰',
      cardPackageOrderId: null,
    },
  ];
}

async function open(contactId: string) {
  const router = renderAt({ [PATTERN]: <ContactDetailPage /> }, `/contactDetail/${contactId}`);
  await screen.findByRole('heading', { level: 2 });
  return router;
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('ContactDetailPage: view', () => {
  it('shows the contact masked, with its state and actions', async () => {
    seed();
    await open('2');
    expect(screen.getByRole('heading', { name: '王秀兰' })).toBeTruthy();
    expect(screen.getByText('33100*************')).toBeTruthy();
    expect(screen.getByText('*******7000')).toBeTruthy();
    expect(screen.getByText('手机号尚未验证')).toBeTruthy();
    expect(screen.getByText('浙江省台州市路桥区 银安街1号')).toBeTruthy();
    expect(document.body.textContent).not.toContain(ID_WOMAN);
    expect(document.body.textContent).not.toContain('13700137000');
    expect(screen.getByText('未认证')).toBeTruthy();
  });

  it('leads to real-name authentication when not certified', async () => {
    seed();
    const router = await open('2');
    fireEvent.click(button('去认证'));
    expect(router.state.location.pathname).toBe('/authentication/2');
  });

  it('sets the contact as default', async () => {
    seed();
    await open('2');
    fireEvent.click(button('设为默认'));
    await waitFor(() => expect(screen.getByText('默认')).toBeTruthy());
    expect(changes(ctx.server)).toEqual(['GET /updateDefaultContact']);
    expect(appStore.getState().contacts[0].contactId).toBe('2');
  });

  it('shows an error with retry for an unknown contact', async () => {
    seed();
    renderAt({ [PATTERN]: <ContactDetailPage /> }, '/contactDetail/9');
    expect(await screen.findByText('就诊人信息加载失败')).toBeTruthy();
    expect(ctx.toasts).toContain('就诊人不存在');
  });
});

describe('ContactDetailPage: delete', () => {
  it('cancelling the confirm dialog sends nothing', async () => {
    seed();
    const router = await open('2');
    const text = await answerDialog(() => fireEvent.click(button('删除就诊人')), '取消');
    expect(text).toContain('确定删除就诊人“王秀兰”吗？');
    expect(text).toContain('其绑定的就诊卡和电子健康卡将一并解绑');
    await new Promise((r) => setTimeout(r, 200));
    expect(changes(ctx.server)).toEqual([]);
    expect(router.state.location.pathname).toBe('/contactDetail/2');
  });

  it('confirming sends /del, reloads the contacts, forgets its health card and goes to the list', async () => {
    seed();
    appStore.getState().update((s) => {
      s.healthCard = { contactId: '2', healthCardId: 'hc2', cardNo: 'HC0000' };
    });
    const router = await open('2');
    await answerDialog(() => fireEvent.click(button('删除就诊人')), '删除');
    await waitFor(() => expect(router.state.location.pathname).toBe('/contactList'));
    expect(changes(ctx.server)).toEqual(['POST /del/2']);
    expect(appStore.getState().contacts.map((c) => c.contactId)).toEqual(['1']);
    expect(appStore.getState().healthCard).toBeNull();
    await waitFor(() => expect(toast).toHaveBeenCalledWith('就诊人已删除'));
  });
});

describe('ContactDetailPage: phone verification', () => {
  it('sends the code, counts down, explains a bad code and verifies with the right one', async () => {
    seed();
    await open('2');
    fireEvent.click(button('去验证'));
    const form = within(screen.getByRole('form', { name: '验证手机号' }));
    expect(form.getByText('*******7000')).toBeTruthy();

    fireEvent.click(form.getByRole('button', { name: '验证' }));
    expect(await form.findByText('请输入6位数字验证码')).toBeTruthy();
    expect(changes(ctx.server)).toEqual([]);

    fireEvent.click(form.getByRole('button', { name: '获取验证码' }));
    expect(await form.findByText(/^(60|59)秒后重发$/)).toBeTruthy();
    expect((form.getByText(/秒后重发/) as HTMLButtonElement).disabled).toBe(true);
    const sms = ctx.server.received.find((r) => r.path.endsWith('/phone/sms'))!;
    expect(sms.query.get('phone')).toBe('13700137000');

    const code = form.getByLabelText('验证码') as HTMLInputElement;
    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(form.getByRole('button', { name: '验证' }));
    await waitFor(() => expect(ctx.toasts).toContain('验证码错误或已过期'));
    expect(code.value).toBe('');

    fireEvent.change(code, { target: { value: '24a6810' } });
    expect(code.value).toBe('246810');
    fireEvent.click(form.getByRole('button', { name: '验证' }));
    await waitFor(() => expect(screen.queryByText('手机号尚未验证')).toBeNull());
    expect(screen.queryByRole('form', { name: '验证手机号' })).toBeNull();
    const verify = ctx.server.received.filter((r) => r.path.endsWith('/contact/phone')).at(-1)!;
    expect(Object.fromEntries(verify.query)).toEqual({
      contactId: '2',
      phone: '13700137000',
      number: '246810',
    });
    expect(appStore.getState().contacts.find((c) => c.contactId === '2')?.contactDO.phoneVerified).toBe(true);
  });
});

describe('ContactDetailPage: message notifications', () => {
  it('switches at once and back again, with a toast, when the service refuses', async () => {
    seed();
    let answer = () => {};
    ctx.service.override(
      'POST /v1/contact/updateContactNotification',
      () => new Promise((resolve) => (answer = () => resolve(businessError(500, '通知服务暂不可用')))),
    );
    await open('1');
    const toggle = screen.getByRole('switch', { name: '消息通知' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    await waitFor(() => expect(changes(ctx.server)).toEqual(['POST /v1/contact/updateContactNotification']));
    answer();
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('消息通知设置失败：通知服务暂不可用'));
  });
});

describe('ContactDetailPage: new', () => {
  it("'new' opens the empty form", async () => {
    renderAt({ [PATTERN]: <ContactDetailPage /> }, '/contactDetail/new');
    expect(await screen.findByRole('form', { name: '添加就诊人' })).toBeTruthy();
  });

  it("'new' explains the limit instead of the form once it is reached", async () => {
    seed();
    renderAt({ [PATTERN]: <ContactDetailPage /> }, '/contactDetail/new', {
      config: testConfig({ maxContacts: 2 }),
    });
    expect(await screen.findByText('最多可添加2位就诊人，请先删除不再使用的就诊人')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });
});
