import { type ApiClient, configureApi, detectChannel } from '@patient/api-client';
import { type AppStore, appStore, persistAppState } from '@patient/app-state';
import { type HospitalConfig, HospitalConfigProvider } from '@patient/hospital-config';
import { alert, applyRootFontSize, applyTheme, type Feature, toast } from '@patient/ui-kit';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { unstable_HistoryRouter as HistoryRouter, UNSAFE_createBrowserHistory } from 'react-router-dom';
import { loadContacts } from './contacts.ts';
import { startElderMode } from './elder-mode.ts';
import { clearKeepAlive } from './keep-alive.tsx';
import { OfflineInHost } from './pages/OfflineInHost.tsx';
import { AppRoutes, homepageRoutes, type RouteDependencies, stagedRouteTable } from './routes.tsx';
import { checkSession } from './session.ts';
import { dropSessionKeyFromUrl, hospitalIdFrom, takeSessionKeyFromUrl } from './session-key.ts';
import { keepStartingUp } from './startup.ts';
import { rememberedTheme } from './theme.ts';

declare global {
  interface Window {
    /** Set by the WeChat JS bridge inside a mini-program web-view. */
    __wxjs_environment?: string;
  }
}

/** Marks the homepage the build wrote into `#root` (inert until the app has taken it over). */
export const PRERENDERED = 'data-prerendered';

/** `#root` as the app's own: no longer inert nor marked as written by the build. */
function leavePrerender(element: HTMLElement): void {
  element.removeAttribute(PRERENDERED);
  element.removeAttribute('inert');
}

function AfterFirstCommit({ run }: { run(): void }) {
  useEffect(run, []);
  return null;
}

/** Lets the browser run what waits (a paint, input) before the next step of the start-up. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

type History = ReturnType<typeof UNSAFE_createBrowserHistory>;

/**
 * Wraps a history so that every navigation (push, replace, back/forward) first cancels the pending requests
 * (000 §4), synchronously, before the next screen renders and starts its own.
 */
export function cancellingHistory<H extends Pick<History, 'listen'>>(
  history: H,
  api: Pick<ApiClient, 'cancelPending'>,
): H {
  const wrapped = Object.create(history) as H;
  wrapped.listen = (listener) =>
    history.listen((update) => {
      api.cancelPending();
      listener(update);
    });
  return wrapped;
}

/** Clears what 'entering the homepage clears a stored cache' means here: kept-alive screens and flow choices. */
export function clearStoredCache(store: AppStore): void {
  clearKeepAlive();
  store.getState().update((s) => {
    s.normalDoctor = null;
    s.reportSearch = null;
  });
}

/** The feature packages, or a loader of their chunk (`loadStandardFeatures`): what the homepage does not need. */
export type Features = Feature[] | (() => Promise<Feature[]>);

/** What makes the browser start loading the full route table while the homepage is shown: the patient's intent. */
const INTENT_EVENTS = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Composes one hospital's app from its config and the feature packages, and starts it: theme and root font
 * size, session key, saved state, elder mode, the start-up call and the session check, then the router,
 * without waiting for the network (screens other than the homepage wait for the start-up data, see
 * RoutePage). The homepage is in index.html already and is hydrated (prerender.tsx). `mount` resolves to the
 * function that unmounts the app (tests, an embedding page).
 */
export function createHospitalApp(config: HospitalConfig, features: Features) {
  return {
    async mount(element: HTMLElement): Promise<() => void> {
      // The built index.html carries it already (the build's theme, or the one the service gave last time, by
      // its boot script); this keeps any other host page (dev, tests) the same.
      const hospitalId = hospitalIdFrom(window.location.search, config.id);
      applyTheme(rememberedTheme(hospitalId, config.theme));
      applyRootFontSize();
      if (config.needSessionKey) takeSessionKeyFromUrl();
      else dropSessionKeyFromUrl();
      persistAppState();
      // Before the first render, so that no screen paints in the wrong size.
      startElderMode(config, appStore);
      const channel = detectChannel(navigator.userAgent, window.__wxjs_environment);
      if (config.offlineInPaymentMiniProgram && channel === 'ALIPAY_MINI_PROGRAM') {
        document.title = '服务已下线';
        leavePrerender(element);
        const root = createRoot(element);
        root.render(<OfflineInHost />);
        return () => root.unmount();
      }

      // The requests and the first render each in a task of their own: on a slow phone the script's evaluation
      // is a long task already.
      await nextTask();
      const history = UNSAFE_createBrowserHistory({ v5Compat: true });
      const api = configureApi({
        channel,
        ui: { toast: (message, duration) => void toast(message, duration), alert },
        navigate: (path) => history.push(path),
        redirect: (url) => window.location.assign(url),
        currentPath: () => `${history.location.pathname}${history.location.search}`,
        // The separate consent to sensitive personal information, asked before the first call that needs it.
        askSensitiveConsent: hospitalId
          ? () => import('./sensitive-consent.tsx').then((m) => m.askSensitiveConsent(hospitalId))
          : undefined,
      });
      // Both requests leave now, side by side, before any screen code runs.
      const started = keepStartingUp(hospitalId, config, api, appStore);
      void checkSession(api, appStore);
      await nextTask();
      const deps: RouteDependencies = {
        loadContacts: () => loadContacts(api, appStore),
        whenStarted: () => started,
      };
      // The homepage's routes are here; the rest (the features' route lists and the spec's table) is a chunk
      // of its own, asked for at the first sign of going elsewhere, or at once for another first screen.
      const table = stagedRouteTable(homepageRoutes(config, deps), async () => {
        const [{ buildRouteTable }, list] = await Promise.all([
          import('./route-table.tsx'),
          typeof features === 'function' ? features() : features,
        ]);
        return buildRouteTable(config, list, deps);
      });
      const onEnterHomepage = () => clearStoredCache(appStore);
      const firstPath = window.location.pathname;
      if (/^\/(homepage)?\/?$/i.test(firstPath)) {
        const loadOnIntent = () => {
          for (const type of INTENT_EVENTS) window.removeEventListener(type, loadOnIntent, true);
          void table.load().catch(() => {});
        };
        for (const type of INTENT_EVENTS)
          window.addEventListener(type, loadOnIntent, { capture: true, passive: true });
      } else {
        // A first screen other than the homepage: its code downloads now, with the table.
        void table.load().then(
          (full) => full.at(firstPath).preload?.(),
          () => {},
        );
      }

      const app = (
        <StrictMode>
          <HospitalConfigProvider config={config}>
            <HistoryRouter history={cancellingHistory(history, api)}>
              <AppRoutes table={table} onEnterHomepage={onEnterHomepage} />
            </HistoryRouter>
          </HospitalConfigProvider>
          <AfterFirstCommit run={() => leavePrerender(element)} />
        </StrictMode>
      );
      // As a transition the first render is time-sliced: it yields to the browser every few milliseconds
      // instead of holding a slow phone's main thread in one long task. The homepage the build wrote into
      // index.html (prerender.tsx) is hydrated: its nodes stay, so the first screen does not paint twice. A
      // first render that differs from it (state saved by a reload) is rendered on the client instead, as
      // without the prerender: expected, so not reported.
      let root: Root | undefined;
      startTransition(() => {
        if (element.hasAttribute(PRERENDERED))
          root = hydrateRoot(element, app, { onRecoverableError: () => {} });
        else {
          root = createRoot(element);
          root.render(app);
        }
      });
      return () => root?.unmount();
    },
  };
}
