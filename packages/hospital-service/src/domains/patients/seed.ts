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
