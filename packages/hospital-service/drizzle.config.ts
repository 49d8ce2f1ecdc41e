import { defineConfig } from 'drizzle-kit';

/** `pnpm --filter @patient/hospital-service db:generate` writes a new SQL migration into drizzle/ after schema changes. */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/platform/auth/tables.ts', './src/domains/*/tables.ts'],
  out: './drizzle',
});
