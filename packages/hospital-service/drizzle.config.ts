import { defineConfig } from 'drizzle-kit';

/** `pnpm --filter @patient/hospital-service db:generate` writes a new SQL migration into drizzle/ after schema changes. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
