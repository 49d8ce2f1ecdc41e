#!/usr/bin/env node
// Writes a new slice from the templates of scripts/new-slice/templates.mjs: its contract, its service domain, its
// feature package, and the wiring of each (contract index and registry, the service's module list and table list,
// the app shell's features). Prints what is left by hand (docs/adding-a-slice.md).
// Usage: pnpm new-slice <name> [--title <中文标题>] [--root <dir>] [--no-format]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { journeyStub, names, sliceFiles } from './new-slice/templates.mjs';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    title: { type: 'string' },
    root: { type: 'string' },
    'no-format': { type: 'boolean', default: false },
  },
});
const root = values.root ?? join(dirname(fileURLToPath(import.meta.url)), '..');
const name = positionals[0];

const fail = (message) => {
  console.error(`new-slice: ${message}`);
  process.exit(1);
};
if (!name || !/^[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*$/.test(name) || name.length < 3 || name.length > 30)
  fail(
    '请给出切片名称：3–30 个字符，小写英文单词以连字符相连，例如 pnpm new-slice visit-survey --title 就诊评价',
  );
const title = values.title ?? name;
if (!/^[\u4e00-\u9fa5A-Za-z0-9（）·-]{2,20}$/.test(title))
  fail('--title 应为 2–20 个字的中文标题，例如 --title 就诊评价');
const n = names(name, title);

const files = sliceFiles(n);
const read = (path) => readFileSync(join(root, path), 'utf8');

// Refuse if anything of the slice exists already.
const taken = [
  ...Object.keys(files),
  `packages/hospital-service/src/domains/${n.domain}`,
  `packages/feature-${n.kebab}`,
  `e2e/tests/${n.kebab}.default.spec.ts`,
].filter((path) => existsSync(join(root, path)));
const contractIndex = read('packages/contract/src/index.ts');
const dbTest = read('packages/hospital-service/src/platform/database/db.test.ts');
if (
  new RegExp(`\\b(list${n.pascal}Items|${n.camel}Item|${n.camel}List)\\b`).test(
    read('packages/contract/src/index.ts'),
  )
)
  taken.push(`contract 中的 ${n.camel}`);
for (const file of contractIndex.matchAll(/from '\.\/([^']+)'/g)) {
  const text = read(`packages/contract/src/${file[1]}`);
  if (
    new RegExp(
      `export (const|type) (list${n.pascal}Items|${n.camel}Item|${n.camel}List|${n.pascal}Item|${n.pascal}List)\\b`,
    ).test(text)
  )
    taken.push(`packages/contract/src/${file[1]} 中的同名导出`);
}
if (dbTest.includes(`'${n.table}'`)) taken.push(`数据表 ${n.table}`);
if (taken.length > 0) fail(`已存在，未写入任何文件：\n  ${taken.join('\n  ')}`);

