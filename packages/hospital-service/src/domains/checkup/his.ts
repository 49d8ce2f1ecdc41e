import { createHash } from 'node:crypto';
import { addDays, chinaDate, DAY, weekday } from '../../platform/clock.ts';
import { type HisPerson, identityKeyOf } from '../patients/index.ts';

/**
 * The HIS side of check-up (examination) appointments. The examination dictionary — item types, their time
 * slots and capacities, items, notices and the preparation reminders (DJLF) — is the hospital's and lives here as
 * data; what changes per person and per day is asked of the HIS through the {@link CheckupHis} port: the requests
 * a person has, and the places other channels already took.
 */

/** What the refusal names when the HIS fails or does not answer in time (askOutside). */
export const CHECKUP_HIS_NAME = '医院信息系统（HIS）';

/** An examination request (申请单) as the HIS has it. */
export interface CheckupRequest {
  applicationNo: string;
  orderItemId: string;
  visitType: string;
  itemCode: string;
  urgentFlag: string;
  emergencySchedule: string;
  itemTypeId: ItemTypeId;
  /** When the doctor made the request. */
  requestedAt: Date;
}

/** Places of one time slot already taken through the hospital's other channels (window, other apps). */
export interface TakenPlaces {
  date: string;
  batchId: string;
  taken: number;
}

/**
 * The HIS as check-up appointments need it (port `checkupHis`). Both calls only read, so either may be
 * repeated; a failure or a time-out is answered 503 by askOutside and nothing is written.
 */
export interface CheckupHis {
  /** How long one call may take (askOutside's deadline); default OUTSIDE_CALL_TIMEOUT_MS. */
  readonly timeoutMs?: number;
  /** The examination requests the HIS has for a filed person at the hospital (`[]`: none). */
  requestsOf(person: HisPerson, signal?: AbortSignal): Promise<CheckupRequest[]>;
  /**
   * The places already taken, for every time slot of the type on each of the dates (one row per date and
   * slot, 0 to the type's capacity; a day without examinations is full).
   */
  takenPlaces(
    hospitalId: string,
    type: ItemTypeId,
    dates: readonly string[],
    signal?: AbortSignal,
  ): Promise<TakenPlaces[]>;
}

/** Examination types (xmlxid). */
export type ItemTypeId = 'CT' | 'MR' | 'US' | 'ES';

export interface CheckupItemType {
  id: ItemTypeId;
  name: string;
  /** The examining department and where to go. */
  departmentName: string;
  location: string;
  /** Time slots of a day (pbsjfw) and places per slot. */
  batches: { batchId: string; timeRange: string }[];
  capacity: number;
  /** Weekdays (0 = Sunday) without examinations. */
  closedOn: number[];
  notices: string[];
}

export const ITEM_TYPES: Record<ItemTypeId, CheckupItemType> = {
  CT: {
    id: 'CT',
    name: 'CT检查',
    departmentName: '放射科',
    location: '医技楼1层 CT室',
    batches: hourly(['08:00', '09:00', '10:00', '11:00', '14:00', '15:00', '16:00']),
    capacity: 6,
    closedOn: [],
    notices: [
      '请携带身份证、就诊卡及检查申请单，提前15分钟到医技楼1层CT室登记。',
      '检查前请取下金属饰品、手机、钥匙等物品。',
      '孕妇或可能怀孕者请在检查前告知医生。',
    ],
  },
  MR: {
    id: 'MR',
    name: '磁共振检查',
    departmentName: '放射科',
    location: '医技楼1层 磁共振室',
    batches: [
      { batchId: 'B01', timeRange: '08:00-10:00' },
      { batchId: 'B02', timeRange: '10:00-12:00' },
      { batchId: 'B03', timeRange: '14:00-16:00' },
      { batchId: 'B04', timeRange: '16:00-18:00' },
    ],
    capacity: 4,
    closedOn: [],
    notices: [
      '请携带身份证、就诊卡及检查申请单，提前30分钟到医技楼1层磁共振室登记。',
      '体内有心脏起搏器、金属植入物、动脉瘤夹者请勿预约，并于检查前告知医生。',
      '检查时间较长（约20-40分钟），检查中请保持静止。',
    ],
  },
  US: {
    id: 'US',
    name: '超声检查',
    departmentName: '超声科',
    location: '门诊楼3层 超声科',
    batches: hourly(['08:00', '09:00', '10:00', '11:00', '14:00', '15:00', '16:00']),
    capacity: 8,
    closedOn: [],
    notices: [
      '请携带就诊卡及检查申请单，提前15分钟到门诊楼3层超声科签到。',
      '请穿宽松、便于暴露检查部位的衣物。',
    ],
  },
  ES: {
    id: 'ES',
    name: '内镜检查',
    departmentName: '消化内镜中心',
    location: '门诊楼4层 消化内镜中心',
    batches: hourly(['08:00', '09:00', '10:00', '14:00', '15:00']),
    capacity: 3,
    closedOn: [0, 6],
    notices: [
      '请携带就诊卡、检查申请单及近期血常规、凝血功能、传染病筛查结果，提前30分钟到门诊楼4层签到。',
      '检查当日须由家属陪同，无痛内镜检查后当日不得驾车。',
      '正在服用抗凝药物者请提前告知医生。',
    ],
  },
};

