import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DbOrTx } from './platform/database/connect.ts';
import { templateDatabase } from './test/harness.ts';

/**
 * The seed's fingerprint: for every table, its row count and an md5 of all its rows (each row's text, in
 * primary-key order, with the session's time zone and date style pinned so PGlite and PostgreSQL print the
 * same). The template is seeded at TEST_START; the values below were taken from the seed before it was split
 * by domain, so moving seed code between files must leave every row, id and PRNG draw as it was. Update them
 * only for an intended change of the seed (the failure shows the new values).
 */
const EXPECTED: Record<string, { rows: number; md5: string }> = {
  appointment_orders: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  bed_order_logs: { rows: 6, md5: '3db506a2d0863feb3327ed1ea59ef69d' },
  bed_orders: { rows: 3, md5: '866f73142deb96c4375e8b3e6f84f369' },
  booking_rules: { rows: 9, md5: '81a15342194e76798d2ad51a0a5afc38' },
  certification_attempts: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  checkup_applications: { rows: 7, md5: '8dbb085060b44348b2f7a444634f1b71' },
  companion_cards: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  companion_questions: { rows: 36, md5: 'b831a9e7521b4d7dcb6041c2c33f168b' },
  contacts: { rows: 2, md5: '3bb78b290955293908870728392903bf' },
  departments: { rows: 168, md5: '0b55d772ee6d40e229720d551ecdd77f' },
  doctors: { rows: 354, md5: 'a56ef3899a9d9a470e115729e801b0e5' },
  e_invoices: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  express_addresses: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  face_verifications: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  feedbacks: { rows: 1, md5: 'f880095b293348a0425f9b81cd75857c' },
  follow_up_pushes: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  follow_up_tasks: { rows: 5, md5: '9af3185f2654a8d8976dddaf29c6a9fa' },
  health_cards: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  health_codes: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  inpatient_payments: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  inpatient_stays: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  insurance_authorisations: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  insurance_settlements: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  invoiced_settlements: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  his_patients: { rows: 10, md5: '99856f3ef808a4bf383bb458be78a25e' },
  hospitals: { rows: 9, md5: 'bab30b347cc54d2b2caff4c55ae04bdd' },
  hospital_notices: { rows: 36, md5: '92ddb6ad631ec1d38d3a13a7dc89200e' },
  hospital_profiles: { rows: 9, md5: '9edc4db4f77b1b9e46c15f1db5e2d1c9' },
  medical_cards: { rows: 5, md5: 'a13d3d08b2625dc8eea8bb09c272c995' },
  nucleic_acid_orders: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  notifications: { rows: 3, md5: 'c5389425746ac9b03b36f26c94deddba' },
  outpatient_charges: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  outpatient_orders: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  payers: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  payments: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  prepaid_accounts: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  prepaid_entries: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  prepaid_recharges: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  price_items: { rows: 360, md5: 'f42d3c5303382937c1bc4867eb471708' },
  queue_calls: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  queue_entries: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  queues: { rows: 174, md5: '8db841968ff6f7908e19323ebbdc8ebc' },
  record_copy_orders: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  refunds: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  sandbox_bill: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  schedules: { rows: 5820, md5: 'f633f343774f8135c377b8ad5a8b33a2' },
  screening_communities: { rows: 38, md5: '7ae0fd2ba3ee457fcd46d5a018b9c107' },
  screening_streets: { rows: 19, md5: 'c77a559c3dcaa9331fadb55d145a209e' },
  screenings: { rows: 1, md5: '5317711cdf72dae2d293e4f11874efbc' },
  sessions: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  sim_insurance_accounts: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  sim_insurance_grants: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  sim_insurance_item_rules: { rows: 54, md5: '7525b98e2553fdd093d1ac2a3fd3d8c6' },
  sim_insurance_policies: { rows: 9, md5: '14f7d749b06be8004464ee9a23cf1bc3' },
  sim_insurance_settlements: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  sms_codes: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  sources: { rows: 22468, md5: '6ea654bbbf67eb035514b55c0fed2823' },
  staff_members: { rows: 27, md5: '10c46cd9d7f2c6df5bd4ac5c5a68940a' },
  staff_sessions: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  system_params: { rows: 57, md5: '7e13603cddd22d5174d813fcff055100' },
  uploaded_files: { rows: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  users: { rows: 2, md5: '62547d2bc2793205ca6f507ffba5507d' },
};

let template: Database;

beforeAll(async () => {
  template = await templateDatabase();
});
afterAll(async () => {
  await template?.close();
});

async function rowsOf<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every table of the public schema with its count and the md5 of its rows in primary-key order. */
async function fingerprint(database: Database) {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL TimeZone = 'UTC'`);
    await tx.execute(sql`SET LOCAL DateStyle = 'ISO, YMD'`);
    await tx.execute(sql`SET LOCAL extra_float_digits = 1`);
    const tables = await rowsOf<{ name: string }>(
      tx,
      sql`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name COLLATE "C"`,
    );
    const out: Record<string, { rows: number; md5: string }> = {};
    for (const { name } of tables) {
      const key = await rowsOf<{ column: string; text: boolean }>(
        tx,
        sql`SELECT a.attname AS "column", a.atttypid = 'text'::regtype AS "text"
            FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
            WHERE i.indrelid = ${`public.${name}`}::regclass AND i.indisprimary
            ORDER BY array_position(i.indkey::int2[], a.attnum)`,
      );
      expect(key.length, `${name} has a primary key`).toBeGreaterThan(0);
      const orderBy = key.map((k) => `"${k.column}"${k.text ? ' COLLATE "C"' : ''}`).join(', ');
      const [r] = await rowsOf<{ rows: number; md5: string }>(
        tx,
        sql.raw(
          `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY ${orderBy}), '')) AS md5
           FROM "${name}" t`,
        ),
      );
      out[name] = r;
    }
    return out;
  });
}

describe('the seed', () => {
  it('writes the same rows as before it was split by domain (counts and a hash of every table)', async () => {
    const got = await fingerprint(template);
    expect(got).toEqual(EXPECTED);
  });
});
