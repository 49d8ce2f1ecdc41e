import type { DbOrTx } from '../../platform/database/connect.ts';
import { STAFF_SEED } from './seed-data.ts';
import { staffMembers } from './tables.ts';

/** The seeded staff of every hospital (the simulated corporation's members): id by `hospitalId:corpUserId`. */
export async function seedStaff(tx: DbOrTx, hospitalIds: string[], now: Date): Promise<Map<string, number>> {
  const rows = hospitalIds.flatMap((hospitalId) =>
    STAFF_SEED.map((s) => ({ ...s, wards: [...s.wards], hospitalId, createdAt: now })),
  );
  const inserted = await tx.insert(staffMembers).values(rows).returning({
    id: staffMembers.id,
    hospitalId: staffMembers.hospitalId,
    corpUserId: staffMembers.corpUserId,
  });
  return new Map(inserted.map((r) => [`${r.hospitalId}:${r.corpUserId}`, r.id]));
}
