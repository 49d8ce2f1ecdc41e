import { boolean, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

import { createdAt } from '../../platform/database/columns.ts';

export const hospitals = pgTable('hospitals', {
  /** Fixed ids the apps are configured with: '1000' … '1008'. */
  id: text('id').primaryKey(),
  /** hospitalKey of the app build: default, zhengzhou, songtao, … */
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  /** Unified social credit code (统一社会信用代码). */
  originCode: text('origin_code').notNull(),
  /** Code of the hospital in the regional platform. */
  mdid: text('mdid').notNull(),
  canGoToHealthCard: boolean('can_go_to_health_card').notNull().default(true),
  createdAt: createdAt(),
});

export const systemParams = pgTable(
  'system_params',
  {
    hospitalId: text('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hospitalId, t.key] })],
);
