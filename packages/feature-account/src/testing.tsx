/** Test helpers of the account and invoice screens (not used by the app): a fake of their calls. */
import type {
  AccountTransaction,
  InvoiceSummary,
  PaidSettlement,
  Payment,
  PrepaidAccount,
  Recharge,
} from '@patient/contract';
import { type FeatureOptions, fail, LoopbackService, ok, type Route } from '@patient/feature-kit/testing';
import { configurePayment, resetPaymentSettings } from '@patient/payment';

export { answerDialog, bodiesOf, bodyShows, pause, sent } from '@patient/feature-kit/testing';

export function makeAccount(extra: Partial<PrepaidAccount> = {}): PrepaidAccount {
  return {
    accountId: '7',
    accountNo: 'YJ100000000007',
    hospitalId: '1000',
    contactId: '1',
    patientName: '张*',
    identityCard: '11010*************',
    cardNo: '100200300',
    status: 'OPEN',
    balance: 29_350,
    refundable: 29_350,
    openedAt: '2030-05-01T02:00:00.000Z',
    closedAt: null,
    ...extra,
  };
}

export const TRANSACTIONS: AccountTransaction[] = [
  {
    transactionId: '3',
    kind: 'REFUND',
    amount: 1_000,
    balanceAfter: 29_350,
    at: '2030-05-04T03:00:00.000Z',
    title: '销户退款',
    channel: '原路退回',
    status: 'PROCESSING',
  },
  {
    transactionId: '2',
    kind: 'SPEND',
    amount: 20_650,
    balanceAfter: 30_350,
    at: '2030-05-03T03:00:00.000Z',
    title: '门诊缴费 · 西药费',
    channel: '医院自助机',
    status: 'DONE',
  },
  {
    transactionId: '1',
    kind: 'RECHARGE',
    amount: 51_000,
    balanceAfter: 51_000,
    at: '2030-05-01T03:00:00.000Z',
    title: '在线充值',
    channel: '线上支付',
    status: 'DONE',
  },
];

export function makeInvoice(extra: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    fileId: 'f1',
    hospitalId: '1000',
    contactId: '1',
    type: 'INPATIENT',
    invoiceCode: '33003002',
    invoiceNumber: '0000000001',
    amount: 325_000,
    issuedAt: '2030-04-01T02:00:00.000Z',
    payerName: '张*',
    settlementCount: 1,
    ...extra,
  };
}

export const SETTLEMENTS: PaidSettlement[] = [
  {
    settlementId: 'P-9',
    type: 'REGISTRATION',
    title: '预约挂号 心血管内科 · 普通门诊',
    department: '',
    amount: 1_500,
    paidAt: '2030-05-08T02:00:00.000Z',
    source: 'APP',
  },
  {
    settlementId: 'H-1000-1-1',
    type: 'OUTPATIENT',
    title: '门诊缴费 · 呼吸内科',
    department: '呼吸内科',
    amount: 12_345,
    paidAt: '2030-05-07T02:00:00.000Z',
    source: 'HIS',
  },
  {
    settlementId: 'H-1000-1-2',
    type: 'OUTPATIENT',
    title: '门诊缴费 · 消化内科',
    department: '消化内科',
    amount: 20_000,
    paidAt: '2030-04-28T02:00:00.000Z',
    source: 'HIS',
  },
];

