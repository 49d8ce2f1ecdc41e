import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { sandboxBook } from '../domains/payments/index.ts';
import { buildPaymentProviders } from '../domains/payments/providers/registry.ts';
import { reconcile, reportText } from '../domains/payments/reconcile.ts';
import { addDays, chinaDate, systemClock } from '../platform/clock.ts';
import { readConfig } from '../platform/config.ts';
import { fieldCipherFromEnv, useFieldCipher } from '../platform/crypto/field-cipher.ts';
import { createDatabase } from '../platform/database/connect.ts';
import { pendingMigrations } from '../platform/database/migrate.ts';

/**
 * `pnpm --filter @patient/hospital-service reconcile -- --provider wechat-pay [--date 2026-11-24] [--out f.json]`:
 * downloads the provider's bill of a China day (yesterday by default; the sandbox's comes from its books),
 * compares it with our payments and refunds, prints the table for finance and writes it as JSON
 * (reconcile-<provider>-<date>.json by default). Exit code 1 when there is a difference, 2 on an error.
 * Reads the same environment as the service (DATABASE_URL or DATA_DIR, WECHATPAY_*, ALIPAY_*).
 */
async function main() {
  const { values } = parseArgs({
    options: { provider: { type: 'string' }, date: { type: 'string' }, out: { type: 'string' } },
  });
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
    const providers = buildPaymentProviders({
      production: config.production,
      // The sandbox's notifications are not verified here: only its bill is read.
      secret: Buffer.alloc(32),
      sandboxBook: sandboxBook(database.db, systemClock),
    });
    const name = values.provider ?? '';
    const provider = providers.byName(name);
    if (!provider)
      throw new Error(
        `没有这个支付渠道或未配置：${name || '（未指定 --provider）'}（可选 wechat-pay、alipay、sandbox；医院自有商户如 wechat-pay@1001）`,
      );
    const date = values.date ?? addDays(chinaDate(systemClock.now()), -1);
    const result = await reconcile(database.db, provider, date);
    const out = values.out ?? `reconcile-${provider.name}-${date}.json`;
    await writeFile(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`${reportText(result)}\n\n明细已写入 ${out}`);
    process.exitCode = result.differences.length > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`对账失败：${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
});
