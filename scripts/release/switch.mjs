#!/usr/bin/env node
// `pnpm release:switch <hospital> <version> [--root <releases folder>]`: points <root>/<hospital>/current at
// <version> in one atomic step (a new symlink renamed over the old one: `ln -sfn` then `mv -T`). Default root:
// release/ of this repository; on the web server the releases folder (release.config.json serverRoot).
import { switchRelease } from './lib/switch.mjs';

const [key, version, ...rest] = process.argv.slice(2);
const at = rest.indexOf('--root');
if (!key || !version) {
  console.error('用法：pnpm release:switch <hospital> <version> [--root <folder>]');
  process.exit(1);
}
try {
  const { previous, current } = switchRelease({ key, version, root: at >= 0 ? rest[at + 1] : undefined });
  console.log(`${key}: current → ${current}${previous ? ` (was ${previous})` : ''}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
