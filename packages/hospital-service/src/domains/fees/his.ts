import { createHash } from 'node:crypto';
import { addDays, chinaDate, DAY, MINUTE } from '../../platform/clock.ts';
import { askOutside } from '../../platform/outside-system.ts';
import { type HisPerson, identityKeyOf } from '../patients/index.ts';
import type { FeeLineRow } from './tables.ts';

/** What the patient is told names the system when it fails or times out (askOutside). */
export const BILLING_HIS = '医院收费系统（HIS）';

/**
 * The HIS refused a call: an order, stay or payment it does not know, an amount that does not match its bill, a
 * payment number confirmed before with other contents. Its message is the patient's (Chinese).
 */
export class BillingHisError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BillingHisError';
  }
}

/**
 * The hospital's billing system (HIS): what it bills a person at the outpatient clinic, the person's stays and
 * what each costs day by day, and its confirmation of every payment taken here — the HIS, not this service's
 * tables, is the truth of what is owed and paid. Every call may go over a network: each answers a Promise, and
 * the handlers call it through `askOutside` (a failure or time-out: 503, nothing written).
 */
export interface BillingHis {
  /** How long one call may take (default: OUTSIDE_CALL_TIMEOUT_MS). */
  readonly timeoutMs?: number;
  /** The unpaid orders of the person's visit today: prescriptions and requests, with their items (fen). */
  outpatientOrders(person: HisPerson): Promise<HisOutpatientOrder[]>;
  /** The person's stays at the hospital, in progress or discharged, with what was paid at the desk. */
  stays(person: HisPerson): Promise<HisStay[]>;
  /**
   * What a stay was charged day by day, from admission to `asOf`'s China day (or the discharge day). An
   * admission number the HIS never gave: BillingHisError.
   */
  stayCharges(stay: HisStayRef, asOf: Date): Promise<HisChargeDay[]>;
  /**
   * The orders were paid here (our payment number `paymentNo`, the orders' whole amount): the HIS books them
   * paid and answers its receipt. Idempotent by `paymentNo` (the same receipt again); an unknown order, an
   * amount that is not the orders' total or a `paymentNo` confirmed with other orders: BillingHisError.
   */
  confirmOutpatientPayment(payment: OutpatientPayment): Promise<HisReceipt>;
  /** A deposit was paid here for a stay: booked on it once per `paymentNo`, its receipt. */
  confirmDeposit(payment: DepositPayment): Promise<HisReceipt>;
  /**
   * The discharged stay is settled: `paidFen` paid here now (0 when the deposits covered it; then `paymentNo` is
   * null), `refundFen` going back. Idempotent by `settlementNo`: the stay's receipt (and the payment's).
   */
  settleStay(settlement: StaySettlement): Promise<HisReceipt & { paymentReceiptNo: string | null }>;
}

/** A stay as the HIS knows it: its admission number, admission and discharge days (ISO dates). */
export interface HisStayRef {
  admissionNo: string;
  admittedOn: string;
  dischargedOn: string | null;
}

/** One day of a stay's charges. */
export interface HisChargeDay {
  /** ISO date, China time. */
  date: string;
  lines: FeeLineRow[];
}

/** The HIS's receipt number of a confirmed payment. */
export interface HisReceipt {
  receiptNo: string;
}

/** Outpatient orders paid here together (one merged charge). */
export interface OutpatientPayment {
  hospitalId: string;
  /** Our number of the payment (the merged charge's id): the idempotency key. */
  paymentNo: string;
  hisOrderNos: string[];
  amountFen: number;
  paidAt: Date;
}

/** An online deposit for a stay. */
export interface DepositPayment {
  hospitalId: string;
  admissionNo: string;
  /** Our number of the deposit: the idempotency key. */
  paymentNo: string;
  amountFen: number;
  paidAt: Date;
}

/** A discharged stay's settlement. */
export interface StaySettlement {
  hospitalId: string;
  admissionNo: string;
  /** Our number of the settlement (the stay's id): the idempotency key. */
  settlementNo: string;
  /** The settlement payment's number, or null when nothing was paid here. */
  paymentNo: string | null;
  paidFen: number;
  refundFen: number;
  at: Date;
}

/** A prescription or request the HIS bills at the outpatient clinic, its items in fen. */
export interface HisOutpatientOrder {
  hisOrderNo: string;
  category: 'WESTERN_MEDICINE' | 'EXAMINATION' | 'LABORATORY' | 'TREATMENT';
  title: string;
  department: string;
  doctor: string;
  prescribedAt: Date;
  insuranceCovered: boolean;
  items: FeeLineRow[];
}

