// The files of a new slice, from its names (see names()). Each template is the smallest working piece of its
// kind, modelled on the notifications slice: one endpoint, one table, one page. scripts/new-slice.mjs writes them.

/**
 * The names of a slice from its kebab-case name: `visit-survey` → domain folder `visitsurvey`, `visitSurvey`,
 * `VisitSurvey`, table `visit_survey_items`.
 * @param {string} name kebab-case
 * @param {string} title its Chinese title
 */
export function names(name, title) {
  const words = name.split('-');
  const pascal = words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  return {
    kebab: name,
    domain: words.join(''),
    camel: pascal[0].toLowerCase() + pascal.slice(1),
    pascal,
    snake: words.join('_'),
    table: `${words.join('_')}_items`,
    title,
  };
}

/** @typedef {ReturnType<typeof names>} Names */

/** @param {Names} n @returns {Record<string, string>} path (from the repository's root) → content */
export function sliceFiles(n) {
  const domain = `packages/hospital-service/src/domains/${n.domain}`;
  const feature = `packages/feature-${n.kebab}`;
  return {
    [`packages/contract/src/${n.kebab}.ts`]: contract(n),
    [`${domain}/index.ts`]: domainIndex(n),
    [`${domain}/tables.ts`]: tables(n),
    [`${domain}/source.ts`]: port(n),
    [`${domain}/deps.ts`]: deps(n),
    [`${domain}/routes.ts`]: routes(n),
    [`${domain}/seed.ts`]: seed(n),
    [`${domain}/README.md`]: domainReadme(n),
    [`${domain}/${n.domain}.test.ts`]: domainTest(n),
    [`${feature}/package.json`]: featurePackage(n),
    [`${feature}/README.md`]: featureReadme(n),
    [`${feature}/tsconfig.json`]: `{\n  "extends": "@patient/configs/tsconfig/react.json",\n  "include": ["src", "*.ts"]\n}\n`,
    [`${feature}/vitest.config.ts`]: `import { testPreset } from '@patient/configs/vitest';\n\nexport default testPreset({ environment: 'jsdom' });\n`,
    [`${feature}/src/index.ts`]: featureIndex(n),
    [`${feature}/src/testing.tsx`]: featureTesting(n),
    [`${feature}/src/pages/${n.pascal}Page.tsx`]: page(n),
    [`${feature}/src/pages/${n.kebab}.test.tsx`]: pageTest(n),
  };
}

const contract = (n) => `import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { id } from './primitives.ts';

/** ${n.title}: the account's ${n.kebab} items at one hospital. */

export const ${n.camel}Item = z.object({
  itemId: z.string(),
  title: z.string(),
  createdAt: z.string(),
});
export type ${n.pascal}Item = z.output<typeof ${n.camel}Item>;

export const ${n.camel}List = z.object({
  /** What the hospital's system says about them (one line). */
  note: z.string(),
  items: z.array(${n.camel}Item),
});
export type ${n.pascal}List = z.output<typeof ${n.camel}List>;

export const list${n.pascal}Items = endpoint({
  id: 'list${n.pascal}Items',
  method: 'GET',
  path: '/v1/${n.kebab}',
  summary: '${n.title}（最新在前）',
  query: z.object({ hospitalId: id() }),
  results: ${n.camel}List,
});
`;

const domainIndex = (
  n,
) => `/** ${n.title}: the account's items per hospital (the only file another domain imports). */
import { defineDomain, seedFact } from '../../platform/module.ts';
import './deps.ts';
import { ${n.camel}Routes } from './routes.ts';
import { seed${n.pascal} } from './seed.ts';
import { Simulated${n.pascal}Source } from './source.ts';
import * as tables from './tables.ts';

export { ${n.camel}Routes } from './routes.ts';
export { seed${n.pascal} } from './seed.ts';
export { type ${n.pascal}Source, Simulated${n.pascal}Source } from './source.ts';
export * from './tables.ts';

/** ${n.title}: its table, its call over the hospital's system (a port), the demo account's item. */
export const ${n.camel}Module = defineDomain({
  name: '${n.domain}',
  tables,
  ports: { ${n.camel}Source: () => new Simulated${n.pascal}Source() },
  routes: ({ ports }) => ${n.camel}Routes(ports.${n.camel}Source),
  seed: async (tx, ctx) => {
    await seed${n.pascal}(tx, seedFact(ctx, 'demoUserId'), ctx.now);
    return {};
  },
});
`;

