import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { testHospitalConfig } from '@patient/hospital-config/testing';
import type { MiniProgramMessage } from '@patient/payment';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PaySuccessPage from '../pages/PaySuccessPage.tsx';
import { bookedOrder, harness, ok, sent } from './testing.tsx';

const ctx = setupFeature(harness);
const PATTERN = '/paySuccess/:type/:detailId';
const CITY = testHospitalConfig({
  alipayCityService: { appId: '2021000000000001', scene: 'hospital_booking' },
});
const ALIPAY_MINI_PROGRAM_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 AlipayClient/10.5.0 MiniProgram';

const energyCalls = () => sent(ctx.server).filter((l) => l === 'GET /v1/ali/eco/cityservice/energy');
const energyQuery = () =>
  ctx.server.received.find((r) => r.path.endsWith('/v1/ali/eco/cityservice/energy'))?.query;

/** The mini-program page that holds the web-view: answers getAuthCode with `code` (null: never answers). */
function miniProgramPage(code: string | null) {
  const asked: MiniProgramMessage[] = [];
  const my: NonNullable<Window['my']> = {
    postMessage(message) {
      asked.push(message);
      if (code !== null) setTimeout(() => my.onMessage?.({ action: 'authCode', authCode: code }), 5);
    },
    onMessage: null,
  };
  window.my = my;
  return asked;
}

function open(orderId: string, config = CITY) {
  renderAt({ [PATTERN]: <PaySuccessPage confirmDelaysMs={[0]} /> }, `/paySuccess/appointment/${orderId}`, {
    config,
  });
}

describe('EnergyReward (the payment app city service green energy)', () => {
  beforeEach(() => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ALIPAY_MINI_PROGRAM_UA);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    delete window.my;
    delete window.AlipayJSBridge;
  });

  it('claims once with a silent authorisation code from the mini-program page, and says how much', async () => {
    const asked = miniProgramPage('AUTHCODE_0123456789');
    const order = bookedOrder();
    ctx.service.orders.push(order);
    ctx.service.override('GET /v1/ali/eco/cityservice/energy', () =>
      ok({
        orderId: order.orderId,
        scene: 'hospital_booking',
        grantId: 'G1',
        energy: 277,
        grantedAt: '2026-11-28T08:00:00.000Z',
        repeated: false,
      }),
    );
    open(order.orderId);
    await screen.findByText('已为您领取 277 克支付宝绿色能量');
    expect(asked).toEqual([{ action: 'getAuthCode', scopes: ['auth_base'], appId: '2021000000000001' }]);
    expect(energyCalls()).toHaveLength(1);
    expect(Object.fromEntries(energyQuery() ?? [])).toEqual({
      code: 'AUTHCODE_0123456789',
      scene: 'hospital_booking',
      orderId: order.orderId,
    });
  });

  it("says a second look's grant is the first one", async () => {
    miniProgramPage('AUTHCODE_0123456789');
    const order = bookedOrder();
    ctx.service.orders.push(order);
    ctx.service.override('GET /v1/ali/eco/cityservice/energy', () =>
      ok({ orderId: order.orderId, scene: 's', grantId: 'G1', energy: 277, grantedAt: '', repeated: true }),
    );
    open(order.orderId);
    await screen.findByText('本次预约的绿色能量已领取（277 克）');
  });

  it("shows the service's refusal and claims again on 重新领取", async () => {
    miniProgramPage('AUTHCODE_0123456789');
    const order = bookedOrder();
    ctx.service.orders.push(order);
    ctx.service.override('GET /v1/ali/eco/cityservice/energy', {
      status: 409,
      body: {
        state: 409,
        msg: '不能领取绿色能量',
        subMsg: '只有在支付宝中支付的线上预约才能领取绿色能量',
        subCode: null,
      },
    });
    open(order.orderId);
    await screen.findByRole('button', { name: '重新领取' });
    expect(screen.getByRole('status').textContent).toContain('绿色能量');
    ctx.service.overrides.clear();
    ctx.service.override('GET /v1/ali/eco/cityservice/energy', () =>
      ok({ orderId: order.orderId, scene: 's', grantId: 'G1', energy: 5, grantedAt: '', repeated: false }),
    );
    fireEvent.click(screen.getByRole('button', { name: '重新领取' }));
    await screen.findByText('已为您领取 5 克支付宝绿色能量');
    expect(energyCalls()).toHaveLength(2);
  });

  it('asks AlipayJSBridge in the payment app browser', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 12) AlipayClient/10.5.0',
    );
    const call = vi.fn((_api: string, _params: unknown, callback: (r: { authcode?: string }) => void) =>
      callback({ authcode: 'BRIDGECODE_0001' }),
    );
    window.AlipayJSBridge = { call } as unknown as NonNullable<Window['AlipayJSBridge']>;
    const order = bookedOrder();
    ctx.service.orders.push(order);
    ctx.service.override('GET /v1/ali/eco/cityservice/energy', () =>
      ok({ orderId: order.orderId, scene: 's', grantId: 'G2', energy: 10, grantedAt: '', repeated: false }),
    );
    open(order.orderId);
    await screen.findByText('已为您领取 10 克支付宝绿色能量');
    expect(call.mock.calls[0].slice(0, 2)).toEqual([
      'getAuthCode',
      { appId: '2021000000000001', scopeNicks: ['auth_base'] },
    ]);
    expect(energyQuery()?.get('code')).toBe('BRIDGECODE_0001');
  });

  it('claims nothing where the hospital has no city service', async () => {
    miniProgramPage('AUTHCODE_0123456789');
    const order = bookedOrder();
    ctx.service.orders.push(order);
    open(order.orderId, testHospitalConfig());
    await screen.findByText('预约成功');
    expect(screen.queryByLabelText('支付宝绿色能量')).toBeNull();
    expect(energyCalls()).toHaveLength(0);
  });

  it('claims nothing outside the payment app', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) Safari/604.1');
    const order = bookedOrder();
    ctx.service.orders.push(order);
    open(order.orderId);
    await screen.findByText('预约成功');
    expect(screen.queryByLabelText('支付宝绿色能量')).toBeNull();
    expect(energyCalls()).toHaveLength(0);
  });
});
