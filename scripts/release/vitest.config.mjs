import { defineConfig } from 'vitest/config';

// The release's tests run git, turbo, changesets, a Vite build and brotli: minutes, not milliseconds, on a busy
// machine.
export default defineConfig({
  test: { testTimeout: 240_000, hookTimeout: 240_000, include: ['test/*.test.mjs'] },
});
