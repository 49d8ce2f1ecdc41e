// Serves built hospital apps, each on its own port as it would be on its own subdomain: static files with an
// SPA fallback, gzip, long-lived caching for hashed assets, and the API prefixes proxied to the hospital-service
// so the app and its API share one origin. Used by `pnpm start`, the browser tests and the benchmark.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Path prefixes that belong to the backend (must match configs/vite.app.ts and @patient/contract). */
export const API_PREFIXES = ['/hospital-service/', '/product-service/', '/wxcorp-service/', '/__dev/'];

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.json': 'application/json; charset=utf-8',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json']);

function proxy(req, res, serviceUrl) {
  const target = new URL(req.url, serviceUrl);
  const upstream = httpRequest(
    target,
    // The host the browser addressed goes along as X-Forwarded-Host: the service compares a form's Origin
    // with it (the sandbox cashier, for browsers that send no Sec-Fetch-Site).
    {
      method: req.method,
      headers: { ...req.headers, host: target.host, 'x-forwarded-host': req.headers.host ?? target.host },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
    res.end(
      JSON.stringify({ state: 502, msg: '医院服务暂时无法连接', subMsg: null, subCode: null, results: null }),
    );
  });
  req.pipe(upstream);
}

function staticHandler(distDir) {
  const root = resolve(distDir);
  const gzipCache = new Map();
  return (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    let file = normalize(join(root, decodeURIComponent(url.pathname)));
    if (!file.startsWith(root + sep) && file !== root) {
      res.writeHead(400).end();
      return;
    }
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    const ext = extname(file);
    const headers = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': file.includes(`${sep}assets${sep}`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    };
    if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(file), { level: 9 }));
      res.writeHead(200, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' });
      res.end(gzipCache.get(file));
      return;
    }
    res.writeHead(200, headers);
    createReadStream(file).pipe(res);
  };
}

/**
 * Starts one server per app. `apps`: [{ key, distDir, port }] (port 0 picks a free one).
 * Resolves to { urls: { [key]: 'http://127.0.0.1:port' }, close() }.
 */
export async function serveApps({ apps, serviceUrl, host = '127.0.0.1' }) {
  const servers = [];
  const urls = {};
  for (const app of apps) {
    if (!existsSync(join(app.distDir, 'index.html')))
      throw new Error(`${app.key}: ${app.distDir} has no build`);
    const serveStatic = staticHandler(app.distDir);
    const server = createServer((req, res) => {
      if (API_PREFIXES.some((p) => req.url.startsWith(p))) proxy(req, res, serviceUrl);
      else serveStatic(req, res);
    });
    await new Promise((done, fail) => {
      server.once('error', fail);
      server.listen(app.port ?? 0, host, done);
    });
    servers.push(server);
    urls[app.key] = `http://${host}:${server.address().port}`;
  }
  return {
    urls,
    close: () => Promise.all(servers.map((s) => new Promise((done) => s.close(done)))),
  };
}
