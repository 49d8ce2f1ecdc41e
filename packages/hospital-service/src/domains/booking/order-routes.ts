import {
  cancelOrder,
  getOrder,
  getPaymentAppId,
  listOrders,
  lockSource,
  onlineBookingOpen,
  placeOrder,
  preCheckin,
  preSettlement,
  queryDeptFee,
  refundOrder,
  unlockSource,
} from '@patient/contract';
import { and, count, desc, eq, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import { lockAccount } from '../../platform/auth/users.ts';
import { chinaDate } from '../../platform/clock.ts';
import { parseId } from '../../platform/database/ids.ts';
import { transactionNow } from '../../platform/database/now.ts';
import { userOf } from '../../platform/http/context.ts';
import { businessError, conflict, notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { hospitalParams, requireHospital } from '../hospitals/index.ts';
import { medicalCards, ownedContact } from '../patients/index.ts';
import { closePendingPayments, requestRefund, submitRefund } from '../payments/index.ts';
import { feeItems } from './fees.ts';
import { nextOrderId, slotRefOf, syncHisHolds } from './his-holds.ts';
import {
  claimablePlaces,
  effectiveStatus,
  effectiveStatusSql,
  lockSources,
  type OrderRow,
  ownedOrder,
  paymentOfOrder,
  rulesOf,
  toOrder,
  toOrders,
} from './orders.ts';
import {
  cancelDeadline,
  cancelRuleText,
  chinaInstant,
  chinaLabel,
  closedReason,
  holdMs,
  PERIOD_NAME,
  type Period,
} from './rules.ts';
import { askScheduleHis, type ScheduleHis, ScheduleHisRefusal } from './schedule-his.ts';
import { hisScheduleIdOf, holdsPlace, loadSchedules } from './schedules.ts';
import { appointmentOrders, schedules } from './tables.ts';

/** Orders per page of listOrders. */
export const ORDERS_PAGE_SIZE = 10;

export const slotFull = () => businessError(409, '号源已约满', '该时段号源已约满，请选择其他时段');

/** Why an order in this status cannot be cancelled or refunded (the status the app should have shown). */
function finished(status: string) {
  switch (status) {
    case 'EXPIRED':
      return conflict('订单已失效', '订单超时未支付，已自动取消，号源已释放');
    case 'CANCELLED':
      return conflict('订单已取消', '该预约已取消');
    case 'REFUNDING':
      return conflict('订单已退号', '该预约已退号，费用正在原路退回');
    case 'REFUNDED':
      return conflict('订单已退号', '该预约已退号，费用已原路退回');
    case 'STOPPED':
      return conflict('医生已停诊', '该号源已停诊，费用已原路退回');
    case 'VISITED':
      return conflict('已就诊', '该预约已就诊，不能取消');
    default:
      return conflict('订单状态已变化', '订单状态已变化，请刷新后重试');
  }
}

/** What the hold of a released order leaves the HIS to do (RELEASE when the HIS holds a place for it). */
const releaseHold = (order: Pick<OrderRow, 'hisHoldRef'>) =>
  order.hisHoldRef === null ? {} : { hisSync: 'RELEASE' as const };

/** The HIS refused to hold the place: 号源已约满, or its own reason. */
function refusedHold(error: unknown): never {
  if (error instanceof ScheduleHisRefusal) {
    throw error.full ? slotFull() : conflict('号源不可预约', error.message);
  }
  throw error;
}

/** Orders, holds and payments of appointments; the HIS holds, confirms and releases each place (`his`). */
export const orderRoutes = (his: ScheduleHis) => [
  route(lockSource, async ({ params, body }, ctx) => {
    const user = userOf(ctx);
    await requireHospital(ctx.db, params.hospitalId);
    const id = parseId(body.sourceId);
    if (id === null) throw notFound('号源');
    // The HIS's hold, once it is given: let go again if our transaction does not keep the order.
    let held: string | null = null;
    return ctx.db
      .transaction(async (tx) => {
        // Account first, then the slot: every path takes them in this order.
        await lockAccount(tx, user.id);
        const [source] = await lockSources(tx, [id]);
        if (!source) throw notFound('号源');
        // Decided at the database's time, after the locks: every instance judges holds alike.
        const now = await transactionNow(tx, ctx.clock);
        const [schedule] = await tx.select().from(schedules).where(eq(schedules.id, source.scheduleId));
        // A slot of another hospital is not found at this one.
        if (schedule.hospitalId !== params.hospitalId) throw notFound('号源');
        if (!onlineBookingOpen(await hospitalParams(tx, schedule.hospitalId))) {
          throw businessError(
            403,
            '该医院未开通线上挂号',
            '该医院暂不支持线上预约挂号，请到医院挂号窗口或自助机办理',
          );
        }
        const rules = await rulesOf(tx, schedule.hospitalId);
        if (schedule.state === 'STOPED') throw conflict('医生已停诊', '该时段已停诊，请选择其他号源');
        if (schedule.state === 'NO_SOURCE') throw conflict('暂无号源', '该时段暂无号源，请选择其他时段');
        const period = schedule.period as Period;
        const reason = closedReason(rules, now, { date: schedule.date, period }, source);
        if (reason) throw businessError(400, reason);
        if ((await claimablePlaces(tx, source.id, now)) <= 0) throw slotFull();

        const [{ n }] = await tx
          .select({ n: count() })
          .from(appointmentOrders)
          .where(
            and(
              eq(appointmentOrders.userId, user.id),
              eq(appointmentOrders.hospitalId, schedule.hospitalId),
              eq(appointmentOrders.visitDate, schedule.date),
              holdsPlace(now),
            ),
          );
        if (n >= rules.dailyLimit) {
          throw conflict(
            '已达当日预约上限',
            `每个账号同一就诊日在本院最多预约${rules.dailyLimit}个号（含待支付），请选择其他日期`,
          );
        }
        const ourHold = new Date(now.getTime() + holdMs(rules, ctx.settings.holdMinutes));
        // The HIS holds the place for our order number before anything is written: its refusal or failure
        // leaves nothing behind (the transaction has written nothing but expired holds it rolls back).
        const orderId = await nextOrderId(tx);
        const slot = await slotRefOf(tx, source.id);
        const hold = await askScheduleHis(his, (h) =>
          h.hold({ orderNo: String(orderId), slot, until: ourHold, patient: null }),
        ).catch(refusedHold);
        held = hold.holdRef;
        const holdExpiresAt = hold.expiresAt < ourHold ? hold.expiresAt : ourHold;
        const [order] = await tx
          .insert(appointmentOrders)
          .overridingSystemValue()
          .values({
            id: orderId,
            hisHoldRef: hold.holdRef,
            userId: user.id,
            hospitalId: schedule.hospitalId,
            scheduleId: schedule.id,
            sourceId: source.id,
            doctorId: schedule.doctorId,
            visitDate: schedule.date,
            period,
            status: 'LOCKED',
            fee: schedule.fee,
            selfPays: schedule.fee,
            holdExpiresAt,
            visitStartsAt: chinaInstant(schedule.date, source.startTime),
            visitEndsAt: chinaInstant(schedule.date, source.endTime),
            cancelDeadline: cancelDeadline(rules, schedule.date, schedule.startTime),
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: appointmentOrders.id });
        return { orderId: String(order.id), holdExpiresAt: holdExpiresAt.toISOString() };
      })
      .catch(async (error: unknown) => {
        const holdRef = held;
        if (holdRef !== null) {
          await askScheduleHis(his, (h) => h.release(holdRef)).catch((e: unknown) =>
            ctx.log.warn({ holdRef, err: e }, '释放医院信息系统号源保留失败（将自动过期）'),
          );
        }
        throw error;
      });
  }),

  route(unlockSource, async ({ params, body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const released = await ctx.db.transaction(async (tx) => {
      const order = await ownedOrder(tx, user.id, body.orderId, true);
      // An order at another hospital is not found at this one (the same answer as another account's).
      if (order.hospitalId !== params.hospitalId) throw notFound('订单');
      const status = effectiveStatus(order, now);
      if (status === 'LOCKED') {
        await tx
          .update(appointmentOrders)
          .set({ status: 'CANCELLED', cancelledAt: now, updatedAt: now, ...releaseHold(order) })
          .where(eq(appointmentOrders.id, order.id));
        return order.id;
      }
      if (status === 'CANCELLED' || status === 'EXPIRED') return null;
      if (status === 'PENDING_PAYMENT') {
        throw conflict('订单已提交', '订单已提交，如需取消请在预约记录中取消预约');
      }
      throw finished(status);
    });
    if (released === null) return false;
    // The HIS frees the place now; if it cannot be told, the order sweeper tells it later.
    await syncHisHolds(ctx.db, his, ctx.log, [released]);
    return true;
  }),

  route(placeOrder, async ({ params, body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const id = await ctx.db.transaction(async (tx) => {
      await lockAccount(tx, user.id);
      const order = await ownedOrder(tx, user.id, params.orderId, true);
      const status = effectiveStatus(order, now);
      if (status === 'EXPIRED') {
        throw conflict('号源保留已超时', '号源保留时间已过，已自动释放，请重新选择号源');
      }
      if (status === 'PENDING_PAYMENT' && (await paymentOfOrder(tx, order.id))) {
        throw conflict('订单已发起支付', '订单已发起支付，不能再更换就诊人或就诊卡');
      }
      if (status !== 'LOCKED' && status !== 'PENDING_PAYMENT') throw finished(status);

      const contact = await ownedContact(tx, user.id, body.contactId);
      const cardId = parseId(body.cardId);
      const [card] =
        cardId === null
          ? []
          : await tx
              .select()
              .from(medicalCards)
              .where(
                and(
                  eq(medicalCards.id, cardId),
                  eq(medicalCards.userId, user.id),
                  eq(medicalCards.contactId, contact.id),
                ),
              );
      if (!card) throw notFound('就诊卡');
      if (card.hospitalId !== order.hospitalId) {
        throw businessError(400, '请选择本院就诊卡', '该就诊卡不是本院的就诊卡，请选择或绑定本院就诊卡');
      }

      // One booking per patient per doctor (or department clinic) and half-day.
      const [duplicate] = await tx
        .select({ id: appointmentOrders.id })
        .from(appointmentOrders)
        .where(
          and(
            eq(appointmentOrders.contactId, contact.id),
            ne(appointmentOrders.id, order.id),
            eq(appointmentOrders.visitDate, order.visitDate),
            eq(appointmentOrders.period, order.period),
            order.doctorId === null
              ? eq(appointmentOrders.scheduleId, order.scheduleId)
              : eq(appointmentOrders.doctorId, order.doctorId),
            isNotNull(appointmentOrders.placedAt),
            holdsPlace(now),
          ),
        )
        .limit(1);
      if (duplicate) {
        throw conflict(
          '请勿重复预约',
          `${contact.name}已有同一${order.doctorId === null ? '科室' : '医生'}${order.visitDate}${PERIOD_NAME[order.period as Period]}的预约，同一就诊人同一医生同一时段只能预约一个号`,
        );
      }
      await tx
        .update(appointmentOrders)
        .set({
          status: 'PENDING_PAYMENT',
          placedAt: order.placedAt ?? now,
          contactId: contact.id,
          cardId: card.id,
          patientName: contact.name,
          medicalCardNo: card.medicalCardNo,
          cardType: card.type,
          // Self-pay until the patient authorises insurance and pre-settles (selfOrMedicalPreSettle).
          settlementMode: 'SELF',
          insurancePays: 0,
          fundPays: 0,
          accountPays: 0,
          selfPays: order.fee,
          updatedAt: now,
        })
        .where(eq(appointmentOrders.id, order.id));
      return order.id;
    });
    return toOrder(ctx.db, await ownedOrder(ctx.db, user.id, String(id)), now);
  }),

  route(getOrder, async ({ params }, ctx) => {
    const user = userOf(ctx);
    return toOrder(ctx.db, await ownedOrder(ctx.db, user.id, params.orderId), ctx.clock.now());
  }),

  route(listOrders, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const conditions: SQL[] = [
      eq(appointmentOrders.userId, user.id),
      // Orders never placed (a slot held and let go) are not appointments.
      isNotNull(appointmentOrders.placedAt),
    ];
    if (body.contactId) {
      const contact = await ownedContact(ctx.db, user.id, body.contactId);
      conditions.push(eq(appointmentOrders.contactId, contact.id));
    }
    // The 已退款 tab lists refunds still on their way back (退款中) too.
    if (body.status === 'REFUNDED') {
      conditions.push(sql`${effectiveStatusSql(now)} IN ('REFUNDING', 'REFUNDED')`);
    } else if (body.status) {
      conditions.push(sql`${effectiveStatusSql(now)} = ${body.status}`);
    }
    const page = body.page ?? 1;
    const rows = await ctx.db
      .select()
      .from(appointmentOrders)
      .where(and(...conditions))
      .orderBy(desc(appointmentOrders.createdAt), desc(appointmentOrders.id))
      .limit(ORDERS_PAGE_SIZE + 1)
      .offset((page - 1) * ORDERS_PAGE_SIZE);
    return {
      orders: await toOrders(ctx.db, rows.slice(0, ORDERS_PAGE_SIZE), now),
      hasMore: rows.length > ORDERS_PAGE_SIZE,
    };
  }),

  route(cancelOrder, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const row = await ctx.db.transaction(async (tx) => {
      const order = await ownedOrder(tx, user.id, body.orderId, true);
      const status = effectiveStatus(order, now);
      if (status === 'CANCELLED') return order;
      if (status === 'BOOKED') {
        throw businessError(400, '订单已支付', '该预约已支付，请通过“取消预约”选择原因后退号退费');
      }
      if (status !== 'LOCKED' && status !== 'PENDING_PAYMENT') throw finished(status);
      await closePendingPayments(tx, 'APPOINTMENT', [order.id], now);
      const [updated] = await tx
        .update(appointmentOrders)
        .set({
          status: 'CANCELLED',
          cancelledAt: now,
          cancelReason: body.reason?.trim() || null,
          updatedAt: now,
          ...releaseHold(order),
        })
        .where(eq(appointmentOrders.id, order.id))
        .returning();
      return updated;
    });
    await syncHisHolds(ctx.db, his, ctx.log, [row.id]);
    return toOrder(ctx.db, row, now);
  }),

  route(refundOrder, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const { row, refundId } = await ctx.db.transaction(async (tx) => {
      const order = await ownedOrder(tx, user.id, body.orderId, true);
      const status = effectiveStatus(order, now);
      if (status === 'REFUNDED' || status === 'REFUNDING') return { row: order, refundId: null };
      if (status === 'LOCKED' || status === 'PENDING_PAYMENT') {
        throw businessError(400, '订单未支付', '该预约尚未支付，无需退费，可直接取消预约');
      }
      if (status !== 'BOOKED') throw finished(status);
      if (now.getTime() >= order.cancelDeadline.getTime()) {
        const rules = await rulesOf(tx, order.hospitalId);
        const deadline = chinaLabel(order.cancelDeadline);
        throw businessError(
          400,
          `已超过退号截止时间（${deadline}）`,
          `本院退号须在${cancelRuleText(rules)}办理，该预约的截止时间为${deadline}，现已不能在线退号，如需帮助请联系医院`,
        );
      }
      // The place is free at once; the order reads 退款中 until the provider confirms the refund.
      const [updated] = await tx
        .update(appointmentOrders)
        .set({
          status: 'REFUNDING',
          cancelledAt: now,
          cancelReason: body.reason,
          updatedAt: now,
          ...releaseHold(order),
        })
        .where(eq(appointmentOrders.id, order.id))
        .returning();
      return { row: updated, refundId: await requestRefund(tx, 'APPOINTMENT', order.id, body.reason, now) };
    });
    if (refundId === null) return toOrder(ctx.db, row, now);
    await syncHisHolds(ctx.db, his, ctx.log, [row.id]);
    await submitRefund(ctx, refundId, ctx.log);
    return toOrder(ctx.db, await ownedOrder(ctx.db, user.id, body.orderId), now);
  }),

  route(preCheckin, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const row = await ctx.db.transaction(async (tx) => {
      const order = await ownedOrder(tx, user.id, body.orderId, true);
      const status = effectiveStatus(order, now);
      if (status === 'VISITED') throw conflict('就诊时段已结束', '该预约的就诊时段已结束，不能再签到');
      if (status !== 'BOOKED') {
        throw businessError(400, '该预约不能签到', '只有预约成功（已支付）的号才能签到');
      }
      if (order.checkedInAt) {
        throw conflict('已签到', `该预约已于${chinaLabel(order.checkedInAt)}签到，无需重复签到`);
      }
      if (chinaDate(now) !== order.visitDate) {
        const day = `${Number(order.visitDate.slice(5, 7))}月${Number(order.visitDate.slice(8, 10))}日`;
        throw businessError(400, '未到签到时间', `请于就诊当日（${day}）到院前签到`);
      }
      const [updated] = await tx
        .update(appointmentOrders)
        .set({ checkedInAt: now, updatedAt: now })
        .where(eq(appointmentOrders.id, order.id))
        .returning();
      return updated;
    });
    return toOrder(ctx.db, row, now);
  }),

  route(queryDeptFee, async ({ params, query }, ctx) => {
    const user = userOf(ctx);
    const order = await ownedOrder(ctx.db, user.id, query.orderId);
    if (order.hospitalId !== params.hospitalId) throw notFound('订单');
    const [facts] = await loadSchedules(ctx.db, eq(schedules.id, order.scheduleId));
    if (hisScheduleIdOf(facts) !== query.hisScheduleId) {
      throw businessError(400, '排班信息不一致', '排班编号与订单不一致，请返回重新选择号源');
    }
    return {
      items: feeItems(order.fee, facts.schedule.sourceType).map(({ name, amount }) => ({ name, amount })),
      total: order.fee,
    };
  }),

  route(preSettlement, async ({ params }, ctx) => {
    const user = userOf(ctx);
    const order = await ownedOrder(ctx.db, user.id, params.orderId);
    return settlementOf(order);
  }),

  route(getPaymentAppId, async ({ query }, { db }) => {
    await requireHospital(db, query.hospitalId);
    return { appId: (await rulesOf(db, query.hospitalId)).paymentAppId };
  }),
];

/** An order's split as stored (placeOrder and selfOrMedicalPreSettle decide it). */
export function settlementOf(order: OrderRow) {
  return {
    total: order.fee,
    insurancePays: order.insurancePays,
    fundPays: order.fundPays,
    accountPays: order.accountPays,
    selfPays: order.selfPays,
  };
}
