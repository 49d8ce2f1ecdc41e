import { randomBytes } from 'node:crypto';
import type { ExpressAddress } from '@patient/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_CIPHER, useFieldCipher } from './platform/crypto/field-cipher.ts';
import { encryptedTablesOf, reencryptAll } from './platform/crypto/reencrypt.ts';
import { schema } from './schema.ts';
import { startServer, type TestServer } from './test/harness.ts';

/** Personal identifiers at rest (issue 28): what the tables hold, what the API answers, key rotation. */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  useFieldCipher(DEVELOPMENT_CIPHER);
  await server?.close();
});

const stored = async () =>
  (
    (await server.database.db.execute(
      sql`SELECT id, name, phone, detail FROM express_addresses ORDER BY id`,
    )) as unknown as { rows: { id: number; name: string; phone: string; detail: string }[] }
  ).rows;

describe('encryption at rest', () => {
  it('finds the encrypted columns of the schema', () => {
    const tables = encryptedTablesOf(schema);
    expect(tables.map((t) => [t.name, t.columns.map(([k]) => k)])).toContainEqual([
      'express_addresses',
      ['name', 'phone', 'detail'],
    ]);
  });

  it('keeps an address’s name, phone and street encrypted in the table, plain through the API', async () => {
    const client = await server.login('13700031001');
    const added = await client.post<ExpressAddress>('/v1/express_address/add_express_address', {
      name: '欧阳娜娜',
      phone: '13800138000',
      countyCode: '331004',
      detail: '路桥街道银安街1号3幢201室',
    });
    expect(added.body.results).toMatchObject({ name: '欧阳娜娜', detail: '路桥街道银安街1号3幢201室' });
    const text = JSON.stringify(await stored());
    expect(text).not.toContain('欧阳娜娜');
    expect(text).not.toContain('13800138000');
    expect(text).not.toContain('银安街');
    for (const row of await stored()) expect(row.phone).toMatch(/^enc:v1:dev:A256GCM:/);
  });

  it('rotates: rows under the old key and rows from before encryption are rewritten under the new key', async () => {
    const client = await server.login('13700031002');
    await client.post('/v1/express_address/add_express_address', {
      name: '李雷',
      phone: '13900139000',
      countyCode: '110105',
      detail: '朝阳路1号',
    });
    // A row written before the column was encrypted.
    const [{ id: userId }] = (
      (await server.database.db.execute(
        sql`SELECT id FROM users WHERE phone = '13700031002'`,
      )) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    await server.database.db.execute(
      sql`INSERT INTO express_addresses (user_id, name, phone, county_code, region, detail, postal_code, is_default, updated_at)
          VALUES (${userId}, '韩梅梅', '13900139001', '110105', '["北京市","朝阳区"]', '建国路2号', '', false, now())`,
    );

    useFieldCipher(
      DEVELOPMENT_CIPHER.withCurrentKey({ id: '2026b', suite: 'SM4CTR', master: randomBytes(32) }),
    );
    const counts = await reencryptAll(server.database.db, schema);
    expect(counts.express_addresses).toBe((await stored()).length);
    for (const row of await stored()) {
      for (const value of [row.name, row.phone, row.detail]) expect(value).toMatch(/^enc:v1:2026b:SM4CTR:/);
    }
    expect(await reencryptAll(server.database.db, schema)).toEqual({});
    const listed = (await client.get<ExpressAddress[]>('/v1/express_address/addresses')).body.results ?? [];
    expect(listed.map((a) => [a.name, a.phone, a.detail]).sort()).toEqual([
      ['李雷', '13900139000', '朝阳路1号'],
      ['韩梅梅', '13900139001', '建国路2号'],
    ]);
  });
});
