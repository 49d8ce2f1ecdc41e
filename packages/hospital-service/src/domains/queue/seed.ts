import { asc, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { departments } from '../booking/index.ts';
import { ITEM_TYPES } from '../checkup/index.ts';
import { PACE, PHARMACIES } from './seed-data.ts';
import { queues } from './tables.ts';

/**
 * Every hospital's queues: one per clinic (second-level department, where its department says), one per
 * examination type (the check-up rooms), the two pharmacies. Runs after the booking catalogue; adds what is
 * missing on a database seeded before queues existed (the unique key makes it idempotent).
 */
export async function seedQueues(tx: DbOrTx, hospitalIds: readonly string[]): Promise<number> {
  const clinics = await tx
    .select()
    .from(departments)
    .where(isNotNull(departments.parentId))
    .orderBy(asc(departments.hospitalId), asc(departments.sortOrder), asc(departments.id));
  const rows: (typeof queues.$inferInsert)[] = [];
  for (const hospitalId of hospitalIds) {
    let order = 0;
    for (const d of clinics.filter((c) => c.hospitalId === hospitalId)) {
      rows.push({
        hospitalId,
        kind: 'CLINIC',
        ref: String(d.id),
        name: d.name,
        location: d.location || '门诊楼 分诊台',
        paceMin: PACE.CLINIC[0],
        paceMax: PACE.CLINIC[1],
        sortOrder: order++,
      });
    }
    for (const type of Object.values(ITEM_TYPES)) {
      rows.push({
        hospitalId,
        kind: 'EXAM',
        ref: type.id,
        name: type.name,
        location: type.location,
        paceMin: PACE.EXAM[0],
        paceMax: PACE.EXAM[1],
        sortOrder: order++,
      });
    }
    for (const p of PHARMACIES) {
      rows.push({
        hospitalId,
        kind: 'PHARMACY',
        ref: p.ref,
        name: p.name,
        location: p.location,
        paceMin: PACE.PHARMACY[0],
        paceMax: PACE.PHARMACY[1],
        sortOrder: order++,
      });
    }
  }
  const inserted = await tx.insert(queues).values(rows).onConflictDoNothing().returning({ id: queues.id });
  return inserted.length;
}