function hourly(starts: string[]) {
  return starts.map((start, i) => {
    const end = `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`;
    return { batchId: `B${String(i + 1).padStart(2, '0')}`, timeRange: `${start}-${end}` };
  });
}

export interface CheckupItem {
  /** zlxmbm */
  code: string;
  name: string;
  type: ItemTypeId;
  /** Notices of this item besides its type's. */
  notices: string[];
}

export const CHECKUP_ITEMS: CheckupItem[] = [
  { code: 'CT001', name: '胸部CT平扫', type: 'CT', notices: [] },
  { code: 'CT002', name: '头颅CT平扫', type: 'CT', notices: [] },
  {
    code: 'CT003',
    name: '上腹部CT增强',
    type: 'CT',
    notices: ['增强检查需空腹4小时，检查后多饮水以促进造影剂排出。', '对碘造影剂过敏者请勿预约。'],
  },
  { code: 'MR001', name: '头颅磁共振平扫', type: 'MR', notices: [] },
  { code: 'MR002', name: '腰椎磁共振平扫', type: 'MR', notices: [] },
  {
    code: 'US001',
    name: '腹部彩超（肝胆胰脾）',
    type: 'US',
    notices: ['检查前须空腹8小时（前一日晚餐后禁食）。'],
  },
  { code: 'US002', name: '甲状腺彩超', type: 'US', notices: [] },
  { code: 'US003', name: '心脏彩超', type: 'US', notices: [] },
  {
    code: 'US004',
    name: '泌尿系彩超',
    type: 'US',
    notices: ['检查前1小时饮水500-800毫升，检查前不要排尿（憋尿）。'],
  },
  {
    code: 'ES001',
    name: '电子胃镜检查',
    type: 'ES',
    notices: ['检查前须空腹8小时、禁水2小时。'],
  },
  {
    code: 'ES002',
    name: '电子结肠镜检查',
    type: 'ES',
    notices: ['检查前一日进食少渣饮食，按医嘱服用肠道清洁剂，直至排出清水样便。'],
  },
];

export const itemByCode = (code: string): CheckupItem | undefined =>
  CHECKUP_ITEMS.find((i) => i.code === code);

/** The notices of an item: its type's, then its own. */
export const noticesOf = (item: CheckupItem): string[] => [...ITEM_TYPES[item.type].notices, ...item.notices];

/** Check-ups are booked from tomorrow (urgent requests from today) for 14 days. */
export const CHECKUP_DAYS = 14;

/** The schedule's work number of a day (pbgzbh): type + date, e.g. 'CT20250311'. */
export const workNoOf = (type: ItemTypeId, date: string): string => `${type}${date.replaceAll('-', '')}`;

function digest(...parts: string[]): Buffer {
  return createHash('sha256').update(parts.join('|')).digest();
}

