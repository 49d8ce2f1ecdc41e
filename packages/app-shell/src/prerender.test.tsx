import { DEVICE_SETTING_PREFIX } from '@patient/app-state';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ELDER_MODE_SETTING } from './elder-mode.ts';
import { homepageOrBootScript, prerenderHomepage } from './prerender.tsx';
import { testHospital } from './test/fixtures.ts';

const ALIPAY_MINI = 'Mozilla/5.0 (iPhone) AlipayClient/10.3.0 Language/zh-Hans NebulaX/1.0.0 MiniProgram';
const BOOT = '<div class="boot" role="status">正在加载...</div>';

/** Loads index.html's body as the build writes it at `path`, runs the inline script, and says what #root shows. */
function firstPaintAt(
  path: string,
  elderModeDefault = false,
  offlineInPaymentMiniProgram = false,
): 'homepage' | 'boot' {
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<div id="root" data-prerendered inert>${prerenderHomepage(testHospital())}</div>`;
  new Function(homepageOrBootScript({ elderModeDefault, offlineInPaymentMiniProgram }, BOOT))();
  const root = document.getElementById('root')!;
  if (root.innerHTML === BOOT) {
    expect(root.hasAttribute('inert') || root.hasAttribute('data-prerendered')).toBe(false);
    return 'boot';
  }
  expect(root.matches('[data-prerendered][inert]')).toBe(true);
  expect(root.querySelector('main .hp')).not.toBeNull();
  return 'homepage';
}

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('the homepage written into index.html', () => {
  it("is the app's homepage screen in the shell, with the hospital name as h1, before the start-up data", () => {
    document.body.innerHTML = prerenderHomepage(testHospital());
    expect(document.querySelector('main.shell-main > h1.shell-title')?.textContent).toBe(testHospital().name);
    expect(
      document.querySelector('main > [data-screen="/homepage"] nav[aria-label="全部服务"]'),
    ).not.toBeNull();
    expect(document.querySelector('.hp-user')?.textContent).toBe('正在获取登录状态...');
  });

  it.each(['/', '/homepage', '/homepage/', '/HOMEPAGE'])('is painted at %s', (path) => {
    expect(firstPaintAt(path)).toBe('homepage');
  });

  it.each(['/depts', '/homepage/x', '/login?redirect=/homepage'])(
    'gives way to the boot screen at %s',
    (path) => {
      expect(firstPaintAt(path)).toBe('boot');
    },
  );

  it('gives way to the boot screen where the app starts in elder mode', () => {
    expect(firstPaintAt('/homepage?elder=1')).toBe('boot');
    expect(firstPaintAt('/homepage?elder=true')).toBe('boot');
    localStorage.setItem(DEVICE_SETTING_PREFIX + ELDER_MODE_SETTING, '1');
    expect(firstPaintAt('/homepage')).toBe('boot');
    expect(firstPaintAt('/homepage?elder=0')).toBe('homepage');
    localStorage.setItem(DEVICE_SETTING_PREFIX + ELDER_MODE_SETTING, '0');
    expect(firstPaintAt('/homepage', true)).toBe('homepage');
    localStorage.clear();
    expect(firstPaintAt('/homepage', true)).toBe('boot');
  });

  it('gives way to the boot screen in the payment-app mini-program where the hospital is offline there', () => {
    expect(firstPaintAt('/homepage', false, true)).toBe('homepage');
    vi.stubGlobal('navigator', { ...navigator, userAgent: ALIPAY_MINI });
    expect(firstPaintAt('/homepage', false, true)).toBe('boot');
    expect(firstPaintAt('/homepage', false, false)).toBe('homepage');
    vi.unstubAllGlobals();
  });
});
