import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/tables.ts';
import { createdAt } from '../../platform/database/columns.ts';
import { inpatientStays } from '../fees/index.ts';
import { hospitals } from '../hospitals/index.ts';
import { contacts } from '../patients/index.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The hospital's health declaration for companions: yes/no questions and the answer that allows accompanying. */
export const companionQuestions = pgTable(
  'companion_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hospitalId: text('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    text: text('text').notNull(),
    allowedAnswer: boolean('allowed_answer').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('companion_questions_code').on(t.hospitalId, t.code)],
);

/**
 * Companion cards (陪护证): the application and, once the ward approved it, the card. Stored status APPLYING |
 * EFFECTIVE | REJECTED | WITHDRAWN | CANCELLED; an APPLYING or EFFECTIVE card of a stay that ended reads EXPIRED.
 * One waiting or effective card per companion (ID number) per stay (hospital and admission number): the index
 * `companion_cards_one_per_stay` holds it even for two applications at the same moment.
 */
export const companionCards = pgTable(
  'companion_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: text('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    stayId: integer('stay_id')
      .notNull()
      .references(() => inpatientStays.id, { onDelete: 'cascade' }),
    admissionNo: text('admission_no').notNull(),
    patientName: text('patient_name').notNull(),
    department: text('department').notNull(),
    ward: text('ward').notNull(),
    bed: text('bed').notNull(),
    companionName: text('companion_name').notNull(),
    companionIdCard: text('companion_id_card').notNull(),
    companionPhone: text('companion_phone').notNull(),
    relation: text('relation').notNull(),
    declaration: jsonb('declaration').$type<{ code: string; text: string; answer: boolean }[]>().notNull(),
    status: text('status').notNull(),
    rejectReason: text('reject_reason'),
    reviewedAt: at('reviewed_at'),
    withdrawnAt: at('withdrawn_at'),
    cancelledAt: at('cancelled_at'),
    updatedAt: at('updated_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('companion_cards_user').on(t.userId, t.hospitalId),
    uniqueIndex('companion_cards_one_per_stay')
      .on(t.hospitalId, t.admissionNo, t.companionIdCard)
      .where(sql`${t.status} in ('APPLYING', 'EFFECTIVE')`),
  ],
);
