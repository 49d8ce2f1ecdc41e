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
import {
  checkSimulatedPorts,
  PORTS,
  type PortName,
  readDemoAllowance,
  simulatedPortNames,
} from './simulated-ports.ts';
import { serve } from './test/fresh-database.ts';
import { templateDatabase } from './test/harness.ts';

/** A sender that poses as a real gateway (production refuses the dev one). */
const realSms: SmsSender = { kind: 'real', send: async () => {} };
/** Uploads on disk: the real file storage (memory would lose them, and counts as a simulation). */
const disk = new DiskFileStorage(join(tmpdir(), 'simulated-ports-uploads'));
const production = { production: true, smsSender: realSms, fileStorage: disk };
/** Every port, in the order the refusal names them. */
const ALL_PORTS = Object.keys(PORTS) as PortName[];
const inPortOrder = (names: readonly PortName[]) => ALL_PORTS.filter((name) => names.includes(name));
/**
 * The ports with no real implementation in `production` above: all but staff sign-in and face verification (none
 * without their configuration), the SMS sender and the disk storage (real ones given) and the sandbox cashier.
 */
const SIMULATED_ONLY = ALL_PORTS.filter(
  (name) => !['corp', 'face', 'sms', 'files', 'cashier'].includes(name),
);
const DEFAULT_REFUSAL =
  'NODE_ENV=production 时不能使用模拟的外部系统：' +
  `${SIMULATED_ONLY.map((name) => `${PORTS[name]}（${name}）`).join('、')}。请接入真实实现；` +
  `演示部署可设置 DEMO_SIMULATED_PORTS=${SIMULATED_ONLY.join(',')}（或 all）` +
  '明确允许，应用将显示“演示环境”标识';

describe('no simulation in production', () => {
  it('names every simulated port of the app options, resolved as buildApp resolves them', () => {
    expect(simulatedPortNames(production, { env: {} })).toEqual(SIMULATED_ONLY);
    expect(
      simulatedPortNames(
        { ...production, corpDirectory: new SimulatedCorpDirectory(() => 0), smsSender: new DevSmsSender() },
        { env: {} },
      ),
    ).toEqual(inPortOrder([...SIMULATED_ONLY, 'corp', 'sms']));
    // Uploads kept in memory are lost at every restart: a simulation too.
    expect(simulatedPortNames({ ...production, fileStorage: new MemoryFileStorage() }, { env: {} })).toEqual(
      inPortOrder([...SIMULATED_ONLY, 'files']),
    );
    // Outside production the development simulations are all there (the sandbox cashier too).
    expect(simulatedPortNames({ production: false }, { env: {} })).toEqual(ALL_PORTS);
  });

  it('production with simulated ports → refusal naming each', () => {
    expect(() => checkSimulatedPorts(production, {})).toThrow(DEFAULT_REFUSAL);
    // Only what the allowance leaves out is named.
    expect(() =>
      checkSimulatedPorts(production, {
        DEMO_SIMULATED_PORTS: SIMULATED_ONLY.filter((n) => n !== 'insurance' && n !== 'energy').join(','),
      }),
    ).toThrow(
      'NODE_ENV=production 时不能使用模拟的外部系统：医保移动支付中心（insurance）、城市服务绿色能量（energy）。',
    );
    expect(() => checkSimulatedPorts(production, { DEMO_SIMULATED_PORTS: 'courier,post' })).toThrow(
      `DEMO_SIMULATED_PORTS 不正确：post（可选：${ALL_PORTS.join(', ')}，或 all）`,
    );
    // Development and tests simulate freely.
    expect(checkSimulatedPorts({ production: false }, {})).toBeNull();
  });

  it('the allowance lets it start; with a real payment provider beside it → refusal', () => {
    const allowance = checkSimulatedPorts(production, {
      DEMO_SIMULATED_PORTS: SIMULATED_ONLY.join(','),
    });
    expect([...(allowance?.ports ?? [])]).toEqual(SIMULATED_ONLY);
    expect(readDemoAllowance({ DEMO_SIMULATED_PORTS: 'all' })?.ports.size).toBe(ALL_PORTS.length);
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
