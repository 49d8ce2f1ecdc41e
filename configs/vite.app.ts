/// <reference path="./postcss-pxtorem.d.ts" />
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import pxtorem from 'postcss-pxtorem';
import { defineConfig, type Plugin, runnerImport, type UserConfig } from 'vite';
import { floorBuildTargets, floorPolyfillScript } from './browser-floor.ts';

/** Path prefixes the apps call; in development and preview they are proxied to the hospital-service. */
export const API_PREFIXES = ['/hospital-service', '/product-service', '/wxcorp-service', '/__dev'] as const;

/** Where an app keeps its HospitalConfig, relative to the app's root. */
export const HOSPITAL_CONFIG_FILE = 'src/hospital.config.ts';

/** index.html with `data-theme` on its `<html>` element. Throws when the template sets one itself. */
export function themedIndexHtml(html: string, theme: string): string {
  const tag = /<html\b[^>]*>/i.exec(html)?.[0];
  if (!tag) throw new Error('index.html 缺少 <html> 元素');
  if (/\sdata-theme\s*=/i.test(tag))
    throw new Error(`index.html 不应自带 data-theme：主题只来自 ${HOSPITAL_CONFIG_FILE} 的 theme`);
  return html.replace(tag, tag.replace(/\s*>$/, ` data-theme="${theme}">`));
}

/**
 * The style of every app's page before any script: the root font size and the boot screen (configs/boot.css,
 * inlined into index.html; ui-kit's contrast test checks its colours).
 */
const BOOT_CSS = readFileSync(new URL('./boot.css', import.meta.url), 'utf8');

/** What the build reads of an app's HospitalConfig (`src/hospital.config.ts`). */
export interface BuildTimeHospitalConfig {
  theme?: unknown;
  homepage?: { layout?: string; banners?: readonly string[] };
}

/** The app's HospitalConfig, through Vite's module runner (it is TypeScript importing workspace packages). */
export async function loadHospitalConfig(root: string): Promise<BuildTimeHospitalConfig> {
  const { module } = await runnerImport<{ default?: BuildTimeHospitalConfig }>(
    join(root, HOSPITAL_CONFIG_FILE),
    {
      root,
      configFile: false,
      logLevel: 'error',
    },
  );
  if (!module.default)
    throw new Error(`${HOSPITAL_CONFIG_FILE}：缺少 export default defineHospitalConfig(…)`);
  return module.default;
}

/**
 * Every app's index.html, from its config: the same page for all nine (root font size and boot screen set before
 * any script, zoomable viewport), with the first banner image preloaded where the homepage shows a banner (every
 * layout but 'compact'). The theme, the favicon and the prerendered homepage are written in later by the plugins.
 */
export function indexHtmlOf(config: BuildTimeHospitalConfig): string {
  const bootCss = BOOT_CSS.trim()
    .split('\n')
    .map((line) => `      ${line}`)
    .join('\n');
  const banner = config.homepage?.layout === 'compact' ? undefined : config.homepage?.banners?.[0];
  const preload = banner
    ? `\n    <link rel="preload" href="${banner}" as="image"${banner.endsWith('.svg') ? ' type="image/svg+xml"' : ''} fetchpriority="high" />`
    : '';
  return `<!doctype html>
<!-- Generated from src/hospital.config.ts by configs/vite.app.ts (generatedIndexHtml): edit those, not this file. -->
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="format-detection" content="telephone=no" />
    <meta name="description" content="医院患者自助服务：预约挂号、门诊缴费、报告查询" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />${preload}
    <title>患者服务</title>
    <style>
${bootCss}
    </style>
  </head>
  <body>
    <div id="root"><div class="boot" role="status">正在加载...</div></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`;
}

/** Writes the app's index.html ({@link indexHtmlOf}; git-ignored) before Vite reads it, for the dev server and the build. */
export function generatedIndexHtml(root: string): Plugin {
  return {
    name: 'patient:generated-index-html',
    enforce: 'pre',
    async config() {
      const file = join(root, 'index.html');
      const html = indexHtmlOf(await loadHospitalConfig(root));
      if (!existsSync(file) || readFileSync(file, 'utf8') !== html) writeFileSync(file, html);
    },
  };
}

