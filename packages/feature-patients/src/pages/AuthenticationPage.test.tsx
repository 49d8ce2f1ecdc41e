import { appStore } from '@patient/app-state';
import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { toast } from '@patient/ui-kit';
import { MAINLAND_ID_MESSAGES } from '@patient/validation';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { RequireCertified } from '../contacts/RequireCertified.tsx';
import { changes, harness, ID_MAN, ID_WOMAN, makeContact } from '../contacts/testing.tsx';
import AuthenticationPage from './AuthenticationPage.tsx';

vi.mock('@patient/ui-kit', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@patient/ui-kit')>();
  return { ...actual, toast: vi.fn(actual.toast) };
});

const ctx = setupFeature(harness);

function seed(certified = false) {
  ctx.service.contacts = [makeContact('2', '王秀兰', ID_WOMAN, { relation: 'PARENT', certified })];
}

const numberInput = () => screen.getByLabelText('确认号码') as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交认证' }));

describe('AuthenticationPage', () => {
  it('shows the name and the masked number, and checks the re-entered number before sending', async () => {
    seed();
    renderAt({ '/authentication/:contactId': <AuthenticationPage /> }, '/authentication/2');
    expect(await screen.findByText('王秀兰')).toBeTruthy();
    expect(screen.getByText('33100*************')).toBeTruthy();
    expect(document.body.textContent).not.toContain(ID_WOMAN);

    submit();
    expect(await screen.findByText('请输入证件号码')).toBeTruthy();
    fireEvent.change(numberInput(), { target: { value: '331004198511200040' } });
    submit();
    expect(await screen.findByText(MAINLAND_ID_MESSAGES.checksum)).toBeTruthy();
    fireEvent.change(numberInput(), { target: { value: ID_MAN } });
    submit();
    expect(await screen.findByText('证件号码与就诊人信息不一致，请核对后重新输入')).toBeTruthy();
    expect(changes(ctx.server)).toEqual([]);
  });

  it('certifies, reloads the contacts and shows the success state', async () => {
    seed();
    renderAt({ '/authentication/:contactId': <AuthenticationPage /> }, '/authentication/2');
    await screen.findByText('王秀兰');
    fireEvent.change(numberInput(), { target: { value: ID_WOMAN } });
    submit();
    expect(await screen.findByText('实名认证成功')).toBeTruthy();
    expect(changes(ctx.server)).toEqual(['POST /v1/contact/2/authentication']);
    const call = ctx.server.received.find((r) => r.path.endsWith('/authentication'))!;
    expect(JSON.parse(call.body)).toEqual({ name: '王秀兰', documentNumber: ID_WOMAN });
    expect(appStore.getState().contacts[0].contactDO.certified).toBe(true);
  });

  it('says so when the service does not certify the pair', async () => {
    seed();
    ctx.service.override('POST /v1/contact/2/authentication', {
      body: { state: 200, results: { certified: false, certifiedAt: '' } },
    });
    renderAt({ '/authentication/:contactId': <AuthenticationPage /> }, '/authentication/2');
    await screen.findByText('王秀兰');
    fireEvent.change(numberInput(), { target: { value: ID_WOMAN } });
    submit();
    await waitFor(() => expect(toast).toHaveBeenCalledWith('实名认证未通过，请核对姓名和证件号码'));
    expect(screen.queryByText('实名认证成功')).toBeNull();
  });

  it('shows the already-certified state without a form', async () => {
    seed(true);
    renderAt({ '/authentication/:contactId': <AuthenticationPage /> }, '/authentication/2');
    expect(await screen.findByText('已完成实名认证')).toBeTruthy();
    expect(screen.queryByLabelText('确认号码')).toBeNull();
  });
});

describe('RequireCertified', () => {
  const screenFor = (
    <Routes>
      <Route
        path="/code/:contactId"
        element={
          <RequireCertified contactId="2">
            {(contact) => <p>{contact.contactDO.name}的健康码</p>}
          </RequireCertified>
        }
      />
      <Route path="/authentication/:contactId" element={<AuthenticationPage />} />
    </Routes>
  );

  it('shows no_auth with 去认证 until certified, then the content', async () => {
    seed();
    const router = renderAt({ '*': screenFor }, '/code/2');
    expect(await screen.findByText('王秀兰尚未完成实名认证，认证后即可使用该服务')).toBeTruthy();
    expect(document.querySelector('.pk-empty')?.getAttribute('data-type')).toBe('no_auth');
    fireEvent.click(screen.getByRole('button', { name: '去认证' }));
    expect(router.state.location.pathname).toBe('/authentication/2');
    fireEvent.change(await screen.findByLabelText('确认号码'), { target: { value: ID_WOMAN } });
    submit();
    fireEvent.click(await screen.findByRole('button', { name: '完成' }));
    expect(await screen.findByText('王秀兰的健康码')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/code/2');
  });

  it('shows the content at once for a certified contact', async () => {
    seed(true);
    renderAt({ '*': screenFor }, '/code/2');
    expect(await screen.findByText('王秀兰的健康码')).toBeTruthy();
  });
});
