import type { AddressInfo } from 'node:net';
import type { Contact } from '@patient/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { TestClock } from '../clock.ts';
import { DevSmsSender } from '../sms.ts';
import { TEST_START } from '../test/constants.ts';
import { Client, person } from '../test/harness.ts';
import { createDatabase, type Database } from './connect.ts';
import { resetDatabase } from './seed.ts';

/**
 * The same migrations and the concurrency rules on a real PostgreSQL (several connections, real row
 * locks). Runs only when TEST_DATABASE_URL points at a database it may wipe, e.g.
 * TEST_DATABASE_URL=postgres://user@127.0.0.1:5432/hospital_test pnpm --filter @patient/hospital-service test
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('PostgreSQL (node-postgres)', () => {
  let database: Database;
  let app: FastifyInstance;
  let base: string;
  const sms = new DevSmsSender();

  beforeAll(async () => {
    database = await createDatabase(url as string);
    await resetDatabase(database, new TestClock(TEST_START));
    app = buildApp({ db: database, clock: new TestClock(TEST_START), smsSender: sms, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  async function login(phone: string) {
    const client = new Client(base);
    await client.post('/v1/auth/sendCode', { phone });
    await client.post('/v1/auth/bindPhone', { phone, code: sms.latestCode(phone) });
    return client;
  }

  it('migrates, seeds and answers start-up calls', async () => {
    expect(database.driver).toBe('postgres');
    const answer = await new Client(base).get('/v1/hospital/1007/systemParamMap');
    expect(answer.body).toMatchObject({ state: 200, results: { THEME_CONFIG: 'blue' } });
  });

  it('keeps the contact limit and a single default under concurrent calls', async () => {
    const client = await login('13300000001');
    const added = await Promise.all(
      [0, 1, 2, 3, 4, 5, 6, 7].map((i) => client.post<Contact>('/addPatient', person(i))),
    );
    expect(added.filter((a) => a.body.state === 200)).toHaveLength(5);
    const ids = added.filter((a) => a.body.state === 200).map((a) => (a.body.results as Contact).contactId);
    await Promise.all(
      [...ids, ...ids, ...ids].map((id) =>
        client.get('/updateDefaultContact', { contactId: id, isDefault: true }),
      ),
    );
    const rows = (await client.get<Contact[]>('/contacts')).body.results ?? [];
    expect(rows).toHaveLength(5);
    expect(rows.filter((c) => c.contactDO.isDefault)).toHaveLength(1);
  });
});
