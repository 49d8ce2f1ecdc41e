import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export interface TestPresetOptions {
  /** 'jsdom' for React code, 'node' (default) for everything else. */
  environment?: 'node' | 'jsdom';
  /** Files run before each test file (jest-dom matchers, polyfills). */
  setupFiles?: string[];
  /** Per-test timeout in ms (default 10 s). */
  testTimeout?: number;
}

/** The Vitest config every package uses: tests sit beside the code as *.test.ts(x). */
export function testPreset(options: TestPresetOptions = {}) {
  return defineConfig({
    plugins: options.environment === 'jsdom' ? [react()] : [],
    // Browser code is tested as it ships: zod schemas are inert there (see zod-mini-browser.ts).
    resolve:
      options.environment === 'jsdom'
        ? {
            alias: [
              {
                find: /^zod\/mini$/,
                replacement: fileURLToPath(new URL('./zod-mini-browser.ts', import.meta.url)),
              },
            ],
          }
        : undefined,
    test: {
      include: ['src/**/*.test.{ts,tsx}'],
      environment: options.environment ?? 'node',
      setupFiles: [
        ...(options.environment === 'jsdom'
          ? [fileURLToPath(new URL('./vitest.jsdom-setup.ts', import.meta.url))]
          : []),
        ...(options.setupFiles ?? []),
      ],
      testTimeout: options.testTimeout ?? 15_000,
      restoreMocks: true,
      // react-vant ships CSS imports inside its ES modules; Vitest must transform it, not require() it.
      server: { deps: { inline: ['react-vant', /react-vant/] } },
      css: false,
    },
  });
}
