/**
 * Test helpers of the order screens (not used by the app): a small in-memory stand-in for the hospital
 * service's order, card and payment calls answering on the real loopback server, fixtures and the
 * options of its harness (setupFeature). api-client and @patient/payment run for real.
 */
import type { Reply } from '@patient/api-client/testing';
import { appStore } from '@patient/app-state';
import type { AppointmentOrder, Contact, MedicalCard, PayChannel, Payment } from '@patient/contract';
import {
  type FeatureOptions,
  fail,
  LoopbackService,
  makeContact,
  ok,
  type Route,
} from '@patient/feature-kit/testing';

export { makeContact };

import { configurePayment, resetPaymentSettings } from '@patient/payment';

export { answerDialog, bodiesOf, bodyShows, fail, ok, pause, sent } from '@patient/feature-kit/testing';

export const ID_ZHANG = '110105198503152313';

let sequence = 0;
/** A fresh order id per call: the payment module remembers runs by order across tests. */
export const nextOrderId = () => `o${Date.now().toString(36)}${++sequence}`;

export function makeOrder(extra: Partial<AppointmentOrder> = {}): AppointmentOrder {
  const orderId = extra.orderId ?? nextOrderId();
  return {
    orderId,
    hospitalId: '1000',
    hospitalName: '示范人民医院',
    status: 'LOCKED',
    schedule: {
      scheduleItemId: 's1',
      hisScheduleId: 'HIS-S1',
      hospitalId: '1000',
      departmentId: 'd11',
      departmentName: '心血管内科',
      deptId: 'XXGNK',
      doctorId: 'doc1',
      doctorName: '李明',
      doctorTitle: '主任医师',
      date: '2030-05-14',
      halfDay: 'AM',
      type: 'EXPERT',
      state: 'APPOINTABLE',
      remaining: 3,
      fee: 2500,
    },
    source: {
      sourceId: 'src1',
      scheduleItemId: 's1',
      startTime: '08:00',
      endTime: '08:30',
      remaining: 0,
      state: 'APPOINTABLE',
    },
    contactId: null,
    patientName: null,
    medicalCardNo: null,
    fee: 2500,
    insurancePays: 0,
    selfPays: 2500,
    holdExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    paidAt: null,
    cancelDeadline: '2030-05-13T16:00:00.000Z',
    cancelReason: null,
    refundedAt: null,
    visitNumber: null,
    checkedIn: false,
    createdAt: new Date().toISOString(),
    ...extra,
  };
}

/** A pending sandbox payment of an order (2500 fen). */
export const pendingPayment = (orderId: string, paymentId = `p${orderId}`): Payment => ({
  paymentId,
  orderType: 'APPOINTMENT',
  orderId,
  channel: 'SANDBOX',
  amount: 2500,
  status: 'PENDING',
  paidAt: null,
});

/** A placed and paid order of 张伟. */
export const bookedOrder = (extra: Partial<AppointmentOrder> = {}) =>
  makeOrder({
    status: 'BOOKED',
    contactId: '1',
    patientName: '张伟',
    medicalCardNo: '100012345678',
    holdExpiresAt: null,
    paidAt: new Date().toISOString(),
    visitNumber: '12',
    ...extra,
  });

export function makeCard(
  cardId: string,
  contactId: string,
  medicalCardNo: string,
  extra: Partial<MedicalCard> = {},
) {
  return {
    cardId,
    contactId,
    medicalCardNo,
    hospitalId: '1000',
    identityCard: ID_ZHANG,
    patientName: '张伟',
    type: 'HOSPITAL_CARD',
    isDefault: false,
    ...extra,
  } satisfies MedicalCard;
}

/**
 * The hospital service's order, card and payment calls over in-memory data, with the reference service's
 * rules where a screen depends on them. `override` replaces the answer of one call ('METHOD /regex').
 */
export class FakeService extends LoopbackService {
  orders: AppointmentOrder[] = [];
  cards: MedicalCard[] = [];
  payments: Payment[] = [];
  /** The pay channels the hospital has open (payChannels); the sandbox alone, as in development. */
  channels: PayChannel[] = ['SANDBOX'];
  fees = {
    items: [{ name: '挂号费', amount: 2500 }],
    total: 2500,
    insurancePays: 0,
    fundPays: 0,
    accountPays: 0,
    selfPays: 2500,
  };
  pageSize = 10;

  order(orderId: string): AppointmentOrder | undefined {
    return this.orders.find((o) => o.orderId === orderId);
  }

  private change(orderId: string, changes: Partial<AppointmentOrder>): Reply {
    const found = this.order(orderId);
    if (!found) return fail(404, '预约不存在');
    Object.assign(found, changes);
    return ok(found);
  }

