import { createHash } from 'node:crypto';
import type { HealthCertificate, LabFlag, LabItem } from '@patient/contract';
import { addDays, chinaDate, HOUR, MINUTE } from '../../platform/clock.ts';
import { type HisPerson, identityKeyOf } from '../patients/index.ts';
import { type SimulatedOrder, simulatedOrders } from './his.ts';
import {
  CERTIFICATE_CATEGORIES,
  CERTIFICATE_ITEMS,
  CERTIFICATE_ORDER,
  LAB_PANELS,
  type LabItemSeed,
  SIGNERS,
  STUDIES,
} from './report-data.ts';
import type { LabOrder, StudyOrder } from './seed-data.ts';

/** What the refusal names when the LIS fails or does not answer in time (askOutside). */
export const LABORATORY_NAME = '检验系统（LIS）';

/** The system does not know a report of that id for that person (an unknown id, or another person's). */
export class ReportNotFoundError extends Error {
  constructor(readonly reportId: string) {
    super(`报告不存在：${reportId}`);
    this.name = 'ReportNotFoundError';
  }
}

/**
 * The laboratory (LIS, port `laboratory`): the lab reports of the orders the HIS sent it (kind LAB). A report
 * carries when it is signed (`reportedAt`, from the order's turnaround); the service compares it with its clock
 * (PENDING before, READY after) and shows nothing of a pending report's results. Read only: any call may be
 * repeated.
 */
export interface Laboratory {
  /** How long one call may take (askOutside's deadline); default OUTSIDE_CALL_TIMEOUT_MS. */
  readonly timeoutMs?: number;
  /**
   * The person's lab reports of these ids (the HIS's orders' `reportId`), in the same order. Rejects with
   * {@link ReportNotFoundError} for an id it does not know for that person (nothing else of the person is
   * told). `anchor`: as in the record system's `visitsOf`.
   */
  reportsOf(
    person: HisPerson,
    anchor: Date,
    reportIds: readonly string[],
    signal?: AbortSignal,
  ): Promise<SourceReport[]>;
}

export interface SourceReport {
  reportId: string;
  kind: 'LAB' | 'IMAGING' | 'PATHOLOGY' | 'HEALTH_CERTIFICATE';
  name: string;
  /** The performing department (检验科, 放射科…). */
  performedBy: string;
  specimen: string;
  /** What the patient does before, and where to go. */
  preparation: string[];
  location: string;
  sampleNo: string;
  collectedAt: Date;
  reportedAt: Date;
  reporterName: string;
  reviewerName: string;
  items: LabItem[] | null;
  imaging: {
    modality: string;
    bodyPart: string;
    technique: string;
    findings: string;
    impression: string;
  } | null;
  pathology: { gross: string; microscopic: string; diagnosis: string } | null;
  healthCertificate: HealthCertificate | null;
}

const unit = (bytes: Buffer) => bytes.readUInt32BE(0) / 0xffffffff;

const fixed = (value: number, decimals: number) => value.toFixed(decimals);

/** The printed reference range: '3.90-6.10', '<5.20', '阴性'. */
export function referenceRangeOf(
  seed: Pick<LabItemSeed, 'low' | 'high' | 'decimals' | 'qualitative'>,
): string {
  if (seed.qualitative) return seed.qualitative;
  if (seed.low === null && seed.high !== null) return `<${fixed(seed.high, seed.decimals)}`;
  if (seed.high === null && seed.low !== null) return `>${fixed(seed.low, seed.decimals)}`;
  return `${fixed(seed.low ?? 0, seed.decimals)}-${fixed(seed.high ?? 0, seed.decimals)}`;
}

/** HIGH above the range, LOW below it, NORMAL inside (the bounds belong to the range). */
export function flagOf(value: number, low: number | null, high: number | null): LabFlag {
  if (high !== null && value > high) return 'HIGH';
  if (low !== null && value < low) return 'LOW';
  return 'NORMAL';
}

export function labItemOf(seed: LabItemSeed, centre: number | string | undefined, noise: number): LabItem {
  const base = {
    code: seed.code,
    name: seed.name,
    abbreviation: seed.abbreviation,
    unit: seed.unit,
    referenceRange: referenceRangeOf(seed),
    low: seed.low,
    high: seed.high,
  };
  if (seed.qualitative) {
    const value = typeof centre === 'string' ? centre : seed.qualitative;
    return { ...base, value, numeric: null, flag: value === seed.qualitative ? 'NORMAL' : 'ABNORMAL' };
  }
  // A condition's value stays near its centre (±3 %); a healthy one scatters over ±spread.
  const value =
    typeof centre === 'number'
      ? centre * (1 + (noise - 0.5) * 0.06)
      : seed.centre + (noise - 0.5) * 2 * seed.spread;
  const printed = fixed(value, seed.decimals);
  const numeric = Number(printed);
  return { ...base, value: printed, numeric, flag: flagOf(numeric, seed.low, seed.high) };
}

/**
 * The simulated reports of the simulated HIS's orders, one story per person: values are deterministic, each item
 * scattering around the visit's centre (the condition it shows) or a healthy adult's, within a fraction of its
 * spread, so the same report always reads the same. Lab reports for the simulated LIS, imaging, pathology and
 * health certificates for the simulated exam centre (exam-centre.ts).
 */
export class SimulatedReports {
  reportOf(person: HisPerson, { reportId, order, requestedAt, seed }: SimulatedOrder): SourceReport {
    const collectedAt = new Date(requestedAt.getTime() + 15 * MINUTE);
    const reportedAt = new Date(requestedAt.getTime() + order.turnaroundHours * HOUR);
    const sampleNo = reportId.slice(-10);
    if (order.kind === 'LAB')
      return this.lab(person, reportId, order, seed, collectedAt, reportedAt, sampleNo);
    if (order.kind === 'HEALTH_CERTIFICATE')
      return this.certificate(person, reportId, collectedAt, reportedAt, sampleNo);
    return this.study(reportId, order, collectedAt, reportedAt, sampleNo);
  }

