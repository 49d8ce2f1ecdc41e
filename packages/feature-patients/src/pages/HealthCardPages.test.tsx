import { appStore } from '@patient/app-state';
import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  businessError,
  changes,
  harness,
  ID_GIRL,
  ID_MAN,
  ID_WOMAN,
  makeContact,
  sent,
  testConfig,
} from '../contacts/testing.tsx';
import AddHealthCardPage from './AddHealthCardPage.tsx';
import HealthCardDetailPage from './HealthCardDetailPage.tsx';
import HealthCardsListPage from './HealthCardsListPage.tsx';
import PerfectHealthCardPage from './PerfectHealthCardPage.tsx';

const ctx = setupFeature(harness);

function seed() {
  ctx.service.contacts = [
    makeContact('1', '王秀兰', ID_WOMAN, { relation: 'PARENT' }),
    makeContact('2', '张伟', ID_MAN, { relation: 'SELF', isDefault: true }),
    makeContact('3', 'Anna Lee', 'E12345678', { documentType: 'PASSPORT_NUMBER' }),
  ];
  ctx.service.healthCards = [
    {
      healthCardId: 'hc2',
      contactId: '2',
      cardNo: 'A1B2C3D4E5F6A7B8C9D0',
      patientName: '张伟',
      cardPackageOrderId: 'CP1',
    },
  ];
}

const PERFECT = '/perfectHealthCard/:name/:idCard';
const perfectPath = (name: string, id: string) =>
  `/perfectHealthCard/${encodeURIComponent(name)}/${encodeURIComponent(id)}`;

