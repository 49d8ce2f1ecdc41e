import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CatalogueImportError, type CsvList, csvRows, importCatalogue } from '../catalogue-import.ts';
import { readConfig } from '../platform/config.ts';
import { fieldCipherFromEnv, useFieldCipher } from '../platform/crypto/field-cipher.ts';
import { createDatabase } from '../platform/database/connect.ts';
import { pendingMigrations } from '../platform/database/migrate.ts';

/**
 * `pnpm --filter @patient/hospital-service run import <file.json> [--doctors doctors.csv …]`: loads or updates
 * one hospital's catalogue from a JSON file, its departments, doctors or prices optionally from CSV files
 * (README 'Importing a hospital's catalogue'), into the migrated database (DATABASE_URL, else DATA_DIR).
 */
const USAGE =
  '用法：pnpm --filter @patient/hospital-service run import <文件.json> [--departments 科室.csv] [--doctors 医生.csv] [--prices 价格.csv]';

/** The file's text (a relative path is the caller's: pnpm runs the script in the package folder). */
function read(file: string): { path: string; text: string } {
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  try {
    return { path, text: readFileSync(path, 'utf8') };
  } catch (error) {
    throw new Error(`无法读取 ${path}：${(error as Error).message}`);
  }
}

async function main() {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || file.startsWith('--')) throw new Error(USAGE);
  const { path, text } = read(file);
  let input: Record<string, unknown>;
  try {
    input = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`无法读取 ${path}：不是合法的 JSON`);
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new Error(
      `${path} 应为一个 JSON 对象（hospital、bookingRules、systemParams、departments、doctors、prices）`,
    );
  }
  // CSV files replace the JSON's lists; their problems name the CSV line.
  const csvLists: CsvList[] = [];
  for (let i = 0; i < rest.length; i += 2) {
    const list = rest[i]?.replace(/^--/, '') as CsvList;
    const csv = rest[i + 1];
    if (!['departments', 'doctors', 'prices'].includes(list) || !csv) throw new Error(USAGE);
    input[list] = csvRows(list, read(csv).text);
    csvLists.push(list);
  }
  const config = readConfig();
  // Personal identifiers are encrypted at rest with the deployment's keys (production refuses to start without).
  useFieldCipher(fieldCipherFromEnv(process.env, config.production));
  const database = await createDatabase(config.databaseTarget);
  try {
    const pending = await pendingMigrations(database);
    if (pending.length > 0) {
      throw new Error(
        `数据库尚未迁移（待执行：${pending.join(', ')}）：请先运行 pnpm --filter @patient/hospital-service migrate`,
      );
    }
    const summary = await importCatalogue(database.db, input, csvLists);
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
