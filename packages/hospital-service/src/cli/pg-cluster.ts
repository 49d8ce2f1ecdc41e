import { startPgCluster } from '../test/pg-cluster.ts';

/**
 * `pnpm --filter @patient/hospital-service pg-cluster` (or `tsx src/cli/pg-cluster.ts`): starts a throw-away
 * PostgreSQL cluster, prints its URL as one line on stdout and keeps it until SIGINT/SIGTERM or until stdin
 * closes (Ctrl-D; a parent process that ends its pipe), then stops it and removes its directory.
 * E.g. `DATABASE_URL=<that URL> pnpm --filter @patient/hospital-service start`.
 */
async function main() {
  const cluster = await startPgCluster();
  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    await cluster.stop();
    console.error(`pg-cluster: stopped (${why}), ${cluster.dir} removed`);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.stdin.once('end', () => void stop('stdin closed'));
  process.stdin.once('close', () => void stop('stdin closed'));
  process.stdin.resume();
  console.log(cluster.url);
  console.error(`pg-cluster: running in ${cluster.dir}; Ctrl-C (or closing stdin) stops and removes it`);
}

main().catch((error: unknown) => {
  console.error(`pg-cluster: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
