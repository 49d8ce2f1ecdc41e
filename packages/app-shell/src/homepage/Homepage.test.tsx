import { configureApi } from '@patient/api-client';
import { appStore } from '@patient/app-state';
import { type HospitalConfig, HospitalConfigProvider } from '@patient/hospital-config';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testHospital } from '../test/fixtures.ts';
import Homepage from './Homepage.tsx';
import { SERVICE_ENTRIES } from './services.ts';

function renderHomepage(config: HospitalConfig) {
  const router = createMemoryRouter([{ path: '*', element: <Homepage /> }], {
    initialEntries: ['/homepage'],
  });
  return render(
    <HospitalConfigProvider config={config}>
      <RouterProvider router={router} />
    </HospitalConfigProvider>,
  );
}

beforeAll(() => {
  configureApi({
    baseURL: 'http://127.0.0.1:9',
    ui: { toast: () => {}, alert: async () => {} },
    navigate: () => {},
    redirect: () => {},
  });
});
afterEach(() => {
  cleanup();
  appStore.getState().update((s) => {
    s.hospitalName = null;
    s.canGoToHealthCard = false;
    s.systemParam = {};
  });
});

describe('Homepage', () => {
  it('classic: hospital name from the description, banner, quick entries, grid, hotline, introduction', () => {
    appStore.getState().update((s) => {
      s.hospitalName = '服务端返回的医院名';
    });
    renderHomepage(testHospital());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('服务端返回的医院名');
    expect(screen.getByAltText('服务端返回的医院名宣传图')).toBeTruthy();
    const quick = screen.getByRole('navigation', { name: '常用服务' });
    expect(within(quick).getByText('预约挂号').closest('a')!.getAttribute('href')).toBe('/depts');
    expect(screen.getByText('0371-6000-1000').getAttribute('href')).toBe('tel:0371-6000-1000');
    expect(screen.getByText('医院介绍 ›').closest('a')!.getAttribute('href')).toBe('/hosIntroduction');
  });

  it('hides the health-card entry unless the start-up said it is reachable', () => {
    const config = testHospital({ homepage: { services: ['healthCard', 'queue'] } });
    renderHomepage(config);
    expect(screen.queryByText('电子健康卡')).toBeNull();
    cleanup();
    appStore.getState().update((s) => {
      s.canGoToHealthCard = true;
    });
    renderHomepage(config);
    expect(screen.getByText('电子健康卡').closest('a')!.getAttribute('href')).toBe('/healthCardsList');
  });

  it('header layout shows the name in a coloured header; isHospitalName=false hides it', () => {
    const { container } = renderHomepage(testHospital({ homepage: { layout: 'header' } }));
    expect(container.querySelector('.hp-header')!.textContent).toContain('测试人民医院');
    cleanup();
    renderHomepage(testHospital({ isHospitalName: false }));
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('compact layout has no banner and folds quick entries into a five-column grid', () => {
    const { container } = renderHomepage(
      testHospital({ homepage: { layout: 'compact', quickEntries: ['outpatientFee'], services: ['queue'] } }),
    );
    expect(container.querySelector('.hp-banner')).toBeNull();
    const grid = screen.getByRole('navigation', { name: '全部服务' });
    expect(grid.className).toContain('hp-grid--5');
    expect(
      within(grid)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['缴门诊缴费', '队排队叫号']);
  });

  it('shows the NOTICE system parameter over the configured notice', () => {
    appStore.getState().update((s) => {
      s.systemParam = { NOTICE: '春节期间门诊时间调整' };
    });
    renderHomepage(testHospital({ homepage: { notice: '配置公告' } }));
    expect(screen.getByRole('note').textContent).toContain('春节期间门诊时间调整');
  });

  it('points every service entry at a spec route', async () => {
    const { SPEC_ROUTES } = await import('../spec-routes.ts');
    const paths = new Set(SPEC_ROUTES.map((r) => r.path));
    for (const entry of Object.values(SERVICE_ENTRIES)) expect(paths, entry.path).toContain(entry.path);
  });
});
