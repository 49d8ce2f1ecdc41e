import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HOUR, TestClock } from '../../platform/clock.ts';
import { askOutside, OutsideSystemError } from '../../platform/outside-system.ts';
import { simulatedPortNames } from '../../simulated-ports.ts';
import { courierConformance } from './courier.conformance.ts';
import { COURIER_SYSTEM, CourierRefusal, SimulatedCourier } from './courier.ts';
import { FakeKuaidi100 } from './fake-kuaidi100.ts';
import {
  Kuaidi100Courier,
  Kuaidi100Error,
  kuaidi100From,
  kuaidi100Sign,
  trackingStateOf,
} from './kuaidi100.ts';

const fake = new FakeKuaidi100();
beforeAll(() => fake.start());
afterAll(() => fake.close());
beforeEach(() => {
  fake.failWith = null;
  fake.refuseWith = null;
  fake.delayMs = 0;
});

/** China wall-clock time as kuaidi100 writes it. */
const chinaText = (at: Date) =>
  new Date(at.getTime() + 8 * HOUR).toISOString().slice(0, 19).replace('T', ' ');

const kuaidi100 = (key = fake.key) =>
  new Kuaidi100Courier({ customer: fake.customer, key, com: 'shunfeng', url: fake.url });

courierConformance('SimulatedCourier', () => {
  const clock = new TestClock('2026-11-28T02:00:00.000Z');
  return {
    courier: new SimulatedCourier(clock),
    now: () => clock.now(),
    deliver: async () => clock.advance(31 * HOUR),
  };
});

courierConformance('Kuaidi100Courier against a local kuaidi100', () => ({
  courier: kuaidi100(),
  now: () => new Date(),
  deliver: async (shipment) => {
    const at = (hours: number) => chinaText(new Date(shipment.shippedAt.getTime() + hours * HOUR));
    fake.parcels.set(shipment.trackingNo, {
      com: 'shunfeng',
      phoneLast4: shipment.phone.slice(-4),
      state: '3',
      data: [
        { time: at(30), context: '【台州市】您的快件已签收，签收人：本人', status: '签收' },
        { time: at(26), context: '【台州市】快件交给张师傅，正在派送途中', status: '派件' },
        { time: at(2), context: '【杭州市】顺丰速运 已收取快件', status: '揽收' },
      ],
    });
  },
  breakDown: () => {
    fake.failWith = 502;
  },
}));