/** A stay in a ward as the HIS lists it. */
export interface HisStay {
  admissionNo: string;
  department: string;
  ward: string;
  bed: string;
  doctor: string;
  /** ISO date. */
  admittedOn: string;
  /** ISO date; null: still in hospital. */
  dischargedOn: string | null;
  /** What was paid at the admission desk, fen. */
  counterDeposits: { receiptNo: string; amountFen: number; paidAt: Date }[];
}

/** Asks the billing HIS with its deadline; its own refusals (BillingHisError) pass through. */
export const askBilling = <T>(his: BillingHis, call: (his: BillingHis) => Promise<T>): Promise<T> =>
  askOutside(BILLING_HIS, () => call(his), {
    timeoutMs: his.timeoutMs,
    passThrough: (error) => error instanceof BillingHisError,
  });

const line = (
  code: string,
  name: string,
  specification: string,
  quantity: number,
  unit: string,
  unitPrice: number,
): FeeLineRow => ({ code, name, specification, quantity, unit, unitPrice, amount: quantity * unitPrice });

function digitsOf(text: string, length: number): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return BigInt(`0x${hex.slice(0, 15)}`)
    .toString()
    .padStart(length, '0')
    .slice(-length);
}

const DOCTORS = ['李明', '王强', '陈静', '刘洋', '赵敏'];

type OrderTemplate = Omit<HisOutpatientOrder, 'prescribedAt'> & { minutesAgo: number };

function outpatientOrders(person: HisPerson): OrderTemplate[] {
  const key = `${person.hospitalId}:${identityKeyOf(person.identityCard)}`;
  const digits = digitsOf(key, 12);
  const doctor = `${DOCTORS[Number(digits[0]) % DOCTORS.length]} 主治医师`;
  const no = (prefix: string, n: number) => `${prefix}${digits.slice(2, 10)}${n}`;
  return [
    {
      hisOrderNo: no('CF', 1),
      category: 'WESTERN_MEDICINE',
      title: '西药处方',
      department: '呼吸内科',
      doctor,
      minutesAgo: 50,
      insuranceCovered: true,
      items: [
        line('DRUG_WESTERN', '阿莫西林胶囊', '0.25g×24粒', 2, '盒', 1_850),
        line('DRUG_WESTERN', '盐酸氨溴索片', '30mg×20片', 1, '盒', 2_260),
        line('DRUG_WESTERN', '复方甘草口服溶液', '100ml', 1, '瓶', 880),
      ],
    },
    {
      hisOrderNo: no('JC', 2),
      category: 'EXAMINATION',
      title: '胸部CT平扫',
      department: '呼吸内科',
      doctor,
      minutesAgo: 48,
      insuranceCovered: true,
      items: [
        line('EXAMINATION', '胸部CT平扫', '64排', 1, '次', 23_000),
        line('EXAMINATION', '胶片及图像打印', '14×17英寸', 1, '张', 1_500),
      ],
    },
    {
      hisOrderNo: no('JY', 3),
      category: 'LABORATORY',
      title: '血常规 + C反应蛋白',
      department: '呼吸内科',
      doctor,
      minutesAgo: 47,
      insuranceCovered: true,
      items: [
        line('LABORATORY', '血细胞分析（五分类）', '静脉血', 1, '次', 2_500),
        line('LABORATORY', 'C反应蛋白测定', '静脉血', 1, '项', 1_800),
        line('LABORATORY', '静脉采血', '一次性采血针', 1, '次', 500),
      ],
    },
    {
      hisOrderNo: no('ZL', 4),
      category: 'TREATMENT',
      title: '雾化吸入治疗',
      department: '呼吸内科',
      doctor,
      minutesAgo: 45,
      insuranceCovered: false,
      items: [
        line('TREATMENT', '氧气雾化吸入', '每次15分钟', 3, '次', 1_200),
        line('MATERIAL', '一次性雾化面罩', '成人', 1, '个', 800),
      ],
    },
  ];
}

interface StayTemplate extends Omit<HisStay, 'admittedOn' | 'dischargedOn' | 'counterDeposits'> {
  admittedDaysAgo: number;
  dischargedDaysAgo: number | null;
  counterDeposit: number;
}

function stays(person: HisPerson): StayTemplate[] {
  const digits = digitsOf(`${person.hospitalId}:stay:${identityKeyOf(person.identityCard)}`, 12);
  return [
    {
      admissionNo: `ZY${digits.slice(0, 10)}`,
      department: '心血管内科',
      ward: '心血管内科一病区（住院部5楼）',
      bed: `${10 + (Number(digits[10]) % 30)}床`,
      doctor: '李明 主任医师',
      admittedDaysAgo: 4,
      dischargedDaysAgo: null,
      counterDeposit: 150_000,
    },
    {
      admissionNo: `ZY${digits.slice(2, 12)}`,
      department: '呼吸内科',
      ward: '呼吸内科病区（住院部7楼）',
      bed: `${5 + (Number(digits[11]) % 20)}床`,
      doctor: '王强 副主任医师',
      admittedDaysAgo: 40,
      dischargedDaysAgo: 34,
      counterDeposit: 100_000,
    },
  ];
}

