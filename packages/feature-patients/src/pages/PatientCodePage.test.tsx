import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contact, fail, harness, ID_WANG, ID_ZHANG, ok, routes, sent } from '../cards/testing.tsx';
import PatientCodePage, { pickContact } from './PatientCodePage.tsx';

const service = setupFeature(harness);
const CONTACTS = [contact('1', '张伟', ID_ZHANG, { isDefault: true }), contact('2', '王秀兰', ID_WANG)];
const CODE = 'POST /contact/qrCode';

/** The service: codes numbered per request, valid for a minute. */
function serve(contacts = CONTACTS, broken = () => false) {
  let n = 0;
  service.server.handle(
    routes({
      'GET /contacts': () => ok(contacts),
      [CODE]: (r) => {
        if (broken()) return fail(503, '服务繁忙');
        n += 1;
        const { contactId } = JSON.parse(r.body);
        return ok({ code: `HZ${contactId}0000${n}`, expiresAt: new Date(Date.now() + 60_000).toISOString() });
      },
    }),
  );
}

const qr = () => screen.getByRole('img', { name: '患者码二维码' });
const codeRequests = () => sent(service.server).filter((line) => line === CODE).length;

afterEach(() => {
  vi.useRealTimers();
});

describe('PatientCodePage', () => {
  it("shows the default contact's code as QR code and barcode, masked, and refreshes it before it expires", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-01T08:00:00Z') });
    serve();
    renderAt({ '/patientCode': <PatientCodePage /> }, '/patientCode');
    await waitFor(() => expect(qr().dataset.value).toBe('HZ100001'));
    expect(screen.getByRole('img', { name: '患者码条形码' }).dataset.value).toBe('HZ100001');
    expect(JSON.parse(service.server.received.find((r) => r.path.endsWith('/qrCode'))!.body)).toEqual({
      contactId: '1',
    });
    expect(screen.getAllByText('张*').length).toBeGreaterThan(0);
    expect(screen.getByText('11010*************')).toBeTruthy();
    expect(document.body.textContent).not.toContain(ID_ZHANG);
    expect(screen.getByText('出示给医院工作人员扫码')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(54_000));
    expect(codeRequests()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(qr().dataset.value).toBe('HZ100002'));
  });

  it('stops refreshing when the screen is left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-01T08:00:00Z') });
    serve();
    const router = renderAt({ '/patientCode': <PatientCodePage /> }, '/patientCode');
    await waitFor(() => expect(qr().dataset.value).toBe('HZ100001'));
    await act(() => router.navigate('/homepage'));
    expect(screen.getByText(/^ELSEWHERE/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(codeRequests()).toBe(1);
  });

  it('switches contact from the chips and from ?contactId=', async () => {
    serve();
    const router = renderAt({ '/patientCode': <PatientCodePage /> }, '/patientCode?contactId=2');
    await waitFor(() => expect(qr().dataset.value).toBe('HZ200001'));
    expect(screen.getByRole('button', { name: /^王\*\*/ }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /^张\*/ }));
    await waitFor(() => expect(qr().dataset.value).toBe('HZ100002'));
    expect(router.state.location.search).toBe('?contactId=1');
    expect(document.body.textContent).not.toContain('王秀兰');
  });

  it('shows the default contact, with a note, when ?contactId= is not one of the account', async () => {
    serve();
    renderAt({ '/patientCode': <PatientCodePage /> }, '/patientCode?contactId=99');
    await waitFor(() => expect(qr().dataset.value).toBe('HZ100001'));
    expect(screen.getByText('未找到指定的就诊人，已显示默认就诊人')).toBeTruthy();
  });

  it('leads to adding a contact when there is none, without asking for a code', async () => {
    serve([]);
    renderAt({ '/patientCode': <PatientCodePage /> }, '/patientCode');
    expect(await screen.findByText('还没有就诊人，添加就诊人后即可使用患者码')).toBeTruthy();
    expect(screen.getByText('添加就诊人').getAttribute('href')).toBe('/contactList');
    expect(sent(service.server)).toEqual(['GET /contacts']);
  });

  it('keeps the last code dimmed with a retry when a refresh fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-01T08:00:00Z') });
    let down = false;
    serve(CONTACTS, () => down);
    renderAt({ '/patientCode': <PatientCodePage /> }, '/patientCode');
    await waitFor(() => expect(qr().dataset.value).toBe('HZ100001'));
    down = true;
    await act(() => vi.advanceTimersByTimeAsync(56_000));
    const retry = await screen.findByText('二维码刷新失败，点击重试');
    // A background refresh fails quietly: no toast every minute.
    expect(service.toasts).toEqual([]);
    down = false;
    fireEvent.click(retry);
    await waitFor(() => expect(qr().dataset.value).toBe('HZ100002'));
    expect(screen.queryByText('二维码刷新失败，点击重试')).toBeNull();
  });

  it('picks the asked contact, else the default, else the first', () => {
    expect(pickContact(CONTACTS, '2').contact?.contactId).toBe('2');
    expect(pickContact(CONTACTS, null)).toMatchObject({ contact: { contactId: '1' }, missing: false });
    expect(pickContact([CONTACTS[1]], 'x')).toMatchObject({ contact: { contactId: '2' }, missing: true });
    expect(pickContact([], null).contact).toBeNull();
  });
});
