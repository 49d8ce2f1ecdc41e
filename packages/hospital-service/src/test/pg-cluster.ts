import { spawn, spawnSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/**
 * A throw-away PostgreSQL cluster for tests, the bench and developers: initdb into a fresh temporary
 * directory, start it on 127.0.0.1 (free port) and on a unix socket inside that directory, and remove it all
 * again. Uses the newest installed server (Debian: /usr/lib/postgresql/<version>/bin; else pg_config's
 * bindir, else PATH). initdb refuses to run as root: then the cluster belongs to the `postgres` system user
 * (created by Debian's package) and every server command runs through `runuser -u postgres --`.
 */
export interface PgCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication: no password). */
  url: string;
  port: number;
  /** The temporary directory: data/, the server log and the unix socket. */
  dir: string;
  /** Stops the server (immediate shutdown) and removes the directory. Safe to call more than once. */
  stop(): Promise<void>;
}

export interface PgClusterOptions {
  /** max_connections (default 400: the test projects open a pool per test file, the bench one per instance). */
  maxConnections?: number;
  /** Extra postgresql.conf lines, e.g. { shared_buffers: '128MB' }. */
  settings?: Record<string, string | number>;
}

const PREFIX = 'hospital-pg-';
const SERVER_TOOLS = ['initdb', 'pg_ctl', 'postgres'];

/** The bin directory of the newest PostgreSQL server installed here, or null. PG_BIN overrides the search. */
export function findPgBin(): string | null {
  const has = (dir: string) => SERVER_TOOLS.every((tool) => existsSync(join(dir, tool)));
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) return has(fromEnv) ? fromEnv : null;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+(\.\d+)?$/.test(v) && has(join(debian, v, 'bin')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length) return join(debian, versions[0], 'bin');
  }
  const pgConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (pgConfig.status === 0 && has(pgConfig.stdout.trim())) return pgConfig.stdout.trim();
  for (const dir of (process.env.PATH ?? '').split(delimiter)) if (dir && has(dir)) return dir;
  return null;
}

/** Whether a PostgreSQL server (initdb, pg_ctl, postgres) is installed. */
export function hasPostgres(): boolean {
  return findPgBin() !== null;
}

const isRoot = () => process.getuid?.() === 0;

/** uid and gid of the `postgres` system user (for running the server as root). */
function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!line || !uid || !gid) {
    throw new Error(
      'PostgreSQL refuses to run as root and there is no `postgres` user: install Debian’s postgresql package ' +
        '(scripts/setup.sh) or run as a normal user',
    );
  }
  return { uid: Number(uid), gid: Number(gid) };
}

/** The command line that runs a server tool as the cluster's owner. */
function asOwner(bin: string, tool: string, args: string[]): [string, string[]] {
  const path = join(bin, tool);
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
}

function run(bin: string, tool: string, args: string[]): Promise<void> {
  const [command, argv] = asOwner(bin, tool, args);
  return new Promise((resolve, reject) => {
    // stdin ignored: the server pg_ctl starts must not hold on to our pipes.
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], cwd: tmpdir() });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve();
      else
        reject(new Error(`${tool} ${args[0] ?? ''} failed (${code}): ${Buffer.concat(output).toString()}`));
    });
  });
}

const stopArgs = (dir: string) => ['stop', '-D', join(dir, 'data'), '-m', 'immediate', '-w', '-t', '30'];
const RM = { recursive: true, force: true, maxRetries: 5, retryDelay: 100 } as const;

/**
 * Immediate shutdown and removal without blocking the event loop: from a signal handler a blocked loop
 * cannot answer anyone (tsx, for one, SIGKILLs a child that does not report a signal within 60 ms).
 */
async function stopCluster(bin: string, dir: string): Promise<void> {
  if (existsSync(join(dir, 'data', 'postmaster.pid')))
    await run(bin, 'pg_ctl', stopArgs(dir)).catch(() => {});
  await rm(dir, RM);
}

