import { defineConfig } from '@playwright/test';
import {
  appUrl,
  CHROMIUM,
  CHROMIUM_ARGS,
  CLOCK_START,
  HOLD_MINUTES,
  HOSPITAL_KEYS,
  SERVICE_PORT,
  SERVICE_URL,
} from './support/env.ts';

/**
 * One project per hospital, on a phone viewport, against the nine built apps (one static server) and one
 * hospital-service on an in-memory database, its clock at 08:30 of today and 1-minute holds (support/env.ts).
 * Run after `turbo run build`.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    viewport: { width: 375, height: 667 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    actionTimeout: 15_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // *.default.spec.ts journeys exercise shared code (error catalogue, whole slices): the default app runs them;
  // a *.<key>.spec.ts journey (another hospital's data) runs in that hospital's project only.
  projects: HOSPITAL_KEYS.map((key) => ({
    name: key,
    use: { baseURL: appUrl(key) },
    testIgnore: new RegExp(`\\.(${HOSPITAL_KEYS.filter((k) => k !== key).join('|')})\\.spec\\.ts$`),
  })),
  webServer: [
    {
      command: 'pnpm --filter @patient/hospital-service start',
      env: {
        PORT: String(SERVICE_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: 'memory',
        NODE_ENV: 'test',
        CLOCK_START,
        HOLD_MINUTES: String(HOLD_MINUTES),
        // Every journey logs in from 127.0.0.1: the per-address SMS limit (default 20 an hour) would stop
        // the suite. The per-phone and per-account limits stay as in production.
        SMS_LIMIT_IP_HOUR: '100000',
        SMS_LIMIT_IP_DAY: '100000',
      },
      url: `${SERVICE_URL}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node serve-built-apps.mjs',
      // E2E_HOSPITALS (serve-built-apps.mjs): only those apps are served, for their projects alone.
      url: appUrl(process.env.E2E_HOSPITALS?.split(',')[0] ?? HOSPITAL_KEYS[HOSPITAL_KEYS.length - 1]),
      timeout: 30_000,
      reuseExistingServer: false,
    },
  ],
});
