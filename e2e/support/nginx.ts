import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Debian's nginx and its brotli_static module (libnginx-mod-http-brotli-static), when installed. */
export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/**
 * A release's generated nginx.conf made local: the same server block, listening on 127.0.0.1:port over plain
 * HTTP (no certificate), serving releasesRoot instead of the server's releases folder and proxying to the
 * suite's service. Everything else (locations, caching, precompressed files, security headers) is untouched.
 */
export function localServerBlock(
  conf: string,
  o: { port: number; serverRoot: string; releasesRoot: string; upstream: string; brotli: boolean },
): string {
  let local = conf
    .replace(/^ {2}listen .*;$/m, `  listen 127.0.0.1:${o.port};`)
    .replace(/^ {2}ssl_certificate(_key)? .*\n/gm, '')
    .replace(
      /^ {2}root (.*);$/m,
      (_, root: string) => `  root ${root.replace(o.serverRoot, o.releasesRoot)};`,
    )
    .replace(/^ {2}server \S+;$/m, `  server ${o.upstream};`);
  if (!o.brotli) local = local.replace(/^ {2}brotli_static on;\n/m, '');
  return local;
}

/**
 * Starts nginx unprivileged-style: its own prefix, pid, logs and temporary folders in `dir`, in the foreground
 * (`daemon off`), with the http {} block around `serverBlock`. When the suite runs as root the workers run as
 * nobody, so the folders they read and write are opened to them. Resolves when the port answers.
 */
export async function startNginx(
  dir: string,
  serverBlock: string,
  url: string,
): Promise<{ stop(): void; log(): string }> {
  for (const sub of ['logs', 'tmp']) mkdirSync(join(dir, sub), { recursive: true });
  const brotli = existsSync(BROTLI_MODULE) && serverBlock.includes('brotli_static');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${brotli ? `load_module ${BROTLI_MODULE};\n` : ''}daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'logs', 'error.log')} warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${join(dir, 'tmp', 'body')};
  proxy_temp_path ${join(dir, 'tmp', 'proxy')};
  fastcgi_temp_path ${join(dir, 'tmp', 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'tmp', 'uwsgi')};
  scgi_temp_path ${join(dir, 'tmp', 'scgi')};
${serverBlock}
}
`,
  );
  chmodSync(dir, 0o755);
  chmodSync(join(dir, 'tmp'), 0o777);
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const log = () =>
    `${stderr}${existsSync(join(dir, 'logs', 'error.log')) ? readFileSync(join(dir, 'logs', 'error.log'), 'utf8') : ''}`;
  for (let i = 0; ; i++) {
    try {
      await fetch(url);
      break;
    } catch {
      if (i > 100 || child.exitCode !== null) throw new Error(`nginx did not start:\n${log()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { stop: () => child.kill('SIGQUIT'), log };
}
