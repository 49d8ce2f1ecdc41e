import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CatalogueImportError, importCatalogue } from '../catalogue-import.ts';
import { readConfig } from '../platform/config.ts';
import { createDatabase } from '../platform/database/connect.ts';
import { pendingMigrations } from '../platform/database/migrate.ts';

/**
 * `pnpm --filter @patient/hospital-service import <file>`: loads or updates one hospital's catalogue from a JSON
 * file (README 'Importing a hospital's catalogue') into the migrated database (DATABASE_URL, else DATA_DIR).
 */
async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('用法：pnpm --filter @patient/hospital-service import <文件.json>');
  // pnpm runs the script in the package folder: a relative path is the caller's.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  let input: unknown;
  try {
    input = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(
      `无法读取 ${path}：${error instanceof SyntaxError ? '不是合法的 JSON' : (error as Error).message}`,
    );
  }
  const config = readConfig();
  const database = await createDatabase(config.databaseTarget);
  try {
    const pending = await pendingMigrations(database);
    if (pending.length > 0) {
      throw new Error(
        `数据库尚未迁移（待执行：${pending.join(', ')}）：请先运行 pnpm --filter @patient/hospital-service migrate`,
      );
    }
    const summary = await importCatalogue(database.db, input);
    console.log(`已导入 ${path} → ${database.location}（${database.driver}）：${JSON.stringify(summary)}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const text =
    error instanceof CatalogueImportError || error instanceof Error ? error.message : String(error);
  console.error(`导入失败：${text}`);
  process.exit(1);
});
