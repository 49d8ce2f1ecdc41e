import { index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/tables.ts';
import { createdAt } from '../../platform/database/columns.ts';
import { hospitals } from '../hospitals/index.ts';
import { contacts } from '../patients/index.ts';
import type { ScreeningQuestionConfig } from './seed-data.ts';

/**
 * A hospital's community screening campaign in one street (街道): what it is, where, when, and its risk
 * questionnaire (the configuration the service scores answers with; option weights stay here).
 */
export const screeningStreets = pgTable(
  'screening_streets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hospitalId: text('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    title: text('title').notNull(),
    intro: jsonb('intro').$type<string[]>().notNull(),
    place: text('place').notNull(),
    /** China dates, YYYY-MM-DD, both included. */
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    questions: jsonb('questions').$type<ScreeningQuestionConfig[]>().notNull(),
    sort: integer('sort').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('screening_streets_name').on(t.hospitalId, t.name)],
);

/** The communities (社区) of a street whose residents the campaign screens. */
export const screeningCommunities = pgTable(
  'screening_communities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    streetId: integer('street_id')
      .notNull()
      .references(() => screeningStreets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sort: integer('sort').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('screening_communities_name').on(t.streetId, t.name)],
);

/**
 * One resident's screening: who (one of the account's contacts, by ID number), the answers and the result the
 * service computed. One per person and campaign.
 */
export const screenings = pgTable(
  'screenings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    streetId: integer('street_id')
      .notNull()
      .references(() => screeningStreets.id, { onDelete: 'cascade' }),
    communityId: integer('community_id')
      .notNull()
      .references(() => screeningCommunities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 18 characters, upper-case X. */
    identityCard: text('identity_card').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    health: jsonb('health').$type<Record<string, unknown>>().notNull(),
    answers: jsonb('answers').$type<Record<string, string[]>>().notNull(),
    /** LOW | MEDIUM | HIGH */
    level: text('level').notNull(),
    score: integer('score').notNull(),
    bmi: real('bmi').notNull(),
    factors: jsonb('factors').$type<string[]>().notNull(),
    advice: jsonb('advice').$type<string[]>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('screenings_person_campaign').on(t.streetId, t.identityCard),
    index('screenings_user').on(t.userId, t.identityCard),
  ],
);
