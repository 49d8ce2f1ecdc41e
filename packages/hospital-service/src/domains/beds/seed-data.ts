import type { BedWard } from '@patient/contract';

/** The wards (病区) beds are reserved in, the same at every seeded hospital. */
export const BED_WARDS: readonly BedWard[] = [
  { deptCode: 'W01', deptName: '心血管内科病区', location: '住院部3楼东' },
  { deptCode: 'W02', deptName: '呼吸内科病区', location: '住院部3楼西' },
  { deptCode: 'W03', deptName: '消化内科病区', location: '住院部4楼东' },
  { deptCode: 'W04', deptName: '普通外科病区', location: '住院部5楼东' },
  { deptCode: 'W05', deptName: '骨科病区', location: '住院部5楼西' },
  { deptCode: 'W06', deptName: '妇产科病区', location: '住院部6楼东' },
];

export const wardOf = (code: string): BedWard | undefined => BED_WARDS.find((w) => w.deptCode === code);

/** The wards of the given codes, in the catalogue's order (a staff member's wards). */
export const wardsOf = (_hospitalId: string, codes: readonly string[]): BedWard[] =>
  BED_WARDS.filter((w) => codes.includes(w.deptCode));

export const TRANSFER_REASONS = ['本病区床位已满', '诊断更适合其他病区', '患者要求', '医生建议转科'];

/** What the ward tells every patient with the offered time (the nurse may add her own note). */
export const ADMISSION_NOTE =
  '请按安排时间携带入院通知单、身份证和医保卡到住院部一楼入院服务中心办理入院手续，再到病区护士站报到。';
