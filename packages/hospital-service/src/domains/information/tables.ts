import { date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/database/columns.ts';
import { hospitals } from '../hospitals/index.ts';

/**
 * What the hospital tells about itself (one row per hospital): the introduction and the practical facts. Its
 * address and main hotline are the hospitals domain's parameters (ADDRESS, HOTLINE), kept there only.
 */
export const hospitalProfiles = pgTable('hospital_profiles', {
  hospitalId: text('hospital_id')
    .primaryKey()
    .references(() => hospitals.id, { onDelete: 'cascade' }),
  subtitle: text('subtitle').notNull(),
  facts: jsonb('facts').$type<{ title: string; value: string }[]>().notNull(),
  website: text('website').notNull(),
  introduction: jsonb('introduction').$type<string[]>().notNull(),
  hours: jsonb('hours').$type<string[]>().notNull(),
  /** Hotlines besides the main one (emergency, …). */
  hotlines: jsonb('hotlines').$type<{ label: string; number: string }[]>().notNull(),
  transport: jsonb('transport').$type<string[]>().notNull(),
  createdAt: createdAt(),
});

/** The hospital's notices, newest first. */
export const hospitalNotices = pgTable(
  'hospital_notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hospitalId: text('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: jsonb('body').$type<string[]>().notNull(),
    publishedAt: date('published_at', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('hospital_notices_hospital').on(t.hospitalId, t.publishedAt)],
);

/** Prices of the hospital's drugs (DRUG) and medical services (SERVICE), in fen per unit. */
export const priceItems = pgTable(
  'price_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hospitalId: text('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    /** DRUG | SERVICE */
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    pinyin: text('pinyin').notNull(),
    initials: text('initials').notNull(),
    specification: text('specification').notNull(),
    unit: text('unit').notNull(),
    price: integer('price').notNull(),
    /** A (甲类) | B (乙类) | SELF (自费) */
    insuranceCategory: text('insurance_category').notNull(),
    manufacturer: text('manufacturer'),
  },
  (t) => [
    uniqueIndex('price_items_code').on(t.hospitalId, t.kind, t.code),
    index('price_items_initials').on(t.hospitalId, t.kind, t.initials),
  ],
);
