import type { DbOrTx } from '../../platform/database/connect.ts';
import { policiesOf } from './seed-data.ts';
import { simInsuranceItemRules, simInsurancePolicies } from './tables.ts';

/** The simulated centre's rules of the hospitals (`policiesOf`); rules already there are kept. */
export async function seedInsurancePolicies(tx: DbOrTx, hospitalIds: readonly string[]): Promise<number> {
  const all = policiesOf(hospitalIds);
  if (all.length === 0) return 0;
  const policies = await tx
    .insert(simInsurancePolicies)
    .values(all.map(({ fundPercent: _, ...policy }) => policy))
    .onConflictDoNothing()
    .returning({ hospitalId: simInsurancePolicies.hospitalId });
  const added = new Set(policies.map((p) => p.hospitalId));
  const rules = all
    .filter((p) => added.has(p.hospitalId))
    .flatMap((p) =>
      Object.entries(p.fundPercent).map(([itemCode, fundPercent]) => ({
        hospitalId: p.hospitalId,
        itemCode,
        fundPercent,
      })),
    );
  if (rules.length > 0) await tx.insert(simInsuranceItemRules).values(rules);
  return policies.length;
}
