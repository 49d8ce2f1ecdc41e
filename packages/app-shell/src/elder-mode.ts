import { type AppStore, appStore, readDeviceSetting, writeDeviceSetting } from '@patient/app-state';
import type { HospitalConfig } from '@patient/hospital-config';
import { hostTextScale, setElderMode } from '@patient/ui-kit';

/** Query parameter of a link that opens the app in elder mode (`?elder=1`) or out of it (`?elder=0`). */
export const ELDER_PARAM = 'elder';
/** Device setting (app-state, localStorage) holding the patient's choice: '1' on, '0' off. */
export const ELDER_MODE_SETTING = 'elder-mode';
/** Device setting set once the patient answered the large-text offer. */
export const ELDER_OFFER_SETTING = 'elder-offer-answered';
/** From this factor of the host's text size on (WeChat's 大 and larger), elder mode is offered. */
export const LARGE_HOST_TEXT = 1.15;

/** The link's choice: `?elder=1|true` on, `?elder=0|false` off, null without (or with another value). */
export function elderChoiceFromLink(search: string): boolean | null {
  const value = new URLSearchParams(search).get(ELDER_PARAM)?.trim().toLowerCase();
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  return null;
}

/** The choice kept on the device, or null when the patient never made one. */
export function storedElderChoice(): boolean | null {
  const value = readDeviceSetting(ELDER_MODE_SETTING);
  return value === '1' ? true : value === '0' ? false : null;
}

/** Whether elder mode is on: a link's choice, else the one kept on the device, else the hospital's default. */
export function resolveElderMode(
  link: boolean | null,
  stored: boolean | null,
  hospitalDefault: boolean,
): boolean {
  return link ?? stored ?? hospitalDefault;
}

function apply(on: boolean, store: AppStore): void {
  setElderMode(on);
  store.getState().update((s) => {
    s.elderMode = on;
    if (on) s.elderOffer = false;
  });
}

/** The switch: turns elder mode on or off at once and keeps the choice on this device. */
export function switchElderMode(on: boolean, store: AppStore = appStore): void {
  writeDeviceSetting(ELDER_MODE_SETTING, on ? '1' : '0');
  apply(on, store);
}

/** The patient's answer to the large-text offer: it is not offered again on this device. */
export function answerElderOffer(accept: boolean, store: AppStore = appStore): void {
  writeDeviceSetting(ELDER_OFFER_SETTING, '1');
  if (accept) switchElderMode(true, store);
  else {
    store.getState().update((s) => {
      s.elderOffer = false;
    });
  }
}

/** What WeChat's bridge offers here: its 'menu:setfont' event fires when the patient changes its font size. */
interface FontBridge {
  on?(event: 'menu:setfont', callback: () => void): void;
}

/**
 * Applies elder mode at start-up, before anything renders (no flash): a link's `?elder=` is kept as the
 * patient's choice and removed from the address. Then, when the host shows text large (hostTextScale) and the
 * patient has neither chosen nor answered the offer, `elderOffer` asks the homepage to offer it; WeChat's
 * font-size change while the page is open is checked again. Returns whether elder mode is on.
 */
export function startElderMode(
  config: Pick<HospitalConfig, 'elderModeDefault'>,
  store: AppStore = appStore,
  win: Window = window,
): boolean {
  const url = new URL(win.location.href);
  const link = elderChoiceFromLink(url.search);
  if (link !== null) {
    writeDeviceSetting(ELDER_MODE_SETTING, link ? '1' : '0');
    url.searchParams.delete(ELDER_PARAM);
    win.history.replaceState(win.history.state, '', url.pathname + url.search + url.hash);
  }
  const stored = storedElderChoice();
  const on = resolveElderMode(link, stored, config.elderModeDefault);
  apply(on, store);

  const checkHostText = () => {
    const undecided = storedElderChoice() === null && readDeviceSetting(ELDER_OFFER_SETTING) === null;
    const offer = undecided && !store.getState().elderMode && hostTextScale(win) >= LARGE_HOST_TEXT;
    store.getState().update((s) => {
      s.elderOffer = offer;
    });
  };
  checkHostText();
  const listen = () => {
    const bridge = (win as unknown as { WeixinJSBridge?: FontBridge }).WeixinJSBridge;
    // The new size applies after the event: check on the next frame.
    bridge?.on?.('menu:setfont', () => win.requestAnimationFrame(checkHostText));
  };
  if ((win as unknown as { WeixinJSBridge?: FontBridge }).WeixinJSBridge) listen();
  else win.document.addEventListener('WeixinJSBridgeReady', listen, { once: true });
  return on;
}
