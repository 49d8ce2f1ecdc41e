#!/usr/bin/env node
// Writes packages/app-shell/src/spec-routes.json from spec/routes.json, keeping only what the apps use.
import { readFileSync, writeFileSync } from 'node:fs';

const routes = JSON.parse(readFileSync(new URL('../spec/routes.json', import.meta.url), 'utf8'));
const slim = routes.map(({ path, area, loadsPatients }) => ({ path, area, loadsPatients }));
writeFileSync(new URL('../packages/app-shell/src/spec-routes.json', import.meta.url), JSON.stringify(slim));
console.log(`spec-routes.json: ${slim.length} routes`);