/**
 * Writes the hospital's theme (`theme` of its hospital.config.ts) into index.html as `<html data-theme>`, so
 * the first paint already has the hospital's colours and the theme cannot disagree with the config. The config
 * is read once per dev server or build.
 */
export function hospitalTheme(root: string): Plugin {
  let theme: Promise<string> | undefined;
  const load = async () => {
    const value = (await loadHospitalConfig(root)).theme;
    if (typeof value !== 'string' || !/^[a-z][a-z-]*$/.test(value))
      throw new Error(`${HOSPITAL_CONFIG_FILE}：theme 缺失或无效（${String(value)}）`);
    return value;
  };
  return {
    name: 'hospital-theme',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        theme ??= load();
        return themedIndexHtml(html, await theme);
      },
    },
  };
}

/**
 * Why a page's viewport meta stops people from zooming (WCAG 1.4.4: pinch-zoom to at least 200 %, axe
 * meta-viewport), or null when it lets them: no `user-scalable=no`, no `maximum-scale` under 5.
 */
export function viewportProblem(html: string): string | null {
  const content = html.match(/<meta\s+name=["']viewport["']\s+content=["']([^"']*)["']/i)?.[1];
  if (content === undefined) return 'index.html has no <meta name="viewport" content="…"> (first attributes)';
  const value = content.toLowerCase().replace(/\s/g, '');
  if (/(^|,)user-scalable=(no|0)(,|$)/.test(value))
    return `viewport "${content}" disables zoom (user-scalable)`;
  const max = value.match(/(^|,)maximum-scale=([\d.]+)/)?.[2];
  if (max !== undefined && Number(max) < 5) return `viewport "${content}" limits zoom (maximum-scale=${max})`;
  return null;
}

/** Fails the build (and the dev server's page) of an index.html whose viewport stops pinch-zoom. */
export function zoomableViewport(): Plugin {
  return {
    name: 'patient:zoomable-viewport',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const problem = viewportProblem(html);
        if (problem) throw new Error(`${problem}: people with poor sight must be able to pinch-zoom`);
        return html;
      },
    },
  };
}

/** `<link rel="icon" href="/favicon.svg">` with the file itself as a data: URL. */
export function inlineFaviconTag(html: string, svg: string): string {
  const data = `data:image/svg+xml,${encodeURIComponent(svg.trim())}`;
  return html.replace(/(<link\b[^>]*\brel="icon"[^>]*\bhref=")\/favicon\.svg(")/, `$1${data}$2`);
}

/**
 * Writes public/favicon.svg into index.html as a data: URL: the favicon is no request of its own (Chromium
 * asked for it twice: once for the page, once for the tab), and the icon stays the hospital's own file.
 */
export function inlineFavicon(root: string): Plugin {
  return {
    name: 'inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      return inlineFaviconTag(html, readFileSync(join(root, 'public', 'favicon.svg'), 'utf8'));
    },
  };
}

/** What the app shell's prerender module (`@patient/app-shell/prerender`) gives the build. */
interface HomepagePrerender {
  prerenderHomepage(config: unknown): string;
  homepageOrBootScript(config: unknown, bootHtml: string): string;
  themeBootScript(config: unknown): string;
}

/**
 * index.html with an inline script first in its head, right after `<meta charset>` (the floor's polyfills, added
 * later, come before it): it runs before the first paint. Throws when the head is not found.
 */
export function withHeadScript(html: string, script: string): string {
  const first = (/<meta\s+charset=[^>]*>/i.exec(html) ?? /<head\b[^>]*>/i.exec(html))?.[0];
  if (!first) throw new Error('index.html 缺少 <head>');
  return html.replace(first, `${first}\n    <script>${script}</script>`);
}

/**
 * index.html with the prerendered homepage in `#root`, in place of the boot screen; `#root` inert and marked
 * `data-prerendered` until the app has hydrated it, followed by the inline script that puts the boot screen
 * back where the app will not start on that homepage. Throws when `#root` is not found.
 */
