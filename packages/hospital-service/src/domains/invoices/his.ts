import { createHash } from 'node:crypto';
import type { InvoiceType } from '@patient/contract';
import { DAY } from '../../platform/clock.ts';
import { askOutside } from '../../platform/outside-system.ts';
import type { InvoiceLineRow } from './tables.ts';

/** A paid settlement (结算) of a contact at a hospital, from the HIS or from this app's payments. */
export interface SettlementFact {
  settlementId: string;
  hospitalId: string;
  contactId: number;
  type: InvoiceType;
  title: string;
  department: string;
  amount: number;
  paidAt: Date;
  source: 'APP' | 'HIS';
  lines: InvoiceLineRow[];
  /** The hospital issued its invoice when it was paid at the window (the platform has it already). */
  invoicedAtWindow: boolean;
}

/** What the patient is told names the system when it fails or times out (askOutside). */
export const HIS_SETTLEMENTS = '医院结算系统（HIS）';

/** The HIS refused the question (a hospital or person it cannot look up); its message is the patient's. */
export class HisSettlementsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HisSettlementsError';
  }
}

/** A settlement as the HIS lists it: amounts in fen, `amount` the sum of `lines`. */
export type HisSettlement = Omit<SettlementFact, 'hospitalId' | 'contactId' | 'source'>;

/** Who is asked about: the person as the HIS knows them, and this service's reference for them. */
export interface SettlementPerson {
  hospitalId: string;
  identityCard: string;
  name: string;
  /** Our contact id (the simulation numbers its settlements with it; a real HIS looks the person up by ID). */
  contactId: number;
  /** When the person became known to this service. */
  knownSince: Date;
}

/**
 * The HIS's settlements of a person at a hospital (fees paid at its windows and machines), newest or oldest
 * first (the caller sorts). A call may go over a network (a Promise); handlers call it through `askOutside`.
 */
export interface HisSettlements {
  /** How long one call may take (default: OUTSIDE_CALL_TIMEOUT_MS). */
  readonly timeoutMs?: number;
  settlementsOf(person: SettlementPerson): Promise<HisSettlement[]>;
}

/** Asks the HIS's settlements with their deadline; its refusals (HisSettlementsError) pass through. */
export const askSettlements = <T>(his: HisSettlements, call: (his: HisSettlements) => Promise<T>) =>
  askOutside(HIS_SETTLEMENTS, () => call(his), {
    timeoutMs: his.timeoutMs,
    passThrough: (error) => error instanceof HisSettlementsError,
  });

const hashOf = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0);

interface Visit {
  daysAgo: number;
  type: InvoiceType;
  department: string;
  items: [name: string, minYuan: number, maxYuan: number][];
}

const VISITS: Visit[] = [
  {
    daysAgo: 3,
    type: 'OUTPATIENT',
    department: '呼吸内科',
    items: [
      ['西药费', 30, 180],
      ['诊查费', 10, 30],
    ],
  },
  {
    daysAgo: 12,
    type: 'OUTPATIENT',
    department: '消化内科',
    items: [
      ['检查费', 80, 400],
      ['化验费', 40, 160],
    ],
  },
  {
    daysAgo: 40,
    type: 'INPATIENT',
    department: '普外科',
    items: [
      ['床位费', 200, 600],
      ['护理费', 100, 300],
      ['西药费', 300, 1500],
      ['检查费', 200, 900],
      ['治疗费', 150, 800],
    ],
  },
  {
    daysAgo: 65,
    type: 'OUTPATIENT',
    department: '中医科',
    items: [
      ['中成药费', 40, 220],
      ['治疗费', 30, 120],
    ],
  },
];

/** Settlements older than this were invoiced at the window when paid. */
const WINDOW_INVOICED_DAYS = 30;

/**
 * Simulated HIS: four paid settlements per person and hospital, dated before the person was known to this
 * app (two recent outpatient visits not invoiced yet, an older stay and visit invoiced at the window), their
 * amounts fixed by the person, hospital and visit.
 */
export class SimulatedHisSettlements implements HisSettlements {
  /** A simulation: production refuses to start with it unless DEMO_SIMULATED_PORTS allows `settlement`. */
  readonly simulated = true;

  async settlementsOf({
    contactId,
    hospitalId,
    identityCard,
    knownSince,
  }: SettlementPerson): Promise<HisSettlement[]> {
    if (!/^\d{1,10}$/.test(hospitalId)) throw new HisSettlementsError(`医院 ${hospitalId} 不存在`);
    if (!identityCard.trim() || !Number.isInteger(contactId) || contactId <= 0) {
      throw new HisSettlementsError('患者身份信息不完整，无法查询结算记录');
    }
    return VISITS.map((visit, i) => {
      const settlementId = `H-${hospitalId}-${contactId}-${i + 1}`;
      const lines = visit.items.map(([name, min, max]) => {
        const h = hashOf(`${settlementId}:${name}`);
        return { name, amount: (min * 100 + (h % ((max - min) * 100))) as number };
      });
      return {
        settlementId,
        type: visit.type,
        title: `${visit.type === 'INPATIENT' ? '住院结算' : '门诊缴费'} · ${visit.department}`,
        department: visit.department,
        amount: lines.reduce((sum, l) => sum + l.amount, 0),
        paidAt: new Date(knownSince.getTime() - visit.daysAgo * DAY),
        lines,
        invoicedAtWindow: visit.daysAgo >= WINDOW_INVOICED_DAYS,
      };
    });
  }
}
