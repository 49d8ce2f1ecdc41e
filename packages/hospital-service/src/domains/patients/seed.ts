import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';
import type { ContactRow } from './common.ts';
import { cardsOfFiledPerson, fileInHis } from './his.ts';
import { DEMO_CONTACTS } from './seed-data.ts';
import { contacts, medicalCards } from './tables.ts';

/**
 * Seeds the demo account's contacts (DEMO_CONTACTS), files them in the simulated HIS (本人 at every hospital
 * of `hospitalIds`, the others where they have a card) and binds their cards (both of the default hospital,
 * the hospital card elsewhere). Returns the contacts, in DEMO_CONTACTS order, and how many cards.
 */
export async function seedDemoPatients(
  tx: DbOrTx,
  options: { userId: number; hospitalIds: string[]; now: Date },
): Promise<{ contacts: ContactRow[]; medicalCards: number }> {
  const { userId, hospitalIds, now } = options;
  const seeded: ContactRow[] = [];
  let cards = 0;
  for (const c of DEMO_CONTACTS) {
    const { cardHospitals, ...fields } = c;
    const [contact] = await tx
      .insert(contacts)
      .values({
        ...fields,
        certifiedAt: fields.certified ? now : null,
        hisVerifiedAt: fields.hisProof ? now : null,
        userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    seeded.push(contact);
    const filedAt = c.relation === 'SELF' ? hospitalIds : cardHospitals;
    for (const hospitalId of filedAt) {
      await fileInHis(tx, { hospitalId, identityCard: c.documentNumber, name: c.name }, now);
    }
    let first = true;
    for (const hospitalId of cardHospitals) {
      const his = cardsOfFiledPerson({ hospitalId, identityCard: c.documentNumber, name: c.name });
      const toBind = hospitalId === '1000' ? his : his.filter((x) => x.type === 'HOSPITAL_CARD');
      for (const card of toBind) {
        await tx.insert(medicalCards).values({
          userId,
          contactId: contact.id,
          hospitalId,
          medicalCardNo: card.medicalCardNo,
          type: card.type,
          isDefault: first,
          createdAt: now,
        });
        first = false;
        cards++;
      }
    }
  }
  return { contacts: seeded, medicalCards: cards };
}

/**
 * Completes a database seeded before proofs were recorded: the demo account's contacts that the seed proves now
 * (张伟, by the account's phone) get their proof. Contacts of other accounts are left as the migration left them.
 */
export async function completeDemoProofs(tx: DbOrTx, userId: number, now: Date): Promise<void> {
  for (const c of DEMO_CONTACTS) {
    if (!c.hisProof) continue;
    await tx
      .update(contacts)
      .set({ hisProof: c.hisProof, hisVerifiedAt: now })
      .where(
        and(
          eq(contacts.userId, userId),
          eq(contacts.documentType, c.documentType),
          eq(contacts.documentNumber, c.documentNumber),
          eq(contacts.name, c.name),
          isNull(contacts.hisProof),
        ),
      );
  }
}