const deps = (n) => `import type { ${n.pascal}Source } from './source.ts';

declare module '../../platform/module.ts' {
  interface Ports {
    /** The hospital's system of ${n.title} (buildApp's option; default: Simulated${n.pascal}Source). */
    ${n.camel}Source: ${n.pascal}Source;
  }
}
`;

const tables = (n) => `import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/tables.ts';
import { createdAt } from '../../platform/database/columns.ts';
import { hospitals } from '../hospitals/index.ts';

/** ${n.title}: an account's items at one hospital, read by the account only. */
export const ${n.camel}Items = pgTable(
  '${n.table}',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: text('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('${n.table}_user').on(t.userId, t.hospitalId)],
);
`;

const port = (
  n,
) => `/** The outside system of ${n.title} (the hospital's), as the routes see it: asynchronous, replaceable. */
export interface ${n.pascal}Source {
  /** One line about the account's items at the hospital. */
  noteFor(hospitalId: string): Promise<string>;
}

/** The simulated system (development and tests): a fixed line per hospital. */
export class Simulated${n.pascal}Source implements ${n.pascal}Source {
  readonly simulated = true;

  async noteFor(hospitalId: string): Promise<string> {
    return \`医院 \${hospitalId} 的${n.title}信息（模拟）\`;
  }
}
`;

const routes = (n) => `import { list${n.pascal}Items, type ${n.pascal}Item } from '@patient/contract';
import { and, desc, eq } from 'drizzle-orm';
import { userOf } from '../../platform/http/context.ts';
import { route } from '../../platform/http/route.ts';
import { requireHospital } from '../hospitals/index.ts';
import { type ${n.pascal}Source, Simulated${n.pascal}Source } from './source.ts';
import { ${n.camel}Items } from './tables.ts';

const toItem = (r: typeof ${n.camel}Items.$inferSelect): ${n.pascal}Item => ({
  itemId: String(r.id),
  title: r.title,
  createdAt: r.createdAt.toISOString(),
});

/**
 * The calls of ${n.title}. One row by id belongs to its account: read it with \`ownedRow\`
 * (platform/database/owned.ts), which answers another account's row as 404 like none.
 */
export const ${n.camel}Routes = (source: ${n.pascal}Source = new Simulated${n.pascal}Source()) => [
  route(list${n.pascal}Items, async ({ query }, ctx) => {
    const user = userOf(ctx);
    await requireHospital(ctx.db, query.hospitalId);
    const rows = await ctx.db
      .select()
      .from(${n.camel}Items)
      .where(and(eq(${n.camel}Items.userId, user.id), eq(${n.camel}Items.hospitalId, query.hospitalId)))
      .orderBy(desc(${n.camel}Items.id));
    return { note: await source.noteFor(query.hospitalId), items: rows.map(toItem) };
  }),
];
`;

const seed = (n) => `import type { DbOrTx } from '../../platform/database/connect.ts';
import { ${n.camel}Items } from './tables.ts';

/** The demo account's one item at the default hospital. Returns how many rows. */
export async function seed${n.pascal}(tx: DbOrTx, userId: number, now: Date): Promise<number> {
  await tx.insert(${n.camel}Items).values({ userId, hospitalId: '1000', title: '示例：${n.title}', createdAt: now });
  return 1;
}
`;

