import { testPreset } from '@patient/configs/vitest';
import { mergeConfig } from 'vitest/config';

export default mergeConfig(testPreset({ environment: 'node', testTimeout: 20_000 }), {
  test: {
    // Builds (or reuses) the migrated and seeded PGlite template every test file starts from.
    globalSetup: ['./src/test/global-setup.ts'],
    hookTimeout: 60_000,
  },
});
