import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/tables.ts';
import { createdAt } from '../../platform/database/columns.ts';
import { hospitals } from '../hospitals/index.ts';

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
    /** Real-name authentication passed; `certified_at` says when (both or neither). */
    certified: boolean('certified').notNull().default(false),
    certifiedAt: timestamp('certified_at', { withTimezone: true, mode: 'date' }),
    /**
     * When the contact was proven to be the person for the hospital's data (see `hisProof`); null until then and
     * again after the name or document changes.
     */
    hisVerifiedAt: timestamp('his_verified_at', { withTimezone: true, mode: 'date' }),
    /**
     * How it was proven ({@link HIS_PROOFS}): SMS, the code sent to the phone the HIS holds for the person;
     * ACCOUNT_PHONE, the account's own (login) phone is that phone; FACE, a face verification of the person.
     * Set with `his_verified_at` (both or neither). Real-name certification is never a proof.
     */
    hisProof: text('his_proof'),
    notify: boolean('notify').notNull().default(true),
    address: text('address'),
    /** Dictionary name of the ethnic group (src/reference/people.ts). */
    ethnicity: text('ethnicity'),
    /** Dictionary name of the occupation (src/reference/people.ts). */
    occupation: text('occupation'),
    /**
     * A contact under 14 (个人信息保护法 §31): the account holder confirmed being the parent or guardian and
     * consented on the child's behalf to this hospital's 隐私政策 version, at this time (all three or none).
     */
    guardianConsentHospitalId: text('guardian_consent_hospital_id'),
    guardianConsentVersion: text('guardian_consent_version'),
    guardianConsentAt: timestamp('guardian_consent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contacts_user_document').on(t.userId, t.documentType, t.documentNumber),
    uniqueIndex('contacts_one_default_per_user').on(t.userId).where(sql`${t.isDefault}`),
    index('contacts_user').on(t.userId),
    check('contacts_certified_at', sql`${t.certified} = (${t.certifiedAt} IS NOT NULL)`),
    check('contacts_his_proof', sql`(${t.hisProof} IS NULL) = (${t.hisVerifiedAt} IS NULL)`),
    check(
      'contacts_guardian_consent',
      sql`(${t.guardianConsentVersion} IS NULL) = (${t.guardianConsentAt} IS NULL) AND (${t.guardianConsentVersion} IS NULL) = (${t.guardianConsentHospitalId} IS NULL)`,
    ),
    check('contacts_his_proof_kind', sql`${t.hisProof} IN ('SMS', 'ACCOUNT_PHONE', 'FACE')`),
  ],
);

/** What proves a contact for the hospital's data (contacts.his_proof). */
export const HIS_PROOFS = ['SMS', 'ACCOUNT_PHONE', 'FACE'] as const;
export type HisProof = (typeof HIS_PROOFS)[number];

/**
 * Face verifications started for a contact (startFaceVerification): the outside platform's ticket, bound to the
 * account, the contact and the person (name and document) it was started for. Settled once, when its result
 * proved the contact.
 */
export const faceVerifications = pgTable(
  'face_verifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    ticket: text('ticket').notNull(),
    documentType: text('document_type').notNull(),
    documentNumber: text('document_number').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('face_verifications_ticket').on(t.ticket),
    index('face_verifications_contact').on(t.contactId),
  ],
);

/**
 * Real-name authentication attempts, to limit failures per contact and per account and day. The
 * contact id is cleared (not the row) when the contact is deleted, so deleting and adding a contact
 * again does not reset the account's count. No names or numbers are kept.
 */
export const certificationAttempts = pgTable(
  'certification_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    succeeded: boolean('succeeded').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('certification_attempts_contact_created').on(t.contactId, t.createdAt),
    index('certification_attempts_user_created').on(t.userId, t.createdAt),
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

/** Health codes issued by the (simulated) health-code platform: one per contact. */
export const healthCodes = pgTable(
  'health_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The code's identifier on the platform (derived from the person, so stable). */
    codeId: text('code_id').notNull(),
    /** GREEN | YELLOW | RED */
    color: text('color').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('health_codes_contact').on(t.contactId), index('health_codes_user').on(t.userId)],
);
