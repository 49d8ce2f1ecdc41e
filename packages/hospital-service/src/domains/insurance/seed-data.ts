/**
 * The simulated insurance centre's rules, per hospital (each hospital's insurance region as it applies
 * there): the yearly outpatient deductible (起付线, fen), whether the personal account pays the insured's share,
 * and the fund's share (percent) of each covered fee item. Items without a rule (挂号费 REGISTRATION,
 * 特需门诊 CONSULTATION_SPECIAL everywhere here) are not covered and are paid in cash.
 */
export interface PolicyData {
  hospitalId: string;
  deductibleFen: number;
  accountPays: boolean;
  fundPercent: Record<string, number>;
}

/** Outpatient orders (fees domain): drugs, examinations, tests and treatment are covered; materials are not. */
const urbanOutpatient = { DRUG_WESTERN: 70, EXAMINATION: 60, LABORATORY: 70, TREATMENT: 60 };
const countyOutpatient = { DRUG_WESTERN: 75, EXAMINATION: 65, LABORATORY: 75, TREATMENT: 65 };
const urban = { CONSULTATION: 60, CONSULTATION_EXPERT: 50, ...urbanOutpatient };
const county = { CONSULTATION: 70, CONSULTATION_EXPERT: 60, ...countyOutpatient };

/** The rules of the nine demo hospitals; any other hospital gets {@link DEFAULT_POLICY} (see {@link policiesOf}). */
export const INSURANCE_POLICIES: readonly PolicyData[] = [
  { hospitalId: '1000', deductibleFen: 0, accountPays: true, fundPercent: urban },
  { hospitalId: '1001', deductibleFen: 10_000, accountPays: true, fundPercent: urban },
  { hospitalId: '1002', deductibleFen: 0, accountPays: true, fundPercent: county },
  { hospitalId: '1003', deductibleFen: 0, accountPays: false, fundPercent: county },
  { hospitalId: '1004', deductibleFen: 20_000, accountPays: true, fundPercent: urban },
  { hospitalId: '1005', deductibleFen: 0, accountPays: false, fundPercent: county },
  {
    hospitalId: '1006',
    deductibleFen: 5_000,
    accountPays: true,
    fundPercent: { ...urban, CONSULTATION: 65 },
  },
  { hospitalId: '1007', deductibleFen: 0, accountPays: true, fundPercent: county },
  { hospitalId: '1008', deductibleFen: 0, accountPays: true, fundPercent: urban },
];

/** The rules of a hospital INSURANCE_POLICIES does not name (a new hospital): a county region's. */
export const DEFAULT_POLICY: Omit<PolicyData, 'hospitalId'> = {
  deductibleFen: 0,
  accountPays: true,
  fundPercent: county,
};

/** The rules of each hospital, in the order given: its own, or {@link DEFAULT_POLICY}. */
export const policiesOf = (hospitalIds: readonly string[]): PolicyData[] =>
  hospitalIds.map(
    (hospitalId) =>
      INSURANCE_POLICIES.find((p) => p.hospitalId === hospitalId) ?? { hospitalId, ...DEFAULT_POLICY },
  );
