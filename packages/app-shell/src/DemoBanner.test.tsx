import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appStore } from '@patient/app-state';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_BANNER_TEXT, DemoBanner } from './DemoBanner.tsx';

afterEach(() => {
  cleanup();
  act(() =>
    appStore.getState().update((s) => {
      s.demo = false;
    }),
  );
});

describe('DemoBanner', () => {
  it('shows nothing outside a demonstration', () => {
    const { container } = render(<DemoBanner />);
    expect(container.innerHTML).toBe('');
  });

  it('shows a non-dismissable 演示环境 note when the start-up answer says demo', () => {
    act(() =>
      appStore.getState().update((s) => {
        s.demo = true;
      }),
    );
    render(<DemoBanner />);
    const note = screen.getByRole('note', { name: '演示环境' });
    expect(note.textContent).toBe(DEMO_BANNER_TEXT);
    expect(note.querySelector('button')).toBeNull();
    expect(note.className).toBe('shell-demo-banner');
  });

  it('is sized by ui-kit variables (elder mode enlarges it)', () => {
    const css = readFileSync(join(process.cwd(), 'src/shell.css'), 'utf8');
    const rule = /\.shell-demo-banner \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toContain('font-size: var(--font-size-xs)');
    expect(rule).toContain('line-height: var(--line-height)');
    expect(rule).not.toMatch(/font-size:\s*\d/);
  });
});
