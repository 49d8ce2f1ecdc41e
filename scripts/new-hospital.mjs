#!/usr/bin/env node
// Creates apps/<key> from apps/default: a new hospital is config, theme and assets; packages/ stay untouched.
// Usage: pnpm new-hospital <key> [--id <hospitalId>] [--name <医院名称>]
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { id: { type: 'string' }, name: { type: 'string' } },
});
const key = positionals[0];

const fail = (message) => {
  console.error(`new-hospital: ${message}`);
  process.exit(1);
};
if (!key || !/^[a-z][a-z0-9-]{1,30}$/.test(key))
  fail('请给出医院 key：小写字母开头，仅含小写字母、数字和连字符，例如 pnpm new-hospital xinxiang');
const target = join(root, 'apps', key);
if (existsSync(target)) fail(`apps/${key} 已存在`);
if (values.id !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(values.id))
  fail('--id 只能包含字母、数字、下划线和连字符');

const template = join(root, 'apps', 'default');
// index.html is generated from the config at each build (configs/vite.app.ts, generatedIndexHtml).
const skip = new Set(['node_modules', 'dist', '.turbo', 'CHANGELOG.md', 'index.html']);
cpSync(template, target, { recursive: true, filter: (src) => !skip.has(src.split(/[\\/]/).pop()) });

const edit = (file, change) =>
  writeFileSync(join(target, file), change(readFileSync(join(target, file), 'utf8')));
edit('package.json', (text) => {
  const pkg = JSON.parse(text);
  pkg.name = `@hospital/${key}`;
  pkg.version = '0.1.0';
  pkg.description = `The ${key} hospital build.`;
  return `${JSON.stringify(pkg, null, 2)}\n`;
});
edit('src/hospital.config.ts', (text) => {
  let out = text.replace("key: 'default'", `key: '${key}'`);
  if (values.id) out = out.replace(/id: '[^']*'/, `id: '${values.id}'`);
  if (values.name) out = out.replaceAll('示范人民医院', values.name);
  return out;
});
edit('src/hospital.config.test.ts', (text) => text.replace("'default'", `'${key}'`));

console.log(`已创建 apps/${key}。下一步：
  1. 编辑 apps/${key}/src/hospital.config.ts（医院 id、名称、主题色 theme、首页服务；地址、热线、介绍等内容在服务端）和 src/theme.css、public/ 下的图片；
  2. pnpm install；
  3. pnpm --filter @hospital/${key} dev 预览，pnpm turbo run build --filter=@hospital/${key} 构建；
  4. pnpm changeset 为新医院写第一条变更记录。`);
