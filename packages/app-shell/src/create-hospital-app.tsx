import { type ApiClient, configureApi, detectChannel } from '@patient/api-client';
import { type AppStore, appStore, persistAppState } from '@patient/app-state';
import { type HospitalConfig, HospitalConfigProvider } from '@patient/hospital-config';
import { alert, applyRootFontSize, type Feature, toast } from '@patient/ui-kit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { loadContacts } from './contacts.ts';
import { clearKeepAlive } from './keep-alive.tsx';
import { OfflineInHost } from './pages/OfflineInHost.tsx';
import { buildRoutes } from './routes.tsx';
import { hospitalIdFrom, takeSessionKeyFromUrl } from './session-key.ts';
import { startUp } from './startup.ts';

declare global {
  interface Window {
    /** Set by the WeChat JS bridge inside a mini-program web-view. */
    __wxjs_environment?: string;
  }
}

/** Cancels every pending request whenever a navigation starts (000 §4). */
export function cancelOnRouteChange(
  router: Pick<ReturnType<typeof createBrowserRouter>, 'subscribe' | 'state'>,
  api: Pick<ApiClient, 'cancelPending'>,
): () => void {
  let lastKey = router.state.location.key;
  return router.subscribe((state) => {
    const key = state.navigation.location?.key ?? state.location.key;
    if (key !== lastKey) {
      lastKey = key;
      api.cancelPending();
    }
  });
}

/** Clears what 'entering the homepage clears a stored cache' means here: kept-alive screens and flow choices. */
export function clearStoredCache(store: AppStore): void {
  clearKeepAlive();
  store.getState().update((s) => {
    s.normalDoctor = null;
    s.reportSearch = null;
  });
}

/**
 * Composes one hospital's app from its config and the feature packages, and starts it:
 * root font size, session key, saved state, start-up calls, then the router.
 */
export function createHospitalApp(config: HospitalConfig, features: Feature[]) {
  return {
    async mount(element: HTMLElement): Promise<void> {
      applyRootFontSize();
      takeSessionKeyFromUrl();
      persistAppState();
      const root = createRoot(element);
      const channel = detectChannel(navigator.userAgent, window.__wxjs_environment);
      if (config.offlineInPaymentMiniProgram && channel === 'ALIPAY_MINI_PROGRAM') {
        document.title = '服务已下线';
        root.render(<OfflineInHost />);
        return;
      }

      let router: ReturnType<typeof createBrowserRouter> | null = null;
      const api = configureApi({
        channel,
        ui: { toast: (message, duration) => void toast(message, duration), alert },
        navigate: (path) => void router?.navigate(path),
        redirect: (url) => window.location.assign(url),
      });
      router = createBrowserRouter(
        buildRoutes(config, features, {
          loadContacts: () => loadContacts(api, appStore),
          onEnterHomepage: () => clearStoredCache(appStore),
        }),
      );
      cancelOnRouteChange(router, api);

      await startUp(hospitalIdFrom(window.location.search, config.id), config, api, appStore);
      root.render(
        <StrictMode>
          <HospitalConfigProvider config={config}>
            <RouterProvider router={router} />
          </HospitalConfigProvider>
        </StrictMode>,
      );
    },
  };
}
