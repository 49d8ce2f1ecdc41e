import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
    /** Full pinyin without tones ('xinxueguanneike'), computed with pinyin-pro when seeded (queryBySpell). */
    pinyin: text('pinyin').notNull().default(''),
    /** Pinyin initials ('xxgnk'). */
    initials: text('initials').notNull().default(''),
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
    /** Places of the half-day (the sum of its sources' capacities). */
    total: integer('total').notNull(),
    /**
     * Places left when seeded (the seed's picture of other channels' bookings, spread over the sources as
     * `reserved`). Not the live count: that is derived from the sources and the active orders.
     */
    remaining: integer('remaining').notNull(),
    /** Registration fee in fen (分). */
    fee: integer('fee').notNull(),
    /** Visit numbers handed out through the app so far (incremented under a row lock). */
    visitSeq: integer('visit_seq').notNull().default(0),
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
    /** Real-name authentication passed; `certified_at` says when (both or neither). */
    certified: boolean('certified').notNull().default(false),
    certifiedAt: timestamp('certified_at', { withTimezone: true, mode: 'date' }),
    notify: boolean('notify').notNull().default(true),
    address: text('address'),
    /** Dictionary name of the ethnic group (src/reference/people.ts). */
    ethnicity: text('ethnicity'),
    /** Dictionary name of the occupation (src/reference/people.ts). */
    occupation: text('occupation'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contacts_user_document').on(t.userId, t.documentType, t.documentNumber),
    uniqueIndex('contacts_one_default_per_user').on(t.userId).where(sql`${t.isDefault}`),
    index('contacts_user').on(t.userId),
    check('contacts_certified_at', sql`${t.certified} = (${t.certifiedAt} IS NOT NULL)`),
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

// ---------------------------------------------------------------------------------------------------
// Appointments (seeded rules and sources; orders and payments per user)

/** Booking rules of a hospital (seeded; see README 'Booking rules'). Times are China time, 'HH:mm'. */
export const bookingRules = pgTable(
  'booking_rules',
  {
    hospitalId: text('hospital_id')
      .primaryKey()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    /** Scheduled booking reaches today + daysAhead (that last day opens at releaseTime). */
    daysAhead: integer('days_ahead').notNull(),
    releaseTime: text('release_time').notNull(),
    /** Same-day booking of the morning / afternoon closes at these times. */
    sameDayCutoffAm: text('same_day_cutoff_am').notNull(),
    sameDayCutoffPm: text('same_day_cutoff_pm').notNull(),
    /** DAY_BEFORE (until cancelTime the day before) | HOURS_BEFORE (cancelHours before the half-day starts) */
    cancelRule: text('cancel_rule').notNull(),
    cancelTime: text('cancel_time'),
    cancelHours: integer('cancel_hours'),
    /** How long a locked slot is held for the patient (HOLD_MINUTES overrides it). */
    holdMinutes: integer('hold_minutes').notNull().default(10),
    /** Most active appointments per account and visit day at this hospital. */
    dailyLimit: integer('daily_limit').notNull().default(3),
    /** The messaging app's appId used for payment (getPaymentAppId). */
    paymentAppId: text('payment_app_id').notNull(),
  },
  (t) => [
    check(
      'booking_rules_cancel',
      sql`(${t.cancelRule} = 'DAY_BEFORE' AND ${t.cancelTime} IS NOT NULL) OR (${t.cancelRule} = 'HOURS_BEFORE' AND ${t.cancelHours} IS NOT NULL)`,
    ),
  ],
);

/**
 * Time-slot sources of a half-day schedule. Places left = capacity − reserved − active orders (BOOKED,
 * VISITED, and LOCKED / PENDING_PAYMENT whose hold has not expired), always derived, never stored.
 */
export const sources = pgTable(
  'sources',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    /** HH:mm, China time. */
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    capacity: integer('capacity').notNull(),
    /** Places taken through other channels (HIS window, phone): the seed's demo occupancy. */
    reserved: integer('reserved').notNull().default(0),
  },
  (t) => [
    uniqueIndex('sources_schedule_start').on(t.scheduleId, t.startTime),
    check('sources_reserved', sql`${t.reserved} >= 0 AND ${t.reserved} <= ${t.capacity}`),
  ],
);

