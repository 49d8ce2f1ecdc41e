import type { HealthCode } from '@patient/contract';
import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { toast } from '@patient/ui-kit';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contact, fail, harness, ID_WANG, ID_ZHANG, ok, routes, sent } from '../cards/testing.tsx';
import ApplyHealthCodePage from './ApplyHealthCodePage.tsx';
import ViewHealthCodePage from './ViewHealthCodePage.tsx';

// The screen's toasts still render; the spy only records them (in jsdom a toast can vanish early, see README).
vi.mock('@patient/ui-kit', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@patient/ui-kit')>();
  return { ...actual, toast: vi.fn(actual.toast) };
});
beforeEach(() => vi.mocked(toast).mockClear());

const service = setupFeature(harness);
const CONTACTS = [
  contact('1', '张伟', ID_ZHANG, { isDefault: true }),
  contact('2', '王秀兰', ID_WANG, { certified: false }),
];
const APPLY = 'POST /v1/contact/codeApply';
const VIEW = 'GET /v1/contact/getVirtualCardCode';

const issued: HealthCode = {
  contactId: '1',
  healthCodeId: 'HC01',
  patientName: '张伟',
  color: 'GREEN',
  issuedAt: '2026-03-01T00:30:00.000Z',
};

function renderApply(contactId: string) {
  return renderAt(
    { '/applyHealthCode/:contactId': <ApplyHealthCodePage /> },
    `/applyHealthCode/${contactId}`,
  );
}
function renderView(contactId: string, state?: unknown) {
  return renderAt({ '/viewHealthCode/:contactId': <ViewHealthCodePage /> }, `/viewHealthCode/${contactId}`, {
    state,
  });
}
const code = (color: HealthCode['color']) =>
  ok({ qrCode: `HC01:${color}`, color, expiresAt: new Date(Date.now() + 60_000).toISOString() });

describe('ApplyHealthCodePage', () => {
  it('explains a malformed contact id and sends nothing', async () => {
    renderApply('%E5%BC%A0');
    expect(await screen.findByText('页面链接中的就诊人有误，请返回后重新进入')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(service.server.received).toHaveLength(0);
  });

  it('shows the no_auth state for a contact not certified, leading to authentication, and sends nothing', async () => {
    service.server.handle(routes({ 'GET /contacts': () => ok(CONTACTS) }));
    const router = renderApply('2');
    const toAuthentication = await screen.findByText('去认证');
    expect(document.querySelector('.pk-empty')?.getAttribute('data-type')).toBe('no_auth');
    expect(screen.getByText('就诊人尚未实名认证，认证后才能申领健康码')).toBeTruthy();
    expect(screen.queryByText('立即申领')).toBeNull();
    expect(sent(service.server)).toEqual(['GET /contacts']);
    fireEvent.click(toAuthentication);
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication/2'));
  });

  it('applies for a certified contact and shows the code with its issue time', async () => {
    service.server.handle(
      routes({
        'GET /contacts': () => ok(CONTACTS),
        [APPLY]: (r) => {
          expect(r.query.get('contactId')).toBe('1');
          return ok(issued);
        },
      }),
    );
    const router = renderApply('1');
    expect(await screen.findByText('张*')).toBeTruthy();
    expect(document.body.textContent).not.toContain(ID_ZHANG);
    fireEvent.click(screen.getByText('立即申领'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/viewHealthCode/1'));
    expect(router.state.location.state).toEqual({ issuedAt: issued.issuedAt });
    expect(sent(service.server)).toEqual(['GET /contacts', APPLY]);
    expect(toast).toHaveBeenCalledWith('申领成功');
  });
});

describe('ViewHealthCodePage', () => {
  it.each([
    ['GREEN', '绿码', '健康状况正常，可凭此码正常就诊通行', 'mc-hcode--green'],
    ['YELLOW', '黄码', '请先联系医院工作人员完成健康核验后再就诊', 'mc-hcode--yellow'],
    ['RED', '红码', '请勿自行进入诊区，请立即联系医院工作人员', 'mc-hcode--red'],
  ] as const)(
    'shows a %s code in its colour with what it means',
    async (color, label, meaning, className) => {
      service.server.handle(routes({ 'GET /contacts': () => ok(CONTACTS), [VIEW]: () => code(color) }));
      renderView('1', { issuedAt: issued.issuedAt });
      const qr = await screen.findByRole('img', { name: `健康码二维码（${label}）` });
      expect(qr.dataset.value).toBe(`HC01:${color}`);
      expect(screen.getByText(label)).toBeTruthy();
      expect(screen.getByText(meaning)).toBeTruthy();
      const section = screen.getByRole('region', { name: '健康码' });
      expect(section.classList.contains(className)).toBe(true);
      expect(section.dataset.color).toBe(color);
      const issuedAt = new Date(issued.issuedAt);
      expect(screen.getByText(/^申领时间 /).textContent).toContain(
        `${issuedAt.getFullYear()}-03-01 ${String(issuedAt.getHours()).padStart(2, '0')}:30`,
      );
      expect(screen.getByText('张*')).toBeTruthy();
      expect(document.body.textContent).not.toContain(ID_ZHANG);
      const request = service.server.received.find((r) => r.path.endsWith('/getVirtualCardCode'))!;
      expect(request.query.get('contactId')).toBe('1');
    },
  );

  it('offers to apply when the contact has no code yet, without a toast', async () => {
    service.server.handle(
      routes({ 'GET /contacts': () => ok(CONTACTS), [VIEW]: () => fail(404, '尚未申领健康码') }),
    );
    const router = renderView('1');
    expect(await screen.findByText('张*还没有申领健康码')).toBeTruthy();
    fireEvent.click(screen.getByText('申领健康码'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/applyHealthCode/1'));
    expect(service.toasts).toEqual([]);
  });

  it('shows the no_auth state for a contact not certified and asks for no code', async () => {
    service.server.handle(routes({ 'GET /contacts': () => ok(CONTACTS) }));
    renderView('2');
    expect(await screen.findByText('就诊人尚未实名认证，认证后才能使用健康码')).toBeTruthy();
    expect(screen.getByText('去认证')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(sent(service.server)).toEqual(['GET /contacts']);
  });

  it('explains another failure with a retry', async () => {
    let calls = 0;
    service.server.handle(
      routes({
        'GET /contacts': () => ok(CONTACTS),
        [VIEW]: () => (++calls === 1 ? fail(503, '健康码平台暂不可用') : code('GREEN')),
      }),
    );
    renderView('1');
    expect(await screen.findByText('健康码平台暂不可用')).toBeTruthy();
    fireEvent.click(screen.getByText('重新获取'));
    expect(await screen.findByText('绿码')).toBeTruthy();
  });
});
