import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHospitalApp } from './create-hospital-app.tsx';
import { prerenderHomepage } from './prerender.tsx';
import { testHospital } from './test/fixtures.ts';

const ALIPAY_MINI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ChannelId(0) Ariver/1.1.0 AliApp(AP/10.3.0) Nebula WK RVKType(1) AlipayDefined(nt:WIFI,ws:390|844|3.0) AlipayClient/10.3.0 Language/zh-Hans Region/CN NebulaX/1.0.0 MiniProgram';

let unmount: (() => void) | null = null;

afterEach(() => {
  // Unmounted with the test: a lazy screen that arrives after the file's environment is gone would fail the run.
  act(() => unmount?.());
  unmount = null;
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const mount = async (config = testHospital()) => {
  const root = document.createElement('div');
  document.body.appendChild(root);
  unmount = await createHospitalApp(config, []).mount(root);
  return root;
};

describe('createHospitalApp', () => {
  it('shows only the service-offline page inside the payment-app mini-program for the flagged hospital', async () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: ALIPAY_MINI });
    await mount(testHospital({ id: null, offlineInPaymentMiniProgram: true }));
    expect(await screen.findByText('该服务已下线')).toBeTruthy();
    expect(document.title).toBe('服务已下线');
  });

  it('starts normally in the payment-app mini-program for other hospitals, at once without a hospital id', async () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: ALIPAY_MINI });
    window.history.replaceState(null, '', '/homepage');
    await mount(testHospital({ id: null }));
    await waitFor(() => expect(screen.getByText('全部服务')).toBeTruthy());
    expect(screen.queryByText('该服务已下线')).toBeNull();
  });

  it("applies the hospital's theme from its config when it mounts", async () => {
    document.documentElement.dataset.theme = 'green';
    window.history.replaceState(null, '', '/homepage');
    await mount(testHospital({ id: null, theme: 'orange' }));
    expect(document.documentElement.dataset.theme).toBe('orange');
  });

  it('sets the root font size to screen width / 3.75', async () => {
    Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 375 });
    window.history.replaceState(null, '', '/homepage');
    await mount(testHospital({ id: null }));
    expect(document.documentElement.style.fontSize).toBe('100px');
  });

  it('hydrates the homepage the build wrote into index.html: its nodes stay, and it is no longer inert', async () => {
    window.history.replaceState(null, '', '/homepage');
    const config = testHospital({ id: null });
    const root = document.createElement('div');
    root.setAttribute('data-prerendered', '');
    root.setAttribute('inert', '');
    root.innerHTML = prerenderHomepage(config);
    document.body.appendChild(root);
    const grid = root.querySelector('nav[aria-label="全部服务"]');
    expect(grid).not.toBeNull();
    unmount = await createHospitalApp(config, []).mount(root);
    await waitFor(() => expect(root.hasAttribute('inert')).toBe(false));
    expect(root.hasAttribute('data-prerendered')).toBe(false);
    expect(root.querySelector('nav[aria-label="全部服务"]')).toBe(grid);
  });
});
