import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { askOutside } from '../../platform/outside-system.ts';
import { DEMO_PHONE } from '../accounts/index.ts';
import { DEMO_CONTACTS } from './seed-data.ts';
import { hisPatients } from './tables.ts';

/** The HIS as the patient reads it in a refusal (askOutside's system name). */
export const HIS_SYSTEM = '医院信息系统（HIS）';

export type HisCardType = 'HOSPITAL_CARD' | 'INSURANCE_CARD';

/** A person as the HIS's patient index knows them at one hospital: the identity document number and the name. */
export interface HisPerson {
  hospitalId: string;
  /** The identity document's number (an 18-character resident ID, a passport number…), as the patient gave it. */
  identityCard: string;
  name: string;
}

/** A card the HIS issued to a person at a hospital. */
export interface HisCardRecord {
  medicalCardNo: string;
  type: HisCardType;
}

/**
 * The HIS's patient index (EMPI) as the service needs it: find a person's cards, file a new patient (建档) with
 * a hospital card, and the mobile phone the hospital group holds for a person (where the code that proves a
 * contact, his_identity, is sent). Every method may be slow or fail: handlers call it through
 * {@link askOutside} before writing. Documented in this domain's README ('Ports').
 */
export interface PatientIndex {
  /** How long one call may take before the patient is told the HIS does not answer (default 8 s). */
  readonly timeoutMs?: number;
  /** Whether the person has a record at the hospital. */
  isFiled(person: HisPerson): Promise<boolean>;
  /** The person's cards at the hospital; none when the person has no record there. */
  cardsOf(person: HisPerson): Promise<HisCardRecord[]>;
  /**
   * Files the person at the hospital and issues a hospital card. Idempotent by identity: filing a person the HIS
   * already knows changes nothing and answers `created: false` with their cards. Throws
   * {@link PatientIndexError} when the HIS refuses the person (e.g. a malformed name).
   */
  file(person: HisPerson): Promise<{ created: boolean; cards: HisCardRecord[] }>;
  /** The mobile phone the group's index holds for the person (any hospital), null when it holds none. */
  phoneOf(person: Pick<HisPerson, 'identityCard' | 'name'>): Promise<string | null>;
}

/** The HIS refused a request about a person (its own reason, in Chinese): not a failure of the system. */
export class PatientIndexError extends Error {}

/** Asks the patient index through {@link askOutside}: a failure or time-out is a 503, its refusals pass. */
export const askPatientIndex = <T>(index: PatientIndex, call: (index: PatientIndex) => Promise<T>) =>
  askOutside(HIS_SYSTEM, () => call(index), {
    timeoutMs: index.timeoutMs,
    passThrough: (error) => error instanceof PatientIndexError,
  });

/*
 * The simulation. Deterministic so that every developer and test sees the same answers:
 *
 * - a person is (hospitalId, document number upper-cased, name). About three in four people are already
 *   filed at a hospital (a hash of the person); the others become filed through `file` (kept in a FilingBook:
 *   the app's his_patients table, or memory for the conformance suite);
 * - a filed person has a hospital card `<hospitalId><8 digits>` (e.g. 100083920174) and, when the document is
 *   an 18-character mainland ID, about two in three also have a medical insurance card `YB<10 digits>`.
 *   Numbers are derived from the person, so they never change;
 * - the index holds a mobile phone for every person (the same at every hospital), derived from the person,
 *   except that the demo account's people have the demo phone, so the demo can prove them.
 */

export const identityKeyOf = (identityCard: string): string => identityCard.trim().toUpperCase();

function digest(...parts: string[]): Buffer {
  return createHash('sha256').update(parts.join('|')).digest();
}

function digitsOf(bytes: Buffer, count: number): string {
  const n = BigInt(`0x${bytes.toString('hex')}`) % 10n ** BigInt(count);
  return n.toString().padStart(count, '0');
}

const keyOf = (p: HisPerson) => [p.hospitalId, identityKeyOf(p.identityCard), p.name.trim()] as const;

/** Whether the simulated HIS knew the person before the app existed (no database needed). */
export function filedBeforehand(person: HisPerson): boolean {
  return digest('record', ...keyOf(person))[0] % 4 !== 0;
}

