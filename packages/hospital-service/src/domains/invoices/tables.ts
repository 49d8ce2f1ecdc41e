import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/tables.ts';
import { createdAt } from '../../platform/database/columns.ts';
import { hospitals } from '../hospitals/index.ts';
import { contacts } from '../patients/index.ts';

/** One fee line of an invoice, in fen. */
export interface InvoiceLineRow {
  name: string;
  amount: number;
}

/**
 * Medical electronic invoices (医疗电子票据) the e-invoice platform issued for a contact's paid settlements at a
 * hospital. `fileId` is the invoice file's unguessable id; the payer's name and ID are kept whole and masked
 * wherever shown.
 */
export const eInvoices = pgTable(
  'e_invoices',
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
    fileId: text('file_id').notNull().unique(),
    /** OUTPATIENT | INPATIENT | REGISTRATION */
    type: text('type').notNull(),
    /** 票据代码, 票据号码, 校验码 as the platform gave them. */
    invoiceCode: text('invoice_code').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    checkCode: text('check_code').notNull(),
    amount: integer('amount').notNull(),
    payerName: text('payer_name').notNull(),
    payerIdNumber: text('payer_id_number').notNull(),
    lines: jsonb('lines').$type<InvoiceLineRow[]>().notNull(),
    /** The settlements' serial numbers (业务流水号) and the dates they were paid, as printed. */
    serials: jsonb('serials').$type<{ settlementId: string; paidAt: string }[]>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('e_invoices_contact').on(t.contactId, t.hospitalId), index('e_invoices_user').on(t.userId)],
);

/** Which invoice a settlement went into: a settlement is invoiced once (the primary key says so). */
export const invoicedSettlements = pgTable('invoiced_settlements', {
  settlementId: text('settlement_id').primaryKey(),
  invoiceId: integer('invoice_id')
    .notNull()
    .references(() => eInvoices.id, { onDelete: 'cascade' }),
});
