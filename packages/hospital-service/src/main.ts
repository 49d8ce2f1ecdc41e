import { FhirHis, FhirPatientIndex, fhirHisConfigFromEnv } from './adapters/fhir/index.ts';
import { buildApp } from './app.ts';
import { hospitalCount, prepareProductionDatabase } from './demo-data.ts';
import { smsSenderFrom } from './domains/accounts/index.ts';
import { fileStorageFor } from './domains/files/index.ts';
import { StartedClock, systemClock } from './platform/clock.ts';
import { readConfig } from './platform/config.ts';
import { fieldCipherFromEnv, useFieldCipher } from './platform/crypto/field-cipher.ts';
import { createDatabase, DEFAULT_DATA_ROOT } from './platform/database/connect.ts';
import { createLogger } from './platform/logging/logger.ts';
import { DevSmsSender, type SmsSender } from './platform/sms.ts';
import { prepareDatabase, prepareInstance } from './seed.ts';
import { checkSimulatedPorts, readDemoAllowance } from './simulated-ports.ts';

/**
 * `pnpm --filter @patient/hospital-service start`: opens the database (PGlite in .data/dev unless
 * DATA_DIR say otherwise: migrates it, and outside production seeds it when empty) or PostgreSQL
 * (DATABASE_URL: checks that the `migrate` command has run), adds missing schedule days, and listens.
 */
async function main() {
  const config = readConfig();
  const log = createLogger();
  // A demonstration allowed to simulate SMS (DEMO_SIMULATED_PORTS=sms) logs the codes like development.
  const demoSms = config.production && readDemoAllowance(process.env)?.ports.has('sms') === true;
  // The SMS platform of SMS_PROVIDER (aliyun, tencent, webhook; SMS_WEBHOOK_URL alone: webhook).
  const smsSender: SmsSender | undefined =
    smsSenderFrom(process.env) ?? (demoSms ? new DevSmsSender() : undefined);
  if (config.production && !smsSender) {
    throw new Error(
      'NODE_ENV=production 时必须配置真实短信平台：SMS_PROVIDER=aliyun（ALIYUN_SMS_*）、tencent（TENCENT_SMS_*）' +
        '或 webhook（SMS_WEBHOOK_URL），开发用短信发送器不能用于生产。',
    );
  }
  // No simulated outside system in production, unless a demonstration allows it (then no real payment).
  const fileStorage = fileStorageFor(process.env, DEFAULT_DATA_ROOT);
  // The HIS over FHIR R4 when HIS_FHIR_BASE_URL is set (src/adapters/fhir): the patient index so far.
  const fhir = fhirHisConfigFromEnv(process.env);
  const hisPorts = fhir ? { patientIndex: new FhirPatientIndex(new FhirHis(fhir)) } : {};
  const demo = checkSimulatedPorts(
    { production: config.production, smsSender, fileStorage, ...hisPorts },
    process.env,
  );
  if (demo)
    log.warn({ simulatedPorts: [...demo.ports] }, '演示环境：允许使用模拟的外部系统（DEMO_SIMULATED_PORTS）');

  const clock = config.clockStart ? new StartedClock(config.clockStart) : systemClock;
  if (config.clockStart)
    log.warn({ clockStart: config.clockStart.toISOString() }, '服务时钟从 CLOCK_START 开始计时');
  // Personal identifiers are encrypted at rest with the deployment's keys (production refuses to start without).
  useFieldCipher(fieldCipherFromEnv(process.env, config.production));
  const database = await createDatabase(config.databaseTarget);
  log.info({ driver: database.driver, location: database.location }, '数据库已打开');
  // The embedded database has one instance: it migrates itself (and, outside production, seeds the demo when
  // empty). PostgreSQL may have several: `migrate` first. Production never seeds (`seed:demo`, `import`).
  const { seeded, schedulesRefreshed } =
    database.driver !== 'pglite'
      ? await prepareInstance(database, clock)
      : config.production
        ? await prepareProductionDatabase(database, clock)
        : await prepareDatabase(database, clock);
  if (seeded) log.info({ seeded }, '数据库为空，已写入演示数据');
  if ((await hospitalCount(database.db)) === 0) {
    log.warn(
      '数据库中还没有医院：用 pnpm --filter @patient/hospital-service run import <文件> 导入医院目录（演示环境：seed:demo）',
    );
  }
  if (schedulesRefreshed !== null)
    log.info({ schedules: schedulesRefreshed }, '排班已补齐到今天起的号源周期');

  const app = buildApp({
    ...hisPorts,
    db: database,
    smsSender,
    logger: log,
    production: config.production,
    maxContacts: config.maxContacts,
    holdMinutes: config.holdMinutes,
    smsLimits: config.smsLimits,
    trustProxy: config.trustProxy,
    sandboxRefundDelayMs: config.sandboxRefundSeconds * 1000,
    fileStorage,
    clock,
    // Code hashes, rotating codes and signatures must verify on every instance: one shared key (readConfig
    // refuses a missing or weak one in production).
    secret: config.secret ?? undefined,
    demo,
    // Sweeps and retention on pg-boss in this database; JOBS=off makes an instance that only answers requests
    // (at least one instance must run them).
    jobs: process.env.JOBS === 'off' ? false : {},
  });
  const close = async (signal: string) => {
    log.info({ signal }, '正在停止');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = `http://${config.host}:${port}`;
  log.info({ url: base }, 'hospital-service 已启动');
  console.log(`hospital-service listening on ${base}  (API: ${base}/hospital-service, docs: ${base}/docs)`);
}

main().catch((error: unknown) => {
  console.error(`hospital-service 启动失败：${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
