import type { CompanionCard, CompanionRelation, CompanionStatus } from '@patient/contract';
import { maskIdCard, maskPhone } from '@patient/validation';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { ownedRow } from '../../platform/database/owned.ts';
import { staysStillIn } from '../fees/index.ts';
import { companionCards } from './tables.ts';

export type CardRow = typeof companionCards.$inferSelect;

/** Statuses that hold the one-card-per-companion-per-stay place (and that a discharge turns into EXPIRED). */
export const ACTIVE = new Set(['APPLYING', 'EFFECTIVE']);

/** The status as read now: a waiting or effective card of a stay that ended is EXPIRED. */
export function statusOf(row: CardRow, stillIn: Set<number>): CompanionStatus {
  if (ACTIVE.has(row.status) && !stillIn.has(row.stayId)) return 'EXPIRED';
  return row.status as CompanionStatus;
}

/** The read statuses of several cards (one query for their stays). */
export async function statusesOf(db: DbOrTx, rows: CardRow[]): Promise<Map<number, CompanionStatus>> {
  const stillIn = await staysStillIn(
    db,
    rows.map((r) => r.stayId),
  );
  return new Map(rows.map((r) => [r.id, statusOf(r, stillIn)]));
}

/** The account's card, or 404 — the same answer for another account's card as for none. */
export async function ownedCard(db: DbOrTx, userId: number, cardId: string, lock = false): Promise<CardRow> {
  return ownedRow(db, companionCards, cardId, userId, { missing: '陪护证', lock });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A card as the app sees it: the companion's ID number and phone masked. */
export function toCard(row: CardRow, status: CompanionStatus): CompanionCard {
  return {
    cardId: String(row.id),
    hospitalId: row.hospitalId,
    status,
    patientName: row.patientName,
    admissionNo: row.admissionNo,
    department: row.department,
    ward: row.ward,
    bed: row.bed,
    companion: {
      name: row.companionName,
      idCard: maskIdCard(row.companionIdCard),
      phone: maskPhone(row.companionPhone),
      relation: row.relation as CompanionRelation,
    },
    declaration: row.declaration,
    rejectReason: row.rejectReason,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: iso(row.reviewedAt),
    withdrawnAt: iso(row.withdrawnAt),
    cancelledAt: iso(row.cancelledAt),
    canWithdraw: status === 'APPLYING',
    canCancel: status === 'EFFECTIVE',
  };
}

/** One card as read now. */
export async function cardNow(db: DbOrTx, row: CardRow): Promise<CompanionCard> {
  const statuses = await statusesOf(db, [row]);
  return toCard(row, statuses.get(row.id) ?? 'EXPIRED');
}
