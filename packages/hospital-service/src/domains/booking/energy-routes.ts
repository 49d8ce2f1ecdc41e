import { claimCityServiceEnergy } from '@patient/contract';
import { eq } from 'drizzle-orm';
import { userOf } from '../../platform/http/context.ts';
import { businessError, conflict } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { type CityServiceEnergy, CityServiceEnergyError } from './city-service-energy.ts';
import { effectiveStatus, ownedOrder, paymentOfOrder } from './orders.ts';
import { cityServiceEnergyGrants } from './tables.ts';

type GrantRow = typeof cityServiceEnergyGrants.$inferSelect;

const toAnswer = (row: GrantRow, repeated: boolean) => ({
  orderId: String(row.orderId),
  scene: row.scene,
  grantId: row.grantId,
  energy: row.energy,
  grantedAt: row.grantedAt.toISOString(),
  repeated,
});

/** Paid in the payment app (Alipay): the channel it was started on, or the provider that confirmed it. */
const paidInPaymentApp = (payment: { channel: string; provider: string | null }) =>
  payment.channel === 'ALIPAY_TRADE' || (payment.provider ?? '').startsWith('alipay');

/** The claim of green energy, asking `port` (the app's `cityServiceEnergy`: simulated unless a real one is given). */
export const energyRoutes = (port: CityServiceEnergy) => [
  route(claimCityServiceEnergy, async ({ query }, ctx) => {
    const user = userOf(ctx);
    // Another account's order or an unknown one: 404 订单不存在, nothing asked of the payment app.
    const order = await ownedOrder(ctx.db, user.id, query.orderId);
    const known = async () =>
      (
        await ctx.db
          .select()
          .from(cityServiceEnergyGrants)
          .where(eq(cityServiceEnergyGrants.orderId, order.id))
      )[0];
    const before = await known();
    if (before) return toAnswer(before, true);

    const status = effectiveStatus(order, ctx.clock.now());
    const payment = await paymentOfOrder(ctx.db, order.id);
    if (!['BOOKED', 'VISITED'].includes(status) || !payment || payment.status !== 'PAID') {
      throw conflict('订单未支付', '该预约尚未支付或已退款，不能领取绿色能量');
    }
    if (!paidInPaymentApp(payment)) {
      throw conflict('不能领取绿色能量', '只有在支付宝中支付的线上预约才能领取绿色能量');
    }
    let grant: Awaited<ReturnType<CityServiceEnergy['grant']>>;
    try {
      // The payment app's own idempotency key: one per order, so a retry after a lost answer grants nothing new.
      grant = await port.grant({ authCode: query.code, scene: query.scene, outBizNo: `BOOKING-${order.id}` });
    } catch (err) {
      if (err instanceof CityServiceEnergyError) {
        throw businessError(400, '领取失败', `支付宝未能发放绿色能量：${err.message}，请重新授权后再试`);
      }
      throw err;
    }
    const inserted = await ctx.db
      .insert(cityServiceEnergyGrants)
      .values({
        orderId: order.id,
        userId: user.id,
        scene: query.scene,
        grantId: grant.grantId,
        energy: grant.energy,
        grantedAt: ctx.clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    // Two claims at once: the first row written is the grant; the other answers it as repeated.
    if (inserted.length > 0) return toAnswer(inserted[0], false);
    return toAnswer((await known()) as GrantRow, true);
  }),
];
