#!/usr/bin/env node
// Fails when more than one copy of React, react-dom or react-vant is installed: two Reacts break hooks, and
// react-vant 3.3.5 must render with React 18. Fails too when the hospital-service's platform imports a domain.
// And when a domain imports an adapter (src/adapters), or an adapter a domain file other than its index.ts.
import { readdirSync, readFileSync } from 'node:fs';

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

// The hospital-service's platform (src/platform, tests aside: they run the whole app) names no domain: a domain
// adds what it needs through declaration merging (DomainDeps, Ports, SeedFacts, DomainModule).
const platform = new URL('../packages/hospital-service/src/platform/', import.meta.url);
const domainImport =
  /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*|\bdeclare\s+module\s+)['"`][^'"`]*\/domains\//;
const offending = readdirSync(platform, { recursive: true })
  .map(String)
  .filter((file) => /\.[cm]?[jt]sx?$/.test(file) && !/\.test\.[cm]?[jt]sx?$/.test(file))
  .filter((file) => domainImport.test(readFileSync(new URL(file, platform), 'utf8')));
console.log(
  `${offending.length === 0 ? 'ok  ' : 'FAIL'} hospital-service platform imports no domain${
    offending.length ? `: ${offending.map((f) => `src/platform/${f}`).join(', ')}` : ''
  }`,
);
failed ||= offending.length > 0;

// Adapters (src/adapters: the HIS over FHIR…) implement a domain's port in an outside system's protocol: they use a
// domain through its index.ts only, and no domain imports an adapter (the composition root passes one in).
const service = new URL('../packages/hospital-service/src/', import.meta.url);
const sourcesOf = (dir) =>
  readdirSync(new URL(dir, service), { recursive: true })
    .map(String)
    .filter((file) => /\.[cm]?[jt]sx?$/.test(file))
    .map((file) => ({
      file: `src/${dir}${file}`,
      text: readFileSync(new URL(`${dir}${file}`, service), 'utf8'),
    }));
const importsOf = (text) =>
  [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\bdeclare\s+module\s+)['"`]([^'"`]+)['"`]/g)].map(
    (m) => m[1],
  );
const adapterBreaches = [
  ...sourcesOf('domains/')
    .filter(({ text }) => importsOf(text).some((path) => /(^|\/)adapters\//.test(path)))
    .map(({ file }) => `${file} imports an adapter`),
  ...(readdirSync(service).includes('adapters') ? sourcesOf('adapters/') : [])
    // An adapter's test may run a domain's conformance suite (the suite every implementation of its port passes).
    .filter(({ file, text }) =>
      importsOf(text).some(
        (path) =>
          /\/domains\/[^/]+\/(?!index\.ts$)/.test(path) &&
          !(/\.test\.ts$/.test(file) && /\.conformance\.ts$/.test(path)),
      ),
    )
    .map(({ file }) => `${file} imports a domain's file other than its index.ts`),
];
console.log(
  `${adapterBreaches.length === 0 ? 'ok  ' : 'FAIL'} hospital-service adapters use domains' index.ts only; no domain imports an adapter${
    adapterBreaches.length ? `: ${adapterBreaches.join(', ')}` : ''
  }`,
);
failed ||= adapterBreaches.length > 0;

process.exit(failed ? 1 : 0);
