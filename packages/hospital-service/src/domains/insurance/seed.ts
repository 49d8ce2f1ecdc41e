import type { DbOrTx } from '../../platform/database/connect.ts';
import { INSURANCE_POLICIES } from './seed-data.ts';
import { simInsuranceItemRules, simInsurancePolicies } from './tables.ts';

/** The simulated centre's rules of every hospital (INSURANCE_POLICIES); rules already there are kept. */
export async function seedInsurancePolicies(tx: DbOrTx): Promise<number> {
  const policies = await tx
    .insert(simInsurancePolicies)
    .values(INSURANCE_POLICIES.map(({ fundPercent: _, ...policy }) => policy))
    .onConflictDoNothing()
    .returning({ hospitalId: simInsurancePolicies.hospitalId });
  const added = new Set(policies.map((p) => p.hospitalId));
  const rules = INSURANCE_POLICIES.filter((p) => added.has(p.hospitalId)).flatMap((p) =>
    Object.entries(p.fundPercent).map(([itemCode, fundPercent]) => ({
      hospitalId: p.hospitalId,
      itemCode,
      fundPercent,
    })),
  );
  if (rules.length > 0) await tx.insert(simInsuranceItemRules).values(rules);
  return policies.length;
}
