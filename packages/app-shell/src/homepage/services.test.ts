import { AA, contrastRatio } from '@patient/ui-kit';
import { expect, it } from 'vitest';
import { SERVICE_ENTRIES } from './services.ts';

it('gives every service icon a background its white glyph reads on (4.5:1)', () => {
  const failing = Object.entries(SERVICE_ENTRIES)
    .map(([key, { color }]) => ({
      key,
      color,
      ratio: Math.round(contrastRatio('#ffffff', color) * 100) / 100,
    }))
    .filter(({ ratio }) => ratio < AA.text);
  expect(failing).toEqual([]);
});
