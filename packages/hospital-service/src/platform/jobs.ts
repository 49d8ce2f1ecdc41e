import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from './database/types.ts';
import { safeError } from './logging/logger.ts';

/**
 * Work the service does on a schedule or on request, outside any patient's request: sweeping expired holds,
 * retention, messages. A domain declares its jobs in its module (`jobs`); the engine is pg-boss on the service's
 * own database (PostgreSQL, or PGlite through {@link Database.executeSql}): a job is a row, taken by one
 * instance with `SKIP LOCKED`, retried when it fails, and a schedule fires once across all instances.
 */
export interface JobDefinition {
  /** The queue's name, `<domain>-<what>` (letters, digits, hyphens). */
  readonly name: string;
  /** When it runs by itself: cron in China time (minutes granularity), e.g. '30 3 * * *'; none: only on request. */
  readonly cron?: string;
  /** One run; may answer counts for the log (rows removed…). Throwing fails the job: it is retried. */
  readonly run: (log: FastifyBaseLogger) => Promise<Readonly<Record<string, number>> | undefined>;
}

/** The running engine of one instance. */
export interface JobEngine {
  /** Queues one run of a job now (operations: `pnpm jobs run <name>`; tests); answers the job's id. */
  runNow(name: string): Promise<string>;
  /** Stops taking jobs, waits for the ones running here, keeps the queued ones for the next instance. */
  stop(): Promise<void>;
}

export interface JobEngineOptions {
  database: Database;
  jobs: readonly JobDefinition[];
  log: FastifyBaseLogger;
  /** How often an idle worker looks for work (seconds; pg-boss's floor is 0.5). Default 2. */
  pollingIntervalSeconds?: number;
}

const SCHEMA = 'pgboss';

const DEADLOCK = '40P01';

/** Runs a setup step again (up to `attempts` times, after a short random pause) when the database aborted it. */
async function retryOnDeadlock(step: () => Promise<void>, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}
const TIME_ZONE = 'Asia/Shanghai';
const NAME = /^[a-z][a-z0-9-]{2,62}$/;

/** Starts pg-boss on the service's database: creates the queues, (re)places the schedules, works the jobs. */
export async function startJobEngine(options: JobEngineOptions): Promise<JobEngine> {
  const { database, jobs, log } = options;
  const names = new Set<string>();
  for (const job of jobs) {
    if (!NAME.test(job.name)) throw new Error(`任务名称不合规：${job.name}`);
    if (names.has(job.name)) throw new Error(`任务名称重复：${job.name}`);
    names.add(job.name);
  }
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: SCHEMA,
    // Archive and delete finished jobs soon: a job's row says nothing about a patient, but there is no use in
    // keeping thousands of sweeps.
    archiveCompletedAfterSeconds: 3_600,
    deleteAfterDays: 7,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (error) => log.error({ err: safeError(error) }, '任务引擎出错'));
  await boss.start();

  await retryOnDeadlock(async () => {
    for (const schedule of await boss.getSchedules()) {
      if (!names.has(schedule.name)) await boss.unschedule(schedule.name);
    }
  });
  for (const job of jobs) {
    // stately: at most one waiting and one running: a slow run is not piled up behind by its schedule.
    // Instances starting together create the same queues: pg-boss attaches a partition per queue, and two
    // attaching at once may deadlock; the database aborts one, which tries again.
    await retryOnDeadlock(async () => {
      if (!(await boss.getQueue(job.name))) {
        await boss.createQueue(job.name, { name: job.name, policy: 'stately' });
      }
      if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: TIME_ZONE });
      else await boss.unschedule(job.name);
    });
    await boss.work(
      job.name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
      async ([entry]) => {
        const started = Date.now();
        try {
          const counts = await job.run(log);
          log.info(
            { job: job.name, id: entry?.id, ms: Date.now() - started, ...(counts ?? {}) },
            '任务已完成',
          );
        } catch (error) {
          log.error({ job: job.name, id: entry?.id, err: safeError(error) }, '任务失败，将重试');
          throw error;
        }
      },
    );
  }

  return {
    async runNow(name) {
      if (!names.has(name)) throw new Error(`没有这个任务：${name}`);
      const id = await boss.send(name, {}, { retryLimit: 2, retryDelay: 30 });
      // stately: a run already waiting is this run.
      return id ?? 'queued';
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    },
  };
}
