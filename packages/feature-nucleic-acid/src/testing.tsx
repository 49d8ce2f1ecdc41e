/** Test helpers of the nucleic acid screens (not used by the app): a fake of the calls, fixtures. */
import type { NucleicAcidItems, NucleicAcidOrder } from '@patient/contract';
import {
  defaultContact,
  type FeatureOptions,
  fail,
  LoopbackService,
  makeContact,
  ok,
  type Route,
  sandboxPayRoutes,
} from '@patient/feature-kit/testing';
import { configurePayment, resetPaymentSettings } from '@patient/payment';

export { answerDialog, bodiesOf, bodyShows, pause, sent } from '@patient/feature-kit/testing';

export const ITEMS: NucleicAcidItems = {
  items: [
    {
      type: 'SINGLE',
      name: '单人单管',
      priceFen: 1600,
      description: '一人一管，单独检测',
      turnaround: '采样后约6小时出结果',
    },
    {
      type: 'MIXED',
      name: '多人混管（10合1）',
      priceFen: 350,
      description: '十人一管，混合检测',
      turnaround: '采样后约12小时出结果',
    },
  ],
  place: '测试医院门诊楼东侧核酸采样点',
  hours: '每日 08:00–12:00',
  validDays: 3,
  notices: ['采样前2小时请勿进食。', '采样前可取消预约，已支付的费用原路退回。'],
};

export function makeOrder(extra: Partial<NucleicAcidOrder> = {}): NucleicAcidOrder {
  return {
    orderId: '5',
    hospitalId: '1000',
    hospitalName: '测试医院',
    status: 'PAID',
    type: 'SINGLE',
    itemName: '单人单管',
    priceFen: 1600,
    contactId: '1',
    patientName: '张*',
    documentNumber: '11010*************',
    qrCode: 'NAT10000000000005',
    place: ITEMS.place,
    hours: ITEMS.hours,
    validUntil: '2030-05-13T01:00:00.000Z',
    sampleNo: null,
    createdAt: '2030-05-10T01:00:00.000Z',
    paidAt: '2030-05-10T01:01:00.000Z',
    sampledAt: null,
    cancelledAt: null,
    result: null,
    refund: null,
    canPay: false,
    canCancel: true,
    ...extra,
  };
}

export const REPORTED = makeOrder({
  orderId: '6',
  status: 'REPORTED',
  qrCode: null,
  sampleNo: 'DJ1000300510000006',
  sampledAt: '2030-05-10T02:00:00.000Z',
  canCancel: false,
  result: {
    result: 'POSITIVE',
    method: '实时荧光定量PCR法',
    targets: [
      { name: '新型冠状病毒 ORF1ab 基因', result: 'POSITIVE', ct: 26.1 },
      { name: '新型冠状病毒 N 基因', result: 'NEGATIVE', ct: null },
    ],
    reportedAt: '2030-05-10T08:00:00.000Z',
    reporterName: '周敏 主管技师',
    reviewerName: '冯涛 主任技师',
  },
});

export class FakeService extends LoopbackService {
  orders: NucleicAcidOrder[] = [];

  protected readonly routes: Route[] = [
    ['GET', /^\/v1\/natOrder\/items$/, () => ok(ITEMS)],
    [
      'POST',
      /^\/v1\/natOrder\/preCommit$/,
      (r) => {
        const body = JSON.parse(r.body);
        const item = ITEMS.items.find((i) => i.type === body.type);
        return ok({
          type: body.type,
          itemName: item?.name,
          priceFen: item?.priceFen,
          patientName: body.contactId === '2' ? '李*' : '张*',
          documentNumber: '11010*************',
          place: ITEMS.place,
          validDays: 3,
        });
      },
    ],
    [
      'POST',
      /^\/v1\/natOrder$/,
      (r) => {
        const body = JSON.parse(r.body);
        const order = makeOrder({
          orderId: '9',
          status: 'NO_PAY',
          qrCode: null,
          paidAt: null,
          canPay: true,
          contactId: body.contactId,
          type: body.type,
        });
        this.orders.unshift(order);
        return ok(order);
      },
    ],
    [
      'GET',
      /^\/v1\/natOrder\/page$/,
      (r) => {
        const page = Number(r.query.get('page') ?? 1);
        const size = Number(r.query.get('size') ?? 10);
        return ok({
          records: this.orders.slice((page - 1) * size, page * size),
          total: this.orders.length,
          page,
          size,
        });
      },
    ],
    [
      'GET',
      /^\/v1\/natOrder\/(\d+)$/,
      (_r, m) => {
        const order = this.orders.find((o) => o.orderId === m[1]);
        return order ? ok(order) : fail(404, '核酸检测订单不存在');
      },
    ],
    [
      'POST',
      /^\/v1\/natOrder\/refund\/(\d+)$/,
      (_r, m) => {
        const order = this.orders.find((o) => o.orderId === m[1]);
        if (!order) return fail(404, '核酸检测订单不存在');
        Object.assign(order, {
          status: 'CANCEL',
          qrCode: null,
          canCancel: false,
          refund: { amountFen: order.priceFen, status: 'REFUNDING' },
        });
        return ok(order);
      },
    ],
    [
      'DELETE',
      /^\/v1\/natOrder\/1000\/(\d+)$/,
      (_r, m) => {
        const order = this.orders.find((o) => o.orderId === m[1]);
        if (!order) return fail(404, '核酸检测订单不存在');
        Object.assign(order, { status: 'CANCEL', canCancel: false, canPay: false });
        return ok(order);
      },
    ],
    ...sandboxPayRoutes(1600),
  ];
}

/** The options of the harness (setupFeature): 张伟 and his mother 李秀英, payment through the sandbox cashier. */
export const harness = {
  service: FakeService,
  seed: { contacts: [defaultContact(), makeContact('2', '李秀英', { relation: 'PARENT' })] },
  payment: { configurePayment, resetPaymentSettings },
} satisfies FeatureOptions<FakeService>;
