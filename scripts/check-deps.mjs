#!/usr/bin/env node
// Fails when more than one copy of React, react-dom or react-vant is installed: two Reacts break hooks, and
// react-vant 3.3.5 must render with React 18.
import { readdirSync } from 'node:fs';

const store = new URL('../node_modules/.pnpm/', import.meta.url);
const versions = (name) =>
  new Set(
    readdirSync(store)
      .filter((dir) => dir.startsWith(`${name}@`))
      .map((dir) => dir.slice(name.length + 1).split('_')[0]),
  );

let failed = false;
for (const [name, major] of [
  ['react', '18.'],
  ['react-dom', '18.'],
  ['react-vant', '3.3.5'],
]) {
  const found = [...versions(name)];
  const ok = found.length === 1 && found[0].startsWith(major);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${found.join(', ') || 'not installed'}`);
  failed ||= !ok;
}
process.exit(failed ? 1 : 0);
