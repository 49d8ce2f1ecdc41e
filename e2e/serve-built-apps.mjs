#!/usr/bin/env node
// Serves the nine built apps for the browser suite, each on its own port, with the API proxied to the service.
import { fileURLToPath } from 'node:url';
import { serveApps } from '../scripts/lib/serve-apps.mjs';

const base = Number(process.env.E2E_PORT_BASE ?? 4100);
const keys = [
  'default',
  'zhengzhou',
  'songtao',
  'shiqian',
  'shulan',
  'wanshan',
  'zhongxiyi',
  'luqiao',
  'boao',
];
const { urls } = await serveApps({
  apps: keys.map((key, i) => ({
    key,
    distDir: fileURLToPath(new URL(`../apps/${key}/dist`, import.meta.url)),
    port: base + i,
  })),
  serviceUrl: `http://127.0.0.1:${base + 99}`,
});
console.log(
  Object.entries(urls)
    .map(([k, u]) => `${k} ${u}`)
    .join('\n'),
);
