import { configureApi } from '@patient/api-client';
import { appStore } from '@patient/app-state';
import { type HospitalConfig, HospitalConfigProvider } from '@patient/hospital-config';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
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
    s.elderMode = false;
    s.elderOffer = false;
    s.startup = 'done';
    s.auth = null;
    s.authStatus = 'known';
  });
  delete document.documentElement.dataset.elder;
  localStorage.clear();
});

describe('Homepage', () => {
  it('classic: hospital name from the description, banner, quick entries, grid, hotline, introduction', () => {
    appStore.getState().update((s) => {
      s.hospitalName = '服务端返回的医院名';
      s.systemParam = { HOTLINE: '0371-6000-1000', ADDRESS: '河南省郑州市金水区健康路88号' };
    });
    const { container } = renderHomepage(testHospital());
    // The page's h1 is the shell's (the route title); the homepage shows the name as text.
    expect(container.querySelector('.hp-title')!.textContent).toBe('服务端返回的医院名');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByAltText('服务端返回的医院名宣传图')).toBeTruthy();
    const quick = screen.getByRole('navigation', { name: '常用服务' });
    expect(within(quick).getByText('预约挂号').closest('a')!.getAttribute('href')).toBe('/depts');
    expect(screen.getByText('0371-6000-1000').getAttribute('href')).toBe('tel:0371-6000-1000');
    const intro = screen.getByText('医院介绍 ›').closest('a')!;
    expect(intro.getAttribute('href')).toBe('/hosIntroduction');
    expect(intro.textContent).toContain('河南省郑州市金水区健康路88号');
    const privacy = screen.getByRole('navigation', { name: '隐私与协议' });
    expect(
      within(privacy)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['《用户协议》', '/privacy/agreement'],
      ['《隐私政策》', '/privacy/policy'],
      ['隐私与授权', '/privacy/consents'],
    ]);
  });

  it('shows no hospital content of its own before the service answers: no hotline, the address line kept', () => {
    appStore.getState().update((s) => {
      s.startup = 'pending';
    });
    const { container } = renderHomepage(testHospital());
    expect(screen.queryByText('服务热线')).toBeNull();
    expect(container.querySelector('.hp-intro__subtitle')!.textContent).toBe('\u00a0');
  });

  it('offers no booking entry where the service turned online booking off', () => {
    const config = testHospital({
      homepage: { quickEntries: ['appointment', 'reportSearch'], services: ['todayAppointment', 'queue'] },
    });
    appStore.getState().update((s) => {
      s.systemParam = { ONLINE_BOOKING: 'false' };
    });
    renderHomepage(config);
    expect(screen.queryByText('预约挂号')).toBeNull();
    expect(screen.queryByText('当日挂号')).toBeNull();
    expect(screen.getByText('报告查询')).toBeTruthy();
  });

  it('hides the health-card entry unless the start-up said it is reachable', () => {
    const config = testHospital({ homepage: { services: ['healthCard', 'queue'] } });
    appStore.getState().update((s) => {
      s.startup = 'done';
    });
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
    const { container: nameless } = renderHomepage(testHospital({ isHospitalName: false }));
    expect(nameless.querySelector('.hp-title, .hp-header')).toBeNull();
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

  it('has the 长辈模式 switch in the header of every layout: on at once, remembered on the device', () => {
    for (const layout of ['classic', 'header', 'compact'] as const) {
      renderHomepage(testHospital({ homepage: { layout } }));
      const toggle = screen.getByRole('switch', { name: '长辈模式' });
      expect(toggle.getAttribute('aria-checked')).toBe('false');
      cleanup();
    }
    renderHomepage(testHospital());
    fireEvent.click(screen.getByRole('switch', { name: '长辈模式' }));
    expect(document.documentElement.dataset.elder).toBe('true');
    expect(localStorage.getItem('patient-h5:elder-mode')).toBe('1');
    expect(screen.getByRole('switch', { name: '长辈模式' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('switch', { name: '长辈模式' }));
    expect(document.documentElement.dataset.elder).toBeUndefined();
    expect(localStorage.getItem('patient-h5:elder-mode')).toBe('0');
  });

  it('elder mode: no banner, 预约挂号 门诊缴费 报告查询 就诊人管理 first in large tiles, then the other services', () => {
    appStore.getState().update((s) => {
      s.elderMode = true;
    });
    const { container } = renderHomepage(
      testHospital({
        homepage: {
          layout: 'header',
          quickEntries: ['appointment', 'outpatientFee', 'patientCode'],
          services: ['queue', 'contacts', 'reportSearch', 'appointmentList'],
        },
      }),
    );
    expect(container.querySelector('.hp-banner')).toBeNull();
    const tiles = screen.getByRole('navigation', { name: '常用服务' });
    expect(
      within(tiles)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['挂预约挂号', '缴门诊缴费', '报报告查询', '人就诊人管理']);
    const rest = screen.getByRole('navigation', { name: '全部服务' });
    expect(
      within(rest)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/patientCode', '/callingQueuing', '/appointmentList']);
    expect(screen.getByRole('switch', { name: '长辈模式' }).getAttribute('aria-checked')).toBe('true');
  });

  it('offers elder mode when asked to (large host text) until answered, without a timer', () => {
    appStore.getState().update((s) => {
      s.elderOffer = true;
    });
    renderHomepage(testHospital());
    const offer = screen.getByRole('region', { name: '长辈模式' });
    fireEvent.click(within(offer).getByRole('button', { name: '暂不开启' }));
    expect(screen.queryByRole('region', { name: '长辈模式' })).toBeNull();
    expect(document.documentElement.dataset.elder).toBeUndefined();
    expect(localStorage.getItem('patient-h5:elder-offer-answered')).toBe('1');

    act(() =>
      appStore.getState().update((s) => {
        s.elderOffer = true;
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: '开启长辈模式' }));
    expect(document.documentElement.dataset.elder).toBe('true');
    expect(screen.getByRole('navigation', { name: '常用服务' }).className).toBe('hp-tiles');
  });

  it('before the start-up data is in: the health-card entry shows and the notice keeps its room', () => {
    appStore.getState().update((s) => {
      s.startup = 'pending';
    });
    const { container } = renderHomepage(testHospital({ homepage: { services: ['healthCard', 'queue'] } }));
    expect(screen.getByText('电子健康卡')).toBeTruthy();
    const room = container.querySelector('.hp-notice');
    expect(room?.getAttribute('aria-hidden')).toBe('true');
    expect(room?.textContent).toBe('');
    act(() =>
      appStore.getState().update((s) => {
        s.startup = 'done';
        s.systemParam = { NOTICE: '门诊时间调整' };
      }),
    );
    expect(screen.getByRole('note').textContent).toContain('门诊时间调整');
    expect(screen.queryByText('电子健康卡')).toBeNull();
  });

  it('points every service entry at a spec route', async () => {
    const { SPEC_ROUTES } = await import('../spec-routes.ts');
    const paths = new Set(SPEC_ROUTES.map((r) => r.path));
    for (const entry of Object.values(SERVICE_ENTRIES)) expect(paths, entry.path).toContain(entry.path);
  });
});