/**
 * Appointment orders. LOCKED (slot held) → PENDING_PAYMENT (placed) → BOOKED (paid) → VISITED; or
 * CANCELLED / EXPIRED / REFUNDED / STOPPED. A LOCKED or PENDING_PAYMENT order whose hold_expires_at has
 * passed IS expired whatever its stored status (every read derives it; the sweeper writes it down).
 */
export const appointmentOrders = pgTable(
  'appointment_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: text('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id),
    sourceId: integer('source_id')
      .notNull()
      .references(() => sources.id),
    /** Denormalised from the schedule for the per-day and per-doctor rules. */
    doctorId: integer('doctor_id'),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    period: text('period').notNull(),
    status: text('status').notNull(),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    cardId: integer('card_id').references(() => medicalCards.id, { onDelete: 'set null' }),
    /** Snapshots taken when the order is placed (they stay if the contact or card is removed). */
    patientName: text('patient_name'),
    medicalCardNo: text('medical_card_no'),
    cardType: text('card_type'),
    /** Amounts in fen: fee = insurancePays + selfPays; the payment charges selfPays. */
    fee: integer('fee').notNull(),
    /** SELF | MEDICAL, chosen when placed (selfOrMedicalPreSettle may change it before paying). */
    settlementMode: text('settlement_mode'),
    insurancePays: integer('insurance_pays').notNull().default(0),
    selfPays: integer('self_pays').notNull(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    visitStartsAt: timestamp('visit_starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    visitEndsAt: timestamp('visit_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    cancelDeadline: timestamp('cancel_deadline', { withTimezone: true, mode: 'date' }).notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true, mode: 'date' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true, mode: 'date' }),
    cancelReason: text('cancel_reason'),
    visitNumber: text('visit_number'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('appointment_orders_source_status').on(t.sourceId, t.status),
    index('appointment_orders_user_created').on(t.userId, t.createdAt),
    index('appointment_orders_user_visit').on(t.userId, t.visitDate),
    index('appointment_orders_status_hold').on(t.status, t.holdExpiresAt),
    index('appointment_orders_schedule').on(t.scheduleId),
  ],
);

/** Payments: at most one per order (a second js_pay returns it), amounts in fen. */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** APPOINTMENT (fees later) */
    orderType: text('order_type').notNull(),
    orderId: integer('order_id').notNull(),
    /** WECHAT_JSAPI | ALIPAY_TRADE | SANDBOX: the latest channel it was started on. */
    channel: text('channel').notNull(),
    amount: integer('amount').notNull(),
    /** PENDING | PAID | CLOSED | REFUNDED */
    status: text('status').notNull(),
    tradeNo: text('trade_no').notNull().unique(),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('payments_order').on(t.orderType, t.orderId), index('payments_user').on(t.userId)],
);

/**
 * Check-up (examination) requests the simulated HIS knows for a contact, and their booking (one active
 * booking per request: the appointment columns are set while status is BOOKED).
 */
export const checkupApplications = pgTable(
  'checkup_applications',
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
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    applicationNo: text('application_no').notNull(),
    orderItemId: text('order_item_id').notNull(),
    visitType: text('visit_type').notNull(),
    itemCode: text('item_code').notNull(),
    urgentFlag: text('urgent_flag').notNull(),
    emergencySchedule: text('emergency_schedule').notNull(),
    itemTypeId: text('item_type_id').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** UNBOOKED | BOOKED | CANCELLED | DONE (a BOOKED one whose date has passed reads as DONE) */
    status: text('status').notNull(),
    apptDate: date('appt_date', { mode: 'string' }),
    apptBatchId: text('appt_batch_id'),
    apptTimeRange: text('appt_time_range'),
    bookedAt: timestamp('booked_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('checkup_applications_request').on(t.userId, t.hospitalId, t.applicationNo, t.orderItemId),
    index('checkup_applications_contact').on(t.contactId, t.hospitalId),
    index('checkup_applications_slot').on(t.hospitalId, t.itemTypeId, t.apptDate, t.apptBatchId),
    check(
      'checkup_applications_booking',
      sql`(${t.status} IN ('BOOKED', 'DONE')) = (${t.apptDate} IS NOT NULL AND ${t.apptBatchId} IS NOT NULL)`,
    ),
  ],
);
