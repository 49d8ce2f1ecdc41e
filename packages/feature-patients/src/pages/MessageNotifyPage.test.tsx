import { appStore } from '@patient/app-state';
import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { toast } from '@patient/ui-kit';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { businessError, changes, harness, ID_MAN, ID_WOMAN, makeContact } from '../contacts/testing.tsx';
import MessageNotifyPage from './MessageNotifyPage.tsx';

vi.mock('@patient/ui-kit', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@patient/ui-kit')>();
  return { ...actual, toast: vi.fn(actual.toast) };
});

const ctx = setupFeature(harness);

function seed() {
  ctx.service.contacts = [
    makeContact('1', '王秀兰', ID_WOMAN, { relation: 'PARENT', notify: false, phone: '13700137000' }),
    makeContact('2', '张伟', ID_MAN, { relation: 'SELF', isDefault: true }),
  ];
}

const switchOf = (name: string) => screen.getByRole('switch', { name: `${name}的消息通知` });

describe('MessageNotifyPage', () => {
  it('shows one switch per contact, default first, phones masked', async () => {
    seed();
    renderAt({ '/messageNotify': <MessageNotifyPage /> }, '/messageNotify');
    await screen.findByText('张伟');
    expect(screen.getAllByRole('switch').map((s) => s.getAttribute('aria-label'))).toEqual([
      '张伟的消息通知',
      '王秀兰的消息通知',
    ]);
    expect(switchOf('张伟').getAttribute('aria-checked')).toBe('true');
    expect(switchOf('王秀兰').getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('父母 · *******7000')).toBeTruthy();
  });

  it('saves a change', async () => {
    seed();
    renderAt({ '/messageNotify': <MessageNotifyPage /> }, '/messageNotify');
    await screen.findByText('张伟');
    fireEvent.click(switchOf('王秀兰'));
    await waitFor(() => expect(changes(ctx.server)).toEqual(['POST /v1/contact/updateContactNotification']));
    expect(JSON.parse(ctx.server.received.at(-1)!.body)).toEqual({ contactId: '1', notify: true });
    await waitFor(() => expect((switchOf('王秀兰') as HTMLButtonElement).disabled).toBe(false));
    expect(switchOf('王秀兰').getAttribute('aria-checked')).toBe('true');
    expect(ctx.service.contacts[0].contactDO.notify).toBe(true);
  });

  it('moves at once, rolls back when the service refuses, and says so', async () => {
    seed();
    let answer = () => {};
    ctx.service.override(
      'POST /v1/contact/updateContactNotification',
      () =>
        new Promise((resolve) => (answer = () => resolve(businessError(400, '该就诊人暂不支持消息通知')))),
    );
    renderAt({ '/messageNotify': <MessageNotifyPage /> }, '/messageNotify');
    await screen.findByText('张伟');
    fireEvent.click(switchOf('张伟'));
    expect(switchOf('张伟').getAttribute('aria-checked')).toBe('false');
    expect((switchOf('张伟') as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(changes(ctx.server)).toHaveLength(1));
    answer();
    await waitFor(() => expect(switchOf('张伟').getAttribute('aria-checked')).toBe('true'));
    expect(appStore.getState().contacts[0].contactDO.notify).toBe(true);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('消息通知设置失败：该就诊人暂不支持消息通知'));
  });

  it('rolls back after a network failure too', async () => {
    seed();
    ctx.service.override('POST /v1/contact/updateContactNotification', { destroy: true });
    renderAt({ '/messageNotify': <MessageNotifyPage /> }, '/messageNotify');
    await screen.findByText('张伟');
    fireEvent.click(switchOf('王秀兰'));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith('消息通知设置失败：网络连接失败，请检查网络后重试'),
    );
    expect(switchOf('王秀兰').getAttribute('aria-checked')).toBe('false');
  });

  it('shows the empty state without contacts', async () => {
    renderAt({ '/messageNotify': <MessageNotifyPage /> }, '/messageNotify');
    expect(await screen.findByText('您还没有添加就诊人')).toBeTruthy();
  });
});
