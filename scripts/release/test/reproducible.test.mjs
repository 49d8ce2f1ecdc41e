import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles, verify } from '../lib/artifact.mjs';
import { releaseArtifact } from '../lib/release.mjs';
import { headCommit, ROOT } from '../lib/workspace.mjs';

// The default app built twice (turbo's build, which this test depends on in turbo.json, and one more here)
// and released twice from the same commit: the same bytes every time.
const APP = join(ROOT, 'apps', 'default');
let tmp;
let builtAgain;
const digest = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');
const sameTree = (a, b) => {
  expect(listFiles(b)).toEqual(listFiles(a));
  for (const file of listFiles(a)) expect(digest(join(b, file)), file).toBe(digest(join(a, file)));
};

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'release-repro-'));
  builtAgain = join(tmp, 'dist');
  execFileSync(
    join(APP, 'node_modules', '.bin', 'vite'),
    ['build', '--configLoader', 'runner', '--outDir', builtAgain, '--emptyOutDir', '--logLevel', 'error'],
    // As turbo builds it: vitest sets NODE_ENV=test, which would give Vite another (development) React.
    { cwd: APP, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } },
  );
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('a reproducible release', () => {
  it('two builds of apps/default are identical file by file', () => {
    sameTree(join(APP, 'dist'), builtAgain);
  });

  it('two releases of the same commit are identical file by file and by checksum, and match their manifest', async () => {
    const head = headCommit();
    const first = await releaseArtifact({
      key: 'default',
      ...head,
      distDir: builtAgain,
      releaseDir: join(tmp, 'a'),
    });
    const second = await releaseArtifact({
      key: 'default',
      ...head,
      distDir: builtAgain,
      releaseDir: join(tmp, 'b'),
    });
    sameTree(join(tmp, 'a'), join(tmp, 'b'));
    expect(second.sha256).toBe(first.sha256);
    expect(readFileSync(second.checksumFile, 'utf8')).toBe(
      `${first.sha256}  default-${first.version}.tar.gz\n`,
    );
    expect(verify(first.versionDir)).toEqual([]);

    const manifest = first.manifest;
    expect(manifest).toMatchObject({ hospital: 'default', commit: head.commit, version: first.version });
    expect(manifest.buildTime).toBe(new Date(head.time * 1000).toISOString());
    const index = manifest.files.find((f) => f.path === 'site/index.html');
    expect(index.sha256).toBe(digest(join(first.versionDir, 'site', 'index.html')));
    expect(manifest.files.some((f) => f.path === 'site/index.html.br')).toBe(true);
    expect(manifest.files.some((f) => f.path === 'site/index.html.gz')).toBe(true);
    expect(Object.keys(manifest.entries).length).toBeGreaterThanOrEqual(2);
    for (const sri of Object.values(manifest.entries)) expect(sri).toMatch(/^sha384-[A-Za-z0-9+/]+=*$/);

    // The tarball: sorted names, fixed owner and time (GNU tar lists them).
    const listing = execFileSync('tar', ['--numeric-owner', '-tvzf', first.tarball], { encoding: 'utf8' });
    expect(listing).toContain(' 0/0 ');
    expect(listing).not.toMatch(/ [1-9]\d*\/\d+ /);
  });
});
