/** Query parameter through which a host hands over the session (001 §1). */
export const SESSION_KEY_PARAM = 'sessionKey';
/** Cookie the session key is kept in, for one day (001 §9). */
export const SESSION_KEY_COOKIE = 'sessionKey';
const ONE_DAY_SECONDS = 24 * 60 * 60;

/**
 * Moves a session key from the address into a cookie (1 day) and removes it from the address, so that it is
 * neither bookmarked nor shared. Only for a hospital whose host hands the session over (needSessionKey); the
 * others drop it (dropSessionKeyFromUrl). Returns whether a key was taken.
 */
export function takeSessionKeyFromUrl(win: Window = window): boolean {
  return removeSessionKeyFromUrl(win, (key) => {
    if (/^[A-Za-z0-9._~-]{1,256}$/.test(key)) {
      const secure = win.location.protocol === 'https:' ? '; Secure' : '';
      win.document.cookie = `${SESSION_KEY_COOKIE}=${key}; Max-Age=${ONE_DAY_SECONDS}; Path=/; SameSite=Lax${secure}`;
    }
  });
}

/**
 * Removes a session key from the address without keeping it: a hospital not flagged needSessionKey has no host
 * that hands a session over, so a key in a link is someone else's session (session fixation), not the patient's.
 * Returns whether there was one.
 */
export function dropSessionKeyFromUrl(win: Window = window): boolean {
  return removeSessionKeyFromUrl(win, () => {});
}

function removeSessionKeyFromUrl(win: Window, keep: (key: string) => void): boolean {
  const url = new URL(win.location.href);
  const key = url.searchParams.get(SESSION_KEY_PARAM);
  if (key === null) return false;
  url.searchParams.delete(SESSION_KEY_PARAM);
  keep(key);
  win.history.replaceState(win.history.state, '', url.pathname + url.search + url.hash);
  return true;
}

/** The hospital id: the `state` query parameter, else the app's configured id (001 §1). */
export function hospitalIdFrom(search: string, configuredId: string | null): string | null {
  const fromUrl = new URLSearchParams(search).get('state')?.trim();
  return fromUrl && /^[A-Za-z0-9_-]{1,64}$/.test(fromUrl) ? fromUrl : configuredId;
}
