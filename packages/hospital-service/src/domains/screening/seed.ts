import { count } from 'drizzle-orm';
import { addDays, chinaDate, DAY } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import type { ContactRow } from '../patients/index.ts';
import { assessRisk } from './scoring.ts';
import { RISK_QUESTIONNAIRE, SCREENING_INTRO, STREETS_BY_HOSPITAL } from './seed-data.ts';
import { screeningCommunities, screeningStreets, screenings } from './tables.ts';

/**
 * Each hospital's screening campaigns (STREETS_BY_HOSPITAL: streets of its own city, open from a week before the
 * seed day for two months; the default hospital also has one that has ended) with their communities, and the
 * demo account's own screening (张伟, 城东街道 · 幸福里社区, three days ago). Returns the campaigns' count.
 */
export async function seedScreening(
  tx: DbOrTx,
  hospitalIds: string[],
  now: Date,
  demo?: { userId: number; contacts: ContactRow[] },
): Promise<number> {
  const today = chinaDate(now);
  let campaigns = 0;
  for (const hospitalId of hospitalIds) {
    const seeds = STREETS_BY_HOSPITAL[hospitalId] ?? [];
    for (const [i, s] of seeds.entries()) {
      const [street] = await tx
        .insert(screeningStreets)
        .values({
          hospitalId,
          name: s.name,
          title: s.title(Number(today.slice(0, 4))),
          intro: SCREENING_INTRO,
          place: s.place,
          startDate: addDays(today, s.start),
          endDate: addDays(today, s.end),
          questions: RISK_QUESTIONNAIRE,
          sort: i + 1,
          createdAt: now,
        })
        .returning();
      const communities = await tx
        .insert(screeningCommunities)
        .values(s.communities.map((name, j) => ({ streetId: street.id, name, sort: j + 1, createdAt: now })))
        .returning();
      campaigns += 1;
      const self = demo?.contacts.find((c) => c.relation === 'SELF');
      if (demo && self && hospitalId === '1000' && i === 0) {
        const health = {
          heightCm: 172,
          weightKg: 78.5,
          waistCm: 92,
          systolic: 142,
          diastolic: 92,
          fastingGlucose: 5.8,
          smoking: 'CURRENT' as const,
          drinking: 'SOMETIMES' as const,
          exercise: 'SOMETIMES' as const,
          history: [],
          familyHistory: ['HYPERTENSION' as const],
        };
        const answers = {
          q1: ['sometimes'],
          q2: ['no'],
          q3: ['no'],
          q4: ['no'],
          q5: ['salty'],
          q6: ['normal'],
          q7: ['none'],
        };
        const birth = self.documentNumber.slice(6, 14);
        const outcome = assessRisk({
          health,
          answers,
          questions: RISK_QUESTIONNAIRE,
          age:
            Number(today.slice(0, 4)) -
            Number(birth.slice(0, 4)) -
            (today.slice(5).replace('-', '') < birth.slice(4) ? 1 : 0),
          male: Number(self.documentNumber[16]) % 2 === 1,
        });
        await tx.insert(screenings).values({
          userId: demo.userId,
          contactId: self.id,
          streetId: street.id,
          communityId: communities[0].id,
          name: self.name,
          identityCard: self.documentNumber,
          phone: self.phone,
          address: self.address ?? '城东街道幸福里社区3栋2单元501室',
          health,
          answers,
          ...outcome,
          submittedAt: new Date(now.getTime() - 3 * DAY),
          createdAt: now,
        });
      }
    }
  }
  return campaigns;
}

/** An older database without campaigns gets them (completeSeed); nothing happens once there are some. */
export async function completeScreening(tx: DbOrTx, hospitalIds: string[], now: Date): Promise<void> {
  const [{ n }] = await tx.select({ n: count() }).from(screeningStreets);
  if (n === 0) await seedScreening(tx, hospitalIds, now);
}