describe('Kuaidi100Courier', () => {
  const shipment = {
    trackingNo: 'SF1400000000001',
    shippedAt: new Date('2026-11-27T01:00:00.000Z'),
    region: ['浙江省', '台州市', '路桥区', '路桥街道'],
    phone: '13800138000',
  };

  it('sends what kuaidi100 asks for, signed: the company, the number, the phone’s last four digits, the destination', async () => {
    fake.parcels.set(shipment.trackingNo, {
      com: 'shunfeng',
      phoneLast4: '8000',
      state: '0',
      data: [
        { time: '2026-11-27 18:20:00', context: '快件已到达【台州转运中心】' },
        { time: '2026-11-27 09:05:31', context: '顺丰速运 已收取快件' },
      ],
    });
    const journey = await kuaidi100().track(shipment);
    expect(fake.seen.at(-1)).toEqual({
      com: 'shunfeng',
      num: 'SF1400000000001',
      phone: '8000',
      to: '浙江省台州市路桥区',
      resultv2: '1',
    });
    expect(journey).toEqual({
      state: 'IN_TRANSIT',
      events: [
        { at: new Date('2026-11-27T10:20:00.000Z'), text: '快件已到达【台州转运中心】' },
        { at: new Date('2026-11-27T01:05:31.000Z'), text: '顺丰速运 已收取快件' },
      ],
    });
  });

  it('signs MD5(param + key + customer) in upper case', () => {
    expect(kuaidi100Sign('{"com":"ems","num":"em263999513jp"}', 'key', 'CUSTOMER')).toMatch(/^[0-9A-F]{32}$/);
    expect(kuaidi100Sign('a', 'b', 'c')).toBe('900150983CD24FB0D6963F7D28E17F72'); // md5('abc')
  });

  it('maps kuaidi100’s states, basic and advanced, to ours', () => {
    const cases: [string, string][] = [
      ['0', 'IN_TRANSIT'],
      ['1', 'IN_TRANSIT'],
      ['103', 'IN_TRANSIT'],
      ['1002', 'IN_TRANSIT'],
      ['7', 'IN_TRANSIT'],
      ['5', 'DELIVERING'],
      ['501', 'DELIVERING'],
      ['3', 'SIGNED'],
      ['304', 'SIGNED'],
      ['6', 'RETURNED'],
      ['4', 'RETURNED'],
      ['401', 'RETURNED'],
      ['2', 'PROBLEM'],
      ['206', 'PROBLEM'],
      ['14', 'PROBLEM'],
      ['99', 'IN_TRANSIT'],
    ];
    for (const [code, state] of cases) expect(trackingStateOf(code), code).toBe(state);
  });

  it('no result yet (500) is a journey without events; a wrong phone, a bad key, an expired account are errors', async () => {
    expect(await kuaidi100().track({ ...shipment, trackingNo: 'SF1499999999999' })).toEqual({
      state: 'IN_TRANSIT',
      events: [],
    });
    const failures: [() => Promise<unknown>, string][] = [
      [() => kuaidi100().track({ ...shipment, phone: '13900001234' }), '408'],
      [() => kuaidi100('wrong-key').track(shipment), '503'],
    ];
    for (const code of ['400', '501', '502', '601']) {
      failures.push([
        async () => {
          fake.refuseWith = code;
          try {
            return await kuaidi100().track(shipment);
          } finally {
            fake.refuseWith = null;
          }
        },
        code,
      ]);
    }
    for (const [call, code] of failures) {
      const error = await call().catch((e: unknown) => e);
      expect(error, code).toBeInstanceOf(Kuaidi100Error);
      expect((error as Kuaidi100Error).returnCode).toBe(code);
    }
    expect(
      String(
        await kuaidi100('wrong-key')
          .track(shipment)
          .catch((e: unknown) => e),
      ),
    ).toContain('签名验证失败');
  });

  it('an HTTP error or a slow kuaidi100 is an outage: 503 naming the courier, the request aborted', async () => {
    fake.failWith = 500;
    await expect(kuaidi100().track(shipment)).rejects.toThrow('HTTP 500');
    fake.failWith = null;
    fake.delayMs = 2_000;
    const error = await askOutside(COURIER_SYSTEM, (signal) => kuaidi100().track(shipment, signal), {
      timeoutMs: 100,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutsideSystemError);
    expect((error as OutsideSystemError).envelope).toMatchObject({
      state: 503,
      msg: '快递公司暂不可用',
      subMsg: '快递公司响应超时，请稍后再试（本次操作未生效）',
    });
    await expect.poll(() => fake.abandoned, { timeout: 1_000 }).toBe(1);
  });

  it('ships only under the desk’s waybill number (kuaidi100 tracks, it issues none)', async () => {
    const parcel = {
      orderId: 1,
      hospitalId: '1000',
      handedOverAt: new Date(),
      addressee: { name: '张伟', phone: '13800138000', region: ['浙江省'], detail: '银安街1号' },
    };
    await expect(kuaidi100().ship(parcel)).rejects.toBeInstanceOf(CourierRefusal);
    await expect(kuaidi100().ship({ ...parcel, trackingNo: ' SF1400000000002 ' })).resolves.toEqual({
      trackingNo: 'SF1400000000002',
    });
  });

  it('with KUAIDI100_* production takes the courier as real; without, it is named among the simulations', () => {
    const env = { KUAIDI100_CUSTOMER: 'C', KUAIDI100_KEY: 'K', KUAIDI100_COM: 'shunfeng' };
    expect(simulatedPortNames({ production: true }, { env })).not.toContain('courier');
    expect(simulatedPortNames({ production: true }, { env: {} })).toContain('courier');
  });

  it('is configured by KUAIDI100_*: all three or none; the company named from its code', () => {
    expect(kuaidi100From({})).toBeNull();
    const courier = kuaidi100From({
      KUAIDI100_CUSTOMER: 'C',
      KUAIDI100_KEY: 'K',
      KUAIDI100_COM: 'shunfeng',
    });
    expect(courier).toBeInstanceOf(Kuaidi100Courier);
    expect(courier?.company).toBe('顺丰速运');
    expect('simulated' in (courier as object)).toBe(false);
    expect(
      kuaidi100From({
        KUAIDI100_CUSTOMER: 'C',
        KUAIDI100_KEY: 'K',
        KUAIDI100_COM: 'zjs',
        KUAIDI100_COMPANY: '宅急送',
      })?.company,
    ).toBe('宅急送');
    expect(() => kuaidi100From({ KUAIDI100_CUSTOMER: 'C' })).toThrow(
      '快递100 配置不完整：缺少 KUAIDI100_KEY, KUAIDI100_COM',
    );
    expect(() =>
      kuaidi100From({ KUAIDI100_CUSTOMER: 'C', KUAIDI100_KEY: 'K', KUAIDI100_COM: '顺丰' }),
    ).toThrow('KUAIDI100_COM 应为快递100的快递公司编码');
  });
});
