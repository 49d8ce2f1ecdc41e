import { join } from 'node:path';
import { DEFAULT_DATA_ROOT } from './db/connect.ts';

/** Environment of main.ts and the reset command. */
export interface ServiceConfig {
  port: number;
  host: string;
  /** postgres:// URL, or a PGlite data directory. */
  databaseTarget: string;
  production: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const port = Number(env.PORT ?? 3100);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT 不正确：${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseTarget: env.DATABASE_URL || env.DATA_DIR || join(DEFAULT_DATA_ROOT, 'dev'),
    production: env.NODE_ENV === 'production',
  };
}