const domainReadme = (n) => `# ${n.domain}

${n.title}: the account's items per hospital.

| file        | what                                                            |
| ----------- | --------------------------------------------------------------- |
| \`tables.ts\` | \`${n.table}\` (account, hospital, title)                        |
| \`source.ts\` | the hospital system's port, \`Simulated${n.pascal}Source\` (simulated) |
| \`routes.ts\` | \`list${n.pascal}Items\`                                          |
| \`seed.ts\`   | the demo account's one item at the default hospital             |

## Decisions

1. **Every item belongs to its account**: another account's items are never listed; one read by id goes through
   \`ownedRow\` (404 for another account's or none).

May import: platform, the \`hospitals\` index. Imported by: nothing yet.
`;

const domainTest = (n) => `import type { ${n.pascal}List } from '@patient/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.ts';
import { DEMO_PHONE } from '../accounts/index.ts';

/** ${n.title} over HTTP: the account's own items, per hospital; bad input and no login refused. */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

describe('${n.kebab}', () => {
  it('lists the account’s own items at the hospital, with the system’s note', async () => {
    const demo = await server.login(DEMO_PHONE);
    const answer = await demo.get<${n.pascal}List>('/v1/${n.kebab}', { hospitalId: '1000' });
    expect(answer.body, answer.text).toMatchObject({ state: 200 });
    expect(answer.body.results?.items.map((i) => i.title)).toEqual(['示例：${n.title}']);
    expect(answer.body.results?.note).toContain('模拟');
    const stranger = await server.login('13700009901');
    const theirs = await stranger.get<${n.pascal}List>('/v1/${n.kebab}', { hospitalId: '1000' });
    expect(theirs.body.results?.items).toEqual([]);
  });

  it('refuses bad input with 400 and needs a login', async () => {
    const client = await server.login('13700009902');
    expect((await client.get('/v1/${n.kebab}', { hospitalId: '../x' })).status).toBe(400);
    expect((await server.client().get('/v1/${n.kebab}', { hospitalId: '1000' })).status).toBe(401);
  });
});
`;

const featurePackage = (n) =>
  `${JSON.stringify(
    {
      name: `@patient/feature-${n.kebab}`,
      private: true,
      version: '0.0.0',
      type: 'module',
      description: `${n.title}: the account's items at the hospital.`,
      exports: { '.': './src/index.ts' },
      scripts: {
        test: 'vitest run --configLoader runner',
        typecheck: 'tsc --noEmit',
        lint: 'biome check .',
      },
      dependencies: {
        '@patient/api-client': 'workspace:*',
        '@patient/contract': 'workspace:*',
        '@patient/feature-kit': 'workspace:*',
        '@patient/ui-kit': 'workspace:*',
        react: 'catalog:',
      },
      devDependencies: {
        '@patient/configs': 'workspace:*',
        '@testing-library/react': 'catalog:',
        '@types/react': 'catalog:',
        '@types/react-dom': 'catalog:',
        jsdom: 'catalog:',
        typescript: 'catalog:',
        vite: 'catalog:',
        vitest: 'catalog:',
      },
    },
    null,
    2,
  )}\n`;

const featureReadme = (n) => `# @patient/feature-${n.kebab}

