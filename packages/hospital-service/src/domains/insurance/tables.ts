import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/tables.ts';
import { createdAt } from '../../platform/database/columns.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Pay authorisations the insurance platform issued to a user for one of their contacts (the person whose
 * electronic insurance credential was authorised). A pre-settlement names one.
 */
export const insuranceAuthorisations = pgTable(
  'insurance_authorisations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').notNull(),
    payAuthNo: text('pay_auth_no').notNull().unique(),
    /** WECHAT (the messaging app's authorisation page) | ALIPAY (the payment app's mini-program). */
    channel: text('channel').notNull(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('insurance_authorisations_user').on(t.userId)],
);

/**
 * The insurance split of an order (one per order; a new pre-settlement replaces a PRE one). PRE until the cash
 * part is paid, then SETTLED at the insurance centre; REVERSED when the order's money goes back; VOID when the
 * order ends unpaid or switches to self-pay. Amounts in fen: total = fund + account + cash.
 */
export const insuranceSettlements = pgTable(
  'insurance_settlements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderType: text('order_type').notNull(),
    orderId: integer('order_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    payAuthNo: text('pay_auth_no').notNull(),
    /** The centre's number of this settlement. */
    centreSettlementNo: text('centre_settlement_no').notNull().unique(),
    totalFen: integer('total_fen').notNull(),
    fundFen: integer('fund_fen').notNull(),
    accountFen: integer('account_fen').notNull(),
    cashFen: integer('cash_fen').notNull(),
    /** PRE | SETTLED | REVERSED | VOID */
    status: text('status').notNull(),
    createdAt: createdAt(),
    settledAt: at('settled_at'),
    reversedAt: at('reversed_at'),
  },
  (t) => [uniqueIndex('insurance_settlements_order').on(t.orderType, t.orderId)],
);

// ------------------------------------------------ the simulated insurance centre's own records (sim_…)

/** Per hospital (its insurance region's catalogue as it applies there): the yearly deductible, account use. */
export const simInsurancePolicies = pgTable('sim_insurance_policies', {
  hospitalId: text('hospital_id').primaryKey(),
  /** 起付线: what the insured pays of covered items each calendar year before the fund pays, fen. */
  deductibleFen: integer('deductible_fen').notNull(),
  /** Whether the personal account pays the insured's share of covered items. */
  accountPays: boolean('account_pays').notNull(),
});

/** Covered fee items per hospital: the fund's share (percent) of a covered item above the deductible. */
export const simInsuranceItemRules = pgTable(
  'sim_insurance_item_rules',
  {
    hospitalId: text('hospital_id').notNull(),
    /** A fee item code (REGISTRATION, CONSULTATION, CONSULTATION_EXPERT, …). Items without a rule are not covered. */
    itemCode: text('item_code').notNull(),
    fundPercent: integer('fund_percent').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hospitalId, t.itemCode] })],
);

/** The insured persons the centre knows, by identity key (sha256 of the normalised identity number). */
export const simInsuranceAccounts = pgTable('sim_insurance_accounts', {
  identityHash: text('identity_hash').primaryKey(),
  balanceFen: integer('balance_fen').notNull(),
  /** The calendar year the deductible counter is for. */
  deductibleYear: integer('deductible_year').notNull(),
  deductibleUsedFen: integer('deductible_used_fen').notNull(),
});

/** One-time codes of the centre's authorisation page, and the pay authorisations exchanged for them. */
export const simInsuranceGrants = pgTable('sim_insurance_grants', {
  authCode: text('auth_code').primaryKey(),
  identityHash: text('identity_hash').notNull(),
  /** The person as the credential names them (the centre gives name and number back). */
  name: text('name').notNull(),
  identityNumber: text('identity_number').notNull(),
  createdAt: createdAt(),
  codeExpiresAt: at('code_expires_at').notNull(),
  payAuthNo: text('pay_auth_no').unique(),
  payAuthExpiresAt: at('pay_auth_expires_at'),
});

/** The centre's settlements. */
export const simInsuranceSettlements = pgTable('sim_insurance_settlements', {
  settlementNo: text('settlement_no').primaryKey(),
  payAuthNo: text('pay_auth_no').notNull(),
  hospitalId: text('hospital_id').notNull(),
  identityHash: text('identity_hash').notNull(),
  totalFen: integer('total_fen').notNull(),
  fundFen: integer('fund_fen').notNull(),
  accountFen: integer('account_fen').notNull(),
  cashFen: integer('cash_fen').notNull(),
  /** The part of the deductible this settlement uses up. */
  deductibleFen: integer('deductible_fen').notNull(),
  /** PRE | SETTLED | REVERSED */
  status: text('status').notNull(),
  createdAt: createdAt(),
});
