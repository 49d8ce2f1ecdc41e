import { createHash } from 'node:crypto';
import type { InvoiceType } from '@patient/contract';
import { DAY } from '../../platform/clock.ts';
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

/** The HIS's settlements of a person at a hospital (fees paid at its windows and machines). */
export interface HisSettlements {
  settlementsOf(person: { contactId: number; hospitalId: string; knownSince: Date }): SettlementFact[];
}

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
export const simulatedHisSettlements: HisSettlements = {
  settlementsOf({ contactId, hospitalId, knownSince }) {
    return VISITS.map((visit, i) => {
      const settlementId = `H-${hospitalId}-${contactId}-${i + 1}`;
      const lines = visit.items.map(([name, min, max]) => {
        const h = hashOf(`${settlementId}:${name}`);
        return { name, amount: (min * 100 + (h % ((max - min) * 100))) as number };
      });
      return {
        settlementId,
        hospitalId,
        contactId,
        type: visit.type,
        title: `${visit.type === 'INPATIENT' ? '住院结算' : '门诊缴费'} · ${visit.department}`,
        department: visit.department,
        amount: lines.reduce((sum, l) => sum + l.amount, 0),
        paidAt: new Date(knownSince.getTime() - visit.daysAgo * DAY),
        source: 'HIS' as const,
        lines,
        invoicedAtWindow: visit.daysAgo >= WINDOW_INVOICED_DAYS,
      };
    });
  },
};