/** A day in a ward: bed, nursing, rounds every day; drugs, tests and treatment vary by a hash of the day. */
function dayCharges(admissionNo: string, dayIndex: number, lastDay: boolean): FeeLineRow[] {
  const d = digitsOf(`${admissionNo}:${dayIndex}`, 6);
  const lines = [
    line('BED', '普通病房床位费', '三人间', 1, '日', 4_500),
    line('NURSING', '二级护理', '', 1, '日', 2_800),
    line('CONSULTATION', '住院诊查费', '', 1, '日', 1_200),
    line('DRUG_WESTERN', '注射用头孢呋辛钠', '0.75g', 2 + (Number(d[0]) % 3), '支', 1_860),
    line('DRUG_WESTERN', '0.9%氯化钠注射液', '100ml', 2, '袋', 520),
  ];
  if (dayIndex === 0) {
    lines.push(line('EXAMINATION', '心脏彩色多普勒超声', '', 1, '次', 26_000));
    lines.push(line('LABORATORY', '生化全套', '静脉血', 1, '次', 18_000));
  }
  if (Number(d[1]) % 2 === 0)
    lines.push(line('LABORATORY', '血细胞分析（五分类）', '静脉血', 1, '次', 2_500));
  if (Number(d[2]) % 3 === 0) lines.push(line('EXAMINATION', '常规心电图', '十二导联', 1, '次', 3_500));
  lines.push(line('TREATMENT', '静脉输液', '', 2, '组', 1_000));
  lines.push(line('MATERIAL', '一次性输液器', '带针', 2, '套', 650));
  if (lastDay) lines.push(line('TREATMENT', '出院带药指导', '', 1, '次', 1_000));
  return lines;
}

const ORDER_NO = /^(CF|JC|JY|ZL)\d{8}([1-4])$/;
const ADMISSION_NO = /^ZY\d{10}$/;
const PAYMENT_NO = /^\d{1,18}$/;

/** What each order kind costs (the items are the same for everybody; the numbers are the person's). */
const ORDER_AMOUNT = new Map(
  outpatientOrders({ hospitalId: '0', identityCard: '0', name: '' }).map((o) => [
    o.hisOrderNo.slice(0, 2),
    o.items.reduce((sum, i) => sum + i.amount, 0),
  ]),
);

const stamp = (prefix: string, no: string, at: Date) =>
  `${prefix}${at.toISOString().slice(0, 10).replaceAll('-', '')}${no.padStart(8, '0')}`;

/**
 * The simulated billing HIS: deterministic per hospital and ID number (a hash), so every filed person — the
 * demo's included — has the same bills on every run, dated from the clock (orders of today's visit, a stay
 * admitted 4 days ago, one discharged 34 days ago). Daily charges vary by a hash of the admission number and day.
 * Confirmations are checked (known numbers, the orders' amount) and remembered in memory for idempotency; the
 * receipt is made from our number and the first confirmation's day.
 */
export class SimulatedBillingHis implements BillingHis {
  /** A simulation: production refuses to start with it unless DEMO_SIMULATED_PORTS allows `billing`. */
  readonly simulated = true;
  readonly #now: () => Date;
  /** Confirmations by kind and our number: what was confirmed and the receipt given. */
  readonly #confirmed = new Map<
    string,
    { contents: string; receipt: HisReceipt & { paymentReceiptNo?: string | null } }
  >();

  constructor(now: () => Date = () => new Date()) {
    this.#now = now;
  }

  async outpatientOrders(person: HisPerson): Promise<HisOutpatientOrder[]> {
    const now = this.#now().getTime();
    return outpatientOrders(person).map(({ minutesAgo, ...o }) => ({
      ...o,
      prescribedAt: new Date(now - minutesAgo * MINUTE),
    }));
  }

  async stays(person: HisPerson): Promise<HisStay[]> {
    const now = this.#now();
    const today = chinaDate(now);
    return stays(person).map(({ admittedDaysAgo, dischargedDaysAgo, counterDeposit, ...s }) => ({
      ...s,
      admittedOn: addDays(today, -admittedDaysAgo),
      dischargedOn: dischargedDaysAgo === null ? null : addDays(today, -dischargedDaysAgo),
      counterDeposits: [
        {
          receiptNo: `YJ${s.admissionNo.slice(2)}0`,
          amountFen: counterDeposit,
          paidAt: new Date(now.getTime() - admittedDaysAgo * DAY),
        },
      ],
    }));
  }

