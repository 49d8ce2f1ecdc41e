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

/**
 * The HIS's medical records, simulated behind {@link RecordSystem}: a filed person's visits, each with its
 * record, prescriptions and the orders it sent to the LIS and the PACS. Deterministic like the patients
 * domain's HIS: the same person always has the same visits, dated back from an anchor (the moment the contact
 * was added to the account), so a pending report becomes ready as the clock moves on.
 *
 * Every person has one long-term condition (three follow-up visits, 180, 90 and 0 days before the anchor,
 * each with a biochemistry panel: the history a trend needs) and two acute visits (an outpatient visit or an
 * inpatient stay, 20–150 days back), and the health certificate check at the exam centre (健康证, 200–319
 * days back). The demo account's people have a fixed condition.
 */
export interface RecordSystem {
  /** The person's visits at the hospital, newest first (the caller checks that the person is filed). */
  visitsOf(person: HisPerson, anchor: Date): HisVisit[];
  /** A drug of the hospital's catalogue. */
  drug(drugCode: string): DrugSeed | undefined;
}

export interface HisOrder {
  /** The report's id in the LIS/PACS (a lab report's sample number). */
  reportId: string;
  order: VisitOrder;
  requestedAt: Date;
  /** Position of the visit among the person's visits of its condition (0 = first), for the LIS's values. */
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

/** The simulated HIS. */
export class SimulatedRecordSystem implements RecordSystem {
  drug(drugCode: string): DrugSeed | undefined {
    return DRUG_BY_CODE.get(drugCode);
  }

  visitsOf(person: HisPerson, anchor: Date): HisVisit[] {
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
      demoHistoryOf(person)?.acute[1] ??
      (first + 1 + (h[5] % (ACUTE_VISITS.length - 1))) % ACUTE_VISITS.length;
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
}

/** The HIS the service talks to. */
export const recordSystem: RecordSystem = new SimulatedRecordSystem();