const SVG = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`;

export class FakeService extends LoopbackService {
  account: PrepaidAccount | null = makeAccount();
  recharges: Recharge[] = [];
  payments: Payment[] = [];
  invoices: InvoiceSummary[] = [makeInvoice()];
  settlements: PaidSettlement[] = [...SETTLEMENTS];

  protected readonly routes: Route[] = [
    [
      'POST',
      /^\/v1\/account\/1000\/patientAccountInfo$/,
      () =>
        ok({
          contactId: '1',
          patientName: '张*',
          identityCard: '11010*************',
          cardNo: '100200300',
          account: this.account,
        }),
    ],
    [
      'POST',
      /^\/v1\/account\/1000\/patientCreatAccount$/,
      () => {
        this.account = makeAccount({ balance: 0, refundable: 0 });
        return ok(this.account);
      },
    ],
    [
      'GET',
      /^\/v1\/account\/patientAccountCancellation$/,
      (r) => {
        if (!this.account) return fail(404, '预交金账户不存在');
        if (r.query.get('name') !== '张伟') return fail(400, '参数 name 不正确：姓名与账户人不一致');
        const refundFen = this.account.balance;
        this.account = {
          ...this.account,
          status: 'CLOSED',
          balance: 0,
          closedAt: '2030-05-09T02:00:00.000Z',
        };
        return ok({ account: this.account, refundFen });
      },
    ],
    [
      'POST',
      /^\/v1\/account\/1000\/patientGetAccountTransactionRecords$/,
      () => ok({ account: this.account, items: TRANSACTIONS }),
    ],
    [
      'GET',
      /^\/v1\/account\/patientGetAccountCards$/,
      () =>
        ok({
          patientName: '张*',
          identityCard: '11010*************',
          account: this.account,
          cards: [{ cardId: '4', cardNo: '100200300', cardType: '就诊卡', isDefault: true }],
        }),
    ],
    [
      'POST',
      /^\/v1\/account\/cardInfo$/,
      () =>
        this.account
          ? ok({
              account: this.account,
              minFen: 100,
              maxFen: 500_000,
              roomFen: 2_000_000 - this.account.balance,
              presetsFen: [5_000, 10_000, 20_000, 50_000, 100_000, 200_000],
            })
          : fail(409, '请先开通预交金账户'),
    ],
    [
      'POST',
      /^\/v1\/account\/pay$/,
      (r) => {
        const { amount } = JSON.parse(r.body);
        const recharge: Recharge = {
          rechargeId: String(20 + this.recharges.length),
          accountId: '7',
          hospitalId: '1000',
          contactId: '1',
          amount,
          status: 'PENDING',
          createdAt: '2030-05-09T02:00:00.000Z',
          paidAt: null,
          balance: this.account?.balance ?? 0,
        };
        this.recharges.push(recharge);
        return ok(recharge);
      },
    ],
    [
      'GET',
      /^\/v1\/account\/recharge\/(\w+)$/,
      (_r, m) => {
        const found = this.recharges.find((x) => x.rechargeId === m[1]);
        return found ? ok(found) : fail(404, '充值记录不存在');
      },
    ],
    ['GET', /^\/v1\/pay_orders\/channels$/, () => ok({ channels: ['SANDBOX'] })],
    [
      'POST',
      /^\/v1\/pay_orders\/js_pay$/,
      (r) => {
        const { orderId, orderType, channel, returnPath } = JSON.parse(r.body);
        const recharge = this.recharges.find((x) => x.rechargeId === orderId);
        const payment: Payment = {
          paymentId: `p${orderId}`,
          orderType,
          orderId,
          channel,
          amount: recharge?.amount ?? 0,
          status: 'PENDING',
          paidAt: null,
        };
        this.payments.push(payment);
        return ok({
          payment,
          wechat: null,
          alipay: null,
          sandbox: {
            cashierUrl: `http://127.0.0.1/cashier?paymentId=${payment.paymentId}&return=${returnPath}`,
          },
          redirect: null,
          authorize: null,
        });
      },
    ],
    [
      'GET',
      /^\/v1\/pay_orders\/(\w+)$/,
      (_r, m) => {
        const payment = this.payments.find((p) => p.paymentId === m[1]);
        return payment ? ok(payment) : fail(404, '支付记录不存在');
      },
    ],
    ['POST', /^\/queryInvoice\/1000$/, () => ok(this.invoices)],
    ['POST', /^\/v1\/contact\/1000\/selectInvoice$/, () => ok(this.settlements)],
    [
      'POST',
      /^\/v1\/contact\/1000\/queryMergeCashInfo$/,
      (r) => {
        const ids: string[] = JSON.parse(r.body).settlementIds;
        const chosen = this.settlements.filter((s) => ids.includes(s.settlementId));
        const amount = chosen.reduce((sum, s) => sum + s.amount, 0);
        return ok({
          type: chosen[0].type,
          amount,
          capital: '叁佰贰拾叁元肆角伍分',
          lines: [{ name: '西药费', amount }],
          settlementCount: chosen.length,
        });
      },
    ],
    [
      'POST',
      /^\/v1\/contact\/1000\/mergePrintInvoice$/,
      (r) => {
        const ids: string[] = JSON.parse(r.body).settlementIds;
        const chosen = this.settlements.filter((s) => ids.includes(s.settlementId));
        const invoice = makeInvoice({
          fileId: 'f2',
          type: chosen[0].type,
          amount: chosen.reduce((sum, s) => sum + s.amount, 0),
          settlementCount: chosen.length,
        });
        this.invoices.unshift(invoice);
        this.settlements = this.settlements.filter((s) => !ids.includes(s.settlementId));
        return ok(invoice);
      },
    ],
    [
      'GET',
      /^\/v1\/contact\/pdfToImage$/,
      (r) => {
        const invoice = this.invoices.find((i) => i.fileId === r.query.get('fileId'));
        if (!invoice) return fail(404, '电子票据不存在');
        return ok({
          invoice,
          capital: '叁仟贰佰伍拾元整',
          lines: [{ name: '床位费', amount: invoice.amount }],
          fileName: `电子票据-${invoice.invoiceCode}-${invoice.invoiceNumber}.svg`,
          pages: [{ width: 842, height: 595, image: SVG }],
        });
      },
    ],
  ];
}

/** The options of the harness (setupFeature): 张伟, payment confirmed quickly. */
export const harness = {
  service: FakeService,
  payment: { configurePayment, resetPaymentSettings, pollDelaysMs: [0, 30], confirmTimeLimitMs: 200 },
} satisfies FeatureOptions<FakeService>;
