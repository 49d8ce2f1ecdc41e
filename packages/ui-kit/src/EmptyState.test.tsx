import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './EmptyState.tsx';

describe('EmptyState', () => {
  it('shows no_data with its default text and top padding', () => {
    const { container } = render(<EmptyState paddingTop={40} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
    const root = container.querySelector<HTMLElement>('.pk-empty')!;
    expect(root.dataset.type).toBe('no_data');
    expect(root.style.paddingTop).toBe('0.4rem');
  });

  it('shows the not-certified image for no_auth, with a custom text and action', () => {
    const { container } = render(
      <EmptyState type="no_auth" text="请先完成实名认证">
        <button>去认证</button>
      </EmptyState>,
    );
    expect(container.querySelector('.pk-empty')!.getAttribute('data-type')).toBe('no_auth');
    expect(screen.getByText('请先完成实名认证')).toBeTruthy();
    expect(screen.getByRole('button', { name: '去认证' })).toBeTruthy();
  });
});
