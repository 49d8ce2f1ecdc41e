#!/usr/bin/env node
// `pnpm release:plan [--since <ref>] [--json]`: which hospital apps the pending changes affect (each against its
// last release tag, or `--since`), with their pending changesets and next versions.
import { formatPlan, releasePlan } from './lib/plan.mjs';

const args = process.argv.slice(2);
const at = args.indexOf('--since');
const plan = releasePlan({ since: at >= 0 ? args[at + 1] : undefined });
console.log(args.includes('--json') ? JSON.stringify(plan, null, 2) : formatPlan(plan));