  async stayCharges(stay: HisStayRef, asOf: Date): Promise<HisChargeDay[]> {
    if (!ADMISSION_NO.test(stay.admissionNo)) throw new BillingHisError(`住院号 ${stay.admissionNo} 不存在`);
    const dates = stayDates(stay.admittedOn, stay.dischargedOn ?? chinaDate(asOf));
    return dates.map((date, index) => ({
      date,
      lines: dayCharges(stay.admissionNo, index, stay.dischargedOn !== null && index === dates.length - 1),
    }));
  }

  async confirmOutpatientPayment(payment: OutpatientPayment): Promise<HisReceipt> {
    const kinds = payment.hisOrderNos.map((no) => ORDER_NO.exec(no));
    const unknown = payment.hisOrderNos.find((_, i) => !kinds[i]);
    if (unknown !== undefined) throw new BillingHisError(`处方单号 ${unknown} 不存在`);
    if (payment.hisOrderNos.length === 0) throw new BillingHisError('缴费未包含处方');
    const owed = payment.hisOrderNos.reduce((sum, no) => sum + (ORDER_AMOUNT.get(no.slice(0, 2)) ?? 0), 0);
    if (payment.amountFen !== owed) {
      throw new BillingHisError(`缴费金额 ${payment.amountFen} 分与处方合计 ${owed} 分不符`);
    }
    const contents = [...payment.hisOrderNos].sort().join(',');
    return this.#once(`MZ:${payment.hospitalId}:${payment.paymentNo}`, payment.paymentNo, contents, () => ({
      receiptNo: stamp('MZ', payment.paymentNo, payment.paidAt),
    }));
  }

  async confirmDeposit(payment: DepositPayment): Promise<HisReceipt> {
    if (!ADMISSION_NO.test(payment.admissionNo))
      throw new BillingHisError(`住院号 ${payment.admissionNo} 不存在`);
    if (!(Number.isInteger(payment.amountFen) && payment.amountFen > 0)) {
      throw new BillingHisError('预交金金额不正确');
    }
    const contents = `${payment.admissionNo}:${payment.amountFen}`;
    return this.#once(`YJ:${payment.hospitalId}:${payment.paymentNo}`, payment.paymentNo, contents, () => ({
      receiptNo: stamp('YJ', payment.paymentNo, payment.paidAt),
    }));
  }

  async settleStay(settlement: StaySettlement): Promise<HisReceipt & { paymentReceiptNo: string | null }> {
    if (!ADMISSION_NO.test(settlement.admissionNo)) {
      throw new BillingHisError(`住院号 ${settlement.admissionNo} 不存在`);
    }
    if (settlement.paymentNo !== null && !PAYMENT_NO.test(settlement.paymentNo)) {
      throw new BillingHisError('结算支付单号不正确');
    }
    if (
      settlement.paidFen < 0 ||
      settlement.refundFen < 0 ||
      settlement.paidFen > 0 !== (settlement.paymentNo !== null)
    ) {
      throw new BillingHisError('结算金额不正确');
    }
    const contents = `${settlement.admissionNo}:${settlement.paymentNo}:${settlement.paidFen}:${settlement.refundFen}`;
    const receipt = this.#once(
      `CY:${settlement.hospitalId}:${settlement.settlementNo}`,
      settlement.settlementNo,
      contents,
      () => ({
        receiptNo: stamp('CY', settlement.settlementNo, settlement.at),
        paymentReceiptNo:
          settlement.paymentNo === null ? null : stamp('JS', settlement.paymentNo, settlement.at),
      }),
    );
    return { receiptNo: receipt.receiptNo, paymentReceiptNo: receipt.paymentReceiptNo ?? null };
  }

  #once<R extends HisReceipt>(key: string, no: string, contents: string, make: () => R): R {
    if (!PAYMENT_NO.test(no)) throw new BillingHisError(`单号 ${no} 不正确`);
    const known = this.#confirmed.get(key);
    if (known) {
      if (known.contents !== contents) throw new BillingHisError(`单号 ${no} 已以不同内容确认`);
      return known.receipt as R;
    }
    const receipt = make();
    this.#confirmed.set(key, { contents, receipt });
    return receipt;
  }
}

/** Category of an inpatient fee line (INPATIENT_FEE_CATEGORIES). */
export const CATEGORY_OF_CODE: Record<string, string> = {
  BED: '床位费',
  NURSING: '护理费',
  CONSULTATION: '诊查费',
  DRUG_WESTERN: '西药费',
  EXAMINATION: '检查费',
  LABORATORY: '化验费',
  TREATMENT: '治疗费',
  MATERIAL: '材料费',
};

/** The stay's days (ISO dates) from admission to `lastDate`, inclusive. */
export function stayDates(admittedOn: string, lastDate: string): string[] {
  const dates: string[] = [];
  for (let d = admittedOn; d <= lastDate && dates.length < 400; d = addDays(d, 1)) dates.push(d);
  return dates;
}