/** The same, synchronously: only for the 'exit' handler, where nothing asynchronous runs any more. */
function stopClusterSync(bin: string, dir: string): void {
  if (existsSync(join(dir, 'data', 'postmaster.pid'))) {
    const [command, argv] = asOwner(bin, 'pg_ctl', stopArgs(dir));
    spawnSync(command, argv, { stdio: 'ignore', cwd: tmpdir() });
  }
  rmSync(dir, RM);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Clusters whose process died without stopping them (SIGKILL, a crash): stopped and removed. */
function sweepOrphans(bin: string): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = join(tmpdir(), name);
    let owner = Number.NaN;
    try {
      owner = Number(readFileSync(join(dir, 'owner.pid'), 'utf8'));
    } catch {
      // not (yet) written: a cluster being created right now, or not one of ours
      continue;
    }
    if (!Number.isInteger(owner) || owner <= 0 || alive(owner)) continue;
    try {
      stopClusterSync(bin, dir);
    } catch {
      // another user's, say: not ours to remove
    }
  }
}

/** Clusters this process started and has not removed yet (directory → bin): stopped on exit and on signals. */
const running = new Map<string, string>();
/** Stops under way (directory → its promise), so that stop(), a signal and exit never race each other. */
const stopping = new Map<string, Promise<void>>();

function stopOnce(bin: string, dir: string): Promise<void> {
  let stopped = stopping.get(dir);
  if (!stopped) {
    stopped = stopCluster(bin, dir).finally(() => running.delete(dir));
    stopping.set(dir, stopped);
  }
  return stopped;
}

let handlersInstalled = false;

function installExitHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.once('exit', () => {
    for (const [dir, bin] of running) {
      try {
        stopClusterSync(bin, dir);
      } catch {
        // the next start removes what is left (sweepOrphans)
      }
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    // `on`, not `once`: a second signal while the first one stops the clusters must not kill us halfway.
    const onSignal = () => {
      const all = [...running].map(([dir, bin]) => stopOnce(bin, dir).catch(() => {}));
      void Promise.all(all).then(() => {
        // Whoever else listens (Vitest, the CLI) decides how to exit; alone, die of the signal as usual.
        if (process.listenerCount(signal) === 1) {
          process.off(signal, onSignal);
          process.kill(process.pid, signal);
        }
      });
    };
    process.on(signal, onSignal);
  }
}

/** The URL of another database on the same server as `url`. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Starts a new cluster; see {@link PgCluster}. */
export async function startPgCluster(options: PgClusterOptions = {}): Promise<PgCluster> {
  const bin = findPgBin();
  if (!bin) {
    throw new Error(
      'PostgreSQL is not installed (no initdb/pg_ctl/postgres in /usr/lib/postgresql/*/bin, pg_config or PATH); ' +
        'run scripts/setup.sh or apt-get install postgresql',
    );
  }
  sweepOrphans(bin);
  installExitHandlers();
  const dir = mkdtempSync(join(tmpdir(), PREFIX));
  writeFileSync(join(dir, 'owner.pid'), String(process.pid));
  running.set(dir, bin);
  const data = join(dir, 'data');
  try {
    if (isRoot()) {
      const { uid, gid } = postgresUser();
      chownSync(dir, uid, gid);
    }
    await run(bin, 'initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      // Like PGlite: byte-order collation, UTF-8 character classes.
      '--lc-collate=C',
      '--lc-ctype=C.UTF-8',
      '--no-sync',
      '--no-instructions',
    ]);
    const settings: Record<string, string | number> = {
      listen_addresses: "'127.0.0.1'",
      unix_socket_directories: `'${dir}'`,
      max_connections: options.maxConnections ?? 400,
      shared_buffers: "'64MB'",
      // A throw-away cluster: durability costs time and buys nothing.
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      // Like PGlite's (the service does its China-time arithmetic itself, not in SQL).
      timezone: "'UTC'",
      log_min_messages: 'warning',
      ...options.settings,
    };
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const conf = Object.entries({ ...settings, port })
        .map(([key, value]) => `${key} = ${value}`)
        .join('\n');
      // postgresql.auto.conf is read last: these win over postgresql.conf.
      writeFileSync(join(data, 'postgresql.auto.conf'), `${conf}\n`);
      try {
        await run(bin, 'pg_ctl', ['start', '-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60']);
      } catch (error) {
        // Someone took the port between freePort() and the server's bind: try another one.
        const log = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8') : '';
        if (attempt < 3 && /could not (bind|create listen)/i.test(log)) continue;
        throw new Error(`${(error as Error).message}\n${log.slice(-2000)}`);
      }
      return {
        url: `postgres://postgres@127.0.0.1:${port}/postgres`,
        port,
        dir,
        stop: () => stopOnce(bin, dir),
      };
    }
  } catch (error) {
    await stopOnce(bin, dir);
    throw error;
  }
}
