import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookedOrder, freeSlot, newPatient, pendingOrder } from '../../test/booking.ts';
import { type Client, startServer, type TestServer } from '../../test/harness.ts';
import { payments } from '../payments/index.ts';
import { cityServiceEnergyConformance } from './city-service-energy.conformance.ts';
import { SIMULATED_BOOKING_ENERGY, SimulatedCityServiceEnergy } from './city-service-energy.ts';
import { cityServiceEnergyGrants } from './tables.ts';

/** The payment app's city-service green energy for an online booking paid in the payment app. */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

cityServiceEnergyConformance('simulated', () => ({
  port: new SimulatedCityServiceEnergy(),
  validCode: 'authcode12345678',
  invalidCode: 'invalid-code-1234',
}));

const H = '1000';
let phones = 0;
const energy = (client: Client, query: Record<string, string>) =>
  client.get<{ grantId: string; energy: number; repeated: boolean; orderId: string }>(
    '/v1/ali/eco/cityservice/energy',
    query,
  );

/** A booking paid (the sandbox provider confirms it), then marked as paid in the payment app. */
async function paidInAlipay() {
  const patient = await newPatient(server, `1370000${String(7500 + ++phones)}`, [H]);
  const slot = await freeSlot(patient.client, H);
  const orderId = await bookedOrder(server, patient, H, slot.source.sourceId);
  await server.database.db
    .update(payments)
    .set({ channel: 'ALIPAY_TRADE', provider: 'alipay' })
    .where(eq(payments.orderId, Number(orderId)));
  return { patient, orderId };
}

const grantsOf = async (orderId: string) =>
  server.database.db
    .select()
    .from(cityServiceEnergyGrants)
    .where(eq(cityServiceEnergyGrants.orderId, Number(orderId)));

describe('claimCityServiceEnergy', () => {
  it('grants the energy once per order; asking again answers the same grant', async () => {
    const { patient, orderId } = await paidInAlipay();
    const first = await energy(patient.client, {
      code: 'authcode12345678',
      scene: 'ONLINE_BOOKING',
      orderId,
    });
    expect(first.body, first.text).toMatchObject({
      state: 200,
      results: { orderId, scene: 'ONLINE_BOOKING', energy: SIMULATED_BOOKING_ENERGY, repeated: false },
    });
    const again = await energy(patient.client, {
      code: 'authcode87654321',
      scene: 'ONLINE_BOOKING',
      orderId,
    });
    expect(again.body.results).toEqual({ ...first.body.results, repeated: true });
    expect(await grantsOf(orderId)).toHaveLength(1);
  });

  it('answers another account 404, a booking not paid in the payment app 409, a refused code 400; nothing kept', async () => {
    const { orderId } = await paidInAlipay();
    const stranger = await newPatient(server, `1370000${String(7500 + ++phones)}`, [H]);
    const theirs = await energy(stranger.client, {
      code: 'authcode12345678',
      scene: 'ONLINE_BOOKING',
      orderId,
    });
    expect(theirs.body).toMatchObject({ state: 404 });

    const sandbox = await newPatient(server, `1370000${String(7500 + ++phones)}`, [H]);
    const sandboxOrder = await bookedOrder(
      server,
      sandbox,
      H,
      (await freeSlot(sandbox.client, H)).source.sourceId,
    );
    expect(
      (
        await energy(sandbox.client, {
          code: 'authcode12345678',
          scene: 'ONLINE_BOOKING',
          orderId: sandboxOrder,
        })
      ).body,
    ).toMatchObject({ state: 409, msg: '不能领取绿色能量' });
    const pending = await pendingOrder(sandbox, H, (await freeSlot(sandbox.client, H)).source.sourceId);
    expect(
      (await energy(sandbox.client, { code: 'authcode12345678', scene: 'ONLINE_BOOKING', orderId: pending }))
        .body,
    ).toMatchObject({ state: 409, msg: '订单未支付' });

    const { patient, orderId: refused } = await paidInAlipay();
    const invalid = await energy(patient.client, {
      code: 'invalid-code-1234',
      scene: 'ONLINE_BOOKING',
      orderId: refused,
    });
    expect(invalid.body).toMatchObject({ state: 400, msg: '领取失败' });
    for (const id of [orderId, sandboxOrder, pending, refused]) expect(await grantsOf(id)).toHaveLength(0);
    // The same order can still be rewarded once the user authorises again.
    const ok = await energy(patient.client, {
      code: 'authcode12345678',
      scene: 'ONLINE_BOOKING',
      orderId: refused,
    });
    expect(ok.body.results).toMatchObject({ repeated: false });
  });

  it('bad input: 400 naming the field in Chinese; no session 401', async () => {
    const { patient, orderId } = await paidInAlipay();
    for (const [query, field] of [
      [{ code: 'short', scene: 'ONLINE_BOOKING', orderId }, 'code'],
      [{ code: 'authcode12345678', scene: 'a b', orderId }, 'scene'],
      [{ code: 'authcode12345678', scene: 'ONLINE_BOOKING' }, 'orderId'],
    ] as const) {
      const bad = await energy(patient.client, query);
      expect(bad.status, JSON.stringify(query)).toBe(400);
      expect(bad.body.results).toEqual({ field });
      expect(bad.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(
      (await energy(server.client(), { code: 'authcode12345678', scene: 'ONLINE_BOOKING', orderId })).status,
    ).toBe(401);
    expect(await grantsOf(orderId)).toHaveLength(0);
  });
});
