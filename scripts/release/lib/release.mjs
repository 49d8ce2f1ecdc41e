// One hospital's release artifact from its built dist/: the hospital's config, the release settings and the
// commit decide everything in it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assemble, pack } from './artifact.mjs';
import { appPackage, hospitalConfig, ROOT, viteAppHelpers } from './workspace.mjs';

/**
 * scripts/release/release.config.json: domain (a hospital is served at <key>.<domain>), serverRoot (the
 * releases folder on the web server: <serverRoot>/<key>/<version>/, <serverRoot>/<key>/current), upstream (the
 * hospital-service, host:port), tls ({ certificate, key } paths on the server), brotli (load Debian's
 * libnginx-mod-http-brotli-static).
 */
export function releaseSettings() {
  return JSON.parse(readFileSync(new URL('../release.config.json', import.meta.url), 'utf8'));
}

/**
 * The API prefixes nginx proxies: configs/vite.app.ts's API_PREFIXES without /__dev (the service has no
 * development routes in production).
 */
export const proxiedPrefixes = (prefixes) => prefixes.filter((p) => p !== '/__dev');

/**
 * Writes release/<key>/<version>/ and its tarball from `distDir` (default apps/<key>/dist).
 * Resolves to { version, versionDir, manifest, tarball, checksumFile, sha256 }.
 */
export async function releaseArtifact({
  key,
  commit,
  time,
  distDir = join(ROOT, 'apps', key, 'dist'),
  releaseDir = join(ROOT, 'release'),
}) {
  const settings = releaseSettings();
  const [config, helpers] = await Promise.all([hospitalConfig(key), viteAppHelpers()]);
  const { version } = appPackage(key);
  const versionDir = join(releaseDir, key, version);
  const manifest = assemble({
    distDir,
    versionDir,
    meta: {
      key,
      name: config.name,
      version,
      commit,
      time,
      prefixes: proxiedPrefixes(helpers.API_PREFIXES),
      inlineScriptHashes: helpers.inlineScriptHashes,
      nginx: {
        serverName: `${config.key}.${settings.domain}`,
        root: `${settings.serverRoot}/${key}/current/site`,
        upstream: settings.upstream,
        tls: settings.tls ?? null,
        brotli: settings.brotli !== false,
      },
    },
  });
  return { version, versionDir, manifest, ...pack({ versionDir, key, version, time }) };
}