${n.title} (\`/${n.kebab}\`): the account's items at the hospital, newest first, with the hospital system's note;
loading, empty and error (with retry) states.

Service: \`packages/hospital-service/src/domains/${n.domain}\`; contract: \`packages/contract/src/${n.kebab}.ts\`.
Tests: \`src/testing.tsx\` (the fake service and \`harness\`), each page test on \`setupFeature\` / \`renderAt\`.
`;

const featureIndex = (n) => `import { defineFeature } from '@patient/ui-kit';

/** ${n.title}: /${n.kebab} lists the account's items at the hospital. */
export const ${n.camel}Feature = defineFeature({
  name: '${n.kebab}',
  routes: [{ path: '/${n.kebab}', page: () => import('./pages/${n.pascal}Page.tsx'), meta: { title: '${n.title}' } }],
});
`;

const featureTesting = (
  n,
) => `/** Test helpers of the ${n.kebab} screens (not used by the app): a fake of its call. */
import type { ${n.pascal}Item } from '@patient/contract';
import { type FeatureOptions, LoopbackService, ok, type Route } from '@patient/feature-kit/testing';

export { bodyShows, fail } from '@patient/feature-kit/testing';

export class FakeService extends LoopbackService {
  note = '医院 1000 的${n.title}信息（模拟）';
  items: ${n.pascal}Item[] = [{ itemId: '1', title: '示例：${n.title}', createdAt: '2030-05-10T01:00:00.000Z' }];

  protected readonly routes: Route[] = [
    ['GET', /^\\/v1\\/${n.kebab}$/, () => ok({ note: this.note, items: this.items })],
  ];
}

/** The options of the harness (setupFeature): hospital 1000, contacts not loaded. */
export const harness = {
  service: FakeService,
  seed: { contacts: null },
} satisfies FeatureOptions<FakeService>;
`;

const page = (n) => `import { api } from '@patient/api-client';
import { list${n.pascal}Items } from '@patient/contract';
import { BadLink, LoadError, useHospitalId, useRemote } from '@patient/feature-kit';
import { EmptyState, Spinner } from '@patient/ui-kit';
import '@patient/feature-kit/base.css';

/** ${n.title} (/${n.kebab}): the account's items at this hospital, newest first, with the system's note. */
export default function ${n.pascal}Page() {
  const hospitalId = useHospitalId();
  const remote = useRemote(
    hospitalId ? (signal) => api.request(list${n.pascal}Items, { query: { hospitalId } }, { signal }) : null,
    hospitalId ?? '',
  );
  if (!hospitalId) return <BadLink page message="未选择医院" to="/homepage" back="返回首页" />;
  const list = remote.data;
  if (!list) {
    return (
      <div className="fk-page">
        {remote.status === 'error' ? (
          <LoadError error={remote.error} text="${n.title}加载失败" onRetry={remote.reload} />
        ) : (
          <Spinner text="正在加载..." />
        )}
      </div>
    );
  }
  return (
    <div className="fk-page">
      <p>{list.note}</p>
      {list.items.length === 0 ? (
        <EmptyState text="暂无记录" />
      ) : (
        <ul aria-label="${n.title}">
          {list.items.map((item) => (
            <li key={item.itemId}>{item.title}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
`;

const pageTest = (n) => `import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyShows, fail, harness } from '../testing.tsx';
import ${n.pascal}Page from './${n.pascal}Page.tsx';

const ctx = setupFeature(harness);
const routes = { '/${n.kebab}': <${n.pascal}Page /> };

describe('${n.pascal}Page', () => {
  it('lists the items with the system’s note', async () => {
    renderAt(routes, '/${n.kebab}');
    const list = await screen.findByRole('list', { name: '${n.title}' });
    expect(within(list).getAllByRole('listitem').map((i) => i.textContent)).toEqual(['示例：${n.title}']);
    await bodyShows('（模拟）');
  });

  it('says so when there are none', async () => {
    ctx.service.items = [];
    renderAt(routes, '/${n.kebab}');
    await bodyShows('暂无记录');
  });

  it('offers a retry when the list fails', async () => {
    ctx.service.override('GET /v1/${n.kebab}', fail(502, '医院服务暂时无法连接'));
    renderAt(routes, '/${n.kebab}');
    await bodyShows('${n.title}加载失败');
  });
});
`;

/** The journey stub, printed (not written): it needs the running hospital with the slice's migration. */
export const journeyStub = (n) => `import { expect, test } from '@playwright/test';
import { logIn, phoneFor } from '../support/journeys.ts';

/** ${n.title}: the page opens and shows its title and the demo item. */
test('${n.kebab}: the page opens', async ({ page, request }, testInfo) => {
  await logIn(page, request, phoneFor(testInfo, '${n.camel}Journey'));
  await page.goto('/${n.kebab}');
  await expect(page.getByRole('heading', { name: '${n.title}' })).toBeVisible();
});
`;
