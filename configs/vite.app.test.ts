import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IndexHtmlTransformContext } from 'vite';
import { describe, expect, it } from 'vitest';
import { HOSPITAL_CONFIG_FILE, hospitalTheme, themedIndexHtml } from './vite.app.ts';

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
  const html = readFileSync(join(APPS, app, 'index.html'), 'utf8');
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
