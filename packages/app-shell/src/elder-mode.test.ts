import { createAppStore, readDeviceSetting, writeDeviceSetting } from '@patient/app-state';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  answerElderOffer,
  ELDER_MODE_SETTING,
  ELDER_OFFER_SETTING,
  elderChoiceFromLink,
  resolveElderMode,
  startElderMode,
  switchElderMode,
} from './elder-mode.ts';

const elderAttribute = () => document.documentElement.dataset.elder;

afterEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.elder;
  document.documentElement.style.cssText = '';
  window.history.replaceState(null, '', '/');
  delete (window as { WeixinJSBridge?: unknown }).WeixinJSBridge;
});

describe('elder mode: the choice', () => {
  it('reads a link’s ?elder=1|true and ?elder=0|false; anything else is no choice', () => {
    expect(elderChoiceFromLink('?elder=1')).toBe(true);
    expect(elderChoiceFromLink('?state=1000&elder=true')).toBe(true);
    expect(elderChoiceFromLink('?elder=0')).toBe(false);
    expect(elderChoiceFromLink('?elder=FALSE')).toBe(false);
    expect(elderChoiceFromLink('?elder=yes')).toBeNull();
    expect(elderChoiceFromLink('')).toBeNull();
  });

  it('a link comes first, then the choice kept on the device, then the hospital’s default', () => {
    expect(resolveElderMode(true, false, false)).toBe(true);
    expect(resolveElderMode(false, true, true)).toBe(false);
    expect(resolveElderMode(null, true, false)).toBe(true);
    expect(resolveElderMode(null, false, true)).toBe(false);
    expect(resolveElderMode(null, null, true)).toBe(true);
    expect(resolveElderMode(null, null, false)).toBe(false);
  });
});

describe('elder mode at start-up', () => {
  it('is off by default and on for a hospital that makes it the default', () => {
    const store = createAppStore();
    expect(startElderMode({ elderModeDefault: false }, store)).toBe(false);
    expect(elderAttribute()).toBeUndefined();
    expect(store.getState().elderMode).toBe(false);
    expect(startElderMode({ elderModeDefault: true }, store)).toBe(true);
    expect(elderAttribute()).toBe('true');
    expect(store.getState().elderMode).toBe(true);
    // The hospital's default is not the patient's choice: nothing is kept.
    expect(readDeviceSetting(ELDER_MODE_SETTING)).toBeNull();
  });

  it('opens in it from a link, keeps that choice and removes the parameter from the address', () => {
    window.history.replaceState(null, '', '/homepage?state=1000&elder=1#top');
    const store = createAppStore();
    expect(startElderMode({ elderModeDefault: false }, store)).toBe(true);
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/homepage?state=1000#top',
    );
    expect(readDeviceSetting(ELDER_MODE_SETTING)).toBe('1');
    // The next visit, without the parameter, remembers it.
    expect(startElderMode({ elderModeDefault: false }, createAppStore())).toBe(true);
    window.history.replaceState(null, '', '/homepage?elder=0');
    expect(startElderMode({ elderModeDefault: true }, store)).toBe(false);
    expect(elderAttribute()).toBeUndefined();
    expect(readDeviceSetting(ELDER_MODE_SETTING)).toBe('0');
  });

  it('the switch turns it on and off at once and remembers it over the hospital’s default', () => {
    const store = createAppStore();
    startElderMode({ elderModeDefault: true }, store);
    switchElderMode(false, store);
    expect(elderAttribute()).toBeUndefined();
    expect(store.getState().elderMode).toBe(false);
    expect(startElderMode({ elderModeDefault: true }, createAppStore())).toBe(false);
    switchElderMode(true, store);
    expect(elderAttribute()).toBe('true');
    expect(readDeviceSetting(ELDER_MODE_SETTING)).toBe('1');
  });
});

describe('the offer when the messaging app shows text large', () => {
  const largeText = (percent: number) =>
    document.documentElement.style.setProperty('-webkit-text-size-adjust', `${percent}%`);

  it('is made when the host enlarges text and the patient has not chosen', () => {
    largeText(130);
    const store = createAppStore();
    startElderMode({ elderModeDefault: false }, store);
    expect(store.getState().elderOffer).toBe(true);
  });

  it('is not made at the normal size, in elder mode, after a choice or once answered', () => {
    const store = createAppStore();
    largeText(105);
    startElderMode({ elderModeDefault: false }, store);
    expect(store.getState().elderOffer).toBe(false);

    largeText(130);
    startElderMode({ elderModeDefault: true }, store);
    expect(store.getState().elderOffer).toBe(false);

    writeDeviceSetting(ELDER_MODE_SETTING, '0');
    startElderMode({ elderModeDefault: false }, store);
    expect(store.getState().elderOffer).toBe(false);

    localStorage.clear();
    writeDeviceSetting(ELDER_OFFER_SETTING, '1');
    startElderMode({ elderModeDefault: false }, store);
    expect(store.getState().elderOffer).toBe(false);
  });

  it('accepting turns elder mode on and keeps it; declining only hides the offer; neither offers again', () => {
    largeText(130);
    const store = createAppStore();
    startElderMode({ elderModeDefault: false }, store);
    answerElderOffer(false, store);
    expect(store.getState()).toMatchObject({ elderOffer: false, elderMode: false });
    expect(readDeviceSetting(ELDER_MODE_SETTING)).toBeNull();
    startElderMode({ elderModeDefault: false }, store);
    expect(store.getState().elderOffer).toBe(false);

    localStorage.clear();
    startElderMode({ elderModeDefault: false }, store);
    answerElderOffer(true, store);
    expect(store.getState()).toMatchObject({ elderOffer: false, elderMode: true });
    expect(readDeviceSetting(ELDER_MODE_SETTING)).toBe('1');
    expect(readDeviceSetting(ELDER_OFFER_SETTING)).toBe('1');
  });

  it('checks again when the patient enlarges WeChat’s font while the page is open', async () => {
    const handlers: (() => void)[] = [];
    (window as { WeixinJSBridge?: unknown }).WeixinJSBridge = {
      on: (event: string, handler: () => void) => event === 'menu:setfont' && handlers.push(handler),
    };
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((run) => {
      run(0);
      return 0;
    });
    const store = createAppStore();
    startElderMode({ elderModeDefault: false }, store);
    expect(store.getState().elderOffer).toBe(false);
    largeText(150);
    for (const handler of handlers) handler();
    expect(store.getState().elderOffer).toBe(true);
    frame.mockRestore();
  });
});
