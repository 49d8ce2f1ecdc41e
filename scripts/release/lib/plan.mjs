// The release plan: which hospital apps have changed since their last release (turbo's `--filter=...[ref]`:
// the packages changed since ref and everything that depends on them, from the workspace graph), and what
// changesets say about each (`changeset status --output`: pending changesets, next version).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appPackage, git, hospitalKeys, ROOT, tagExists, tagOf } from './workspace.mjs';

const BIN = join(ROOT, 'node_modules', '.bin');
const QUIET_TURBO = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1' };

/** The last release tag of a hospital reachable from HEAD, or null when it was never released. */
export function lastReleaseTag(key, root = ROOT) {
  try {
    return git(['describe', '--tags', '--abbrev=0', '--match', `${tagOf(key, '*')}`, 'HEAD'], root);
  } catch {
    return null;
  }
}

/** Package names turbo selects with `--filter=...[ref]`: changed since ref (commits and working tree) and their dependents. */
export function changedWithDependents(ref, root = ROOT) {
  const out = execFileSync(
    join(BIN, 'turbo'),
    ['ls', `--filter=...[${ref}]`, '--output', 'json', '--cwd', root],
    { encoding: 'utf8', env: QUIET_TURBO, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const json = JSON.parse(out.slice(out.indexOf('{')));
  return new Set(json.packages.items.map((item) => item.name));
}

/** `changeset status --output` of the repository at root: { changesets, releases }. */
export function changesetStatus(root = ROOT) {
  const dir = mkdtempSync(join(tmpdir(), 'changeset-status-'));
  try {
    const file = join(dir, 'status.json');
    try {
      execFileSync(join(BIN, 'changeset'), ['status', `--output=${file}`], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      // changesets fails its status when packages changed since the base branch and there is no changeset at
      // all: then nothing is pending (the plan says which apps changed without one).
      if (/no changesets were found/.test(String(error.stderr))) return { changesets: [], releases: [] };
      throw error;
    }
    return JSON.parse(readFileSync(file, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The plan, one entry per hospital app:
 * { key, name, version, released (its version is tagged), since (the ref compared with: `since`, else the
 *   app's last release tag, null when never released), affected, nextVersion (from pending changesets, or
 *   null), changesets ([{ id, summary, direct }]: direct when it names the app, else a change to a package the
 *   app depends on) }.
 */
export function releasePlan({ root = ROOT, since } = {}) {
  const keys = hospitalKeys(root);
  const status = changesetStatus(root);
  const byRef = new Map();
  const changedSince = (ref) => {
    if (!byRef.has(ref)) byRef.set(ref, changedWithDependents(ref, root));
    return byRef.get(ref);
  };
  const sharedChangesets = status.changesets.filter((c) =>
    c.releases.some((r) => !r.name.startsWith('@hospital/')),
  );
  return keys.map((key) => {
    const name = `@hospital/${key}`;
    const { version } = appPackage(key, root);
    const ref = since ?? lastReleaseTag(key, root);
    const affected = ref === null ? true : changedSince(ref).has(name);
    const release = status.releases.find((r) => r.name === name && r.type !== 'none');
    const direct = status.changesets.filter((c) => c.releases.some((r) => r.name === name));
    const changesets = release
      ? [
          ...direct.map((c) => ({ id: c.id, summary: c.summary, direct: true })),
          ...sharedChangesets
            .filter((c) => !direct.includes(c))
            .map((c) => ({ id: c.id, summary: c.summary, direct: false })),
        ]
      : [];
    return {
      key,
      name,
      version,
      released: tagExists(tagOf(key, version), root),
      since: ref,
      affected,
      nextVersion: release?.newVersion ?? null,
      changesets,
    };
  });
}

/** The plan as the release engineer reads it. */
export function formatPlan(plan) {
  const lines = [];
  const affected = plan.filter((p) => p.affected);
  lines.push(
    affected.length === 0
      ? '没有医院应用受影响 (no hospital app changed since its last release)'
      : `受影响的医院应用 (affected hospital apps): ${affected.length} / ${plan.length}`,
  );
  for (const p of plan) {
    if (!p.affected && p.released && p.changesets.length === 0) continue;
    const state = p.released ? `released ${p.version}` : `${p.version} ready to release (not tagged)`;
    const next = p.nextVersion ? ` → next ${p.nextVersion}` : '';
    const since = p.since ? `changed since ${p.since}` : 'never released';
    lines.push(`\n${p.key}  (${state}${next}; ${p.affected ? since : 'unchanged'})`);
    for (const c of p.changesets)
      lines.push(`  - ${c.id}${c.direct ? '' : ' (shared package)'}: ${c.summary.split('\n')[0]}`);
    if (p.affected && p.changesets.length === 0 && p.released)
      lines.push('  ! changed but no pending changeset: add one with `pnpm changeset`');
  }
  const ready = plan.filter((p) => !p.released).map((p) => p.key);
  const versioning = plan.filter((p) => p.nextVersion).map((p) => p.key);
  if (versioning.length > 0)
    lines.push(
      `\nPending changesets: \`pnpm version-apps\` bumps ${versioning.join(', ')}; commit and merge it.`,
    );
  if (ready.length > 0) lines.push(`\nReady: pnpm release <hospital>  (${ready.join(', ')})`);
  return lines.join('\n');
}
