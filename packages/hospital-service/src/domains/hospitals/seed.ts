import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { HOSPITALS } from './seed-data.ts';
import { hospitals, systemParams } from './tables.ts';

/** Seeds the hospitals of HOSPITALS with their system parameters. Returns how many hospitals. */
export async function seedHospitals(tx: DbOrTx, now: Date): Promise<number> {
  for (const h of HOSPITALS) {
    await tx.insert(hospitals).values({
      id: h.id,
      key: h.key,
      name: h.name,
      originCode: h.originCode,
      mdid: h.mdid,
      canGoToHealthCard: h.canGoToHealthCard,
      createdAt: now,
    });
    const params: Record<string, string> = {
      THEME_CONFIG: h.theme,
      HOTLINE: h.hotline,
      NOTICE: h.notice,
      ADDRESS: h.address,
      APPOINTMENT_DAYS: String(h.booking.daysAhead),
      CONTACT_LIMIT: '5',
      ...h.params,
    };
    await tx
      .insert(systemParams)
      .values(Object.entries(params).map(([key, value]) => ({ hospitalId: h.id, key, value })));
  }
  return HOSPITALS.length;
}

/** Sets the booking window the app shows (APPOINTMENT_DAYS) of the hospitals whose booking rules were added. */
export async function setAppointmentDays(
  tx: DbOrTx,
  rules: { hospitalId: string; daysAhead: number }[],
): Promise<void> {
  for (const r of rules) {
    await tx
      .update(systemParams)
      .set({ value: String(r.daysAhead) })
      .where(and(eq(systemParams.hospitalId, r.hospitalId), eq(systemParams.key, 'APPOINTMENT_DAYS')));
  }
}