describe('HealthCardsListPage', () => {
  it('lists the cards (masked numbers) and offers 申领 to contacts without one', async () => {
    seed();
    const router = renderAt({ '/healthCardsList': <HealthCardsListPage /> }, '/healthCardsList');
    const mine = within(await screen.findByRole('list', { name: '我的电子健康卡' }));
    expect(mine.getByText('张伟')).toBeTruthy();
    expect(mine.getByText('A1B2 **** C9D0')).toBeTruthy();
    expect(mine.getByText('已加入卡包')).toBeTruthy();
    expect(screen.getByText('测试市卫生健康委员会监制')).toBeTruthy();

    const others = within(screen.getByRole('list', { name: '未申领的就诊人' }));
    expect(others.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      '就诊人王秀兰',
      '就诊人Anna Lee',
    ]);
    const passport = others.getByRole('button', { name: '为Anna Lee申领电子健康卡' }) as HTMLButtonElement;
    expect(passport.disabled).toBe(true);
    fireEvent.click(others.getByRole('button', { name: '为王秀兰申领电子健康卡' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/addHealthCard?contactId=1',
    );
  });

  it('opening a card keeps it in app state and goes to the detail', async () => {
    seed();
    const router = renderAt({ '/healthCardsList': <HealthCardsListPage /> }, '/healthCardsList');
    fireEvent.click(await screen.findByRole('button', { name: /张伟/ }));
    expect(router.state.location.pathname).toBe('/healthCardDetail');
    expect(appStore.getState().healthCard).toEqual({
      contactId: '2',
      healthCardId: 'hc2',
      cardNo: 'A1B2C3D4E5F6A7B8C9D0',
    });
  });

  it('empty: offers to add a contact', async () => {
    renderAt({ '/healthCardsList': <HealthCardsListPage /> }, '/healthCardsList');
    expect(await screen.findByText('添加就诊人后即可申领电子健康卡')).toBeTruthy();
  });

  it('error: retry loads again', async () => {
    seed();
    ctx.service.override('GET /v1/contact/healthCards', businessError(503, '健康卡平台暂不可用'));
    renderAt({ '/healthCardsList': <HealthCardsListPage /> }, '/healthCardsList');
    expect(await screen.findByText('电子健康卡加载失败')).toBeTruthy();
    ctx.service.overrides.clear();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('list', { name: '我的电子健康卡' })).toBeTruthy();
  });

  it('a hospital without the health card says so and asks nothing', async () => {
    appStore.getState().update((s) => {
      s.canGoToHealthCard = false;
    });
    renderAt({ '/healthCardsList': <HealthCardsListPage /> }, '/healthCardsList');
    expect(screen.getByText('本院暂未开通电子健康卡服务')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(ctx.server.received).toHaveLength(0);
  });
});

describe('AddHealthCardPage', () => {
  it('registers and binds with the hospital id from app state, without wechatCode, then shows the card', async () => {
    seed();
    appStore.getState().update((s) => {
      s.hospitalId = '1007';
    });
    const router = renderAt({ '/addHealthCard': <AddHealthCardPage /> }, '/addHealthCard?contactId=1');
    expect(await screen.findByText('王秀兰')).toBeTruthy();
    expect(screen.getByText('33100*************')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '立即申领' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/healthCardDetail'));
    const call = ctx.server.received.find((r) => r.path.endsWith('/registerAndBindHealthCard'))!;
    expect(JSON.parse(call.body)).toEqual({ hospitalId: '1007', contactId: '1' });
    expect(appStore.getState().healthCard).toEqual({
      contactId: '1',
      healthCardId: 'hc1',
      cardNo: 'HC2000470000000000',
    });
  });

  it('goes to /perfectHealthCard when the service says details are missing', async () => {
    seed();
    ctx.service.override(
      'POST /v1/contact/registerAndBindHealthCard',
      businessError(400, '请完善就诊人信息', '申领电子健康卡需要民族、职业和住址'),
    );
    const router = renderAt({ '/addHealthCard': <AddHealthCardPage /> }, '/addHealthCard?contactId=1');
    fireEvent.click(await screen.findByRole('button', { name: '立即申领' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(perfectPath('王秀兰', ID_WOMAN)));
    expect(ctx.toasts).toContain('申领电子健康卡需要民族、职业和住址');
    expect(appStore.getState().healthCard).toBeNull();
  });

  it('stays put on other refusals', async () => {
    seed();
    ctx.service.override(
      'POST /v1/contact/registerAndBindHealthCard',
      businessError(403, '本院暂未开通电子健康卡'),
    );
    const router = renderAt({ '/addHealthCard': <AddHealthCardPage /> }, '/addHealthCard?contactId=1');
    fireEvent.click(await screen.findByRole('button', { name: '立即申领' }));
    await waitFor(() => expect(ctx.toasts).toContain('本院暂未开通电子健康卡'));
    expect(router.state.location.pathname).toBe('/addHealthCard');
    expect((screen.getByRole('button', { name: '立即申领' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('without a contactId the patient picks one here', async () => {
    seed();
    renderAt({ '/addHealthCard': <AddHealthCardPage /> }, '/addHealthCard');
    expect(await screen.findByText('请选择申领电子健康卡的就诊人')).toBeTruthy();
    expect((screen.getByRole('button', { name: /^张伟/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /^王秀兰/ }));
    expect(await screen.findByRole('button', { name: '立即申领' })).toBeTruthy();
  });

  it('a contact with a card is offered its card instead', async () => {
    seed();
    const router = renderAt({ '/addHealthCard': <AddHealthCardPage /> }, '/addHealthCard?contactId=2');
    fireEvent.click(await screen.findByRole('button', { name: '查看电子健康卡' }));
    expect(router.state.location.pathname).toBe('/healthCardDetail');
    expect(appStore.getState().healthCard?.healthCardId).toBe('hc2');
    expect(changes(ctx.server)).toEqual([]);
  });
});

describe('PerfectHealthCardPage', () => {
  it('finds the contact by the route, never shows the full ID, and sends nothing while incomplete', async () => {
    seed();
    renderAt({ [PERFECT]: <PerfectHealthCardPage /> }, perfectPath('王秀兰', ID_WOMAN));
    expect(await screen.findByText('王秀兰')).toBeTruthy();
    expect(screen.getByText('33100*************')).toBeTruthy();
    expect(document.body.textContent).not.toContain(ID_WOMAN);
    await screen.findByLabelText('省份');
    fireEvent.click(screen.getByRole('button', { name: '保存并申领' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
        '请选择民族',
        '请选择职业',
        '请选择完整的省、市、区县',
      ]),
    );
    expect(changes(ctx.server)).toEqual([]);
  });

  it('saves ethnicity, occupation and address, then applies again and shows the card', async () => {
    seed();
    const router = renderAt({ [PERFECT]: <PerfectHealthCardPage /> }, perfectPath('王秀兰', ID_WOMAN));
    await screen.findByLabelText('省份');
    await waitFor(() => expect(screen.getAllByRole('option', { name: '汉族' })).toHaveLength(1));
    const set = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    set('民族', '汉族');
    set('职业', '职员');
    set('省份', '330000');
    set('城市', '331000');
    set('区县', '331004');
    fireEvent.click(screen.getByRole('button', { name: '保存并申领' }));
    expect(await screen.findByText('请输入详细地址')).toBeTruthy();
    set('详细地址', '银安街1号');
    fireEvent.click(screen.getByRole('button', { name: '保存并申领' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/healthCardDetail'));
    expect(changes(ctx.server)).toEqual([
      'POST /v1/contact/patientInformationEdit',
      'POST /v1/contact/updatePatientAddressInfo',
      'POST /v1/contact/registerAndBindHealthCard',
    ]);
    expect(ctx.service.contacts[0].contactDO).toMatchObject({
      ethnicity: '汉族',
      occupation: '职员',
      address: '浙江省台州市路桥区 银安街1号',
    });
    expect(appStore.getState().healthCard?.contactId).toBe('1');
  });

  it('an ID number that is not one of the account contacts finds nothing', async () => {
    seed();
    renderAt({ [PERFECT]: <PerfectHealthCardPage /> }, perfectPath('王秀兰', ID_GIRL));
    expect(await screen.findByText('未找到该就诊人，请返回重新选择')).toBeTruthy();
  });
});

describe('HealthCardDetailPage', () => {
  function select() {
    seed();
    appStore.getState().update((s) => {
      s.healthCard = { contactId: '2', healthCardId: 'hc2', cardNo: 'A1B2C3D4E5F6A7B8C9D0' };
    });
  }
  const qrValue = () => screen.getByRole('img', { name: '电子健康卡二维码' }).getAttribute('data-value');
  const qrCalls = () => sent(ctx.server).filter((line) => line.includes('healthCardQRCode')).length;
  const setVisibility = (state: 'visible' | 'hidden') => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
    document.dispatchEvent(new Event('visibilitychange'));
  };
  // The QR code's timer (useRotatingCode) runs on fake timers; real time still moves them for the server.
  const fakeClock = () =>
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-01T08:00:00Z') });
  afterEach(() => {
    vi.useRealTimers();
    setVisibility('visible');
  });

  it('shows the card, the authority and a QR code refreshed 5 s before it expires, paused while hidden, stopped on leaving', async () => {
    fakeClock();
    select();
    const view = renderAt({ '/healthCardDetail': <HealthCardDetailPage /> }, '/healthCardDetail');
    expect(await screen.findByText('卡号：A1B2C3D4E5F6A7B8C9D0')).toBeTruthy();
    expect(screen.getByText('测试市卫生健康委员会')).toBeTruthy();
    await waitFor(() => expect(qrValue()).toBe('QR-hc2-1'));

    // The service's codes last 60 s: the next one is asked for 5 s before that, not sooner.
    await act(() => vi.advanceTimersByTimeAsync(54_000));
    expect(qrCalls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(qrValue()).toBe('QR-hc2-2'));
    expect(qrCalls()).toBe(2);
    expect(ctx.toasts).toEqual([]);

    // A hidden page asks for nothing, however long; shown again, it asks at once.
    act(() => setVisibility('hidden'));
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(qrCalls()).toBe(2);
    act(() => setVisibility('visible'));
    await waitFor(() => expect(qrValue()).toBe('QR-hc2-3'));

    await act(() => view.navigate('/elsewhere'));
    await screen.findByTestId('elsewhere');
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(qrCalls()).toBe(3);
  });

  it('keeps the last code dimmed with a retry when a refresh fails, and asks again only when tapped', async () => {
    fakeClock();
    select();
    renderAt({ '/healthCardDetail': <HealthCardDetailPage /> }, '/healthCardDetail');
    await waitFor(() => expect(qrValue()).toBe('QR-hc2-1'));
    ctx.service.override('GET /v1/contact/healthCardQRCode/hc2', { destroy: true });
    await act(() => vi.advanceTimersByTimeAsync(56_000));
    const retry = await screen.findByRole('button', { name: '二维码刷新失败，点击重试' });
    expect(qrValue()).toBe('QR-hc2-1');
    // A background refresh fails quietly: no toast, and no new attempt on its own.
    expect(ctx.toasts).toEqual([]);
    const calls = qrCalls();
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(qrCalls()).toBe(calls);

    ctx.service.overrides.clear();
    fireEvent.click(retry);
    await waitFor(() => expect(qrValue()).toBe('QR-hc2-2'));
    expect(screen.queryByRole('button', { name: '二维码刷新失败，点击重试' })).toBeNull();
  });

  it('adds the card to the card package and shows the order id', async () => {
    select();
    ctx.service.healthCards[0].cardPackageOrderId = null;
    renderAt({ '/healthCardDetail': <HealthCardDetailPage /> }, '/healthCardDetail');
    fireEvent.click(await screen.findByRole('button', { name: '加入卡包' }));
    expect(await screen.findByText('已加入卡包（订单号 CP20260101000001）')).toBeTruthy();
    expect(changes(ctx.server)).toEqual(['POST /v1/contact/cardPackageOrderId/hc2']);
  });

  it('without a selected card, leads to the list', async () => {
    renderAt({ '/healthCardDetail': <HealthCardDetailPage /> }, '/healthCardDetail', {
      config: testConfig(),
    });
    expect(screen.getByText('请先选择要查看的电子健康卡')).toBeTruthy();
    expect(ctx.server.received).toHaveLength(0);
  });
});
