#!/usr/bin/env node
// Serves every built hospital app for the browser suite, each on its own port (in the order of
// scripts/lib/hospital-apps.mjs, like support/env.ts), with the API proxied to the suite's service.
// E2E_HOSPITALS=key[,key] serves only those (one hospital's browser project, as `pnpm release` runs it).
import { join } from 'node:path';
import { APPS_DIR, hospitalKeys } from '../scripts/lib/hospital-apps.mjs';
import { serveApps } from '../scripts/lib/serve-apps.mjs';

const base = Number(process.env.E2E_PORT_BASE ?? 4100);
const only = process.env.E2E_HOSPITALS?.split(',');
const { urls } = await serveApps({
  apps: hospitalKeys()
    .map((key, i) => ({ key, distDir: join(APPS_DIR, key, 'dist'), port: base + i }))
    .filter((app) => !only || only.includes(app.key)),
  serviceUrl: `http://127.0.0.1:${base + 99}`,
});
console.log(
  Object.entries(urls)
    .map(([key, url]) => `${key} ${url}`)
    .join('\n'),
);
