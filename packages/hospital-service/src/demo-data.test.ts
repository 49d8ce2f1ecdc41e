import type { HospitalStartup } from '@patient/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasDemoData, hospitalCount, migrateSchema, seedDemo } from './demo-data.ts';
import { hospitals } from './domains/hospitals/index.ts';
import { TestClock } from './platform/clock.ts';
import type { Database } from './platform/database/connect.ts';
import { pendingMigrations } from './platform/database/migrate.ts';
import { prepareInstance } from './seed.ts';
import { TEST_START } from './test/constants.ts';
import { freshDatabase, serve } from './test/fresh-database.ts';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());

// Whole-database work (migrate, seed): seconds alone, much more on a loaded machine.
describe('schema and demo data kept apart', { timeout: 120_000 }, () => {
  it('seed:demo refuses a database that is not migrated', async () => {
    await expect(seedDemo(database, new TestClock(TEST_START))).rejects.toThrow(
      /数据库尚未迁移（待执行：0000_.*请先运行 pnpm --filter @patient\/hospital-service migrate/,
    );
  });

  it("production's migrate creates the schema only, and an instance accepts it", async () => {
    const { applied } = await migrateSchema(database);
    expect(applied.length).toBeGreaterThan(0);
    expect(await pendingMigrations(database)).toEqual([]);
    expect(await hospitalCount(database.db)).toBe(0);
    expect(await hasDemoData(database.db)).toBe(false);
    expect(await migrateSchema(database)).toEqual({ applied: [] });
    // An instance starts on it (nothing to roll: no hospital, no doctor).
    expect(await prepareInstance(database, new TestClock(TEST_START))).toEqual({
      seeded: null,
      schedulesRefreshed: 0,
    });
  });

  it('the start-up call answers a clear empty state when there is no hospital', async () => {
    const server = await serve(database);
    try {
      const answer = await server.client.get<HospitalStartup>('/v1/hospital/1000/startup');
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        state: 404,
        msg: '医院尚未开通',
        subMsg: '本服务还没有导入任何医院的数据，暂时无法使用，请稍后再试或联系医院',
      });
    } finally {
      await server.close();
    }
  });

  it('seed:demo writes the demo data once, then only completes it', async () => {
    const first = await seedDemo(database, new TestClock(TEST_START));
    expect(first.seeded).toMatchObject({ hospitals: 9, users: 2 });
    expect(await hasDemoData(database.db)).toBe(true);
    expect(await seedDemo(database, new TestClock(TEST_START))).toEqual({
      seeded: null,
      completed: true,
      schedulesRefreshed: null,
    });
    const server = await serve(database);
    try {
      const answer = await server.client.get<HospitalStartup>('/v1/hospital/1000/startup');
      expect(answer.body).toMatchObject({ state: 200, results: { description: { hospitalId: '1000' } } });
    } finally {
      await server.close();
    }
  });

  it('seed:demo refuses a database with hospitals of its own, and an unknown hospital is still 医院不存在', async () => {
    const other = await freshDatabase();
    try {
      await migrateSchema(other);
      await other.db.insert(hospitals).values({
        id: '2001',
        key: 'imported',
        name: '导入医院',
        originCode: 'ORG2001',
        mdid: 'MD2001',
        canGoToHealthCard: false,
      });
      await expect(seedDemo(other, new TestClock(TEST_START))).rejects.toThrow(
        '数据库中已有 1 家医院（导入的医院目录，不是演示数据）：演示数据只能写入没有医院的数据库',
      );
      const server = await serve(other);
      try {
        const answer = await server.client.get('/v1/hospital/1000/startup');
        expect(answer.body).toMatchObject({ state: 404, msg: '医院不存在' });
      } finally {
        await server.close();
      }
    } finally {
      await other.close();
    }
  });
});
