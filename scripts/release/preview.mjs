#!/usr/bin/env node
// `pnpm release:preview`: builds the nine apps (turbo, cached) and writes release/preview/index.html with the
// homepage and three key screens of each at phone size, to look at before publishing.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { writePreview } from './lib/preview.mjs';
import { appPackage, hospitalConfig, hospitalKeys, ROOT } from './lib/workspace.mjs';

const keys = process.argv.length > 2 ? process.argv.slice(2) : hospitalKeys();
const build = spawnSync(
  'pnpm',
  [
    'turbo',
    'run',
    'build',
    ...keys.map((k) => `--filter=@hospital/${k}`),
    '--output-logs=errors-only',
    '--concurrency=2',
  ],
  { cwd: ROOT, stdio: 'inherit' },
);
if (build.status !== 0) process.exit(build.status ?? 1);
const apps = [];
for (const key of keys)
  apps.push({
    key,
    name: (await hospitalConfig(key)).name,
    version: appPackage(key).version,
    siteDir: join(ROOT, 'apps', key, 'dist'),
  });
const out = join(ROOT, 'release', 'preview');
const { htmlFile, shots } = await writePreview({
  apps,
  outDir: join(out, 'screens'),
  htmlFile: join(out, 'index.html'),
  title: '九家医院 · 发布前预览',
});
console.log(`${shots.length} screenshots: ${htmlFile}`);
