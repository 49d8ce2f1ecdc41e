import { DATA_ACCESS_LIST_LIMIT, type DataAccessAction, listDataAccess } from '@patient/contract';
import { maskName } from '@patient/validation';
import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { userOf } from '../../platform/http/context.ts';
import { route } from '../../platform/http/route.ts';
import { requireHospital } from '../hospitals/index.ts';
import type { StaffRow } from './sessions.ts';
import { staffDataAccess } from './tables.ts';

/** One patient's data a member of staff read or changed. */
export interface DataAccess {
  /** The account whose data it is (null: registered at the desk, no account). */
  userId: number | null;
  /** The contact's name (stored masked). */
  patientName: string;
  action: DataAccessAction;
  what: string;
  purpose: string;
}

/**
 * Writes who read what, when and why (访问记录) — call it in the same transaction or request as the read; a list
 * records each patient it showed. Nothing in it can be changed afterwards.
 */
export async function recordDataAccess(
  db: DbOrTx,
  staff: StaffRow,
  accesses: readonly DataAccess[],
  at: Date,
): Promise<void> {
  if (accesses.length === 0) return;
  await db.insert(staffDataAccess).values(
    accesses.map((a) => ({
      hospitalId: staff.hospitalId,
      staffId: staff.id,
      staffName: staff.name,
      staffTitle: staff.title,
      userId: a.userId,
      patientName: maskName(a.patientName),
      action: a.action,
      what: a.what,
      purpose: a.purpose,
      at,
    })),
  );
}

/** The patient's side: who of the hospital's staff read the account's data (the newest first). */
export const dataAccessRoutes = [
  route(listDataAccess, async ({ query }, ctx) => {
    const user = userOf(ctx);
    await requireHospital(ctx.db, query.hospitalId);
    const where = and(eq(staffDataAccess.userId, user.id), eq(staffDataAccess.hospitalId, query.hospitalId));
    const [{ n }] = await ctx.db.select({ n: count() }).from(staffDataAccess).where(where);
    const rows = await ctx.db
      .select()
      .from(staffDataAccess)
      .where(where)
      .orderBy(desc(staffDataAccess.at), desc(staffDataAccess.id))
      .limit(DATA_ACCESS_LIST_LIMIT);
    return {
      items: rows.map((r) => ({
        accessId: String(r.id),
        at: r.at.toISOString(),
        staffName: r.staffName,
        staffTitle: r.staffTitle,
        action: r.action as DataAccessAction,
        what: r.what,
        purpose: r.purpose,
        patientName: r.patientName,
      })),
      total: n,
    };
  }),
];
