import { addDays, chinaDate, DAY } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import type { ContactRow } from '../patients/index.ts';
import { type CheckupRequest, SimulatedCheckupHis } from './his.ts';
import { checkupApplications } from './tables.ts';

/**
 * A contact's check-up requests at a hospital as rows, from the HIS's requests (port `checkupHis`): what the
 * first listing of a filed person copies (routes.ts), and what the demo contacts are seeded with.
 */
export function checkupRowsOf(
  userId: number,
  contact: { id: number },
  hospitalId: string,
  requests: readonly CheckupRequest[],
  now: Date,
): (typeof checkupApplications.$inferInsert)[] {
  return requests.map((a) => ({
    ...a,
    userId,
    contactId: contact.id,
    hospitalId,
    status: 'UNBOOKED',
    createdAt: now,
  }));
}

/**
 * The demo contacts' check-up requests at the default hospital: the HIS's own (as on first listing) plus a
 * gastroscopy done last week, so the list shows every state but 'booked'.
 */
export async function seedDemoCheckups(
  tx: DbOrTx,
  userId: number,
  demoContacts: ContactRow[],
  now: Date,
): Promise<number> {
  let seeded = 0;
  for (const contact of demoContacts) seeded += await seedContactCheckups(tx, userId, contact, now);
  return seeded;
}

async function seedContactCheckups(tx: DbOrTx, userId: number, contact: ContactRow, now: Date) {
  // The demo data is the simulated HIS's, whatever HIS the app is built with.
  const requests = await new SimulatedCheckupHis(() => now).requestsOf({
    hospitalId: '1000',
    identityCard: contact.documentNumber,
    name: contact.name,
  });
  const rows = checkupRowsOf(userId, contact, '1000', requests, now);
  if (contact.relation === 'SELF') {
    const done = addDays(chinaDate(now), -7);
    rows.push({
      userId,
      contactId: contact.id,
      hospitalId: '1000',
      applicationNo: 'SQ100000000001',
      orderItemId: 'YZ00000001',
      visitType: '1',
      itemCode: 'ES001',
      urgentFlag: '0',
      emergencySchedule: '0',
      itemTypeId: 'ES',
      requestedAt: new Date(now.getTime() - 10 * DAY),
      status: 'DONE',
      apptDate: done,
      apptBatchId: 'B01',
      apptTimeRange: '08:00-09:00',
      bookedAt: new Date(now.getTime() - 9 * DAY),
      createdAt: now,
    });
  }
  await tx.insert(checkupApplications).values(rows);
  return rows.length;
}
