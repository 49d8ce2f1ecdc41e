import { createHash } from 'node:crypto';
import type { NucleicAcidResult } from '@patient/contract';
import { chinaDate } from '@patient/validation';

/** What the laboratory (LIS) knows of one sample. */
export interface NucleicAcidSample {
  orderId: number;
  hospitalId: string;
  type: 'SINGLE' | 'MIXED';
  sampledAt: Date;
}

/**
 * The laboratory behind the sampling point: it numbers a sample when it is taken and reports its result.
 * `buildApp({ nucleicAcidLab })` takes a real one.
 */
export interface NucleicAcidLab {
  /** The sample's barcode number, printed at the sampling point. */
  sampleNoFor(sample: NucleicAcidSample): string;
  /** The report of the sample, at `now` (when the development route moves the order to REPORTED). */
  reportFor(sample: NucleicAcidSample, now: Date, positive?: boolean): NucleicAcidResult;
}

const REPORTERS = ['周敏 主管技师', '孙立 技师', '吴婷 主管技师'];
const REVIEWERS = ['郑海燕 副主任技师', '冯涛 主任技师'];

/**
 * The simulated laboratory: deterministic sample numbers (hospital, order, day), real-time RT-PCR of ORF1ab and
 * N genes; every sample is negative unless the development route asks for a positive one (then both targets
 * are detected with Ct values below 35).
 */
export class SimulatedNucleicAcidLab implements NucleicAcidLab {
  readonly simulated = true;
  sampleNoFor(sample: NucleicAcidSample): string {
    const day = chinaDate(sample.sampledAt).slice(2).replaceAll('-', '');
    return `${sample.type === 'MIXED' ? 'HJ' : 'DJ'}${sample.hospitalId}${day}${String(sample.orderId).padStart(6, '0')}`;
  }

  reportFor(sample: NucleicAcidSample, now: Date, positive = false): NucleicAcidResult {
    const seed = createHash('sha256').update(`${sample.hospitalId}|${sample.orderId}`).digest();
    const ct = (base: number, byte: number) => Math.round((base + (byte % 60) / 10) * 10) / 10;
    return {
      result: positive ? 'POSITIVE' : 'NEGATIVE',
      targets: [
        {
          name: '新型冠状病毒 ORF1ab 基因',
          result: positive ? 'POSITIVE' : 'NEGATIVE',
          ct: positive ? ct(24, seed[0]) : null,
        },
        {
          name: '新型冠状病毒 N 基因',
          result: positive ? 'POSITIVE' : 'NEGATIVE',
          ct: positive ? ct(23, seed[1]) : null,
        },
      ],
      method: '实时荧光定量PCR法',
      reportedAt: now.toISOString(),
      reporterName: REPORTERS[seed[2] % REPORTERS.length],
      reviewerName: REVIEWERS[seed[3] % REVIEWERS.length],
    };
  }
}
