import { appStore } from '@patient/app-state';
import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  businessError,
  changes,
  envelope,
  harness,
  ID_GIRL,
  ID_MAN,
  ID_WOMAN,
  makeContact,
  sent,
  testConfig,
} from '../contacts/testing.tsx';
import ContactListPage from './ContactListPage.tsx';

const ctx = setupFeature(harness);

function family() {
  return [
    makeContact('1', '王秀兰', ID_WOMAN, { relation: 'PARENT', certified: true, phone: '13700137000' }),
    makeContact('2', '张伟', ID_MAN, { relation: 'SELF', isDefault: true, certified: true }),
    makeContact('3', '张小雨', ID_GIRL, { relation: 'CHILD', phoneVerified: false, phone: '13600136000' }),
  ];
}

const cards = () => screen.getAllByRole('article');

describe('ContactListPage', () => {
  it('lists the default contact first, with badges and masked numbers only', async () => {
    ctx.service.contacts = family();
    // The service already orders them; the screen does not rely on it.
    ctx.service.override('GET /contacts', envelope(family()));
    renderAt({ '/contactList': <ContactListPage /> }, '/contactList');
    await screen.findByText('张伟');
    expect(cards().map((c) => c.getAttribute('aria-label'))).toEqual([
      '就诊人张伟',
      '就诊人王秀兰',
      '就诊人张小雨',
    ]);
    const first = within(cards()[0]);
    expect(first.getByText('默认')).toBeTruthy();
    expect(first.getByText('已实名')).toBeTruthy();
    expect(first.getByText('居民身份证 11010*************')).toBeTruthy();
    expect(first.getByText('手机 *******8000')).toBeTruthy();
    const child = within(cards()[2]);
    expect(child.getByText('未实名')).toBeTruthy();
    expect(child.getByText('手机未验证')).toBeTruthy();
    expect(child.queryByText('默认')).toBeNull();
    const text = document.body.textContent ?? '';
    for (const secret of [ID_MAN, ID_WOMAN, ID_GIRL, '13800138000', '13700137000', '13600136000']) {
      expect(text).not.toContain(secret);
    }
    expect(appStore.getState().contacts.map((c) => c.contactId)).toEqual(['2', '1', '3']);
    expect(screen.getByText('已添加3位就诊人，还可添加2位')).toBeTruthy();
  });

  it('disables adding with a clear message when the hospital limit is reached', async () => {
    ctx.service.contacts = family();
    renderAt({ '/contactList': <ContactListPage /> }, '/contactList', {
      config: testConfig({ maxContacts: 3 }),
    });
    expect(await screen.findByText('最多可添加3位就诊人')).toBeTruthy();
    const add = screen.getByRole('button', { name: '添加就诊人' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(add.getAttribute('aria-describedby')).toBe('contact-limit');
  });

  it('adds from the footer while below the limit', async () => {
    ctx.service.contacts = family();
    const router = renderAt({ '/contactList': <ContactListPage /> }, '/contactList');
    fireEvent.click(await screen.findByRole('button', { name: '添加就诊人' }));
    expect(router.state.location.pathname).toBe('/contactDetail/new');
    expect(screen.queryByText(/最多可添加/)).toBeNull();
  });

  it('sets another contact as default and shows the reloaded order', async () => {
    ctx.service.contacts = family();
    renderAt({ '/contactList': <ContactListPage /> }, '/contactList');
    await screen.findByText('王秀兰');
    fireEvent.click(within(cards()[1]).getByRole('button', { name: '设为默认' }));
    await waitFor(() => expect(cards()[0].getAttribute('aria-label')).toBe('就诊人王秀兰'));
    expect(changes(ctx.server)).toEqual(['GET /updateDefaultContact']);
    const call = ctx.server.received.find((r) => r.path.endsWith('/updateDefaultContact'))!;
    expect(call.query.toString()).toBe('contactId=1&isDefault=true');
    expect(appStore.getState().contacts[0].contactId).toBe('1');
  });

  it('opens the cards of a contact with the current hospital', async () => {
    ctx.service.contacts = family();
    appStore.getState().update((s) => {
      s.hospitalId = '1007';
    });
    const router = renderAt({ '/contactList': <ContactListPage /> }, '/contactList');
    await screen.findByText('张伟');
    fireEvent.click(within(cards()[0]).getByRole('button', { name: '就诊卡' }));
    expect(router.state.location.pathname).toBe(`/cardsList/2/1007/${ID_MAN}/${encodeURIComponent('张伟')}`);
  });

  it('shows the empty state with an add button', async () => {
    const router = renderAt({ '/contactList': <ContactListPage /> }, '/contactList');
    expect(await screen.findByText('您还没有添加就诊人')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '添加就诊人' }));
    expect(router.state.location.pathname).toBe('/contactDetail/new');
  });

  it('shows loading, then an error with retry', async () => {
    let release = () => {};
    ctx.service.override(
      'GET /contacts',
      () => new Promise((resolve) => (release = () => resolve(businessError(500, '服务繁忙')))),
    );
    renderAt({ '/contactList': <ContactListPage /> }, '/contactList');
    expect(await screen.findByText('正在加载就诊人...')).toBeTruthy();
    await waitFor(() => expect(sent(ctx.server)).toContain('GET /contacts'));
    release();
    expect(await screen.findByText('就诊人加载失败')).toBeTruthy();
    ctx.service.overrides.clear();
    ctx.service.contacts = family();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('张伟')).toBeTruthy();
  });

  it('offers login when the session is gone (api-client redirects meanwhile)', async () => {
    ctx.service.override('GET /contacts', { status: 401, body: { state: 401, msg: '未登录' } });
    const router = renderAt({ '/contactList': <ContactListPage /> }, '/contactList');
    fireEvent.click(await screen.findByRole('button', { name: '去登录' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2FcontactList');
  });
});
