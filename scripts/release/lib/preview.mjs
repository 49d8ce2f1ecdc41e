// The visual check: the homepage and three key screens of built hospital apps at phone size (375×667, 2×),
// taken with Playwright on Debian's Chromium against a hospital-service on an in-memory database, written as
// PNGs and one preview.html to look at before publishing.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { serveApps } from '../../lib/serve-apps.mjs';
import { ROOT } from './workspace.mjs';

const chromium = JSON.parse(readFileSync(join(ROOT, 'scripts', 'lib', 'chromium.json'), 'utf8'));

/** The screens of the preview: the homepage and three key screens (login, booking's departments, elder mode). */
export const SCREENS = [
  { name: 'homepage', title: '首页', path: '/homepage' },
  { name: 'login', title: '登录', path: '/login' },
  { name: 'depts', title: '预约挂号 · 科室', path: '/depts' },
  { name: 'elder', title: '长辈模式首页', path: '/homepage?elder=1' },
];

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/**
 * Starts the hospital-service on an in-memory database (clock at 08:30 China time today, as the browser suite's)
 * on a free port. Resolves to { url, stop() }.
 */
export async function startService() {
  const port = await freePort();
  const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const child = spawn('pnpm', ['--filter', '@patient/hospital-service', 'start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory',
      NODE_ENV: 'test',
      CLOCK_START: `${day}T08:30:00+08:00`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // gone already
    }
  };
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 240 || child.exitCode !== null) {
      stop();
      throw new Error('hospital-service did not start for the preview');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, stop };
}

/**
 * Screenshots of every app in `apps` ([{ key, name, siteDir }]) into outDir/<key>-<screen>.png, and
 * outDir/../<htmlName> showing them. Resolves to the page's path.
 */
export async function writePreview({ apps, outDir, htmlFile, title }) {
  const { chromium: browserType } = await import('@playwright/test');
  mkdirSync(outDir, { recursive: true });
  const service = await startService();
  const servers = await serveApps({
    apps: apps.map((a) => ({ key: a.key, distDir: a.siteDir, port: 0 })),
    serviceUrl: service.url,
  });
  const browser = await browserType.launch({
    executablePath: process.env.CHROME_PATH ?? chromium.executablePath,
    args: chromium.args,
  });
  const shots = [];
  try {
    const context = await browser.newContext({
      viewport: { width: 375, height: 667 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    for (const app of apps) {
      for (const screen of SCREENS) {
        const page = await context.newPage();
        await page.goto(`${servers.urls[app.key]}${screen.path}`);
        // The screen is up when the shell has rendered its title (h1) and nothing is loading any more.
        await page
          .locator('h1, [data-testid="user-phone"], .rv-tabs, form')
          .first()
          .waitFor({ timeout: 15_000 })
          .catch(() => {});
        await page.waitForLoadState('networkidle').catch(() => {});
        await page.waitForTimeout(300);
        const file = join(outDir, `${app.key}-${screen.name}.png`);
        await page.screenshot({ path: file });
        shots.push({ app, screen, file });
        await page.close();
      }
      await context.clearCookies();
    }
  } finally {
    await browser.close();
    await servers.close();
    service.stop();
  }
  const dir = join(htmlFile, '..');
  const rows = apps
    .map(
      (app) =>
        `<section><h2>${app.name} <small>${app.key}${app.version ? ` ${app.version}` : ''}</small></h2><div class="row">${SCREENS.map(
          (s) =>
            `<figure><img src="${relative(dir, join(outDir, `${app.key}-${s.name}.png`))}" width="375" height="667" alt="${app.key} ${s.title}"><figcaption>${s.title} <code>${s.path}</code></figcaption></figure>`,
        ).join('')}</div></section>`,
    )
    .join('\n');
  writeFileSync(
    htmlFile,
    `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>${title}</title>
<style>body{font:14px/1.5 sans-serif;margin:24px;background:#eee}section{margin-bottom:32px}.row{display:flex;gap:16px;overflow-x:auto}
figure{margin:0;background:#fff;padding:8px;border-radius:8px}img{display:block;border:1px solid #ccc}figcaption{margin-top:4px}</style>
</head><body><h1>${title}</h1><p>375×667 phone viewport, Chromium, hospital-service on an in-memory database (demo data).</p>
${rows}
</body></html>
`,
  );
  return { htmlFile, shots };
}