  protected readonly routes: Route[] = [
    [
      'POST',
      /^\/v1\/orders\/query$/,
      (r) => {
        const { status, contactId, page = 1 } = JSON.parse(r.body);
        const all = this.orders.filter(
          (o) => (!status || o.status === status) && (!contactId || o.contactId === contactId),
        );
        const start = (page - 1) * this.pageSize;
        return ok({
          orders: all.slice(start, start + this.pageSize),
          hasMore: all.length > start + this.pageSize,
        });
      },
    ],
    [
      'POST',
      /^\/v1\/orders\/cancel$/,
      (r) => this.change(JSON.parse(r.body).orderId, { status: 'CANCELLED', holdExpiresAt: null }),
    ],
    [
      'POST',
      /^\/v1\/orders\/refundFeeAndNum$/,
      (r) => {
        const { orderId, reason } = JSON.parse(r.body);
        return this.change(orderId, {
          status: 'REFUNDED',
          cancelReason: reason,
          refundedAt: new Date().toISOString(),
        });
      },
    ],
    [
      'POST',
      /^\/v1\/orders\/pre_checkin$/,
      (r) => {
        const found = this.order(JSON.parse(r.body).orderId);
        if (found?.status === 'BOOKED' && found.checkedIn) return fail(409, '已签到');
        if (found && found.status !== 'BOOKED') return fail(400, '该预约不能签到');
        return this.change(JSON.parse(r.body).orderId, { checkedIn: true });
      },
    ],
    [
      'POST',
      /^\/v1\/orders\/queryDeptFee\/\w+$/,
      () => ok({ items: this.fees.items, total: this.fees.total }),
    ],
    [
      'POST',
      /^\/v1\/orders\/preSettlement\/\w+$/,
      () => {
        const { items: _, ...split } = this.fees;
        return ok(split);
      },
    ],
    [
      'GET',
      /^\/v1\/insurance\/authorization$/,
      (r) => ok({ url: `/hospital-service/sandbox/insurance/authorize?${r.query}` }),
    ],
    [
      'POST',
      /^\/v1\/sources\/hospitals\/\w+\/unLock$/,
      (r) => {
        const found = this.order(JSON.parse(r.body).orderId);
        if (found?.status === 'LOCKED') Object.assign(found, { status: 'CANCELLED', holdExpiresAt: null });
        return ok(true);
      },
    ],
    [
      'GET',
      /^\/v1\/orders\/([\w-]+)$/,
      (_r, m) => {
        const found = this.order(m[1]);
        return found ? ok(found) : fail(404, '预约不存在');
      },
    ],
    [
      'POST',
      /^\/v1\/orders\/([\w-]+)$/,
      (r, m) => {
        const { contactId, cardId } = JSON.parse(r.body);
        const card = this.cards.find((c) => c.cardId === cardId && c.contactId === contactId);
        if (!card) return fail(400, '就诊卡不存在');
        return this.change(m[1], {
          status: 'PENDING_PAYMENT',
          contactId,
          patientName: card.patientName,
          medicalCardNo: card.medicalCardNo,
        });
      },
    ],
    [
      'GET',
      /^\/cardInfo\/(\w+)$/,
      (r, m) =>
        ok(
          this.cards.filter(
            (c) =>
              c.contactId === m[1] &&
              (!r.query.get('hospitalId') || c.hospitalId === r.query.get('hospitalId')),
          ),
        ),
    ],
    [
      'POST',
      /^\/v1\/pay_orders\/js_pay$/,
      (r) => {
        const { orderId, orderType, channel, returnPath } = JSON.parse(r.body);
        let payment = this.payments.find((p) => p.orderId === orderId);
        if (!payment) {
          payment = {
            paymentId: `p${orderId}`,
            orderType,
            orderId,
            channel,
            amount: this.fees.selfPays,
            status: 'PENDING',
            paidAt: null,
          };
          this.payments.push(payment);
        }
        payment.channel = channel;
        // As the service: an order already paid gets its PAID payment and nothing to pay with.
        const open = payment.status === 'PENDING';
        const back = encodeURIComponent(
          `https://h5.hospital.example${returnPath}?paymentId=${payment.paymentId}`,
        );
        return ok({
          payment,
          wechat: null,
          alipay: null,
          sandbox:
            open && channel === 'SANDBOX'
              ? { cashierUrl: `http://127.0.0.1/cashier?paymentId=${payment.paymentId}&return=${returnPath}` }
              : null,
          redirect: !open
            ? null
            : channel === 'WECHAT_H5'
              ? {
                  url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&redirect_url=${back}`,
                }
              : channel === 'ALIPAY_WAP'
                ? {
                    url: `https://openapi.alipay.com/gateway.do?method=alipay.trade.wap.pay&return_url=${back}`,
                  }
                : null,
        });
      },
    ],
    ['GET', /^\/v1\/pay_orders\/channels$/, () => ok({ channels: this.channels })],
    [
      'GET',
      /^\/v1\/pay_orders\/([\w-]+)$/,
      (_r, m) => {
        const found = this.payments.find((p) => p.paymentId === m[1]);
        return found ? ok(found) : fail(404, '支付记录不存在');
      },
    ],
  ];

  /** The sandbox cashier's notification: the payment and its order are paid. */
  pay(paymentId: string): void {
    const payment = this.payments.find((p) => p.paymentId === paymentId)!;
    payment.status = 'PAID';
    payment.paidAt = new Date().toISOString();
    Object.assign(this.order(payment.orderId)!, {
      status: 'BOOKED',
      paidAt: payment.paidAt,
      holdExpiresAt: null,
      visitNumber: '8',
    });
  }
}

/**
 * The options of the order tests' harness (setupFeature): hospital 1000, contacts loaded (none unless the test
 * sets them), payment confirmed quickly.
 */
export const harness = {
  service: FakeService,
  seed: { contacts: [] },
  payment: { configurePayment, resetPaymentSettings, pollDelaysMs: [0, 30], confirmTimeLimitMs: 200 },
} satisfies FeatureOptions<FakeService>;

/** Puts the account's contacts in app state (as the shell does before 'loads patients' routes). */
export function setContacts(contacts: Contact[]): void {
  appStore.getState().update((s) => {
    s.contacts = contacts;
    s.contactsLoaded = true;
  });
}