export function withPrerenderedHomepage(
  html: string,
  homepage: string,
  script: (bootHtml: string) => string,
): string {
  const root = /<div id="root">([\s\S]*?)<\/div>(?=\s*(<script|<\/body>))/.exec(html);
  if (!root) throw new Error('index.html 缺少 <div id="root">（其后只应有脚本）');
  return html.replace(
    root[0],
    `<div id="root" data-prerendered inert>${homepage}</div>\n    <script>${script(root[1]!)}</script>`,
  );
}

/**
 * Writes the hospital's homepage into the built index.html (withPrerenderedHomepage): a slow phone paints the
 * real first screen from the HTML and CSS, before the script has downloaded, and the app hydrates it. Rendered
 * by the app shell's own components (react-dom/server through Vite's module runner; style imports are left to the client build).
 */
export function prerenderedHomepage(root: string): Plugin {
  const noStyles: Plugin = {
    name: 'patient:prerender-no-styles',
    enforce: 'pre',
    resolveId: (id) => (/\.css(\?|$)/.test(id) ? '\0patient-no-styles' : undefined),
    load: (id) => (id === '\0patient-no-styles' ? 'export default ""' : undefined),
  };
  return {
    name: 'patient:prerendered-homepage',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        const options = { root, configFile: false as const, logLevel: 'error' as const, plugins: [noStyles] };
        const [{ module: config }, { module: shell }] = await Promise.all([
          runnerImport<{ default: unknown }>(join(root, HOSPITAL_CONFIG_FILE), options),
          runnerImport<HomepagePrerender>('@patient/app-shell/prerender', options),
        ]);
        // The theme the service gave this hospital last time on this device, from the first frame.
        const themed = withHeadScript(html, shell.themeBootScript(config.default));
        return withPrerenderedHomepage(themed, shell.prerenderHomepage(config.default), (boot) =>
          shell.homepageOrBootScript(config.default, boot),
        );
      },
    },
  };
}

/**
 * The built index.html with its scripts evaluated after the first paint. They still download at once
 * (low-priority modulepreloads); an inline module imports the entry's preloaded imports and then the entry,
 * one per task, after the next frame (or 200 ms, when the page is hidden and frames do not run). Without this a fast or cached download is
 * evaluated before the first paint: a slow phone shows a blank page for the whole evaluation (and Lighthouse
 * counts the script's download in First Contentful Paint). Throws when the html has not exactly one entry.
 *
 * The inline script needs its hash in a Content-Security-Policy's script-src: {@link inlineScriptHashes}.
 */
export function evaluateAfterPaint(html: string): string {
  const entries = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>/g)];
  if (entries.length !== 1) throw new Error(`index.html 应有且只有一个入口脚本，实有 ${entries.length} 个`);
  const [tag, src] = entries[0]!;
  // The entry's own imports first, each evaluated in a task of its own (libraries, then the app).
  const imports = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (m) => m[1]!,
  );
  const steps = JSON.stringify([...imports, src]);
  const boot =
    `<script type="module">let s=0;const go=()=>{if(s)return;s=1;const n=i=>import(${steps}[i])` +
    `.then(()=>i<${imports.length}&&setTimeout(()=>n(i+1)));n(0)};` +
    'requestAnimationFrame(()=>setTimeout(go));setTimeout(go,200)</script>';
  // Low: the first paint needs the HTML, the style sheet and the banner, not the scripts.
  const preload = (href: string) =>
    `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">`;
  return imports
    .reduce(
      (page, href) => page.replace(`<link rel="modulepreload" crossorigin href="${href}">`, preload(href)),
      html,
    )
    .replace(tag, `${preload(src)}\n    ${boot}`);
}

/** index.html with the browser floor's polyfills (browser-floor.ts) as the first script of its head. */
export function withFloorPolyfills(html: string, script: string = floorPolyfillScript()): string {
  // After `<meta charset>` (which must come first), before everything else (the theme's boot script too).
  return script ? withHeadScript(html, script) : html;
}

