import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releasePlan } from '../lib/plan.mjs';
import { git, hospitalKeys, ROOT } from '../lib/workspace.mjs';

// A scratch clone of this repository's HEAD: each case commits one change there and asks for the plan since
// the commit before it.
let clone;
const commit = (message) => {
  git(['add', '-A'], clone);
  git(['-c', 'user.name=release-test', '-c', 'user.email=release@test', 'commit', '-qm', message], clone);
};
const affected = (plan) => plan.filter((p) => p.affected).map((p) => p.key);

beforeAll(() => {
  clone = mkdtempSync(join(tmpdir(), 'release-plan-'));
  git(['clone', '--quiet', '--shared', ROOT, clone]);
  // changesets compares with `main`: the clone is on it, whatever branch the repository is on.
  git(['checkout', '-q', '-B', 'main'], clone);
});
afterAll(() => rmSync(clone, { recursive: true, force: true }));

describe('release:plan on a scratch clone', () => {
  it('a change in a shared package affects all nine apps', () => {
    appendFileSync(join(clone, 'packages', 'validation', 'src', 'index.ts'), '\n// a shared change\n');
    commit('shared change');
    expect(affected(releasePlan({ root: clone, since: 'HEAD~1' }))).toEqual(hospitalKeys(clone));
    expect(hospitalKeys(clone)).toHaveLength(9);
  });

  it('a change in one app affects that app alone, with its changeset and next version', () => {
    appendFileSync(join(clone, 'apps', 'luqiao', 'src', 'theme.css'), '\n/* a luqiao change */\n');
    writeFileSync(
      join(clone, '.changeset', 'luqiao-accent.md'),
      '---\n"@hospital/luqiao": minor\n---\n\nluqiao: a new accent colour\n',
    );
    commit('luqiao change');
    const plan = releasePlan({ root: clone, since: 'HEAD~1' });
    expect(affected(plan)).toEqual(['luqiao']);
    const luqiao = plan.find((p) => p.key === 'luqiao');
    expect(luqiao.nextVersion).toBe('1.1.0');
    expect(luqiao.changesets).toEqual([
      { id: 'luqiao-accent', summary: 'luqiao: a new accent colour', direct: true },
    ]);
    expect(plan.filter((p) => p.nextVersion).map((p) => p.key)).toEqual(['luqiao']);
  });

  it('each app is compared with its own last release tag; a released version is not pending', () => {
    const { version } = JSON.parse(git(['show', 'HEAD:apps/boao/package.json'], clone));
    git(['tag', `@hospital/boao@${version}`], clone);
    const plan = releasePlan({ root: clone });
    const boao = plan.find((p) => p.key === 'boao');
    expect(boao).toMatchObject({ released: true, affected: false, since: `@hospital/boao@${version}` });
    // Never released: affected, its version ready.
    expect(plan.find((p) => p.key === 'luqiao')).toMatchObject({
      released: false,
      affected: true,
      since: null,
    });
  });
});
