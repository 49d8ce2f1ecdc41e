import { createHash } from 'node:crypto';
import type { CopyableStay } from '@patient/contract';
import { addDays } from '../../platform/clock.ts';
import type { HisPerson } from '../patients/index.ts';

/** What the refusal names when the HIS fails or does not answer in time (askOutside). */
export const RECORD_COPY_HIS_NAME = '医院信息系统（HIS）';

/**
 * The HIS as record copies need it (port `recordCopyHis`): the past inpatient stays (出院记录) of a person whose
 * medical records the record room can copy. Read only, so any call may be repeated.
 */
export interface RecordCopyHis {
  /** How long one call may take (askOutside's deadline); default OUTSIDE_CALL_TIMEOUT_MS. */
  readonly timeoutMs?: number;
  /**
   * The person's discharged stays at the hospital, newest first; `[]` when there are none (the caller checks
   * that the person is filed). Rejects when the HIS cannot be asked.
   */
  staysOf(person: HisPerson, signal?: AbortSignal): Promise<CopyableStay[]>;
}

/**
 * The simulated HIS's past inpatient stays of a filed person: one to three, deterministic per hospital and
 * person (a hash of both picks them), all discharged between 2021 and 2024 so that every one can be copied.
 */
export class SimulatedRecordCopyHis implements RecordCopyHis {
  /** A simulation: production refuses to start with it unless DEMO_SIMULATED_PORTS allows it. */
  readonly simulated = true;

  async staysOf(person: HisPerson): Promise<CopyableStay[]> {
    return pastStays(person);
  }
}

const DEPARTMENTS = [
  {
    department: '心血管内科',
    ward: '内科楼6病区',
    diagnoses: ['冠状动脉粥样硬化性心脏病', '原发性高血压3级', '心房颤动'],
  },
  {
    department: '普通外科',
    ward: '外科楼3病区',
    diagnoses: ['急性阑尾炎', '胆囊结石伴慢性胆囊炎', '腹股沟疝'],
  },
  {
    department: '骨科',
    ward: '外科楼5病区',
    diagnoses: ['桡骨远端骨折', '腰椎间盘突出症', '膝关节骨性关节炎'],
  },
  {
    department: '呼吸内科',
    ward: '内科楼4病区',
    diagnoses: ['社区获得性肺炎', '慢性阻塞性肺疾病急性加重', '支气管哮喘'],
  },
  { department: '妇产科', ward: '妇儿楼2病区', diagnoses: ['足月妊娠单胎顺产', '子宫肌瘤', '卵巢囊肿'] },
  { department: '神经内科', ward: '内科楼7病区', diagnoses: ['脑梗死', '短暂性脑缺血发作', '偏头痛'] },
] as const;

const DOCTORS = [
  '王建国 主任医师',
  '李秀英 副主任医师',
  '陈志强 主治医师',
  '刘芳 副主任医师',
  '赵明 主任医师',
];

function digest(...parts: string[]): Buffer {
  return createHash('sha256').update(parts.join('|')).digest();
}

/** The person's past stays at the hospital, newest first. */
export function pastStays(person: HisPerson): CopyableStay[] {
  const seed = digest(person.hospitalId, person.identityCard, person.name);
  const n = 1 + (seed[0] % 3);
  const stays: CopyableStay[] = [];
  for (let i = 0; i < n; i++) {
    const b = seed.subarray(1 + i * 8, 9 + i * 8);
    const dept = DEPARTMENTS[b[0] % DEPARTMENTS.length];
    // Spread over 2021-2024 (about 1400 days), one stay per 460-day band so that they never overlap.
    const admittedOn = addDays('2021-01-04', i * 460 + (b.readUInt16BE(1) % 440));
    const days = 3 + (b[3] % 12);
    const stayNo = (b.readUInt32BE(4) % 900_000_000) + 100_000_000;
    stays.push({
      stayId: `ZY${person.hospitalId}${stayNo}`,
      admissionNo: `${person.hospitalId.slice(-2)}${String(stayNo).slice(-6)}`,
      department: dept.department,
      ward: dept.ward,
      admittedOn,
      dischargedOn: addDays(admittedOn, days),
      diagnosis: dept.diagnoses[b[4] % dept.diagnoses.length],
      doctor: DOCTORS[b[5] % DOCTORS.length],
    });
  }
  return stays.reverse();
}