/** Builds index.html with {@link withFloorPolyfills}: before any module, the libraries' included. */
export function floorPolyfills(): Plugin {
  return {
    name: 'patient:floor-polyfills',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: (html) => withFloorPolyfills(html) },
  };
}

/** SHA-256 hashes ('sha256-…', as a Content-Security-Policy's script-src takes them) of a page's inline scripts. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
    .filter(([tag, body]) => !/\ssrc=/.test(tag.slice(0, tag.indexOf('>'))) && body!.length > 0)
    .map(([, body]) => `sha256-${createHash('sha256').update(body!).digest('base64')}`);
}

/** Builds index.html with {@link evaluateAfterPaint}. */
export function paintBeforeScript(): Plugin {
  return {
    name: 'patient:paint-before-script',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: (html) => evaluateAfterPaint(html) },
  };
}

/**
 * The Vite config of one hospital app. Every app's vite.config.ts is one line:
 * `export default hospitalApp(import.meta.url)`.
 *
 * - pxtorem (rootValue 100) converts our CSS and react-vant's, so the whole UI scales with the
 *   root font size (screen width / 3.75: index.html sets it before any script, ui-kit keeps it current).
 * - `HOSPITAL_SERVICE_URL` (default http://127.0.0.1:3100) is where the API prefixes are proxied.
 * - index.html is generated from the app's config (`generatedIndexHtml`), its theme written in (`hospitalTheme`).
 * - index.html must let people zoom (see {@link viewportProblem}).
 * - The syntax is the browser floor's (browser-floor.ts), and its polyfills come first in index.html
 *   (floorPolyfills); `pnpm check:floor` checks the built chunks against it.
 * - The first screen is in index.html (prerenderedHomepage) and loads few files: the libraries and the app in
 *   one chunk each, the favicon inlined (see inlineFavicon); the scripts are evaluated after the first paint
 *   (evaluateAfterPaint).
 */
export function hospitalApp(appConfigUrl: string): UserConfig {
  const root = fileURLToPath(new URL('.', appConfigUrl));
  const target = process.env.HOSPITAL_SERVICE_URL ?? 'http://127.0.0.1:3100';
  const proxy = Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target, changeOrigin: false }]));
  return defineConfig({
    root,
    plugins: [
      generatedIndexHtml(root),
      react(),
      hospitalTheme(root),
      zoomableViewport(),
      inlineFavicon(root),
      prerenderedHomepage(root),
      paintBeforeScript(),
      floorPolyfills(),
    ],
    resolve: {
      // Schemas are types-only in the apps (see zod-mini-browser.ts).
      alias: [
        {
          find: /^zod\/mini$/,
          replacement: fileURLToPath(new URL('./zod-mini-browser.ts', import.meta.url)),
        },
      ],
    },
    css: {
      postcss: {
        plugins: [
          pxtorem({
            rootValue: 100,
            propList: ['*'],
            minPixelValue: 2,
            // The root font size itself and the page column width stay in real px: converted, they would depend
            // on themselves (index.html's boot style sets the root size before any script runs).
            selectorBlackList: [/^html$/, /^body$/, '.px-keep'],
          }),
        ],
      },
    },
    build: {
      // The browser floor (root package.json `browserslist`): ['es2019', 'chrome69', 'ios12'].
      target: floorBuildTargets(),
      outDir: 'dist',
      emptyOutDir: true,
      chunkSizeWarningLimit: 400,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // What the entry imports statically goes into two chunks, the libraries (React, router, axios…)
            // and the app (api-client, the shell, the homepage), evaluated in separate tasks
            // (evaluateAfterPaint), instead of seven small ones. Screens stay lazy, each in its own chunks.
            groups: [
              { name: 'vendor', test: /node_modules.*\.[cm]?js$/, tags: ['$initial'], priority: 2 },
              { name: 'app', tags: ['$initial'], priority: 1 },
            ],
          },
        },
      },
    },
    server: { host: true, proxy },
    preview: { host: true, proxy },
  });
}
