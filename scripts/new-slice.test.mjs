// The slice generator on a scratch copy of the files it reads and edits (node --test scripts/): what it writes,
// where it wires the slice in, and what it refuses. Formatting (biome) and the generated slice's own tests are
// proved by hand (docs/adding-a-slice.md); this stays fast.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { names, sliceFiles } from './new-slice/templates.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const EDITED = [
  'packages/contract/src/index.ts',
  'packages/contract/src/registry.ts',
  'packages/hospital-service/src/modules.ts',
  'packages/hospital-service/src/platform/database/db.test.ts',
  'packages/app-shell/src/features.ts',
  'packages/app-shell/package.json',
];
let scratch;

const generate = (...args) =>
  spawnSync(
    process.execPath,
    [join(ROOT, 'scripts/new-slice.mjs'), ...args, '--root', scratch, '--no-format'],
    {
      encoding: 'utf8',
    },
  );
const read = (path) => readFileSync(join(scratch, path), 'utf8');

before(() => {
  scratch = mkdtempSync(join(tmpdir(), 'new-slice-'));
  const contract = join(scratch, 'packages/contract/src');
  mkdirSync(contract, { recursive: true });
  cpSync(join(ROOT, 'packages/contract/src'), contract, { recursive: true });
  for (const path of EDITED) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    cpSync(join(ROOT, path), join(scratch, path));
  }
  for (const domain of ['notifications', 'recordcopy'])
    mkdirSync(join(scratch, 'packages/hospital-service/src/domains', domain), { recursive: true });
});
after(() => rmSync(scratch, { recursive: true, force: true }));

test('refuses bad names and titles in Chinese, writing nothing', () => {
  for (const args of [
    [],
    ['Visit'],
    ['visit_survey'],
    ['ab'],
    ['visit--survey'],
    ['x-1'],
    ['visit-survey', '--title', '<b>'],
  ]) {
    const run = generate(...args);
    assert.equal(run.status, 1, args.join(' '));
    assert.match(run.stderr, /new-slice: (请给出切片名称|--title 应为)/);
  }
  assert.equal(existsSync(join(scratch, 'packages/feature-visit-survey')), false);
});

test('refuses a slice whose domain, package or contract names exist', () => {
  assert.match(generate('notifications').stderr, /已存在，未写入任何文件/);
  assert.match(generate('record-copy').stderr, /domains\/recordcopy/);
  assert.match(generate('screening').stderr, /packages\/contract\/src\/screening\.ts/);
});

test('writes the slice and wires it into contract, service and shell', () => {
  const run = generate('visit-survey', '--title', '就诊评价');
  assert.equal(run.status, 0, run.stderr);
  const n = names('visit-survey', '就诊评价');
  for (const path of Object.keys(sliceFiles(n))) assert.ok(existsSync(join(scratch, path)), path);
  assert.match(read('packages/contract/src/index.ts'), /^export \* from '\.\/visit-survey\.ts';$/m);
  assert.match(read('packages/contract/src/registry.ts'), /^ {2}visitSurvey,\n\]\.flatMap/m);
  const modules = read('packages/hospital-service/src/modules.ts');
  assert.match(modules, /^import \{ visitSurveyModule \} from '\.\/domains\/visitsurvey\/index\.ts';$/m);
  // Last in the list: it seeds after everything (it needs only the demo account).
  assert.match(modules, /^ {2}visitSurveyModule,\n\] as const;/m);
  assert.match(
    read('packages/hospital-service/src/domains/visitsurvey/index.ts'),
    /export const visitSurveyModule = defineDomain\(\{/,
  );
  const tables = [
    ...read('packages/hospital-service/src/platform/database/db.test.ts').matchAll(/^ {6}'([a-z_]+)',$/gm),
  ];
  const list = tables.map((m) => m[1]);
  assert.ok(list.includes('visit_survey_items'));
  assert.deepEqual(list, [...list].sort());
  assert.match(read('packages/app-shell/src/features.ts'), /^ {2}visitSurveyFeature,\n\];/m);
  assert.equal(
    JSON.parse(read('packages/app-shell/package.json')).dependencies['@patient/feature-visit-survey'],
    'workspace:*',
  );
  assert.match(read('packages/feature-visit-survey/src/index.ts'), /meta: \{ title: '就诊评价' \}/);
  assert.match(run.stdout, /db:generate --name visit-survey/);
  assert.match(run.stdout, /seed\.test\.ts -u/);
  assert.match(run.stdout, /e2e\/support\/crawl\.ts/);
  // Once written, the same slice is refused.
  assert.match(generate('visit-survey', '--title', '就诊评价').stderr, /已存在/);
});
