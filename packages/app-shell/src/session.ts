import type { ApiClient } from '@patient/api-client';
import type { AppStore } from '@patient/app-state';
import { getSession } from '@patient/contract';

let inFlight: Promise<void> | null = null;

/**
 * Asks the service who is logged in (the session is an httpOnly cookie) and puts the answer in the store:
 * `auth` and `authStatus` 'known'; when the service cannot answer, `authStatus` 'failed' and `auth` stays what
 * it was. Silent. A check already on its way is shared, so the one started with the app serves the homepage.
 */
export function checkSession(api: Pick<ApiClient, 'request'>, store: AppStore): Promise<void> {
  inFlight ??= (async () => {
    store.getState().update((s) => {
      s.authStatus = 'checking';
    });
    try {
      const user = await api.request(getSession, {}, { silent: true, keepOnRouteChange: true });
      store.getState().update((s) => {
        s.auth = user;
        s.authStatus = 'known';
      });
    } catch {
      store.getState().update((s) => {
        s.authStatus = 'failed';
      });
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}
