import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { IndexHtmlTransformContext } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  evaluateAfterPaint,
  HOSPITAL_CONFIG_FILE,
  hospitalTheme,
  indexHtmlOf,
  inlineScriptHashes,
  loadHospitalConfig,
  prerenderedHomepage,
  themedIndexHtml,
  viewportProblem,
  withFloorPolyfills,
  withHeadScript,
  withPrerenderedHomepage,
} from './vite.app.ts';

const APPS = join(import.meta.dirname, '../apps');
const HOSPITALS = readdirSync(APPS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Runs the plugin's index.html transform as Vite does for one app. */
async function buildIndexHtml(app: string): Promise<string> {
  const plugin = hospitalTheme(join(APPS, app));
  const hook = plugin.transformIndexHtml as {
    handler: (html: string, ctx: IndexHtmlTransformContext) => unknown;
  };
  const html = indexHtmlOf(await loadHospitalConfig(join(APPS, app)));
  return (await hook.handler(html, {} as IndexHtmlTransformContext)) as string;
}

describe('the theme comes with the build', () => {
  it('puts data-theme on <html> and refuses a template that sets its own', () => {
    expect(themedIndexHtml('<!doctype html>\n<html lang="zh-CN">\n<head>', 'blue')).toBe(
      '<!doctype html>\n<html lang="zh-CN" data-theme="blue">\n<head>',
    );
    expect(() => themedIndexHtml('<html lang="zh-CN" data-theme="green">', 'blue')).toThrow(/data-theme/);
  });

  it.each(HOSPITALS)("%s: the built index.html carries its config's theme", async (app) => {
    const config = (await import(join(APPS, app, HOSPITAL_CONFIG_FILE))) as { default: { theme: string } };
    const html = await buildIndexHtml(app);
    expect(html.match(/data-theme="([\w-]+)"/g)).toEqual([`data-theme="${config.default.theme}"`]);
    expect(html).toMatch(/<html lang="zh-CN" data-theme="[\w-]+">/);
  });
});

describe('index.html comes from the config', () => {
  it('preloads the first banner where the homepage shows one, and nothing where it does not', () => {
    const classic = indexHtmlOf({ homepage: { layout: 'classic', banners: ['/banner.svg', '/b2.png'] } });
    expect(classic).toContain(
      '<link rel="preload" href="/banner.svg" as="image" type="image/svg+xml" fetchpriority="high" />',
    );
    expect(classic).not.toContain('/b2.png');
    expect(indexHtmlOf({ homepage: { layout: 'header', banners: ['/top.jpg'] } })).toContain(
      '<link rel="preload" href="/top.jpg" as="image" fetchpriority="high" />',
    );
    expect(indexHtmlOf({ homepage: { layout: 'compact', banners: ['/banner.svg'] } })).not.toContain(
      'rel="preload"',
    );
  });

  it.each(HOSPITALS)('%s: a zoomable page with the boot screen and one entry script', async (app) => {
    const html = indexHtmlOf(await loadHospitalConfig(join(APPS, app)));
    expect(viewportProblem(html)).toBeNull();
    expect(html).toContain('<div id="root"><div class="boot" role="status">正在加载...</div></div>');
    expect(html.match(/<script type="module" src="\/src\/main.tsx"><\/script>/g)).toHaveLength(1);
  });
});

describe('the first screen paints from the HTML', () => {
  const built = [
    '<head>',
    '    <script type="module" crossorigin src="/assets/index-abc.js"></script>',
    '</head>',
    '<body>',
    '    <div id="root"><div class="boot" role="status">正在加载...</div></div>',
    '</body>',
  ].join('\n');

  it('downloads the scripts at once, with low priority, and evaluates them after the first paint, one per task', () => {
    const html = evaluateAfterPaint(
      built.replace(
        '</head>',
        '    <link rel="modulepreload" crossorigin href="/assets/vendor-v.js">\n</head>',
      ),
    );
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/index-abc.js">',
    );
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/vendor-v.js">',
    );
    expect(html).not.toContain('src="/assets/index-abc.js"');
    const boot = /<script type="module">(.*)<\/script>/.exec(html)?.[1] ?? '';
    expect(boot).toContain('import(["/assets/vendor-v.js","/assets/index-abc.js"][i])');
    expect(boot).toContain('setTimeout(()=>n(i+1))');
    expect(boot).toContain('requestAnimationFrame(');
    expect(() => evaluateAfterPaint('<body></body>')).toThrow(/入口脚本/);
  });

  it('lists the hashes a Content-Security-Policy needs for the inline scripts, and only theirs', () => {
    const html = evaluateAfterPaint(withPrerenderedHomepage(built, '<main>首页</main>', () => 'void 0'));
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(2);
    for (const hash of hashes) expect(hash).toMatch(/^sha256-[A-Za-z0-9+/]+=*$/);
  });

  it('puts a head script right after <meta charset>, before the styles and the floor polyfills', () => {
    const html = withFloorPolyfills(withHeadScript(indexHtmlOf({}), 'theme()'), 'floor()');
    const charset = html.search(/<meta charset/i);
    expect(charset).toBeGreaterThan(-1);
    expect(html.indexOf('<script>floor()</script>')).toBeGreaterThan(charset);
    expect(html.indexOf('<script>theme()</script>')).toBeGreaterThan(
      html.indexOf('<script>floor()</script>'),
    );
    expect(html.indexOf('<script>theme()</script>')).toBeLessThan(html.indexOf('<style>'));
    expect(() => withHeadScript('<body></body>', 'x()')).toThrow(/head/);
  });

  it('puts the homepage in #root, inert until hydrated, and the boot screen in the script that may restore it', () => {
    const html = withPrerenderedHomepage(
      built,
      '<main>首页</main>',
      (boot) => `restore(${JSON.stringify(boot)})`,
    );
    expect(html).toContain('<div id="root" data-prerendered inert><main>首页</main></div>');
    expect(html).toContain(
      '<script>restore("<div class=\\"boot\\" role=\\"status\\">正在加载...</div>")</script>',
    );
    expect(() => withPrerenderedHomepage('<body></body>', '', () => '')).toThrow(/root/);
  });

  it.each(HOSPITALS)(
    '%s: index.html holds its homepage: the hospital name and the service grid',
    async (app) => {
      const config = (await import(join(APPS, app, HOSPITAL_CONFIG_FILE))) as {
        default: { name: string; homepage: { services: string[] } };
      };
      const plugin = prerenderedHomepage(join(APPS, app));
      const hook = plugin.transformIndexHtml as {
        handler: (html: string, ctx: IndexHtmlTransformContext) => Promise<string>;
      };
      const html = await hook.handler(
        indexHtmlOf(await loadHospitalConfig(join(APPS, app))),
        {} as IndexHtmlTransformContext,
      );
      const root = /<div id="root" data-prerendered inert>([\s\S]*?)<\/div>\n/.exec(html)?.[1] ?? '';
      expect(root).toMatch(new RegExp(`<h1 class="shell-title"[^>]*>${config.default.name}</h1>`));
      expect(root).toContain('aria-label="全部服务"');
      expect(html).toContain('正在加载...');
      // The theme the service gave last time, painted from the first frame: its script is in the head.
      expect(html.slice(0, html.indexOf('</head>'))).toContain('"patient-h5:theme:"');
    },
    30_000,
  );
});
