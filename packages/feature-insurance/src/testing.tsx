/**
 * Test helpers of the insurance screens (not used by the app): an in-memory stand-in for the service's
 * insurance and payment calls on the real loopback server (@patient/feature-kit/testing); api-client and
 * @patient/payment run for real, the cashier redirect is recorded.
 */
import type { InsuranceAuthorisation, Payment, Settlement } from '@patient/contract';
import { type FeatureOptions, fail, LoopbackService, ok, type Route } from '@patient/feature-kit/testing';
import { configurePayment, registerInsuranceOrderKind, resetPaymentSettings } from '@patient/payment';

// The booking feature's kind, as feature-appointment registers it (features do not import each other).
registerInsuranceOrderKind('appointment', {
  orderType: 'APPOINTMENT',
  orderPath: (orderId) => `/placeOrder/${encodeURIComponent(orderId)}`,
});

export { bodiesOf, bodyShows, fail, ok, pause, sent } from '@patient/feature-kit/testing';

export const AUTHORISATION: InsuranceAuthorisation = {
  payAuthNo: 'PA0123456789abcdef',
  contactId: '1',
  insuredName: '张*',
  expiresAt: '2099-01-01T00:00:00.000Z',
};

export function makeSettlement(extra: Partial<Settlement> = {}): Settlement {
  return {
    mode: 'MEDICAL',
    total: 2000,
    insurancePays: 1640,
    fundPays: 1140,
    accountPays: 500,
    selfPays: 360,
    paid: false,
    description: '预约挂号 内科 · 李明 主任医师',
    detailPath: '/appointmentDetail/7',
    ...extra,
  };
}

export class FakeService extends LoopbackService {
  settlement = makeSettlement();
  payment: Payment = {
    paymentId: '31',
    orderType: 'APPOINTMENT',
    orderId: '7',
    channel: 'SANDBOX',
    amount: 360,
    status: 'PENDING',
    paidAt: null,
  };

  protected readonly routes: Route[] = [
    ['POST', /^\/v1\/auth\/payAuthNo$/, () => ok(AUTHORISATION)],
    [
      'POST',
      /^\/v1\/pay_orders\/selfOrMedicalPreSettle$/,
      (r) => {
        const body = JSON.parse(r.body);
        if (body.mode === 'SELF') {
          this.settlement = makeSettlement({
            mode: 'SELF',
            insurancePays: 0,
            fundPays: 0,
            accountPays: 0,
            selfPays: 2000,
          });
        } else if (body.payAuthNo !== AUTHORISATION.payAuthNo) {
          return fail(400, '医保授权无效', '医保授权无效，请重新授权');
        }
        return ok(this.settlement);
      },
    ],
    ['GET', /^\/v1\/pay_orders\/settlement$/, () => ok(this.settlement)],
    ['GET', /^\/v1\/pay_orders\/channels$/, () => ok({ channels: ['SANDBOX'] })],
    [
      'POST',
      /^\/v1\/pay_orders\/js_pay$/,
      () =>
        ok({
          payment: this.payment,
          wechat: null,
          alipay: null,
          redirect: null,
          sandbox: { cashierUrl: `/hospital-service/sandbox/cashier/31?returnPath=x` },
        }),
    ],
    ['GET', /^\/v1\/pay_orders\/31$/, () => ok(this.payment)],
  ];
}

/** The options of the harness (setupFeature): hospital 1000, contacts not loaded, payment confirmed quickly. */
export const harness = {
  service: FakeService,
  seed: { contacts: null },
  payment: { configurePayment, resetPaymentSettings, pollDelaysMs: [0, 20], confirmTimeLimitMs: 200 },
} satisfies FeatureOptions<FakeService>;

/** Keeps the test authorisation for appointment 7 in this tab, as the transit page does. */
export function keepAuthorisation(orderId = '7') {
  sessionStorage.setItem(`insurance.payAuth:APPOINTMENT:${orderId}`, JSON.stringify(AUTHORISATION));
}
