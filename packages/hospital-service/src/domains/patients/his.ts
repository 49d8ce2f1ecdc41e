import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { DEMO_PHONE } from '../accounts/index.ts';
import { DEMO_CONTACTS } from './seed-data.ts';
import { hisPatients } from './tables.ts';

/**
 * The hospital information system (HIS), simulated. The real one is the hospital's; this one is
 * deterministic so that every developer and test sees the same answers:
 *
 * - a person is (hospitalId, document number upper-cased, name). About three in four people are
 *   already filed at a hospital (decided by a hash of the person); the others become filed through
 *   filePatientRecord (a his_patients row);
 * - a filed person has a hospital card `<hospitalId><8 digits>` (e.g. 100083920174) and, when the
 *   document is an 18-character mainland ID, about two in three also have a medical insurance card
 *   `YB<10 digits>`. Numbers are derived from the person, so they never change;
 * - the HIS holds a mobile phone for every person (the group's patient index, the same at every hospital):
 *   the verification code that proves a contact (verifyHisIdentity) goes there. Derived from the person too,
 *   except that the demo account's people have the demo phone, so the demo can prove them.
 */
export type HisCardType = 'HOSPITAL_CARD' | 'INSURANCE_CARD';

export interface HisPerson {
  hospitalId: string;
  identityCard: string;
  name: string;
}

export const identityKeyOf = (identityCard: string): string => identityCard.trim().toUpperCase();

function digest(...parts: string[]): Buffer {
  return createHash('sha256').update(parts.join('|')).digest();
}

function digitsOf(bytes: Buffer, count: number): string {
  const n = BigInt(`0x${bytes.toString('hex')}`) % 10n ** BigInt(count);
  return n.toString().padStart(count, '0');
}

const keyOf = (p: HisPerson) => [p.hospitalId, identityKeyOf(p.identityCard), p.name.trim()] as const;

/** Whether the HIS knew the person before the app existed (no database needed). */
export function filedBeforehand(person: HisPerson): boolean {
  return digest('record', ...keyOf(person))[0] % 4 !== 0;
}

/** The cards a filed person has at the hospital. */
export function cardsOfFiledPerson(person: HisPerson): { medicalCardNo: string; type: HisCardType }[] {
  const h = digest('cards', ...keyOf(person));
  const cards: { medicalCardNo: string; type: HisCardType }[] = [
    { medicalCardNo: `${person.hospitalId}${digitsOf(h.subarray(0, 8), 8)}`, type: 'HOSPITAL_CARD' },
  ];
  if (/^\d{17}[\dX]$/.test(identityKeyOf(person.identityCard)) && h[8] % 3 !== 0) {
    cards.push({ medicalCardNo: `YB${digitsOf(h.subarray(9, 17), 10)}`, type: 'INSURANCE_CARD' });
  }
  return cards;
}

/** Whether the person is filed at the hospital (beforehand or through the app). */
export async function isFiled(db: DbOrTx, person: HisPerson): Promise<boolean> {
  if (filedBeforehand(person)) return true;
  const [hospitalId, identityKey, name] = keyOf(person);
  const rows = await db
    .select({ id: hisPatients.id })
    .from(hisPatients)
    .where(
      and(
        eq(hisPatients.hospitalId, hospitalId),
        eq(hisPatients.identityKey, identityKey),
        eq(hisPatients.name, name),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The person's cards in the HIS; none when the person is not filed. */
export async function hisCardsOf(db: DbOrTx, person: HisPerson) {
  return (await isFiled(db, person)) ? cardsOfFiledPerson(person) : [];
}

/** Files the person (creates the HIS record). */
export async function fileInHis(db: DbOrTx, person: HisPerson, at: Date): Promise<void> {
  const [hospitalId, identityKey, name] = keyOf(person);
  await db.insert(hisPatients).values({ hospitalId, identityKey, name, createdAt: at }).onConflictDoNothing();
}

/** The phone the HIS holds for these people: the demo account's, so that the demo can prove its contacts. */
const KNOWN_PHONES = new Map<string, string>(
  DEMO_CONTACTS.map((c) => [`${identityKeyOf(c.documentNumber)}|${c.name}`, DEMO_PHONE]),
);

/** The mobile phone the HIS holds for a person (whatever the hospital): deterministic, a valid number. */
export function hisPhoneOf(person: Pick<HisPerson, 'identityCard' | 'name'>): string {
  const key = `${identityKeyOf(person.identityCard)}|${person.name.trim()}`;
  const known = KNOWN_PHONES.get(key);
  if (known) return known;
  const h = digest('phone', identityKeyOf(person.identityCard), person.name.trim());
  return `1${3 + (h[0] % 7)}${digitsOf(h.subarray(1, 9), 9)}`;
}
