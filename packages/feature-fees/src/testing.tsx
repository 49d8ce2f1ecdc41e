/** Test helpers of the fee screens (not used by the app): a fake of the fee and payment calls, fixtures. */
import type { InpatientDeposit, InpatientStay, OutpatientCharge, OutpatientOrder } from '@patient/contract';
import {
  type FeatureOptions,
  fail,
  LoopbackService,
  ok,
  type Route,
  sandboxPayRoutes,
} from '@patient/feature-kit/testing';
import { configurePayment, resetPaymentSettings } from '@patient/payment';

export { answerDialog, bodiesOf, bodyShows, pause, sent } from '@patient/feature-kit/testing';

const line = (name: string, unitPrice: number, quantity = 1) => ({
  name,
  specification: '',
  quantity,
  unit: '次',
  unitPrice,
  amount: unitPrice * quantity,
});

export function makeOrder(extra: Partial<OutpatientOrder> = {}): OutpatientOrder {
  const items = extra.items ?? [line('阿莫西林胶囊', 1_850, 2)];
  return {
    orderId: '1',
    hisOrderNo: 'CF1',
    contactId: '1',
    hospitalId: '1000',
    category: 'WESTERN_MEDICINE',
    title: '西药处方',
    department: '呼吸内科',
    doctor: '李明 主治医师',
    prescribedAt: '2030-05-10T01:00:00.000Z',
    amount: items.reduce((s, i) => s + i.amount, 0),
    insuranceCovered: true,
    status: 'UNPAID',
    chargeId: null,
    items,
    ...extra,
  };
}

export const ORDERS = [
  makeOrder(),
  makeOrder({
    orderId: '2',
    category: 'EXAMINATION',
    title: '胸部CT平扫',
    items: [line('胸部CT平扫', 23_000)],
  }),
  makeOrder({ orderId: '3', category: 'LABORATORY', title: '血常规', items: [line('血细胞分析', 2_500)] }),
  makeOrder({
    orderId: '4',
    category: 'WESTERN_MEDICINE',
    title: '止咳药',
    items: [line('复方甘草口服溶液', 880)],
  }),
];

export function makeCharge(
  orders: OutpatientOrder[],
  extra: Partial<OutpatientCharge> = {},
): OutpatientCharge {
  const total = orders.reduce((s, o) => s + o.amount, 0);
  return {
    chargeId: '9',
    contactId: '1',
    hospitalId: '1000',
    patientName: '张*',
    status: 'PENDING',
    total,
    selfPays: total,
    insurancePays: 0,
    insuranceCovered: true,
    lockExpiresAt: '2030-05-10T01:15:00.000Z',
    createdAt: '2030-05-10T01:00:00.000Z',
    paidAt: null,
    receiptNo: null,
    refundable: false,
    refundReason: null,
    orders,
    ...extra,
  };
}

export function makeStay(extra: Partial<InpatientStay> = {}): InpatientStay {
  return {
    inpatientId: '5',
    admissionNo: 'ZY0000000001',
    contactId: '1',
    hospitalId: '1000',
    patientName: '张*',
    department: '心血管内科',
    ward: '心血管内科一病区',
    bed: '12床',
    doctor: '李明 主任医师',
    admittedOn: '2030-05-06',
    dischargedOn: null,
    days: 5,
    status: 'IN_HOSPITAL',
    deposit: 150_000,
    cost: 140_000,
    balance: 10_000,
    lowBalance: true,
    warningLine: 100_000,
    ...extra,
  };
}

export class FakeService extends LoopbackService {
  orders: OutpatientOrder[] = ORDERS.map((o) => ({ ...o }));
  charges: OutpatientCharge[] = [];
  stays: InpatientStay[] = [makeStay()];
  deposits: InpatientDeposit[] = [];

  protected readonly routes: Route[] = [
    ['GET', /^\/cardInfo\/1$/, () => ok([])],
    [
      'POST',
      /^\/v1\/outpatient\/officeCharges\/1000$/,
      () => ok(this.orders.filter((o) => o.status === 'UNPAID')),
    ],
    [
      'POST',
      /^\/v1\/interOfficePayment\/orderUniformly$/,
      (r) => {
        const body = JSON.parse(r.body);
        const charge = makeCharge(this.orders.filter((o) => body.orderIds.includes(o.orderId)));
        this.charges.push(charge);
        return ok(charge);
      },
    ],
    [
      'GET',
      /^\/v1\/outpatient\/charge\/(\d+)$/,
      (_r, m) => {
        const charge = this.charges.find((c) => c.chargeId === m[1]);
        return charge ? ok(charge) : fail(404, '缴费单不存在');
      },
    ],
    [
      'POST',
      /^\/v1\/outpatient\/(?:cancelChargePrePay|billLock)\/(\d+)$/,
      (_r, m) => {
        const charge = this.charges.find((c) => c.chargeId === m[1]);
        if (!charge) return fail(404, '缴费单不存在');
        charge.status = 'CANCELLED';
        return ok(charge);
      },
    ],
    [
      'POST',
      /^\/v1\/outpatient\/invalidOrder\/refund\/(\d+)$/,
      (_r, m) => {
        const charge = this.charges.find((c) => c.chargeId === m[1]);
        if (!charge?.refundable) return fail(409, '不能退费');
        Object.assign(charge, {
          status: 'REFUNDING',
          refundable: false,
          refundReason: '处方已作废：胸部CT平扫',
        });
        return ok(charge);
      },
    ],
    [
      'POST',
      /^\/v1\/inpatient\/inpatientInfo\/1000$/,
      () => ok(this.stays.find((s) => s.status === 'IN_HOSPITAL') ?? null),
    ],
    ['POST', /^\/v1\/inpatient\/inpatientInfoList\/1000$/, () => ok(this.stays)],
    [
      'POST',
      /^\/v1\/inpatient\/advancePayment$/,
      (r) => {
        const body = JSON.parse(r.body);
        const deposit: InpatientDeposit = {
          depositId: '31',
          inpatientId: body.inpatientId,
          admissionNo: 'ZY0000000001',
          amount: body.amount,
          channel: 'ONLINE',
          status: 'PENDING',
          createdAt: '2030-05-10T01:00:00.000Z',
          paidAt: null,
          receiptNo: null,
        };
        this.deposits.push(deposit);
        return ok(deposit);
      },
    ],
    ...sandboxPayRoutes(100),
  ];
}

/** The options of the harness (setupFeature): 张伟, payment through the sandbox cashier. */
export const harness = {
  service: FakeService,
  payment: { configurePayment, resetPaymentSettings },
} satisfies FeatureOptions<FakeService>;
