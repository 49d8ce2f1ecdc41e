import { createHash } from 'node:crypto';
import { addDays, chinaDate, DAY, HOUR } from '../../platform/clock.ts';
import { DEMO_CONTACTS, type HisPerson, identityKeyOf } from '../patients/index.ts';
import {
  ACUTE_VISITS,
  CONDITIONS,
  DRUGS,
  type DrugSeed,
  HEALTH_CERTIFICATE_VISIT,
  type VisitOrder,
  type VisitTemplate,
} from './seed-data.ts';

/** What the refusal names when the HIS fails or does not answer in time (askOutside). */
export const RECORD_SYSTEM_NAME = '医院信息系统（HIS）';

/**
 * The HIS's medical records (port `recordSystem`): a filed person's visits (outpatient visits and inpatient
 * stays), each with its record, prescriptions and the orders it sent to the LIS and the PACS, and the hospital's
 * drug catalogue. Both calls only read, so either may be repeated; a failure or a time-out is answered 503 by
 * askOutside.
 */
export interface RecordSystem {
  /** How long one call may take (askOutside's deadline); default OUTSIDE_CALL_TIMEOUT_MS. */
  readonly timeoutMs?: number;
  /**
   * The person's visits at the hospital, newest first (the caller checks that the person is filed). `anchor`
   * is when the service first knew the person (the contact's creation): a simulation dates its history back
   * from it, a real HIS ignores it.
   */
  visitsOf(person: HisPerson, anchor: Date, signal?: AbortSignal): Promise<HisVisit[]>;
  /** A drug of the hospital's catalogue with its instructions; null when the code is unknown. */
  drug(drugCode: string, signal?: AbortSignal): Promise<DrugSeed | null>;
}

export interface HisOrder {
  /** The report's id in the LIS/PACS (a lab report's sample number). */
  reportId: string;
  order: VisitOrder;
  requestedAt: Date;
}

/** An order of the simulated HIS, with what the simulated LIS derives its values from. */
export interface SimulatedOrder extends HisOrder {
  /** The visit's place in the person's story (condition and follow-up, or the acute visit) and the order's. */
  seed: string;
}

export interface HisVisit {
  visitNo: string;
  patientId: string;
  template: VisitTemplate;
  startedAt: Date;
  date: string;
  endDate: string | null;
  prescriptions: {
    prescriptionNo: string;
    category: string;
    issuedAt: Date;
    drugs: (VisitTemplate['prescriptions'][number]['drugs'][number] & DrugSeed)[];
  }[];
  orders: HisOrder[];
}

function digest(...parts: (string | number)[]): Buffer {
  return createHash('sha256').update(parts.join('|')).digest();
}

function digitsOf(bytes: Buffer, count: number): string {
  const n = BigInt(`0x${bytes.toString('hex')}`) % 10n ** BigInt(count);
  return n.toString().padStart(count, '0');
}

const personKey = (p: HisPerson) => [p.hospitalId, identityKeyOf(p.identityCard), p.name.trim()] as const;

/**
 * The demo people's condition and acute visits (ACUTE_VISITS indexes), so the demo tells a known story: his
 * glucose coming down, a lumbar MR, a gastroscopy with its pathology; her cholesterol, a cold and a pneumonia.
 */
const DEMO_HISTORIES = new Map<string, { condition: string; acute: [number, number] }>([
  [
    `${identityKeyOf(DEMO_CONTACTS[0].documentNumber)}|${DEMO_CONTACTS[0].name}`,
    { condition: 'DIABETES', acute: [1, 2] },
  ],
  [
    `${identityKeyOf(DEMO_CONTACTS[1].documentNumber)}|${DEMO_CONTACTS[1].name}`,
    { condition: 'HYPERTENSION', acute: [0, 3] },
  ],
]);

const demoHistoryOf = (person: HisPerson) =>
  DEMO_HISTORIES.get(`${identityKeyOf(person.identityCard)}|${person.name.trim()}`);

const CONDITION_NAMES = Object.keys(CONDITIONS);

/** Which long-term condition the person has. */
export function conditionOf(person: HisPerson): string {
  const known = demoHistoryOf(person);
  if (known) return known.condition;
  return CONDITION_NAMES[digest('condition', ...personKey(person))[0] % CONDITION_NAMES.length];
}

const DRUG_BY_CODE = new Map(DRUGS.map((d) => [d.drugCode, d]));

const REPORT_PREFIX: Record<VisitOrder['kind'], string> = {
  LAB: 'L',
  IMAGING: 'I',
  PATHOLOGY: 'P',
  HEALTH_CERTIFICATE: 'H',
};

