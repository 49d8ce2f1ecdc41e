/** The simulated HIS's queues besides the clinics (one per clinic department, named after it). */

/** Seconds between two calls: [shortest, longest], per queue kind. */
export const PACE = {
  CLINIC: [150, 420],
  EXAM: [240, 540],
  PHARMACY: [30, 90],
} as const;

/** The pharmacies (ref, name, where). */
export const PHARMACIES = [
  { ref: 'WEST', name: '西药房', location: '门诊楼1层 西药房（3-6号窗口）' },
  { ref: 'TCM', name: '中药房', location: '门诊楼1层 中药房（1-2号窗口）' },
] as const;
