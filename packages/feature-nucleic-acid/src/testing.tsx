/** Test helpers of the nucleic acid screens (not used by the app): a fake of the calls, fixtures. */
import type {
  NucleicAcidHealthAnswer,
  NucleicAcidHealthQuestion,
  NucleicAcidItems,
  NucleicAcidOrder,
} from '@patient/contract';
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

export const HEALTH_QUESTIONS = {
  questions: [
    { code: 'SYMPTOMS', text: '近14天内是否有发热、干咳等症状？', flaggedAnswer: true },
    { code: 'TRAVEL', text: '近14天内是否有中高风险地区旅居史？', flaggedAnswer: true },
  ],
  notice: '请如实填写健康申报；如有以上任一情况，请到发热门诊采样检测。',
};

export class FakeService extends LoopbackService {
  orders: NucleicAcidOrder[] = [];
  /** The id of the next order made (a payment run of an order left at the cashier stays joined to its id). */
  nextOrderId = '9';
  healthQuestions: { questions: NucleicAcidHealthQuestion[]; notice: string } = HEALTH_QUESTIONS;
  /** The declaration saved with each order, as orderHealth/list answers it. */
  health = new Map<string, NucleicAcidHealthAnswer[]>();

  protected readonly routes: Route[] = [
    ['GET', /^\/v1\/natOrder\/items$/, () => ok(ITEMS)],
    ['GET', /^\/v1\/natOrder\/health\/list$/, () => ok(this.healthQuestions)],
    [
      'GET',
      /^\/v1\/natOrder\/orderHealth\/list$/,
      (r) => ok(this.health.get(r.query.get('orderId') ?? '') ?? []),
    ],
    [
      'GET',
      /^\/v1\/natOrder\/check$/,
      (r) => {
        const saved = this.health.get(r.query.get('orderId') ?? '');
        if (!saved || saved.length === 0) {
          return ok({
            declared: false,
            passed: false,
            flagged: [],
            advice: '该预约尚未填写健康申报，采样前请先如实填写',
          });
        }
        const flagged = saved.filter((a) => a.flagged).map((a) => a.text);
        return ok({
          declared: true,
          passed: flagged.length === 0,
          flagged,
          advice:
            flagged.length === 0
              ? '健康申报已通过，请按预约到核酸采样点采样'
              : '健康申报有异常情况，请到发热门诊采样检测',
        });
      },
    ],
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
          orderId: this.nextOrderId,
          status: 'NO_PAY',
          qrCode: null,
          paidAt: null,
          canPay: true,
          contactId: body.contactId,
          type: body.type,
        });
        this.orders.unshift(order);
        const answers = (body.health ?? []) as { code: string; answer: boolean }[];
        this.health.set(
          order.orderId,
          answers.map((a) => {
            const q = this.healthQuestions.questions.find((x) => x.code === a.code);
            return {
              code: a.code,
              text: q?.text ?? a.code,
              answer: a.answer,
              flagged: a.answer === q?.flaggedAnswer,
            };
          }),
        );
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
