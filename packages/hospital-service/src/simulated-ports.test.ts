import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HospitalStartup } from '@patient/contract';
import { describe, expect, it } from 'vitest';
import { DiskFileStorage, MemoryFileStorage } from './domains/files/index.ts';
import { SimulatedCorpDirectory } from './domains/staff/index.ts';
import { DevSmsSender, type SmsSender } from './platform/sms.ts';
import { checkSimulatedPorts, readDemoAllowance, simulatedPortNames } from './simulated-ports.ts';
import { serve } from './test/fresh-database.ts';
import { templateDatabase } from './test/harness.ts';

/** A sender that poses as a real gateway (production refuses the dev one). */
const realSms: SmsSender = { kind: 'real', send: async () => {} };
/** Uploads on disk: the real file storage (memory would lose them, and counts as a simulation). */
const disk = new DiskFileStorage(join(tmpdir(), 'simulated-ports-uploads'));
const production = { production: true, smsSender: realSms, fileStorage: disk };
/** The clinical systems' ports (records, LIS, PACS, check-up, queue, record copies): simulated by default. */
const CLINICAL = ['records', 'lis', 'pacs', 'checkup', 'queue', 'recordcopy'];
const CLINICAL_NAMES =
  '医院信息系统：就诊记录与处方（records）、检验系统（LIS）（lis）、检查与体检系统（PACS、体检中心）（pacs）、' +
  '医院信息系统：检查申请与排班（checkup）、分诊叫号系统（queue）、医院信息系统：病案复印的住院记录（recordcopy）';
const DEFAULT_REFUSAL =
  'NODE_ENV=production 时不能使用模拟的外部系统：医保移动支付中心（insurance）、核酸检测实验室（lab）、' +
  `病案复印快递（courier）、城市服务绿色能量（energy）、${CLINICAL_NAMES}。请接入真实实现；演示部署可设置 ` +
  `DEMO_SIMULATED_PORTS=insurance,lab,courier,energy,${CLINICAL.join(',')}（或 all）明确允许，应用将显示“演示环境”标识`;

describe('no simulation in production', () => {
  it('names every simulated port of the app options, resolved as buildApp resolves them', () => {
    expect(simulatedPortNames(production, { env: {} })).toEqual([
      'insurance',
      'lab',
      'courier',
      'energy',
      ...CLINICAL,
    ]);
    expect(
      simulatedPortNames(
        { ...production, corpDirectory: new SimulatedCorpDirectory(() => 0), smsSender: new DevSmsSender() },
        { env: {} },
      ),
    ).toEqual(['insurance', 'corp', 'lab', 'courier', 'energy', 'sms', ...CLINICAL]);
    // Uploads kept in memory are lost at every restart: a simulation too.
    expect(simulatedPortNames({ ...production, fileStorage: new MemoryFileStorage() }, { env: {} })).toEqual([
      'insurance',
      'lab',
      'courier',
      'energy',
      'files',
      ...CLINICAL,
    ]);
    // Outside production the development simulations are all there (the sandbox cashier too).
    expect(simulatedPortNames({ production: false }, { env: {} })).toEqual([
      'insurance',
      'corp',
      'face',
      'lab',
      'courier',
      'energy',
      'sms',
      'files',
      'cashier',
      ...CLINICAL,
    ]);
  });

  it('production with simulated ports → refusal naming each', () => {
    expect(() => checkSimulatedPorts(production, {})).toThrow(DEFAULT_REFUSAL);
    // Only what the allowance leaves out is named.
    expect(() => checkSimulatedPorts(production, { DEMO_SIMULATED_PORTS: 'courier,lab' })).toThrow(
      `NODE_ENV=production 时不能使用模拟的外部系统：医保移动支付中心（insurance）、城市服务绿色能量（energy）、${CLINICAL_NAMES}。`,
    );
    expect(() => checkSimulatedPorts(production, { DEMO_SIMULATED_PORTS: 'courier,post' })).toThrow(
      'DEMO_SIMULATED_PORTS 不正确：post（可选：insurance, corp, face, lab, courier, energy, sms, files, cashier, ' +
        'records, lis, pacs, checkup, queue, recordcopy，或 all）',
    );
    // Development and tests simulate freely.
    expect(checkSimulatedPorts({ production: false }, {})).toBeNull();
  });

  it('the allowance lets it start; with a real payment provider beside it → refusal', () => {
    const allowance = checkSimulatedPorts(production, {
      DEMO_SIMULATED_PORTS: `insurance,lab,courier,energy,${CLINICAL.join(',')}`,
    });
    expect([...(allowance?.ports ?? [])]).toEqual(['insurance', 'lab', 'courier', 'energy', ...CLINICAL]);
    expect(readDemoAllowance({ DEMO_SIMULATED_PORTS: 'all' })?.ports.size).toBe(15);
    expect(() =>
      checkSimulatedPorts(production, {
        DEMO_SIMULATED_PORTS: 'all',
        WECHATPAY_MCHID: '1900000109',
        HOSPITAL_1001_ALIPAY_APP_ID: '2021000000000000',
      }),
    ).toThrow(
      '演示环境（DEMO_SIMULATED_PORTS）不能同时配置真实的支付渠道：请删除 HOSPITAL_1001_ALIPAY_APP_ID, WECHATPAY_MCHID，或去掉 DEMO_SIMULATED_PORTS 以正式环境启动',
    );
  });

  it('a demonstration in production starts, its start-up call says demo, and the sandbox cashier is open', async () => {
    const env = { DEMO_SIMULATED_PORTS: 'all' };
    const demo = checkSimulatedPorts({ ...production, smsSender: new DevSmsSender() }, env);
    const database = await templateDatabase();
    const server = await serve(database, {
      production: true,
      smsSender: new DevSmsSender(),
      demo,
      paymentEnv: {},
    });
    try {
      const answer = await server.client.get<HospitalStartup>('/v1/hospital/1000/startup');
      expect(answer.body).toMatchObject({ state: 200, results: { demo: true } });
      // The cashier's own page answers (an unknown payment), not the route-not-found envelope.
      const cashier = await server.client.call('GET', '/hospital-service/sandbox/cashier/999999999');
      expect(cashier.text).toContain('支付记录不存在');
    } finally {
      await server.close();
      await database.close();
    }
    // Not a demonstration: demo false, no cashier.
    const plain = await templateDatabase();
    const real = await serve(plain, { production: true, smsSender: realSms, paymentEnv: {} });
    try {
      const answer = await real.client.get<HospitalStartup>('/v1/hospital/1000/startup');
      expect(answer.body).toMatchObject({ state: 200, results: { demo: false } });
      const cashier = await real.client.call('GET', '/hospital-service/sandbox/cashier/999999999');
      expect(cashier.text).not.toContain('支付记录不存在');
      expect(cashier.status).toBe(404);
    } finally {
      await real.close();
      await plain.close();
    }
  });

  it('the service process refuses to start in production, naming the ports', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const run = spawnSync(`${root}/node_modules/.bin/tsx`, ['src/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DATA_DIR: 'memory',
        UPLOAD_DIR: disk.dir,
        PORT: '0',
        SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms',
        HOSPITAL_SERVICE_SECRET: randomBytes(32).toString('base64'),
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`hospital-service 启动失败：${DEFAULT_REFUSAL}`);
  }, 60_000);
});
