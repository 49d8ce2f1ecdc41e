import { setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SensitiveConsentSheet } from './sensitive-consent.tsx';
import { bodiesOf, harness } from './testing.tsx';

const ctx = setupFeature(harness);

describe('the sensitive-information consent sheet', () => {
  it('shows what, why and how long from the policy with its version, unticked; 同意 records the consent', async () => {
    const onDone = vi.fn();
    render(<SensitiveConsentSheet hospitalId="1000" onDone={onDone} />);
    const dialog = await screen.findByRole('dialog', { name: '敏感个人信息处理授权' });
    await screen.findByText('处理哪些信息：证件号码、证件照片和检查检验报告。');
    expect(dialog.textContent).toContain('《隐私政策》版本 2026-11-01');
    expect(dialog.textContent).toContain('保存多久');
    // Only the policy's section on sensitive information.
    expect(dialog.textContent).not.toContain('手机号：用于短信验证码登录');
    const box = screen.getByRole('checkbox', { name: '我已阅读并同意处理上述敏感个人信息' });
    expect((box as HTMLInputElement).checked).toBe(false);
    const agree = screen.getByRole('button', { name: '同意' });
    expect((agree as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(box);
    fireEvent.click(agree);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(bodiesOf(ctx.server, 'POST /v1/privacy/consents')).toEqual([
      { hospitalId: '1000', kind: 'SENSITIVE', version: '2026-11-01' },
    ]);
  });

  it('暂不同意 records nothing', async () => {
    const onDone = vi.fn();
    render(<SensitiveConsentSheet hospitalId="1000" onDone={onDone} />);
    await screen.findByRole('checkbox');
    fireEvent.click(screen.getByRole('button', { name: '暂不同意' }));
    expect(onDone).toHaveBeenCalledWith(false);
    expect(bodiesOf(ctx.server, 'POST /v1/privacy/consents')).toEqual([]);
  });
});
