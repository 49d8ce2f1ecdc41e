/// <reference path="./postcss-pxtorem.d.ts" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import pxtorem from 'postcss-pxtorem';
import { defineConfig, type UserConfig } from 'vite';

/** Path prefixes the apps call; in development and preview they are proxied to the hospital-service. */
export const API_PREFIXES = ['/hospital-service', '/product-service', '/wxcorp-service', '/__dev'] as const;

/**
 * The Vite config of one hospital app. Every app's vite.config.ts is one line:
 * `export default hospitalApp(import.meta.url)`.
 *
 * - pxtorem (rootValue 100) converts our CSS and react-vant's, so the whole UI scales with the
 *   root font size (screen width / 3.75: index.html sets it before any script, ui-kit keeps it current).
 * - `HOSPITAL_SERVICE_URL` (default http://127.0.0.1:3100) is where the API prefixes are proxied.
 */
export function hospitalApp(appConfigUrl: string): UserConfig {
  const root = fileURLToPath(new URL('.', appConfigUrl));
  const target = process.env.HOSPITAL_SERVICE_URL ?? 'http://127.0.0.1:3100';
  const proxy = Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target, changeOrigin: false }]));
  return defineConfig({
    root,
    plugins: [react()],
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
      target: 'es2019',
      outDir: 'dist',
      emptyOutDir: true,
      chunkSizeWarningLimit: 400,
    },
    server: { host: true, proxy },
    preview: { host: true, proxy },
  });
}
