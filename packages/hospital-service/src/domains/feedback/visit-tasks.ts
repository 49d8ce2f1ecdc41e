import { createHash } from 'node:crypto';
import type { FollowUpKind, VisitFollowUp } from '@patient/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { TEMPLATES } from './seed-data.ts';
import { followUpTasks } from './tables.ts';

/** One task the hospital plans after a visit: its kind and questionnaire (seed-data.ts TEMPLATES). */
export interface PlannedFollowUp {
  kind: FollowUpKind;
  template: keyof typeof TEMPLATES & string;
  /** RETURN_VISIT: the day (YYYY-MM-DD) and doctor. */
  returnDate?: string;
  returnDoctor?: string;
}

/** A visit of one of the account's contacts and the follow-ups its hospital plans for it. */
export interface VisitFollowUpPlan {
  userId: number;
  contactId: number;
  hospitalId: string;
  /** The visit or stay (the HIS's visit number). */
  inhospitalId: string;
  department: string;
  patientName: string;
  tasks: PlannedFollowUp[];
}

/** The task number of the plan's n-th task for this account (stable, so a second read finds the same tasks). */
const taskNoOf = (plan: VisitFollowUpPlan, n: number) => {
  const digest = createHash('sha256')
    .update([plan.userId, plan.hospitalId, plan.inhospitalId, n].join('|'))
    .digest();
  return `SF${(BigInt(`0x${digest.subarray(0, 8).toString('hex')}`) % 10n ** 12n).toString().padStart(12, '0')}`;
};

/**
 * The account's follow-up tasks of a visit, pending first then by their order: the planned ones are written
 * the first time they are asked for (as the follow-up system would push them after the visit); answers are
 * kept and saved once through `saveFollowUpTask`. The caller has checked that the visit is the account's.
 */
export async function followUpsOfVisit(
  db: DbOrTx,
  plan: VisitFollowUpPlan,
  now: Date,
): Promise<VisitFollowUp[]> {
  if (plan.tasks.length > 0) {
    await db
      .insert(followUpTasks)
      .values(
        plan.tasks.map((t, n) => ({
          userId: plan.userId,
          contactId: plan.contactId,
          hospitalId: plan.hospitalId,
          inhospitalId: plan.inhospitalId,
          taskNo: taskNoOf(plan, n),
          kind: t.kind,
          template: t.template,
          department: plan.department,
          patientName: plan.patientName,
          returnDate: t.returnDate ?? null,
          returnDoctor: t.returnDoctor ?? null,
          status: 'PENDING',
          createdAt: now,
        })),
      )
      .onConflictDoNothing();
  }
  const rows = await db
    .select()
    .from(followUpTasks)
    .where(
      and(
        eq(followUpTasks.userId, plan.userId),
        eq(followUpTasks.hospitalId, plan.hospitalId),
        eq(followUpTasks.inhospitalId, plan.inhospitalId),
      ),
    )
    .orderBy(asc(followUpTasks.id));
  return rows
    .map((r) => ({
      taskId: r.taskNo,
      inhospitalId: r.inhospitalId,
      kind: r.kind as FollowUpKind,
      title: TEMPLATES[r.template]?.title ?? '随访',
      department: r.department,
      status: r.status as VisitFollowUp['status'],
      doneAt: r.doneAt?.toISOString() ?? null,
    }))
    .sort((a, b) => Number(a.status === 'DONE') - Number(b.status === 'DONE'));
}
