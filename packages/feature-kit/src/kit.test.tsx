import { ApiError } from '@patient/api-client';
import { appStore } from '@patient/app-state';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { relationLabel, sortContacts, useContacts } from './contacts.ts';
import { isHisIdentityRequired, verifyIdentityPath } from './hisIdentity.ts';
import { ok, renderAt, sent, setupLoopback } from './testing.tsx';
import { useRemote } from './useRemote.ts';
import { BadLink, ChoiceGroup, LoadError } from './views.tsx';

const contact = (contactId: string, isDefault: boolean) =>
  ({ contactId, createdAt: '', contactDO: { name: contactId, isDefault, relation: 'PARENT' } }) as never;

describe('useRemote', () => {
  it('loads, replaces the data with a value or an update, and reloads', async () => {
    let calls = 0;
    const { result } = renderHook(() => useRemote(async () => ++calls, 'k'));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.data).toBe(1));
    act(() => result.current.set(10));
    expect(result.current).toMatchObject({ status: 'ready', data: 10 });
    act(() => result.current.set((n) => (n ?? 0) + 1));
    expect(result.current.data).toBe(11);
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toBe(2));
  });

  it('is idle without a loader', () => {
    const { result } = renderHook(() => useRemote(null, 'k'));
    expect(result.current.status).toBe('idle');
  });
});

describe('contacts', () => {
  const loopback = setupLoopback({
    prepare: (server) => server.handle(() => ok([contact('1', false), contact('2', true)])),
  });

  it('loads the contacts into app state, default first', async () => {
    const { result } = renderHook(() => useContacts());
    await waitFor(() => expect(result.current.state).toBe('ready'));
    expect(result.current.contacts.map((c) => c.contactId)).toEqual(['2', '1']);
    expect(appStore.getState().contactsLoaded).toBe(true);
    expect(sent(loopback.server)).toHaveLength(1);
  });

  it('sorts and labels', () => {
    expect(sortContacts([contact('1', false), contact('2', true)]).map((c) => c.contactId)).toEqual([
      '2',
      '1',
    ]);
    expect(relationLabel('PARENT')).toBe('父母');
  });

  it('renders a bad link with its way back', () => {
    renderAt({ '/x': <BadLink message="链接无效" to="/list" back="返回列表" page /> }, '/x');
    expect(screen.getByText('链接无效')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回列表' }).getAttribute('href')).toBe('/list');
  });
});

describe('ChoiceGroup', () => {
  it('is a labelled radio group: choosing reports the value, a disabled option cannot be chosen', async () => {
    const chosen: string[] = [];
    const { rerender } = render(
      <ChoiceGroup
        label="选择时段"
        name="time"
        grid
        value={null}
        onChange={(v) => chosen.push(v)}
        options={[
          { value: 'a', text: '08:00-09:00', meta: '余3' },
          { value: 'b', text: '09:00-10:00', meta: '约满', disabled: true },
        ]}
      />,
    );
    const group = screen.getByRole('group', { name: '选择时段' });
    const [open, full] = within(group).getAllByRole('radio');
    expect((full as HTMLInputElement).disabled).toBe(true);
    const user = userEvent.setup();
    await user.click(full);
    await user.click(open);
    expect(chosen).toEqual(['a']);
    rerender(
      <ChoiceGroup
        label="选择时段"
        name="time"
        value="a"
        onChange={() => undefined}
        options={[{ value: 'a', text: '08:00-09:00', meta: '余3' }]}
      />,
    );
    expect((screen.getByRole('radio', { name: '08:00-09:00余3' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('a contact whose hospital data needs the contact proven', () => {
  const refusal = new ApiError('state', '请先验证就诊人身份', { status: 200, state: 403, subCode: 40310 });

  it('is told apart from other refusals', () => {
    expect(isHisIdentityRequired(refusal)).toBe(true);
    expect(
      isHisIdentityRequired(new ApiError('state', '无权限', { status: 200, state: 403, subCode: null })),
    ).toBe(false);
    expect(isHisIdentityRequired(new Error('x'))).toBe(false);
    expect(verifyIdentityPath('12')).toBe('/verifyIdentity/12');
  });

  it('LoadError offers 验证身份 for the contact instead of a retry', () => {
    renderAt(
      { '/x': <LoadError error={refusal} text="检查申请单加载失败" onRetry={() => {}} contactId="12" /> },
      '/x',
    );
    expect(screen.getByText('请先验证就诊人身份')).toBeTruthy();
    expect(screen.getByText(/需先验证身份（医院登记手机号验证码或人脸识别验证）/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '验证身份' }).getAttribute('href')).toBe('/verifyIdentity/12');
    expect(screen.queryByRole('button', { name: '重新加载' })).toBeNull();
  });

  it('without the contact, LoadError stays a retry', () => {
    renderAt({ '/x': <LoadError error={refusal} text="加载失败" onRetry={() => {}} /> }, '/x');
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
  });
});
