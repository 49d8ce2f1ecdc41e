// The workspace as the release sees it: git, the hospital apps, their versions and configs, and the two
// helpers of configs/vite.app.ts the release needs (the API prefixes, the inline scripts' hashes).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (scripts/release/lib → ../../..). */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Runs git in `cwd` and returns its trimmed output. */
export function git(args, cwd = ROOT) {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** The hospital keys of apps/ (folders with a package.json), sorted. */
export function hospitalKeys(root = ROOT) {
  const apps = join(root, 'apps');
  return readdirSync(apps, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(apps, e.name, 'package.json')))
    .map((e) => e.name)
    .sort();
}

/** An app's package.json. */
export function appPackage(key, root = ROOT) {
  return JSON.parse(readFileSync(join(root, 'apps', key, 'package.json'), 'utf8'));
}

/** The release tag of a hospital's version: @hospital/<key>@<version> (what changesets tags). */
export const tagOf = (key, version) => `@hospital/${key}@${version}`;

/** Whether a tag exists in the repository at `root`. */
export function tagExists(tag, root = ROOT) {
  try {
    git(['rev-parse', '--verify', '--quiet', `refs/tags/${tag}`], root);
    return true;
  } catch {
    return false;
  }
}

/** The commit HEAD is at and its committer time (Unix seconds): what a reproducible release is made of. */
export function headCommit(root = ROOT) {
  const [commit, time] = git(['log', '-1', '--format=%H %ct'], root).split(' ');
  return { commit, time: Number(time) };
}

/** Uncommitted changes (tracked or untracked, ignored files excepted), one `git status` line each. */
export function dirtyFiles(root = ROOT) {
  const out = git(['status', '--porcelain', '--untracked-files=all'], root);
  return out ? out.split('\n') : [];
}

const runner = async (file, root) => {
  const { runnerImport } = await import('vite');
  const { module } = await runnerImport(file, { root, configFile: false, logLevel: 'error' });
  return module;
};

/** A hospital's HospitalConfig (apps/<key>/src/hospital.config.ts, with its defaults), loaded as the build does. */
export async function hospitalConfig(key, root = ROOT) {
  const appRoot = join(root, 'apps', key);
  return (await runner(join(appRoot, 'src', 'hospital.config.ts'), appRoot)).default;
}

/** configs/vite.app.ts: API_PREFIXES and inlineScriptHashes, the same code the build and its tests use. */
export async function viteAppHelpers(root = ROOT) {
  const module = await runner(join(root, 'configs', 'vite.app.ts'), join(root, 'configs'));
  return { API_PREFIXES: module.API_PREFIXES, inlineScriptHashes: module.inlineScriptHashes };
}