/** The cards a filed person has in the simulated HIS. */
export function cardsOfFiledPerson(person: HisPerson): HisCardRecord[] {
  const h = digest('cards', ...keyOf(person));
  const cards: HisCardRecord[] = [
    { medicalCardNo: `${person.hospitalId}${digitsOf(h.subarray(0, 8), 8)}`, type: 'HOSPITAL_CARD' },
  ];
  if (/^\d{17}[\dX]$/.test(identityKeyOf(person.identityCard)) && h[8] % 3 !== 0) {
    cards.push({ medicalCardNo: `YB${digitsOf(h.subarray(9, 17), 10)}`, type: 'INSURANCE_CARD' });
  }
  return cards;
}

/** Whom the simulated HIS filed through the app. */
export interface FilingBook {
  has(person: HisPerson): Promise<boolean>;
  /** Adds the person; false when already there. */
  add(person: HisPerson): Promise<boolean>;
}

const personWhere = (person: HisPerson) => {
  const [hospitalId, identityKey, name] = keyOf(person);
  return and(
    eq(hisPatients.hospitalId, hospitalId),
    eq(hisPatients.identityKey, identityKey),
    eq(hisPatients.name, name),
  );
};

/** The simulated HIS's filings in the service's database (his_patients), shared by every instance. */
export const tableFilings = (db: DbOrTx, clock: Clock): FilingBook => ({
  has: async (person) =>
    (await db.select({ id: hisPatients.id }).from(hisPatients).where(personWhere(person)).limit(1)).length >
    0,
  add: async (person) => {
    const [hospitalId, identityKey, name] = keyOf(person);
    const added = await db
      .insert(hisPatients)
      .values({ hospitalId, identityKey, name, createdAt: clock.now() })
      .onConflictDoNothing()
      .returning({ id: hisPatients.id });
    return added.length > 0;
  },
});

/** Filings in memory (the conformance suite). */
export function memoryFilings(): FilingBook {
  const filed = new Set<string>();
  return {
    has: async (person) => filed.has(keyOf(person).join('|')),
    add: async (person) => {
      const key = keyOf(person).join('|');
      if (filed.has(key)) return false;
      filed.add(key);
      return true;
    },
  };
}

/** The phone the simulated index holds for these people: the demo account's, so that the demo can prove them. */
const KNOWN_PHONES = new Map<string, string>(
  DEMO_CONTACTS.map((c) => [`${identityKeyOf(c.documentNumber)}|${c.name}`, DEMO_PHONE]),
);

/** The mobile phone the simulated index holds for a person (whatever the hospital): deterministic, valid. */
export function hisPhoneOf(person: Pick<HisPerson, 'identityCard' | 'name'>): string {
  const key = `${identityKeyOf(person.identityCard)}|${person.name.trim()}`;
  const known = KNOWN_PHONES.get(key);
  if (known) return known;
  const h = digest('phone', identityKeyOf(person.identityCard), person.name.trim());
  return `1${3 + (h[0] % 7)}${digitsOf(h.subarray(1, 9), 9)}`;
}

/** The simulated patient index (see above). Production refuses to start with it unless allowed (his-patients). */
export class SimulatedPatientIndex implements PatientIndex {
  readonly simulated = true;

  constructor(private readonly book: FilingBook) {}

  async isFiled(person: HisPerson): Promise<boolean> {
    return filedBeforehand(person) || (await this.book.has(person));
  }

  async cardsOf(person: HisPerson): Promise<HisCardRecord[]> {
    return (await this.isFiled(person)) ? cardsOfFiledPerson(person) : [];
  }

  async file(person: HisPerson): Promise<{ created: boolean; cards: HisCardRecord[] }> {
    if (person.name.trim() === '' || identityKeyOf(person.identityCard) === '') {
      throw new PatientIndexError('建档需要姓名和证件号码');
    }
    const created = !filedBeforehand(person) && (await this.book.add(person));
    return { created, cards: cardsOfFiledPerson(person) };
  }

  async phoneOf(person: Pick<HisPerson, 'identityCard' | 'name'>): Promise<string | null> {
    return hisPhoneOf(person);
  }
}

/**
 * Whether the simulated HIS holds a record of the person (what the other domains' simulations — records, queue,
 * check-up, record copies — still read directly; they move to `ports.patientIndex` with their own ports).
 */
export async function isFiled(db: DbOrTx, person: HisPerson): Promise<boolean> {
  return filedBeforehand(person) || (await tableFilings(db, { now: () => new Date() }).has(person));
}

/** Files the person in the simulated HIS (the demo seed). */
export async function fileInHis(db: DbOrTx, person: HisPerson, at: Date): Promise<void> {
  await tableFilings(db, { now: () => at }).add(person);
}
