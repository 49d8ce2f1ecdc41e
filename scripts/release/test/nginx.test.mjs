import { existsSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, nginxServerConfig } from '../lib/nginx.mjs';
import { proxiedPrefixes } from '../lib/release.mjs';
import { switchRelease } from '../lib/switch.mjs';
import { viteAppHelpers } from '../lib/workspace.mjs';

describe('the generated nginx server block', () => {
  it('serves the subdomain with SPA fallback, caching, precompressed files, proxies and security headers', async () => {
    const { API_PREFIXES } = await viteAppHelpers();
    const conf = nginxServerConfig({
      key: 'luqiao',
      name: '台州市路桥区人民医院',
      version: '1.2.0',
      commit: 'abc',
      serverName: 'luqiao.h5.example.cn',
      root: '/srv/patient-h5/luqiao/current/site',
      upstream: '127.0.0.1:3100',
      prefixes: proxiedPrefixes(API_PREFIXES),
      scriptHashes: ['sha256-AAA=', 'sha256-BBB='],
      tls: { certificate: '/c.pem', key: '/k.pem' },
      brotli: true,
    });
    expect(conf).toContain('server_name luqiao.h5.example.cn;');
    expect(conf).toContain('root /srv/patient-h5/luqiao/current/site;');
    expect(conf).toContain('try_files $uri /index.html;');
    expect(conf).toMatch(
      /location \^~ \/assets\/ \{\n {4}try_files \$uri =404;\n {4}add_header Cache-Control "public, max-age=31536000, immutable" always;/,
    );
    expect(conf).toMatch(
      /location \/ \{\n {4}try_files \$uri \/index.html;\n {4}add_header Cache-Control "no-cache" always;/,
    );
    expect(conf).toContain('gzip_static on;');
    expect(conf).toContain('brotli_static on;');
    for (const prefix of ['/hospital-service', '/product-service', '/wxcorp-service'])
      expect(conf).toContain(`location ^~ ${prefix}/ {\n    proxy_pass http://hospital_service_luqiao;`);
    expect(conf).not.toContain('/__dev');
    // Every static location carries the whole header set (add_header is not inherited once a location has one).
    expect(conf.match(/add_header Content-Security-Policy/g)).toHaveLength(2);
    expect(conf.match(/X-Content-Type-Options "nosniff"/g)).toHaveLength(2 + 3);
    expect(conf).toContain("script-src 'self' 'sha256-AAA=' 'sha256-BBB='");
    expect(contentSecurityPolicy([])).toContain("frame-ancestors 'self'");
    // The same policy on the app's files and on the service's answers: HSTS (behind TLS), nosniff, referrer.
    const hsts = 'add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;';
    expect(conf.split(hsts)).toHaveLength(2 + 3 + 1);
    expect(conf.match(/Referrer-Policy "strict-origin-when-cross-origin"/g)).toHaveLength(2 + 3);
    // The app is framed by its own origin only; the service's answers keep their X-Frame-Options DENY and CSP.
    expect(conf.match(/X-Frame-Options "SAMEORIGIN"/g)).toHaveLength(2);
    expect(conf.match(/proxy_hide_header Strict-Transport-Security;/g)).toHaveLength(3);
    expect(conf).not.toMatch(/proxy_hide_header (X-Frame-Options|Content-Security-Policy)/);
    expect(nginxServerConfig(baseOptions())).not.toContain('Strict-Transport-Security "');
    expect(nginxServerConfig({ ...baseOptions(), brotli: false })).not.toContain('brotli_static');
  });
});

const baseOptions = () => ({
  key: 'default',
  name: 'x',
  version: '1.0.0',
  commit: 'c',
  serverName: 'default.example',
  root: '/r',
  upstream: '127.0.0.1:1',
  prefixes: ['/hospital-service'],
  scriptHashes: [],
  tls: null,
});

describe('release:switch', () => {
  it('points current at a complete release with a rename, and refuses an incomplete one', () => {
    const root = mkdtempSync(join(tmpdir(), 'release-switch-'));
    try {
      for (const v of ['1.0.0', '1.1.0']) {
        mkdirSync(join(root, 'luqiao', v, 'site'), { recursive: true });
        writeFileSync(join(root, 'luqiao', v, 'site', 'index.html'), v);
      }
      expect(switchRelease({ key: 'luqiao', version: '1.1.0', root })).toEqual({
        previous: null,
        current: '1.1.0',
      });
      expect(switchRelease({ key: 'luqiao', version: '1.0.0', root })).toEqual({
        previous: '1.1.0',
        current: '1.0.0',
      });
      expect(readlinkSync(join(root, 'luqiao', 'current'))).toBe('1.0.0');
      expect(existsSync(join(root, 'luqiao', 'current.next'))).toBe(false);
      expect(() => switchRelease({ key: 'luqiao', version: '9.9.9', root })).toThrow(/不是完整的发布/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
