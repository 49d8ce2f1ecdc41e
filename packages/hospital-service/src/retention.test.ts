import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app.ts';
import { smsCodes } from './domains/accounts/index.ts';
import { MemoryFileStorage, uploadedFiles } from './domains/files/index.ts';
import { dataCopies } from './domains/privacy/index.ts';
import { staffDataAccess } from './domains/staff/index.ts';
import { sessions, users } from './platform/auth/tables.ts';
import { DAY } from './platform/clock.ts';
import { startServer, type TestServer } from './test/harness.ts';

/**
 * Retention (issue 28): each domain's job removes what it no longer needs, run by the job engine as main.ts runs
 * it. The test ages rows by moving the clock the jobs read.
 */
let server: TestServer;
let jobs: FastifyInstance;
const storage = new MemoryFileStorage();

beforeAll(async () => {
  server = await startServer();
  jobs = buildApp({
    db: server.database,
    clock: server.clock,
    logger: false,
    secret: 'test-secret',
    fileStorage: storage,
    jobs: { pollingIntervalSeconds: 0.5 },
  });
  await jobs.ready();
});

afterAll(async () => {
  await jobs.close();
  await server.close();
});

/** Runs a job through the engine and waits until `done` holds. */
async function run(name: string, done: () => Promise<void>) {
  await jobs.jobs?.runNow(name);
  await vi.waitFor(done, { timeout: 15_000, interval: 200 });
}

const db = () => server.database.db;

describe('retention jobs', () => {
  it('every job is scheduled, once, in China time', async () => {
    const { rows } = await server.database.executeSql(
      'SELECT name, cron, timezone FROM pgboss.schedule ORDER BY name',
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { name: 'accounts-retention', cron: '10 3 * * *', timezone: 'Asia/Shanghai' },
        { name: 'files-sweep-abandoned', cron: '17 * * * *', timezone: 'Asia/Shanghai' },
        { name: 'privacy-expired-copies', cron: '30 3 * * *', timezone: 'Asia/Shanghai' },
        { name: 'staff-retention', cron: '20 3 * * *', timezone: 'Asia/Shanghai' },
      ]),
    );
  });

  it('removes SMS code rows after two days and sessions 30 days after they ended', async () => {
    const phone = '13900001234';
    await server.login(phone);
    const [user] = await db().select().from(users).where(eq(users.phone, phone));
    const codesOf = () => db().select().from(smsCodes).where(eq(smsCodes.phone, phone));
    const sessionsOf = () => db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect((await codesOf()).length).toBeGreaterThan(0);
    expect((await sessionsOf()).length).toBe(1);

    server.clock.advance(DAY);
    await run('accounts-retention', async () => {
      const [job] = (
        await server.database.executeSql(
          "SELECT state FROM pgboss.job WHERE name = 'accounts-retention' ORDER BY created_on DESC LIMIT 1",
        )
      ).rows as { state: string }[];
      expect(job?.state).toBe('completed');
    });
    expect((await codesOf()).length).toBeGreaterThan(0);

    server.clock.advance(DAY + 60_000);
    await run('accounts-retention', async () => expect(await codesOf()).toEqual([]));
    expect((await sessionsOf()).length).toBe(1);

    server.clock.advance(30 * DAY);
    await run('accounts-retention', async () => expect(await sessionsOf()).toEqual([]));
  });

  it('deletes uploads no application kept after a day, bytes included; kept ones stay', async () => {
    const [user] = await db().insert(users).values({ phone: '13900004321' }).returning();
    const now = server.clock.now();
    const keys = [0, 1].map(() => randomBytes(16).toString('hex'));
    for (const key of keys) await storage.put(key, Buffer.from('jpeg'));
    const rows = await db()
      .insert(uploadedFiles)
      .values(
        keys.map((storageKey, i) => ({
          userId: user.id,
          storageKey,
          contentType: 'image/jpeg',
          size: 4,
          uploadedAt: now,
          attachedAt: i === 0 ? now : null,
        })),
      )
      .returning();
    const left = () =>
      db()
        .select({ key: uploadedFiles.storageKey })
        .from(uploadedFiles)
        .where(
          inArray(
            uploadedFiles.id,
            rows.map((r) => r.id),
          ),
        );
    server.clock.advance(DAY - 60_000);
    await run('files-sweep-abandoned', async () => {
      const [job] = (
        await server.database.executeSql(
          "SELECT state FROM pgboss.job WHERE name = 'files-sweep-abandoned' ORDER BY created_on DESC LIMIT 1",
        )
      ).rows as { state: string }[];
      expect(job?.state).toBe('completed');
    });
    expect(await left()).toHaveLength(2);

    server.clock.advance(2 * 60_000);
    await run('files-sweep-abandoned', async () => expect(await left()).toEqual([{ key: keys[0] }]));
    expect(await storage.get(keys[0])).not.toBeNull();
    expect(await storage.get(keys[1])).toBeNull();
  });

  it('deletes expired data copies, and access-log rows after three years only', async () => {
    const [user] = await db().insert(users).values({ phone: '13900005678' }).returning();
    const now = server.clock.now();
    const [copy] = await db()
      .insert(dataCopies)
      .values({ userId: user.id, content: {}, expiresAt: new Date(now.getTime() + 7 * DAY) })
      .returning();
    const entry = {
      hospitalId: '1000',
      staffName: '王护士',
      staffTitle: '护士',
      userId: user.id,
      patientName: '张*',
      action: 'VIEW',
      purpose: '安排住院床位',
    };
    const access = await db()
      .insert(staffDataAccess)
      .values([
        { ...entry, what: '床位预约 old', at: new Date(now.getTime() - 3 * 365 * DAY - DAY) },
        { ...entry, what: '床位预约 recent', at: new Date(now.getTime() - 3 * 365 * DAY + DAY) },
      ])
      .returning();
    const copies = () => db().select().from(dataCopies).where(eq(dataCopies.id, copy.id));
    const log = () =>
      db()
        .select({ what: staffDataAccess.what })
        .from(staffDataAccess)
        .where(
          inArray(
            staffDataAccess.id,
            access.map((a) => a.id),
          ),
        );
    await run('staff-retention', async () => expect(await log()).toEqual([{ what: '床位预约 recent' }]));
    await run('privacy-expired-copies', async () => {
      const [job] = (
        await server.database.executeSql(
          "SELECT state FROM pgboss.job WHERE name = 'privacy-expired-copies' ORDER BY created_on DESC LIMIT 1",
        )
      ).rows as { state: string }[];
      expect(job?.state).toBe('completed');
    });
    expect(await copies()).toHaveLength(1);
    server.clock.advance(7 * DAY + 1000);
    await run('privacy-expired-copies', async () => expect(await copies()).toEqual([]));
  });
});
