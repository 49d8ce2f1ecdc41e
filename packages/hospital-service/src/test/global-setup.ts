import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { TestClock } from '../platform/clock.ts';
import { createDatabase } from '../platform/database/connect.ts';
import { MIGRATIONS_DIR } from '../platform/database/migrate.ts';
import { seed } from '../seed.ts';
import { TEST_START } from './constants.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped PGlite data directory: migrated and seeded at TEST_START. */
    pgTemplatePath: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Everything the template depends on; a change makes a new template. */
function templateKey(): string {
  const hash = createHash('sha256');
  const files = [
    ...readdirSync(MIGRATIONS_DIR, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.sql') || f.endsWith('.json'))
      .sort()
      .map((f) => join(MIGRATIONS_DIR, f)),
    // Tables, seeds and the simulated outside systems the seed draws on: every non-test source file.
    ...readdirSync(join(root, 'src'), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .sort()
      .map((f) => join(root, 'src', f)),
    join(root, 'node_modules/@electric-sql/pglite/package.json'),
    join(root, 'node_modules/pinyin-pro/package.json'),
  ];
  for (const file of files) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Creating a PGlite cluster (initdb) takes seconds; loading a dumped one takes well under one. So the
 * migrated and seeded database is built once (cached in node_modules/.cache until the migrations or
 * the seed change) and every test file starts its own in-memory copy of it.
 */
export default async function setup(project: TestProject) {
  const path = join(root, 'node_modules/.cache/hospital-service', `pglite-template-${templateKey()}.tar`);
  if (!existsSync(path)) {
    const database = await createDatabase('memory://');
    await database.migrate();
    await seed(database.db, { clock: new TestClock(TEST_START) });
    const dump = await database.pglite?.dumpDataDir('none');
    await database.close();
    if (!dump) throw new Error('PGlite dump failed');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(`${path}.tmp`, Buffer.from(await dump.arrayBuffer()));
    renameSync(`${path}.tmp`, path);
  }
  project.provide('pgTemplatePath', path);
}
