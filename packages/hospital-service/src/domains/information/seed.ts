import { addDays, chinaDate } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { prng } from '../../platform/seed-random.ts';
import { spell } from '../booking/index.ts';
import { HOSPITALS } from '../hospitals/index.ts';
import { DRUGS, HOURS, NOTICES, profileOf, SERVICES } from './seed-data.ts';
import { hospitalNotices, hospitalProfiles, priceItems } from './tables.ts';

/**
 * Every hospital's information: its profile (`profileOf`: PROFILES, or a plain one for a new hospital; name, address and main hotline stay the hospitals
 * domain's), its notices (dated from `now`'s China date), and its prices (the catalogue's base prices; a hospital's
 * services differ by up to ±10% with its level, drugs are sold at the same price everywhere: zero mark-up).
 * Idempotent (adds what is missing), so it also completes an older database.
 */
export async function seedInformation(tx: DbOrTx, now: Date): Promise<number> {
  const today = chinaDate(now);
  let rows = 0;
  for (const h of HOSPITALS) {
    const p = profileOf(h);
    const inserted = await tx
      .insert(hospitalProfiles)
      .values({
        hospitalId: h.id,
        subtitle: p.subtitle,
        facts: [
          { title: '医院等级', value: p.level },
          { title: '建院时间', value: p.founded },
          { title: '开放床位', value: p.beds },
        ],
        website: p.website,
        introduction: p.introduction,
        hours: HOURS,
        hotlines: p.extraHotlines,
        transport: p.transport,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: hospitalProfiles.hospitalId });
    if (inserted.length === 0) continue;
    rows += 1;
    await tx.insert(hospitalNotices).values([
      {
        hospitalId: h.id,
        title: '就诊提示',
        body: [h.notice],
        publishedAt: addDays(today, -1),
        createdAt: now,
      },
      ...NOTICES.map((n) => ({
        hospitalId: h.id,
        title: n.title,
        body: n.body,
        publishedAt: addDays(today, -n.daysAgo),
        createdAt: now,
      })),
    ]);
    const rng = prng(`prices:${h.id}`);
    const factor = 0.9 + rng() * 0.2;
    await tx.insert(priceItems).values([
      ...DRUGS.map(([code, name, specification, unit, price, insuranceCategory, manufacturer]) => ({
        hospitalId: h.id,
        kind: 'DRUG',
        code,
        name,
        ...spell(name),
        specification,
        unit,
        price,
        insuranceCategory,
        manufacturer,
      })),
      ...SERVICES.map(([code, name, specification, unit, price, insuranceCategory]) => ({
        hospitalId: h.id,
        kind: 'SERVICE',
        code,
        name,
        ...spell(name),
        specification,
        unit,
        price: Math.round((price * factor) / 10) * 10,
        insuranceCategory,
        manufacturer: null,
      })),
    ]);
  }
  return rows;
}
