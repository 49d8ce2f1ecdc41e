import { defineFeature, type Feature } from '@patient/ui-kit';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
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

const mount = async (config = testHospital(), features: Feature[] | (() => Promise<Feature[]>) = []) => {
  const root = document.createElement('div');
  document.body.appendChild(root);
  unmount = await createHospitalApp(config, features).mount(root);
  return root;
};

const helpFeature = defineFeature({
  name: 'help',
  routes: [
    { path: '/help', page: async () => ({ default: () => <p>帮助页面</p> }), meta: { title: '帮助' } },
  ],
});

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

  it('paints the theme the service gave this hospital last time; a corrupt one leaves the config theme', async () => {
    window.history.replaceState(null, '', '/homepage?state=1007');
    localStorage.setItem('patient-h5:theme:1007', 'red');
    await mount(testHospital({ id: null, theme: 'orange' }));
    expect(document.documentElement.dataset.theme).toBe('red');
    act(() => unmount?.());

    window.history.replaceState(null, '', '/homepage?state=1007');
    localStorage.setItem('patient-h5:theme:1007', 'not-a-theme');
    await mount(testHospital({ id: null, theme: 'orange' }));
    expect(document.documentElement.dataset.theme).toBe('orange');
    localStorage.clear();
  });

  it('keeps a session key from the address only for a hospital flagged needSessionKey', async () => {
    const clear = () => {
      // biome-ignore lint/suspicious/noDocumentCookie: removes the cookie the app set, as the browser would
      document.cookie = 'sessionKey=; Max-Age=0; Path=/';
    };
    window.history.replaceState(null, '', '/homepage?sessionKey=abc123');
    await mount(testHospital({ id: null, needSessionKey: false }));
    expect(window.location.search).toBe('');
    expect(document.cookie).not.toContain('sessionKey');
    act(() => unmount?.());

    window.history.replaceState(null, '', '/homepage?sessionKey=abc123');
    await mount(testHospital({ id: null, needSessionKey: true }));
    expect(window.location.search).toBe('');
    expect(document.cookie).toContain('sessionKey=abc123');
    clear();
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

  it('paints the homepage without the features’ code, and asks for it when the patient reaches for the screen', async () => {
    window.history.replaceState(null, '', '/homepage');
    const loadFeatures = vi.fn(async () => [helpFeature]);
    await mount(testHospital({ id: null }), loadFeatures);
    await waitFor(() => expect(screen.getByText('全部服务')).toBeTruthy());
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(loadFeatures).not.toHaveBeenCalled();
    fireEvent.pointerDown(document.body);
    expect(loadFeatures).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(loadFeatures).toHaveBeenCalledTimes(1);
  });

  it('loads the features at once for another first screen, and shows it', async () => {
    window.history.replaceState(null, '', '/help');
    const loadFeatures = vi.fn(async () => [helpFeature]);
    await mount(testHospital({ id: null }), loadFeatures);
    expect(await screen.findByText('帮助页面')).toBeTruthy();
    expect(loadFeatures).toHaveBeenCalledTimes(1);
  });

  it('says the screen did not load, with a way to reload, when the features’ code cannot be fetched', async () => {
    window.history.replaceState(null, '', '/help');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await mount(testHospital({ id: null }), () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    expect(await screen.findByText('页面加载失败，请检查网络后重试')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
  });
});