/** The simulated HIS's places of a time slot taken through other channels (deterministic; nearer days fuller). */
export function reservedPlaces(
  hospitalId: string,
  type: ItemTypeId,
  date: string,
  batchId: string,
  today: string,
): number {
  const t = ITEM_TYPES[type];
  if (t.closedOn.includes(weekday(date))) return t.capacity;
  const days = Math.max(0, Math.round((Date.parse(date) - Date.parse(today)) / 86_400_000));
  const load = Math.max(0, 0.9 - days * 0.08);
  const noise = digest('checkup-slot', hospitalId, type, date, batchId)[0] / 255;
  return Math.min(t.capacity, Math.floor(t.capacity * (load + noise * 0.5)));
}

/** The dates a request can be booked on, from `today`. */
export function checkupDates(today: string, urgent: boolean): string[] {
  const first = urgent ? 0 : 1;
  return Array.from({ length: CHECKUP_DAYS }, (_, i) => addDays(today, first + i));
}

export interface GeneratedApplication {
  applicationNo: string;
  orderItemId: string;
  visitType: string;
  itemCode: string;
  urgentFlag: string;
  emergencySchedule: string;
  itemTypeId: ItemTypeId;
  /** Days before `now` the request was made. */
  daysAgo: number;
}

/**
 * The simulated HIS's examination requests for a filed person at a hospital: two or three, always the same
 * ones for the same person (numbers derived from the person, like the patients domain's cards).
 */
export function applicationsOf(person: HisPerson): GeneratedApplication[] {
  const h = digest('checkup', person.hospitalId, identityKeyOf(person.identityCard), person.name.trim());
  const count = 2 + (h[0] % 2);
  const chosen: CheckupItem[] = [];
  for (let i = 0; chosen.length < count; i++) {
    const item = CHECKUP_ITEMS[(h[(1 + i) % h.length] + i * 7) % CHECKUP_ITEMS.length];
    if (!chosen.some((c) => c.type === item.type)) chosen.push(item);
  }
  const base = h.readUInt32BE(8) % 100_000_000;
  return chosen.map((item, i) => ({
    applicationNo: `SQ${person.hospitalId}${String((base + i * 7919) % 100_000_000).padStart(8, '0')}`,
    orderItemId: `YZ${String((h.readUInt32BE(12) + i * 104729) % 100_000_000).padStart(8, '0')}`,
    visitType: '1',
    itemCode: item.code,
    urgentFlag: i === 0 && h[16] % 4 === 0 ? '1' : '0',
    emergencySchedule: '0',
    itemTypeId: item.type,
    daysAgo: 1 + (h[20 + i] % 5),
  }));
}

/** Preparation reminders by examination type (GET /v1/dict/DJLF; the app's /checkAppointRemind/:id). */
export const CHECKUP_REMINDERS: { id: string; title: string; content: string[] }[] = [
  {
    id: 'GENERAL',
    title: '检查预约须知',
    content: [
      '预约成功后请按预约日期和时段到检查科室签到，过时段未到视为爽约，需重新预约。',
      '如需取消，请于检查开始24小时前在线取消；不足24小时请联系检查科室。',
      '检查当日请携带身份证、就诊卡及检查申请单。',
    ],
  },
  ...Object.values(ITEM_TYPES).map((t) => ({ id: t.id, title: `${t.name}前准备`, content: t.notices })),
];

/**
 * The simulated HIS (the default outside production; a simulation production refuses unless
 * DEMO_SIMULATED_PORTS allows it): {@link applicationsOf} dated back from the clock, {@link reservedPlaces}
 * from the clock's day.
 */
export class SimulatedCheckupHis implements CheckupHis {
  readonly simulated = true;

  constructor(private readonly now: () => Date) {}

  async requestsOf(person: HisPerson): Promise<CheckupRequest[]> {
    const now = this.now().getTime();
    return applicationsOf(person).map(({ daysAgo, ...a }) => ({
      ...a,
      requestedAt: new Date(now - daysAgo * DAY),
    }));
  }

  async takenPlaces(hospitalId: string, type: ItemTypeId, dates: readonly string[]): Promise<TakenPlaces[]> {
    const today = chinaDate(this.now());
    return dates.flatMap((date) =>
      ITEM_TYPES[type].batches.map(({ batchId }) => ({
        date,
        batchId,
        taken: reservedPlaces(hospitalId, type, date, batchId, today),
      })),
    );
  }
}
