import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/tables.ts';
import { createdAt, encryptedText } from '../../platform/database/columns.ts';

/** The account's delivery addresses (收货地址); at most one is the default. */
export const expressAddresses = pgTable(
  'express_addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The receiver's name and phone, and the street address: encrypted at rest. */
    name: encryptedText('name').notNull(),
    phone: encryptedText('phone').notNull(),
    /** A county of the region enumerations, and the names from its province down (kept as they were). */
    countyCode: text('county_code').notNull(),
    region: jsonb('region').$type<string[]>().notNull(),
    /** 街道/乡镇 of the county (its code and name as chosen); '' when none was chosen. */
    streetCode: text('street_code').notNull().default(''),
    street: text('street').notNull().default(''),
    detail: encryptedText('detail').notNull(),
    postalCode: text('postal_code').notNull(),
    isDefault: boolean('is_default').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('express_addresses_user').on(t.userId),
    uniqueIndex('express_addresses_one_default').on(t.userId).where(sql`${t.isDefault}`),
  ],
);
