import { type ConsentItem, listConsentItems } from '@patient/contract';
import { and, desc, eq } from 'drizzle-orm';
import { userOf } from '../../platform/http/context.ts';
import { route } from '../../platform/http/route.ts';
import { requireHospital } from '../hospitals/index.ts';
import { type ConsentSource, SimulatedConsentSource } from './source.ts';
import { consentItems } from './tables.ts';

const toItem = (r: typeof consentItems.$inferSelect): ConsentItem => ({
  itemId: String(r.id),
  title: r.title,
  createdAt: r.createdAt.toISOString(),
});

/**
 * The calls of 隐私与授权. One row by id belongs to its account: read it with `ownedRow`
 * (platform/database/owned.ts), which answers another account's row as 404 like none.
 */
export const consentRoutes = (source: ConsentSource = new SimulatedConsentSource()) => [
  route(listConsentItems, async ({ query }, ctx) => {
    const user = userOf(ctx);
    await requireHospital(ctx.db, query.hospitalId);
    const rows = await ctx.db
      .select()
      .from(consentItems)
      .where(and(eq(consentItems.userId, user.id), eq(consentItems.hospitalId, query.hospitalId)))
      .orderBy(desc(consentItems.id));
    return { note: await source.noteFor(query.hospitalId), items: rows.map(toItem) };
  }),
];
