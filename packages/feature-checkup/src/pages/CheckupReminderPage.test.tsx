import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHECKUP_ROUTES } from '../params.ts';
import { bodyShows, harness, pause } from '../testing.tsx';
import CheckupReminderPage from './CheckupReminderPage.tsx';

const ctx = setupFeature(harness);
const open = (path: string) => renderAt({ [CHECKUP_ROUTES.reminder]: <CheckupReminderPage /> }, path);

describe('CheckupReminderPage', () => {
  it("shows the type's reminder and the general one under it", async () => {
    open('/checkAppointRemind/CT');
    const ct = await screen.findByRole('region', { name: 'CT检查前准备' });
    expect(within(ct).getByText('检查前请取下金属饰品、手机、钥匙等物品。')).toBeTruthy();
    expect(screen.getByRole('region', { name: '检查预约须知' })).toBeTruthy();
    expect(screen.queryByText('超声检查前准备')).toBeNull();
  });

  it('says so for an unknown type and lists the others; refuses a malformed id without asking', async () => {
    const router = open('/checkAppointRemind/XR');
    await screen.findByText('未找到该检查的须知，请查看下方的通用须知或其他检查须知');
    const others = screen.getByRole('navigation', { name: '其他检查须知' });
    expect(within(others).getByRole('link', { name: 'CT检查前准备' }).getAttribute('href')).toBe(
      '/checkAppointRemind/CT',
    );
    const before = ctx.server.received.length;
    await act(() => router.navigate('/checkAppointRemind/%3Cb%3E'));
    await bodyShows('页面链接中的检查类别有误，请返回检查预约列表重新进入');
    await pause();
    expect(ctx.server.received.length).toBe(before);
  });
});
