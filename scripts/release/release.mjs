#!/usr/bin/env node
// `pnpm release <hospital>`: from a clean tree whose apps/<hospital>/package.json holds a version not released
// yet: the hospital's tests and its browser project, its build, release/<hospital>/<version>/ (site with .gz and
// .br copies, manifest.json, nginx.conf) packed with its SHA-256, the preview page, and the tag
// @hospital/<hospital>@<version>. Running it again on the same commit writes byte-identical files (it says so,
// and fails if they are not).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { verify } from './lib/artifact.mjs';
import { writePreview } from './lib/preview.mjs';
import { releaseArtifact } from './lib/release.mjs';
import { switchRelease } from './lib/switch.mjs';
import {
  appPackage,
  dirtyFiles,
  git,
  headCommit,
  hospitalKeys,
  ROOT,
  tagExists,
  tagOf,
} from './lib/workspace.mjs';

const fail = (message) => {
  console.error(`\nrelease: ${message}`);
  process.exit(1);
};
const step = (title) => console.log(`\n── ${title}`);
const run = (command, args, env = {}) => {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) fail(`${command} ${args.join(' ')} failed (exit ${result.status})`);
};

const key = process.argv[2];
if (!key || !hospitalKeys().includes(key))
  fail(`用法：pnpm release <hospital>，hospital 为 ${hospitalKeys().join(', ')} 之一`);

const dirty = dirtyFiles();
if (dirty.length > 0) fail(`the working tree is not clean; commit or stash first:\n${dirty.join('\n')}`);

const { version } = appPackage(key);
const tag = tagOf(key, version);
const { commit, time } = headCommit();
if (tagExists(tag)) {
  const tagged = git(['rev-list', '-n', '1', tag]);
  if (tagged !== commit)
    fail(
      `${key} ${version} is released already (${tag} at ${tagged.slice(0, 12)}): no pending version.\n` +
        'Run `pnpm release:plan`: pending changesets are versioned with `pnpm version-apps` (commit and merge it).',
    );
  console.log(`${tag} points at HEAD: releasing it again, the output must be byte-identical.`);
}

const tarball = join(ROOT, 'release', key, `${key}-${version}.tar.gz`);
const before = existsSync(`${tarball}.sha256`) ? readFileSync(`${tarball}.sha256`, 'utf8') : null;

step(`${key} ${version} at ${commit.slice(0, 12)}: tests`);
// Concurrency as in test:all: the jsdom suites time out when a small machine runs ten at once.
run('pnpm', [
  'turbo',
  'run',
  'test',
  `--filter=@hospital/${key}...`,
  '--output-logs=errors-only',
  '--concurrency=3',
]);

step('build');
run('pnpm', ['turbo', 'run', 'build', `--filter=@hospital/${key}`, '--output-logs=errors-only']);

step(`browser project ${key}`);
run('pnpm', ['e2e', `--project=${key}`, '--reporter=line'], { E2E_HOSPITALS: key });

step('artifact');
const artifact = await releaseArtifact({ key, commit, time });
const problems = verify(artifact.versionDir);
if (problems.length > 0) fail(`the artifact does not match its manifest:\n${problems.join('\n')}`);
const after = readFileSync(artifact.checksumFile, 'utf8');
if (before !== null && before !== after && tagExists(tag))
  fail(`not reproducible: the same commit gave another tarball\nbefore: ${before}after:  ${after}`);
if (before !== null && before === after) console.log('byte-identical to the previous release of this commit');

step('preview');
const { htmlFile } = await writePreview({
  apps: [{ key, name: artifact.manifest.name, version, siteDir: join(artifact.versionDir, 'site') }],
  outDir: join(artifact.versionDir, 'preview'),
  htmlFile: join(artifact.versionDir, 'preview.html'),
  title: `${artifact.manifest.name} ${version}`,
});

if (!tagExists(tag)) git(['tag', tag]);
switchRelease({ key, version });

console.log(`
${artifact.manifest.name} (${key}) ${version}, commit ${commit.slice(0, 12)}, tagged ${tag}
  artifact  ${artifact.tarball}
  sha256    ${artifact.sha256}  (${artifact.checksumFile})
  files     ${artifact.versionDir}/site (${artifact.manifest.files.length} files with nginx.conf, listed in manifest.json)
  nginx     ${artifact.versionDir}/nginx.conf  → https://${artifact.manifest.serverName}
  preview   ${htmlFile}   look at it before publishing
Publish: copy the tarball and its .sha256 to the server's releases folder, \`sha256sum -c\`, unpack into
<releases>/${key}/, switch \`current\` (README 'Release one hospital'), push the tag: git push origin ${tag}`);