/**
 * The simulated HIS: deterministic like the patients domain's, the same person always has the same visits, dated
 * back from the anchor, so a pending report becomes ready as the clock moves on. Every person has one long-term
 * condition (three follow-up visits, 180, 90 and 0 days before the anchor, each with a biochemistry panel: the
 * history a trend needs) and two acute visits (an outpatient visit or an inpatient stay, 20–150 days back), and
 * the health certificate check at the exam centre (健康证, 200–319 days back). The demo account's people have a
 * fixed condition. A simulation: production refuses it unless DEMO_SIMULATED_PORTS allows it.
 */
export class SimulatedRecordSystem implements RecordSystem {
  readonly simulated = true;

  async drug(drugCode: string): Promise<DrugSeed | null> {
    return DRUG_BY_CODE.get(drugCode) ?? null;
  }

  async visitsOf(person: HisPerson, anchor: Date): Promise<HisVisit[]> {
    return simulatedVisits(person, anchor);
  }
}

/** The simulated HIS's orders of a person by report id (what the simulated LIS and exam centre report on). */
export function simulatedOrders(person: HisPerson, anchor: Date): Map<string, SimulatedOrder> {
  return new Map(
    simulatedVisits(person, anchor)
      .flatMap((v) => v.orders)
      .map((o) => [o.reportId, o]),
  );
}

/** The simulated HIS's visits of a person (see {@link SimulatedRecordSystem}). */
function simulatedVisits(person: HisPerson, anchor: Date): (HisVisit & { orders: SimulatedOrder[] })[] {
  const key = personKey(person);
  const h = digest('visits', ...key);
  const patientId = `P${person.hospitalId}${digitsOf(digest('patient', ...key).subarray(0, 8), 8)}`;
  const planned: { template: VisitTemplate; startedAt: Date; seed: string }[] = [];
  const condition = conditionOf(person);
  const ago = [180, 90, 0];
  CONDITIONS[condition].forEach((template, i) => {
    // The latest follow-up was this morning: its biochemistry is ready, its slower test still pending.
    const startedAt = new Date(anchor.getTime() - ago[i] * DAY - 6 * HOUR - (h[i] % 30) * 60_000);
    planned.push({ template, startedAt, seed: `${condition}-${i}` });
  });
  const first = demoHistoryOf(person)?.acute[0] ?? h[4] % ACUTE_VISITS.length;
  const second =
    demoHistoryOf(person)?.acute[1] ?? (first + 1 + (h[5] % (ACUTE_VISITS.length - 1))) % ACUTE_VISITS.length;
  [first, second].forEach((index, i) => {
    const daysAgo = i === 0 ? 20 + (h[6] % 50) : 100 + (h[7] % 50);
    const startedAt = new Date(anchor.getTime() - daysAgo * DAY - (3 + (h[8 + i] % 5)) * HOUR);
    planned.push({ template: ACUTE_VISITS[index], startedAt, seed: `ACUTE-${index}` });
  });
  // The yearly health certificate check at the exam centre, 200–319 days back.
  const checkedAt = new Date(anchor.getTime() - (200 + (h[10] % 120)) * DAY - (2 + (h[11] % 3)) * HOUR);
  planned.push({ template: HEALTH_CERTIFICATE_VISIT, startedAt: checkedAt, seed: 'CERTIFICATE' });
  planned.sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime());

  return planned.map(({ template, startedAt, seed }) => {
    const v = digest('visit', ...key, seed);
    const prefix = template.type === 'INPATIENT' ? 'ZY' : 'MZ';
    const visitNo = `${prefix}${person.hospitalId}${digitsOf(v.subarray(0, 8), 10)}`;
    const date = chinaDate(startedAt);
    const issuedAt = new Date(
      startedAt.getTime() + (template.type === 'INPATIENT' ? (template.stayDays ?? 1) * DAY : 40 * 60_000),
    );
    return {
      visitNo,
      patientId,
      template,
      startedAt,
      date,
      endDate: template.type === 'INPATIENT' ? addDays(date, template.stayDays ?? 1) : null,
      prescriptions: template.prescriptions.map((p, i) => ({
        prescriptionNo: `CF${digitsOf(digest(visitNo, 'rx', i).subarray(0, 8), 10)}`,
        category: p.category,
        issuedAt,
        drugs: p.drugs.map((d) => {
          const drug = DRUG_BY_CODE.get(d.drugCode);
          if (!drug) throw new Error(`药品目录缺少 ${d.drugCode}`);
          return { ...drug, ...d };
        }),
      })),
      orders: template.orders.map((order, i) => ({
        reportId: `${REPORT_PREFIX[order.kind]}${person.hospitalId}${digitsOf(digest(visitNo, 'order', i).subarray(0, 8), 10)}`,
        order,
        requestedAt: new Date(startedAt.getTime() + (20 + i * 5) * 60_000),
        seed: `${seed}-${i}`,
      })),
    };
  });
}
