import { and, eq } from 'drizzle-orm';
import { users } from '../../platform/auth/tables.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { OutsideSystemError } from '../../platform/outside-system.ts';
import type { ContactRow } from './common.ts';
import { askPatientIndex, type PatientIndex } from './his.ts';
import { contacts, type HisProof } from './tables.ts';

/** The person a contact stands for: what a proof is about (another name or document must be proven again). */
export type ContactPerson = Pick<ContactRow, 'documentType' | 'documentNumber' | 'name'>;

/** The phone the HIS's patient index holds for the person, or null (none); a failure of the HIS is a 503. */
export const hisPhoneOfContact = (index: PatientIndex, person: ContactPerson): Promise<string | null> =>
  askPatientIndex(index, (i) => i.phoneOf({ identityCard: person.documentNumber, name: person.name }));

/**
 * The HIS's phone for an ACCOUNT_PHONE proof, asked before the transaction: null when it holds none or does not
 * answer now — the proof is a convenience (the code to the HIS phone or a face proves the contact later), so a
 * failure of the HIS does not stop adding, editing or certifying a contact.
 */
export async function hisPhoneForProof(index: PatientIndex, person: ContactPerson): Promise<string | null> {
  try {
    return await hisPhoneOfContact(index, person);
  } catch (error) {
    if (error instanceof OutsideSystemError) return null;
    throw error;
  }
}

/** The account's login phone (confirmed by the login code), or ''. */
export async function accountPhone(db: DbOrTx, userId: number): Promise<string> {
  const [row] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  return row?.phone ?? '';
}

/**
 * The proof the account already holds for a person: ACCOUNT_PHONE when its own login phone is `hisPhone`, the
 * phone the HIS holds for them (the login code proved the phone), else none. Recorded where a contact is added,
 * edited or certified.
 */
export async function accountPhoneProof(
  db: DbOrTx,
  userId: number,
  hisPhone: string | null,
  now: Date,
): Promise<{ hisProof: HisProof; hisVerifiedAt: Date } | { hisProof: null; hisVerifiedAt: null }> {
  return hisPhone !== null && hisPhone === (await accountPhone(db, userId))
    ? { hisProof: 'ACCOUNT_PHONE', hisVerifiedAt: now }
    : { hisProof: null, hisVerifiedAt: null };
}

/**
 * Records a proof of the contact, only while it is still the person that was proven (an edit in between wins:
 * null then). Returns the updated row.
 */
export async function recordProof(
  db: DbOrTx,
  contact: ContactRow,
  person: ContactPerson,
  proof: HisProof,
  now: Date,
): Promise<ContactRow | null> {
  const [updated] = await db
    .update(contacts)
    .set({ hisProof: proof, hisVerifiedAt: now })
    .where(
      and(
        eq(contacts.id, contact.id),
        eq(contacts.userId, contact.userId),
        eq(contacts.documentType, person.documentType),
        eq(contacts.documentNumber, person.documentNumber),
        eq(contacts.name, person.name),
      ),
    )
    .returning();
  return updated ?? null;
}
