#!/usr/bin/env node
// Creates apps/<key> from apps/default (a new hospital is config, theme and assets) and adds the hospital to the
// service's seed: one entry in HOSPITALS (packages/hospital-service/src/domains/hospitals/seed-data.ts), the one
// list the service's seeds read; insurance, profile and screening fall back to plain data for a hospital they do
// not name (docs/adding-a-hospital.md).
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

const seedFile = join(root, 'packages/hospital-service/src/domains/hospitals/seed-data.ts');
const seedText = readFileSync(seedFile, 'utf8');
const ids = [...seedText.matchAll(/^ {4}id: '([^']+)',$/gm)].map((m) => m[1]);
const keys = [...seedText.matchAll(/^ {4}key: '([^']+)',$/gm)].map((m) => m[1]);
if (keys.includes(key)) fail(`服务端种子（HOSPITALS）中已有医院 ${key}`);
const id = values.id ?? String(Math.max(...ids.map(Number).filter(Number.isInteger)) + 1);
if (ids.includes(id)) fail(`医院 id ${id} 已被使用，请换一个 --id`);
const name = values.name ?? `${key}医院`;
if (!/^[\u4e00-\u9fa5（）()A-Za-z0-9·]{2,40}$/.test(name)) fail('--name 应为 2–40 个字的医院名称');

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
  out = out.replace(/id: '[^']*'/, `id: '${id}'`);
  out = out.replaceAll('示范人民医院', name);
  return out;
});
edit('src/hospital.config.test.ts', (text) => text.replace("'default'", `'${key}'`));

writeFileSync(seedFile, withHospital(seedText, hospitalEntry({ id, key, name })));

/** A unified social credit code (统一社会信用代码) with its check character, from the hospital id. */
function creditCode(hospitalId) {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const body = `12100000${hospitalId.replace(/\D/g, '').padStart(9, '0').slice(-9)}`;
  const sum = [...body].reduce((total, c, i) => total + chars.indexOf(c) * weights[i], 0);
  return body + chars[(31 - (sum % 31)) % 31];
}

/** The HOSPITALS entry of a new hospital: the default hospital's rules, placeholders to edit. */
function hospitalEntry({ id, key, name }) {
  return `  {
    id: '${id}',
    key: '${key}',
    name: '${name}',
    originCode: '${creditCode(id)}',
    mdid: 'MD${id.padStart(11, '0')}',
    canGoToHealthCard: true,
    theme: 'green',
    hotline: '0000-0000000',
    address: '（请填写医院地址）',
    notice: '本院实行预约诊疗，请于就诊当日提前30分钟到院签到。',
    departments: ['internal', 'surgery', 'pediatrics'],
    booking: {
      daysAhead: 7,
      releaseTime: '08:00',
      sameDayCutoff: { am: '11:30', pm: '17:00' },
      cancel: { rule: 'HOURS_BEFORE', hours: 2 },
      holdMinutes: 10,
      dailyLimit: 3,
    },
  },
`;
}

/** The seed-data text with the entry added at the end of HOSPITALS. */
function withHospital(text, entry) {
  const start = text.indexOf('export const HOSPITALS');
  const end = text.indexOf('\n];', start);
  if (start < 0 || end < 0) fail('在 hospitals/seed-data.ts 中找不到 HOSPITALS 列表');
  return `${text.slice(0, end + 1)}${entry}${text.slice(end + 1)}`;
}

console.log(`已创建 apps/${key}（医院 id ${id}），并在服务端种子 HOSPITALS 中加入了它。下一步：
  1. 编辑 apps/${key}/src/hospital.config.ts（主题色 theme、首页服务）和 src/theme.css、public/ 下的图片；
     编辑 packages/hospital-service/src/domains/hospitals/seed-data.ts 中 ${key} 一项（热线、地址、公告、科室、预约规则；theme 与 app 的一致）；
     可选：information/seed-data.ts 的 PROFILES、insurance/seed-data.ts 的 INSURANCE_POLICIES、screening/seed-data.ts 的 STREETS_BY_HOSPITAL
     （不写则用通用介绍、县级医保规则、无筛查活动）；
  2. 更新服务端种子快照：pnpm --filter @patient/hospital-service exec vitest run --configLoader runner --project pglite src/seed.test.ts -u
     （以及 src/platform/database/db.test.ts 中的种子数目）；
  3. pnpm install；
  4. pnpm --filter @hospital/${key} dev 预览，pnpm turbo run build --filter=@hospital/${key} 构建；
  5. pnpm changeset 为新医院写第一条变更记录。`);
