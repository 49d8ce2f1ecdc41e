// Rollback and roll-forward: every release stays in <root>/<key>/<version>/; nginx serves
// <root>/<key>/current/site, and `current` is switched in one atomic rename.
import { execFileSync } from 'node:child_process';
import { existsSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './workspace.mjs';

/**
 * Points <root>/<key>/current at <version>: `ln -sfn <version> current.next && mv -T current.next current`
 * (rename(2) replaces the link atomically; a request sees the old release or the new one, never none).
 * Resolves to { previous, current }. Throws when the version folder is missing or incomplete.
 */
export function switchRelease({ key, version, root = join(ROOT, 'release') }) {
  const dir = join(root, key);
  if (!existsSync(join(dir, version, 'site', 'index.html')))
    throw new Error(`${join(dir, version)} 不是完整的发布（缺少 site/index.html）`);
  const link = join(dir, 'current');
  const previous = existsSync(link) ? readlinkSync(link) : null;
  execFileSync('ln', ['-sfn', version, 'current.next'], { cwd: dir });
  execFileSync('mv', ['-T', 'current.next', 'current'], { cwd: dir });
  return { previous, current: version };
}
