import { createHash } from 'node:crypto';
import { addDays } from '../../platform/clock.ts';
import { type HisPerson, identityKeyOf } from '../patients/index.ts';
import type { FeeLineRow } from './tables.ts';

/**
 * The hospital's billing system (HIS), simulated: what it bills a person at the outpatient clinic and what a
 * stay in a ward costs day by day. Deterministic per person and hospital (a hash of the ID number), so every
 * filed person — the demo's included — has the same bills on every run; the lock and paid state are kept in
 * this domain's tables (the HIS's lock book).
 */
export interface BillingHis {
  /** The unpaid orders of the person's visit today: prescriptions and requests, with their items. */
  outpatientOrders(person: HisPerson): HisOutpatientOrder[];
  /** The person's stays: one in progress (admitted `daysAgo` days ago) and one discharged, awaiting settlement. */
  stays(person: HisPerson): HisStay[];
  /** What a stay was charged on one day (dayIndex 0 = the admission day). */
  dayCharges(admissionNo: string, dayIndex: number, lastDay: boolean): FeeLineRow[];
}

export interface HisOutpatientOrder {
  hisOrderNo: string;
  category: 'WESTERN_MEDICINE' | 'EXAMINATION' | 'LABORATORY' | 'TREATMENT';
  title: string;
  department: string;
  doctor: string;
  /** Minutes before the listing. */
  minutesAgo: number;
  insuranceCovered: boolean;
  items: FeeLineRow[];
}

export interface HisStay {
  admissionNo: string;
  department: string;
  ward: string;
  bed: string;
  doctor: string;
  /** Admitted this many days before the first listing. */
  admittedDaysAgo: number;
  /** Discharged this many days before the first listing; null: still in hospital. */
  dischargedDaysAgo: number | null;
  /** Paid at the admission desk, fen. */
  counterDeposit: number;
}

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

function outpatientOrders(person: HisPerson): HisOutpatientOrder[] {
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

function stays(person: HisPerson): HisStay[] {
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

/** The simulated billing HIS. */
export const simulatedBillingHis: BillingHis = { outpatientOrders, stays, dayCharges };

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