// The edits of existing files, all computed before anything is written.
/** Inserts `line` into the run of lines matching `pattern`, keeping them sorted. */
function insertSorted(text, pattern, line) {
  const lines = text.split('\n');
  const run = lines.map((l, i) => [l, i]).filter(([l]) => pattern.test(l));
  if (run.length === 0) throw new Error(`no line matches ${pattern}`);
  const after = run.find(([l]) => l > line);
  lines.splice(after ? after[1] : run.at(-1)[1] + 1, 0, line);
  return lines.join('\n');
}
/** Inserts `insert` before the first `before` found after `anchor`. */
function insertBefore(text, anchor, before, insert) {
  const start = text.indexOf(anchor);
  const at = start < 0 ? -1 : text.indexOf(before, start);
  if (at < 0) throw new Error(`anchor not found: ${anchor} … ${before}`);
  return text.slice(0, at) + insert + text.slice(at);
}
const edits = {
  'packages/contract/src/index.ts': (t) =>
    insertSorted(t, /^export \* from '\.\//, `export * from './${n.kebab}.ts';`),
  'packages/contract/src/registry.ts': (t) =>
    insertBefore(
      insertSorted(t, /^import \* as \w+ from '\.\//, `import * as ${n.camel} from './${n.kebab}.ts';`),
      'export const ALL_ENDPOINTS',
      '\n].flatMap',
      `\n  ${n.camel},`,
    ),
  'packages/hospital-service/src/modules.ts': (t) =>
    insertBefore(
      insertSorted(
        t,
        /^import \{ \w+Module \} from '\.\/domains\/\w+\/index\.ts';$/,
        `import { ${n.camel}Module } from './domains/${n.domain}/index.ts';`,
      ),
      'export const MODULES',
      '\n] as const;',
      `\n  ${n.camel}Module,`,
    ),
  'packages/hospital-service/src/platform/database/db.test.ts': (t) =>
    insertSorted(t, /^ {6}'[a-z_]+',$/, `      '${n.table}',`),
  'packages/app-shell/src/features.ts': (t) =>
    insertBefore(
      insertSorted(
        t,
        /^import \{ \w+Feature \} from '@patient\/feature-/,
        `import { ${n.camel}Feature } from '@patient/feature-${n.kebab}';`,
      ),
      'export const STANDARD_FEATURES',
      '\n];',
      `\n  ${n.camel}Feature,`,
    ),
  'packages/app-shell/package.json': (t) => {
    const pkg = JSON.parse(t);
    pkg.dependencies[`@patient/feature-${n.kebab}`] = 'workspace:*';
    return `${JSON.stringify(pkg, null, 2)}\n`;
  },
};
let edited;
try {
  edited = Object.entries(edits).map(([path, edit]) => [path, edit(read(path))]);
} catch (error) {
  fail(`现有文件的结构与生成器预期不符，未写入任何文件（${error.message}）`);
}

for (const [path, text] of [...Object.entries(files), ...edited]) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}
const written = [...Object.keys(files), ...edited.map(([path]) => path)];
if (!values['no-format']) {
  try {
    execFileSync(
      join(root, 'node_modules/.bin/biome'),
      ['check', '--write', ...written.filter((p) => !p.endsWith('.md'))],
      {
        cwd: root,
        stdio: 'ignore',
      },
    );
  } catch {
    console.warn('new-slice: biome check --write 未通过，请手动运行并修正');
  }
}

console.log(`已生成切片 ${n.kebab}（${n.title}）：
  新文件：packages/contract/src/${n.kebab}.ts、packages/hospital-service/src/domains/${n.domain}/、packages/feature-${n.kebab}/
  已接入：${edited.map(([path]) => path).join('、')}
剩下的手工步骤（docs/adding-a-slice.md）：
  1. pnpm install（链接新包 @patient/feature-${n.kebab}，更新 pnpm-lock.yaml）；
  2. 迁移：pnpm --filter @patient/hospital-service db:generate --name ${n.kebab}，再 npx biome check --write packages/hospital-service/drizzle；
  3. 种子快照：pnpm --filter @patient/hospital-service exec vitest run --configLoader runner --project pglite src/seed.test.ts -u
     （审阅快照 diff：只应多出 ${n.table}），并在 packages/hospital-service/src/domains/README.md 的表中加上 ${n.domain}；
  4. 验证：pnpm --filter @patient/feature-${n.kebab} test；cd packages/hospital-service && pnpm vitest run --configLoader runner --project postgres src/domains/${n.domain}；
  5. 首页入口（如需要）：ServiceKey 与 packages/hospital-config 的 services.ts；
  6. 若涉及收费：实现 Payable，列入模块定义的 payables（domains/${n.domain}/index.ts），并加入 payableOrderType；
  7. 浏览器旅程：在 e2e/support/journeys.ts 的 PHONE_PURPOSES 加 ${n.camel}Journey，写 e2e/tests/${n.kebab}.default.spec.ts（需运行中的医院服务与迁移，故未自动写入）：
${journeyStub(n).replace(/^/gm, '       ')}
  8. 在 e2e/support/crawl.ts 为 /${n.kebab} 准备真实数据，让全路由巡检检查内容而不只是空状态。`);