  private lab(
    person: HisPerson,
    reportId: string,
    order: LabOrder,
    seed: string,
    collectedAt: Date,
    reportedAt: Date,
    sampleNo: string,
  ): SourceReport {
    const panel = LAB_PANELS[order.panel];
    const who = `${person.hospitalId}|${identityKeyOf(person.identityCard)}|${person.name.trim()}`;
    const items = panel.items.map((s) =>
      labItemOf(
        s,
        order.centres?.[s.code],
        unit(createHash('sha256').update(`lab|${who}|${seed}|${s.code}`).digest()),
      ),
    );
    const [reporterName, reviewerName] = SIGNERS.LAB;
    return {
      reportId,
      kind: 'LAB',
      name: panel.name,
      performedBy: '检验科',
      specimen: panel.specimen,
      preparation: panel.preparation,
      location: panel.location,
      sampleNo,
      collectedAt,
      reportedAt,
      reporterName,
      reviewerName,
      items,
      imaging: null,
      pathology: null,
      healthCertificate: null,
    };
  }

  /**
   * The health certificate: one person in six fails one item (the hash of the person picks which); a passing
   * one is valid for a year from the day it is signed.
   */
  private certificate(
    person: HisPerson,
    reportId: string,
    collectedAt: Date,
    reportedAt: Date,
    sampleNo: string,
  ): SourceReport {
    const who = `${person.hospitalId}|${identityKeyOf(person.identityCard)}|${person.name.trim()}`;
    const h = createHash('sha256').update(`certificate|${who}`).digest();
    const canFail = CERTIFICATE_ITEMS.filter((i) => i.failing);
    const failed = h[0] % 6 === 0 ? canFail[h[1] % canFail.length] : null;
    const qualified = failed === null;
    const validFrom = chinaDate(reportedAt);
    const [year, monthDay] = [Number(validFrom.slice(0, 4)), validFrom.slice(5)];
    // A year: to the day before the same date next year (29 February: to 28 February).
    const nextYear = `${year + 1}-${monthDay === '02-29' ? '03-01' : monthDay}`;
    const [reporterName, reviewerName] = CERTIFICATE_ORDER.signers;
    return {
      reportId,
      kind: 'HEALTH_CERTIFICATE',
      name: CERTIFICATE_ORDER.name,
      performedBy: CERTIFICATE_ORDER.performedBy,
      specimen: CERTIFICATE_ORDER.specimen,
      preparation: CERTIFICATE_ORDER.preparation,
      location: CERTIFICATE_ORDER.location,
      sampleNo,
      collectedAt,
      reportedAt,
      reporterName,
      reviewerName,
      items: null,
      imaging: null,
      pathology: null,
      healthCertificate: {
        certificateNo: qualified ? `JK${person.hospitalId}${reportId.slice(-8)}` : null,
        category: CERTIFICATE_CATEGORIES[h[2] % CERTIFICATE_CATEGORIES.length],
        items: CERTIFICATE_ITEMS.map((i) => ({
          name: i.name,
          result: i === failed && i.failing ? i.failing : i.normal,
          qualified: i !== failed,
        })),
        conclusion: qualified ? 'QUALIFIED' : 'UNQUALIFIED',
        validFrom: qualified ? validFrom : null,
        validUntil: qualified ? addDays(nextYear, -1) : null,
      },
    };
  }

  private study(
    reportId: string,
    order: StudyOrder,
    collectedAt: Date,
    reportedAt: Date,
    sampleNo: string,
  ): SourceReport {
    const study = STUDIES[order.study];
    const [reporterName, reviewerName] = SIGNERS[study.kind];
    return {
      reportId,
      kind: study.kind,
      name: study.name,
      performedBy: study.departmentName,
      specimen: study.specimen,
      preparation: study.preparation,
      location: study.location,
      sampleNo,
      collectedAt,
      reportedAt,
      reporterName,
      reviewerName,
      items: null,
      imaging:
        study.kind === 'IMAGING'
          ? {
              modality: study.modality,
              bodyPart: study.specimen,
              technique: study.technique,
              findings: study.findings,
              impression: study.impression,
            }
          : null,
      pathology:
        study.kind === 'PATHOLOGY'
          ? { gross: study.gross ?? '', microscopic: study.findings, diagnosis: study.impression }
          : null,
      healthCertificate: null,
    };
  }
}

/**
 * The reports of `kinds` among the simulated HIS's orders of the person, for `reportIds` in their order; an id
 * that is not one of them is refused ({@link ReportNotFoundError}).
 */
export function simulatedReportsOf(
  person: HisPerson,
  anchor: Date,
  reportIds: readonly string[],
  kinds: readonly SourceReport['kind'][],
): SourceReport[] {
  const orders = simulatedOrders(person, anchor);
  const reports = new SimulatedReports();
  return reportIds.map((id) => {
    const order = orders.get(id);
    if (!order || !kinds.includes(order.order.kind)) throw new ReportNotFoundError(id);
    return reports.reportOf(person, order);
  });
}

/** The simulated LIS (a simulation: production refuses it unless DEMO_SIMULATED_PORTS allows it). */
export class SimulatedLaboratory implements Laboratory {
  readonly simulated = true;

  async reportsOf(person: HisPerson, anchor: Date, reportIds: readonly string[]): Promise<SourceReport[]> {
    return simulatedReportsOf(person, anchor, reportIds, ['LAB']);
  }
}
