// The release artifact: release/<key>/<version>/ (site/ with the built files and their precompressed copies,
// manifest.json, nginx.conf), packed into a reproducible tar.gz with its SHA-256. Everything in it is a function
// of the built files, the hospital's config and the commit (its time is the build time), so two releases of one
// commit are byte-identical.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { nginxServerConfig } from './nginx.mjs';

/** Files worth precompressing (text); images other than SVG are compressed already. */
export const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|xml|map|webmanifest)$/;

const sha256 = (data, encoding = 'hex') => createHash('sha256').update(data).digest(encoding);

/** Every file under dir, as sorted '/'-separated relative paths. */
export function listFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** Smaller files are served as they are: compressing them saves less than a packet. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes name.gz (gzip -9, no name or time in the header) and name.br (brotli 11) beside each compressible file
 * of at least MIN_COMPRESS_BYTES.
 */
export function precompress(siteDir) {
  for (const file of listFiles(siteDir).filter((f) => COMPRESSIBLE.test(f))) {
    const path = join(siteDir, file);
    const data = readFileSync(path);
    if (data.length < MIN_COMPRESS_BYTES) continue;
    writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
    );
  }
}

/**
 * The entry files of index.html (its script, module preloads and style sheets) with their subresource-integrity
 * hashes (sha384), as `integrity` attributes take them.
 */
export function entryIntegrity(siteDir) {
  const html = readFileSync(join(siteDir, 'index.html'), 'utf8');
  const refs = [
    ...html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="(?:modulepreload|stylesheet)"[^>]*\shref="([^"]+)"/g),
  ].map((m) => m[1]);
  return Object.fromEntries(
    [...new Set(refs)]
      .filter((ref) => ref.startsWith('/') && !ref.startsWith('//'))
      .sort()
      .map((ref) => [
        ref,
        `sha384-${createHash('sha384')
          .update(readFileSync(join(siteDir, ref)))
          .digest('base64')}`,
      ]),
  );
}

/**
 * Assembles release/<key>/<version>/ from a built dist/ (removing what was there):
 * site/ (dist + .gz + .br), nginx.conf and manifest.json. Resolves to the manifest.
 *
 * meta: { key, name, version, commit, time (commit time, Unix seconds), prefixes, inlineScriptHashes(html),
 * nginx: { serverName, root, upstream, listen?, tls?, brotli } }.
 */
export function assemble({ distDir, versionDir, meta }) {
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`${distDir} has no index.html: build first`);
  rmSync(versionDir, { recursive: true, force: true });
  const siteDir = join(versionDir, 'site');
  mkdirSync(versionDir, { recursive: true });
  cpSync(distDir, siteDir, { recursive: true });
  precompress(siteDir);
  const html = readFileSync(join(siteDir, 'index.html'), 'utf8');
  const scriptHashes = meta.inlineScriptHashes(html);
  writeFileSync(
    join(versionDir, 'nginx.conf'),
    nginxServerConfig({
      key: meta.key,
      name: meta.name,
      version: meta.version,
      commit: meta.commit,
      prefixes: meta.prefixes,
      scriptHashes,
      ...meta.nginx,
    }),
  );
  const files = listFiles(versionDir).map((path) => {
    const data = readFileSync(join(versionDir, path));
    return { path, size: data.length, sha256: sha256(data) };
  });
  const manifest = {
    hospital: meta.key,
    name: meta.name,
    version: meta.version,
    commit: meta.commit,
    buildTime: new Date(meta.time * 1000).toISOString(),
    serverName: meta.nginx.serverName,
    entries: entryIntegrity(siteDir),
    inlineScripts: scriptHashes,
    files,
  };
  writeFileSync(join(versionDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  touchAll(versionDir, meta.time);
  return manifest;
}

/** Sets every file's and folder's mtime to `time` (the commit's): the served Last-Modified is the same every time. */
function touchAll(dir, time) {
  for (const file of listFiles(dir)) utimesSync(join(dir, file), time, time);
  const dirs = (d) =>
    readdirSync(d, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .flatMap((e) => [...dirs(join(d, e.name)), join(d, e.name)]);
  for (const d of [...dirs(dir), dir]) utimesSync(d, time, time);
}

/** What goes into the tarball: everything of the version folder except the preview (screenshots are for eyes). */
export const PACKED = ['site', 'nginx.conf', 'manifest.json'];

/**
 * Packs release/<key>/<version>/ into release/<key>/<key>-<version>.tar.gz (GNU tar: names sorted, owner 0,
 * modes normalised, mtimes the commit's, no atime/ctime; gzip without name or time) and writes its SHA-256 in
 * `sha256sum -c` form beside it. Resolves to { tarball, checksumFile, sha256 }.
 */
export function pack({ versionDir, key, version, time }) {
  const parent = dirname(versionDir);
  const base = `${key}-${version}.tar.gz`;
  const tarball = join(parent, base);
  const tar = execFileSync(
    'tar',
    [
      '--sort=name',
      '--format=posix',
      '--pax-option=exthdr.name=%d/PaxHeaders/%f,delete=atime,delete=ctime',
      `--mtime=@${time}`,
      '--owner=0',
      '--group=0',
      '--numeric-owner',
      '--mode=u+rw,go=rX',
      '-C',
      parent,
      '-cf',
      '-',
      ...PACKED.map((p) => join(version, p)),
    ],
    { maxBuffer: 1 << 30 },
  );
  const gz = gzipSync(tar, { level: 9 });
  writeFileSync(tarball, gz);
  const digest = sha256(gz);
  const checksumFile = `${tarball}.sha256`;
  writeFileSync(checksumFile, `${digest}  ${base}\n`);
  utimesSync(tarball, time, time);
  utimesSync(checksumFile, time, time);
  return { tarball, checksumFile, sha256: digest };
}

/** Checks a version folder against its manifest: every file listed, same size and SHA-256, nothing else. */
export function verify(versionDir) {
  const manifest = JSON.parse(readFileSync(join(versionDir, 'manifest.json'), 'utf8'));
  const problems = [];
  const listed = new Set(manifest.files.map((f) => f.path));
  for (const f of manifest.files) {
    const path = join(versionDir, f.path);
    if (!existsSync(path)) problems.push(`missing ${f.path}`);
    else if (statSync(path).size !== f.size || sha256(readFileSync(path)) !== f.sha256)
      problems.push(`changed ${f.path}`);
  }
  for (const path of listFiles(versionDir))
    if (
      PACKED.some((p) => path === p || path.startsWith(`${p}/`)) &&
      path !== 'manifest.json' &&
      !listed.has(path)
    )
      problems.push(`not in the manifest: ${path}`);
  return problems;
}
