import type { DbOrTx } from '../../platform/database/connect.ts';
import { COMPANION_QUESTIONS } from './seed-data.ts';
import { companionQuestions } from './tables.ts';

/** Each hospital's health declaration for companions (COMPANION_QUESTIONS); adds what is missing. */
export async function seedCompanionQuestions(tx: DbOrTx, hospitalIds: string[]): Promise<number> {
  const rows = hospitalIds.flatMap((hospitalId) =>
    COMPANION_QUESTIONS.map((q, position) => ({ hospitalId, ...q, position })),
  );
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(companionQuestions)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: companionQuestions.id });
  return inserted.length;
}
