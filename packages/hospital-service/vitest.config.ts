import { readdirSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testPreset } from '@patient/configs/vitest';
import { configDefaults, mergeConfig } from 'vitest/config';
import { hasPostgres } from './src/test/pg-cluster.ts';

/**
 * Two projects: `postgres` (each file on its own database of a throw-away PostgreSQL cluster, the production
 * database) runs every file that touches a database; `pglite` (each file on its own in-memory copy of the
 * PGlite template) runs the embedded database's conformance files beside the files without a database — and
 * every file where PostgreSQL is not installed. See README.md, Tests.
 */
/** Only meaningful on PGlite: migrating a brand-new PGlite, comparing it with the dumped template. */
const PGLITE_ONLY = ['src/platform/database/db.test.ts'];
/** Every test file of the package, as `src/…` paths (a project's `include` would add to the preset's). */
const testFiles = () =>
  readdirSync(fileURLToPath(new URL('./src', import.meta.url)), { recursive: true })
    .map((file) => `src/${String(file).split(sep).join('/')}`)
    .filter((file) => file.endsWith('.test.ts'));

/**
 * Pure functions, no database: once is enough. So are the ports' own suites — `*.port.test.ts`, an outside
 * system's conformance suite run against an implementation and its local counterpart.
 */
const NO_DATABASE = [
  ...testFiles().filter((file) => file.endsWith('.port.test.ts')),
  'src/platform/outside-system.test.ts',
  'src/platform/crypto/field-cipher.test.ts',
  'src/platform/config.test.ts',
  'src/modules.test.ts',
  'src/domains/booking/rules.test.ts',
  'src/domains/reference/reference.test.ts',
  'src/domains/queue/estimate.test.ts',
  'src/domains/payments/providers/provider.test.ts',
  'src/domains/payments/providers/wechat-pay.test.ts',
  'src/domains/payments/providers/alipay.test.ts',
  'src/domains/patients/face-verification.test.ts',
  'src/domains/patients/person-story.test.ts',
];
/**
 * The embedded database's conformance set, where PostgreSQL runs the rest: every endpoint answered through it
 * (app.test), the same seed to the byte (seed.test), a brand-new migration (db.test) and simultaneous requests
 * on its one-transaction-at-a-time engine (concurrency.test). The browser suite runs every journey on PGlite too.
 */
const PGLITE_CONFORMANCE = [
  'src/app.test.ts',
  'src/seed.test.ts',
  'src/domains/booking/concurrency.test.ts',
  'src/platform/jobs.test.ts',
  ...PGLITE_ONLY,
  ...NO_DATABASE,
];
/** Real connections and row locks: the concurrency tests that PGlite (one transaction at a time) cannot show. */
const POSTGRES_ONLY = [
  'src/platform/database/postgres.test.ts',
  'src/domains/booking/multi-instance.test.ts',
];

/** On CI (and in the root `test:all`) a missing PostgreSQL is an error, not a silently halved suite. */
const requirePostgres = Boolean(process.env.CI || process.env.REQUIRE_POSTGRES);
const withPostgres = hasPostgres();
if (!withPostgres && requirePostgres) {
  throw new Error(
    'hospital-service: PostgreSQL is not installed, but CI / REQUIRE_POSTGRES requires the `postgres` test ' +
      'project: run scripts/setup.sh (apt-get install postgresql)',
  );
}
if (!withPostgres) {
  console.warn(
    'hospital-service: PostgreSQL is not installed, so only the `pglite` test project runs ' +
      '(scripts/setup.sh installs it for the `postgres` one)',
  );
}

export default mergeConfig(testPreset({ environment: 'node', testTimeout: 20_000 }), {
  test: {
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          exclude: [
            ...configDefaults.exclude,
            ...POSTGRES_ONLY,
            ...(withPostgres ? testFiles().filter((file) => !PGLITE_CONFORMANCE.includes(file)) : []),
          ],
          // Builds (or reuses) the migrated and seeded PGlite template every test file starts from.
          globalSetup: ['./src/test/global-setup.ts'],
        },
      },
      ...(withPostgres
        ? [
            {
              extends: true,
              test: {
                name: 'postgres',
                exclude: [...configDefaults.exclude, ...PGLITE_ONLY, ...NO_DATABASE],
                // Starts the cluster and its template database; stops and removes it after the run.
                globalSetup: ['./src/test/global-setup-postgres.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
