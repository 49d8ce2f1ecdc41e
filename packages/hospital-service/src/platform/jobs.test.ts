import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { templateDatabase } from '../test/harness.ts';
import type { Database } from './database/types.ts';
import { type JobDefinition, startJobEngine } from './jobs.ts';

/** The job engine (pg-boss) on this file's database: PGlite in the pglite project, PostgreSQL in the other. */
let database: Database;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  database = await templateDatabase();
});

afterAll(async () => {
  await database.close();
});

const schedules = async () =>
  (await database.executeSql('SELECT name, cron FROM pgboss.schedule ORDER BY name')).rows;

describe('job engine', () => {
  it('runs a job on request once, even with two instances working the queue', async () => {
    let runs = 0;
    const job: JobDefinition = {
      name: 'test-once',
      run: async () => {
        runs += 1;
        return { runs };
      },
    };
    const a = await startJobEngine({ database, jobs: [job], log, pollingIntervalSeconds: 0.5 });
    const b = await startJobEngine({ database, jobs: [job], log, pollingIntervalSeconds: 0.5 });
    try {
      await a.runNow('test-once');
      await vi.waitFor(() => expect(runs).toBe(1), { timeout: 15_000, interval: 100 });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(runs).toBe(1);
      await expect(a.runNow('nope')).rejects.toThrow('没有这个任务：nope');
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it('keeps a failed run for a retry, with its error', async () => {
    const engine = await startJobEngine({
      database,
      jobs: [
        {
          name: 'test-fails',
          run: async () => {
            throw new Error('HIS 超时');
          },
        },
      ],
      log,
      pollingIntervalSeconds: 0.5,
    });
    try {
      const id = await engine.runNow('test-fails');
      await vi.waitFor(
        async () => {
          const { rows } = await database.executeSql(
            "SELECT state, output->>'message' AS message FROM pgboss.job WHERE id = $1",
            [id],
          );
          expect(rows).toEqual([{ state: 'retry', message: 'HIS 超时' }]);
        },
        { timeout: 15_000, interval: 100 },
      );
    } finally {
      await engine.stop();
    }
  });

  it('places the schedules of the jobs it is given and removes those of jobs that are gone', async () => {
    const noop = async () => undefined;
    const first = await startJobEngine({
      database,
      jobs: [
        { name: 'test-daily', cron: '10 3 * * *', run: noop },
        { name: 'test-hourly', cron: '17 * * * *', run: noop },
      ],
      log,
    });
    await first.stop();
    expect(await schedules()).toEqual(
      expect.arrayContaining([
        { name: 'test-daily', cron: '10 3 * * *' },
        { name: 'test-hourly', cron: '17 * * * *' },
      ]),
    );
    const second = await startJobEngine({
      database,
      jobs: [{ name: 'test-daily', cron: '15 3 * * *', run: noop }],
      log,
    });
    await second.stop();
    expect(await schedules()).toEqual([{ name: 'test-daily', cron: '15 3 * * *' }]);
  });

  it('refuses a bad or repeated job name before starting', async () => {
    const run = async () => undefined;
    await expect(startJobEngine({ database, jobs: [{ name: 'Bad Name', run }], log })).rejects.toThrow(
      '任务名称不合规：Bad Name',
    );
    await expect(
      startJobEngine({
        database,
        jobs: [
          { name: 'test-twice', run },
          { name: 'test-twice', run },
        ],
        log,
      }),
    ).rejects.toThrow('任务名称重复：test-twice');
  });
});
