import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The hospital-service schema. Every table with patient data carries `user_id`: every query of a
 * patient call filters on it, so no call can reach another account's rows.
 *
 * After changing this file run `pnpm --filter @patient/hospital-service db:generate` and commit the
 * new SQL file in drizzle/.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

// ---------------------------------------------------------------------------------------------------
// Hospitals and their catalogue (seeded)

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

export const departments = pgTable(
  'departments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hospitalId: text('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    /** null for a first-level department (内科), set for a clinic under it (心血管内科). */
    parentId: integer('parent_id'),
    /** The HIS code of the department. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    intro: text('intro').notNull().default(''),
    location: text('location').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('departments_hospital_code').on(t.hospitalId, t.code),
    index('departments_parent').on(t.parentId),
  ],
);

export const doctors = pgTable(
  'doctors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hospitalId: text('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sex: text('sex').notNull(),
    /** 主任医师 / 副主任医师 / 主治医师 */
    title: text('title').notNull(),
    speciality: text('speciality').notNull(),
    intro: text('intro').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('doctors_hospital_code').on(t.hospitalId, t.code),
    index('doctors_department').on(t.departmentId),
  ],
);

export const schedules = pgTable(
  'schedules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hospitalId: text('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    /** null for a department (ordinary) clinic without a named doctor. */
    doctorId: integer('doctor_id').references(() => doctors.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    /** MORNING | AFTERNOON */
    period: text('period').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    /** NORMAL | EXPERT | EMERGENCY | DEPARTMENT | VIP */
    sourceType: text('source_type').notNull(),
    /** APPOINTABLE | ALL_APPOINTED | STOPED | NO_SOURCE */
    state: text('state').notNull(),
    total: integer('total').notNull(),
    remaining: integer('remaining').notNull(),
    /** Registration fee in fen (分). */
    fee: integer('fee').notNull(),
  },
  (t) => [
    index('schedules_hospital_date').on(t.hospitalId, t.date),
    index('schedules_department_date').on(t.departmentId, t.date),
    index('schedules_doctor_date').on(t.doctorId, t.date),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Accounts and sessions

export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  phone: text('phone').notNull().unique(),
  /** active | banned */
  status: text('status').notNull().default('active'),
  bannedReason: text('banned_reason'),
  createdAt: createdAt(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
});

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is only ever in the cookie. */
    tokenHash: text('token_hash').notNull().unique(),
    /** active | replaced (same user logged in elsewhere) | logged_out */
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_user_status').on(t.userId, t.status)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    /** login | contact_phone */
    purpose: text('purpose').notNull(),
    /** HMAC-SHA-256 of the code; the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    /** Set when a newer code for the same phone and purpose was sent. */
    supersededAt: timestamp('superseded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sms_codes_phone_purpose_created').on(t.phone, t.purpose, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------------
// Patient data (always scoped by user_id)

export const contacts = pgTable(
  'contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    documentType: text('document_type').notNull(),
    /** Normalised: mainland ID numbers are stored in their 18-character form. */
    documentNumber: text('document_number').notNull(),
    phone: text('phone').notNull(),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    sex: text('sex'),
    birthDate: text('birth_date'),
    relation: text('relation').notNull().default('OTHER'),
    isDefault: boolean('is_default').notNull().default(false),
    certified: boolean('certified').notNull().default(false),
    notify: boolean('notify').notNull().default(true),
    address: text('address'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contacts_user_document').on(t.userId, t.documentType, t.documentNumber),
    uniqueIndex('contacts_one_default_per_user').on(t.userId).where(sql`${t.isDefault}`),
    index('contacts_user').on(t.userId),
  ],
);

export const medicalCards = pgTable(
  'medical_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    hospitalId: text('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    medicalCardNo: text('medical_card_no').notNull(),
    /** HOSPITAL_CARD | INSURANCE_CARD | HEALTH_CARD */
    type: text('type').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('medical_cards_contact_card').on(t.contactId, t.hospitalId, t.medicalCardNo),
    uniqueIndex('medical_cards_one_default_per_contact').on(t.contactId).where(sql`${t.isDefault}`),
    index('medical_cards_user').on(t.userId),
  ],
);

export const healthCards = pgTable(
  'health_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    hospitalId: text('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    cardNo: text('card_no').notNull(),
    cardPackageOrderId: text('card_package_order_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('health_cards_contact').on(t.contactId), index('health_cards_user').on(t.userId)],
);

/**
 * Patients filed at a hospital through the app (filePatientRecord). The simulated HIS also knows
 * most people without a row here (see src/his.ts); this table holds the ones the app created.
 */
export const hisPatients = pgTable(
  'his_patients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hospitalId: text('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    /** Upper-cased document number. */
    identityKey: text('identity_key').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('his_patients_person').on(t.hospitalId, t.identityKey, t.name)],
);
