import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { parseId } from '../../platform/database/ids.ts';
import { contacts, provenContacts, requireHisProven } from '../patients/index.ts';
import type { BillingHis } from './his.ts';
import { ensureHisBills } from './store.ts';
import { inpatientStays } from './tables.ts';

/** A stay as other domains see it (the companion card's): who, where, and whether still in hospital. */
export interface StayFacts {
  stayId: number;
  userId: number;
  contactId: number;
  hospitalId: string;
  patientName: string;
  admissionNo: string;
  department: string;
  ward: string;
  bed: string;
  admittedOn: string;
  /** Still in hospital (not discharged by the HIS). */
  inHospital: boolean;
}

const facts = (row: typeof inpatientStays.$inferSelect, patientName: string): StayFacts => ({
  stayId: row.id,
  userId: row.userId,
  contactId: row.contactId,
  hospitalId: row.hospitalId,
  patientName,
  admissionNo: row.admissionNo,
  department: row.department,
  ward: row.ward,
  bed: row.bed,
  admittedOn: row.admittedOn,
  inHospital: row.status === 'IN_HOSPITAL',
});

/**
 * The stays in progress at a hospital of the account's proven contacts (the HIS's stays copied on this first
 * look, as the fee screens do: asked from `his`, the fees module's port). Unproven contacts are left out: the HIS's data is theirs to see only once proven.
 */
export async function staysInHospital(
  db: DbOrTx,
  his: BillingHis,
  userId: number,
  hospitalId: string,
): Promise<StayFacts[]> {
  const proven = await provenContacts(db, userId);
  for (const contact of proven) await ensureHisBills(db, his, contact, hospitalId);
  if (proven.length === 0) return [];
  const names = new Map(proven.map((c) => [c.id, c.name]));
  const rows = await db
    .select()
    .from(inpatientStays)
    .where(
      and(
        eq(inpatientStays.userId, userId),
        eq(inpatientStays.hospitalId, hospitalId),
        eq(inpatientStays.status, 'IN_HOSPITAL'),
        inArray(inpatientStays.contactId, [...names.keys()]),
      ),
    )
    .orderBy(asc(inpatientStays.contactId), asc(inpatientStays.id));
  return rows.map((r) => facts(r, names.get(r.contactId) ?? ''));
}

/**
 * One stay of the account (null: none, or another account's), whether or not still in hospital; refused
 * (HIS_IDENTITY_REQUIRED) while its contact is not proven (the name or document changed since).
 */
export async function stayOfAccount(db: DbOrTx, userId: number, stayId: string): Promise<StayFacts | null> {
  const id = parseId(stayId);
  if (id === null) return null;
  const [row] = await db
    .select({ stay: inpatientStays, contact: contacts })
    .from(inpatientStays)
    .innerJoin(contacts, eq(contacts.id, inpatientStays.contactId))
    .where(and(eq(inpatientStays.id, id), eq(inpatientStays.userId, userId)));
  if (!row) return null;
  requireHisProven(row.contact);
  return facts(row.stay, row.contact.name);
}

/** Which of these stays are still in hospital. */
export async function staysStillIn(db: DbOrTx, stayIds: number[]): Promise<Set<number>> {
  const wanted = [...new Set(stayIds)];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ id: inpatientStays.id })
    .from(inpatientStays)
    .where(and(inArray(inpatientStays.id, wanted), eq(inpatientStays.status, 'IN_HOSPITAL')));
  return new Set(rows.map((r) => r.id));
}
