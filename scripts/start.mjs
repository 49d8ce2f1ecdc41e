#!/usr/bin/env node
// `pnpm start [hospital]`: installs what is missing, builds the hospital's app, migrates the embedded database
// and writes the demo data (`migrate`, `seed:demo`), starts the hospital-service on it and serves the app with
// the API on the same origin. Prints the URL.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveApps } from './lib/serve-apps.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const key = process.argv[2] ?? 'default';
const hospitals = readdirSync(join(root, 'apps'));
if (!hospitals.includes(key)) {
  console.error(`没有名为 "${key}" 的医院应用。可选：${hospitals.join(', ')}`);
  process.exit(1);
}
const port = Number(process.env.PORT ?? 8080);
const servicePort = Number(process.env.SERVICE_PORT ?? 3100);

const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync(join(root, 'node_modules', '.pnpm'))) run('pnpm', ['install', '--frozen-lockfile']);
run('pnpm', ['turbo', 'run', 'build', `--filter=@hospital/${key}`, '--output-logs=errors-only']);
// The schema, then the demo data (hospitals, the demo accounts, staff): separate commands, as in production.
run('pnpm', ['--filter', '@patient/hospital-service', '--silent', 'migrate']);
run('pnpm', ['--filter', '@patient/hospital-service', '--silent', 'seed:demo']);

const service = spawn('pnpm', ['--filter', '@patient/hospital-service', 'start'], {
  cwd: root,
  env: { ...process.env, PORT: String(servicePort), HOST: '127.0.0.1' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const serviceUrl = `http://127.0.0.1:${servicePort}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${serviceUrl}/healthz`)).ok) break;
  } catch {
    // not up yet
  }
  if (i > 120 || service.exitCode !== null) {
    console.error('hospital-service 未能启动，请查看上面的日志');
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 500));
}

const { urls, close } = await serveApps({
  apps: [{ key, distDir: join(root, 'apps', key, 'dist'), port }],
  serviceUrl,
  host: process.env.HOST ?? '0.0.0.0',
});
const url = urls[key].replace('0.0.0.0', '127.0.0.1');
console.log(`
  ${key} 已启动：${url}
  用手机尺寸的浏览器打开；演示手机号 13800138000，验证码见上方服务日志（或 ${url}/__dev/sms-outbox?phone=13800138000）。
  API 文档：${serviceUrl}/docs    按 Ctrl+C 停止。
`);
const stop = async () => {
  await close();
  service.kill('SIGTERM');
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
