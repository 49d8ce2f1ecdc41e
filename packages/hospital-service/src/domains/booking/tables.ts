import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/tables.ts';
import { createdAt } from '../../platform/database/columns.ts';
import { hospitals } from '../hospitals/index.ts';
import { contacts, medicalCards } from '../patients/index.ts';

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
    // One schedule per clinic (or doctor) and half-day: instances rolling the days at once cannot double it.
    unique('schedules_half_day')
      .on(t.hospitalId, t.departmentId, t.doctorId, t.date, t.period)
      .nullsNotDistinct(),
  ],
);

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
    /**
     * Places orders claim: LOCKED, PENDING_PAYMENT, BOOKED and VISITED orders, kept by the trigger
     * `appointment_orders_claim` (migration 0003), never written by the code. With `sources_capacity` the
     * database itself refuses a claim beyond the slot's places, whichever writer or instance tries.
     */
    claimed: integer('claimed').notNull().default(0),
  },
  (t) => [
    uniqueIndex('sources_schedule_start').on(t.scheduleId, t.startTime),
    check('sources_reserved', sql`${t.reserved} >= 0 AND ${t.reserved} <= ${t.capacity}`),
    check('sources_capacity', sql`${t.claimed} >= 0 AND ${t.reserved} + ${t.claimed} <= ${t.capacity}`),
  ],
);

/**
 * Appointment orders. LOCKED (slot held) → PENDING_PAYMENT (placed) → BOOKED (paid) → VISITED; or
 * CANCELLED / EXPIRED / REFUNDED / STOPPED. A LOCKED or PENDING_PAYMENT order whose hold_expires_at has
 * passed IS expired whatever its stored status (every read derives it; the settling job writes it down).
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
    /**
     * Amounts in fen: fee = insurancePays + selfPays, insurancePays = fundPays + accountPays; the payment
     * charges selfPays (the cash part).
     */
    fee: integer('fee').notNull(),
    /** SELF when placed; MEDICAL once selfOrMedicalPreSettle split it through the insurance centre. */
    settlementMode: text('settlement_mode'),
    insurancePays: integer('insurance_pays').notNull().default(0),
    fundPays: integer('fund_pays').notNull().default(0),
    accountPays: integer('account_pays').notNull().default(0),
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
    /** The HIS's reference of the place it holds for the order (scheduleHis.hold); null before the HIS port. */
    hisHoldRef: text('his_hold_ref'),
    /**
     * What the HIS still has to be told about the hold: CONFIRM (paid) or RELEASE (let go, expired, cancelled,
     * refunded); null when it knows. Done at once where possible, else by the order sweeper (syncHisHolds).
     */
    hisSync: text('his_sync'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('appointment_orders_his_sync').on(t.hisSync).where(sql`${t.hisSync} IS NOT NULL`),
    index('appointment_orders_source_status').on(t.sourceId, t.status),
    index('appointment_orders_user_created').on(t.userId, t.createdAt),
    index('appointment_orders_user_visit').on(t.userId, t.visitDate),
    index('appointment_orders_status_hold').on(t.status, t.holdExpiresAt),
    index('appointment_orders_schedule').on(t.scheduleId),
  ],
);

/**
 * The payment app's city-service green energy granted for an appointment (claimCityServiceEnergy): one row per
 * order (the key), so an order is rewarded once however often it is asked.
 */
export const cityServiceEnergyGrants = pgTable('city_service_energy_grants', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => appointmentOrders.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  scene: text('scene').notNull(),
  grantId: text('grant_id').notNull(),
  energy: integer('energy').notNull(),
  grantedAt: timestamp('granted_at', { withTimezone: true, mode: 'date' }).notNull(),
});
