import { appStore } from '@patient/app-state';
import { onlineBookingOpen } from '@patient/contract';
import { BOOKING_ROUTES, type HospitalConfig } from '@patient/hospital-config';
import type { Feature, FeatureRoute, RouteMeta } from '@patient/ui-kit';
import { type ComponentType, lazy } from 'react';
import { matchRoutes, Navigate } from 'react-router-dom';
import { RoutePage } from './route-page.tsx';
import { homepageRoutes, type RouteDependencies, type RouteTable, type ShellRoute } from './routes.tsx';
import { AREA_TITLES, SPEC_ROUTES } from './spec-routes.ts';

const SHELL_PATHS = new Set(['/', '/homepage', '/404', '/login']);
/** The hospital books at its windows only (the service's ONLINE_BOOKING): booking screens are off. */
const bookingOff = () => !onlineBookingOpen(appStore.getState().systemParam);
const OFFLINE_META: RouteMeta = { title: '服务已下线' };
const NOT_FOUND_META: RouteMeta = { title: '页面不存在' };

const isPattern = (path: string) => /[:*]/.test(path);
/** React Router's matching ignores case and a trailing slash; the fast path for fixed paths does too. */
const fixedKey = (path: string) => path.replace(/(.)\/+$/, '$1').toLowerCase();

/** The last (deepest) of React Router's matches; by index, not `.at(-1)` (above the browser floor). */
const deepest = <T,>(matches: readonly T[] | null): T | undefined => matches?.[matches.length - 1];

/**
 * The route table of one hospital (in a chunk of its own with the features' route lists, loaded after the
 * first screen: see createHospitalApp): shell routes, feature routes, the rest of the spec (shown as coming soon)
 * and the hospital's overrides (offline routes lead to /404).
 */
export function buildRouteTable(
  config: HospitalConfig,
  features: Feature[],
  deps: RouteDependencies,
): RouteTable {
  const offline = new Set(config.offlineRoutes);
  const booking = new Set<string>(BOOKING_ROUTES);
  const featureRoutes = features.flatMap((f) => f.routes);
  const provided = new Set(featureRoutes.map((r) => r.path));
  const comingSoon = () => import('./pages/ComingSoon.tsx');
  const notYetBuilt: FeatureRoute[] = SPEC_ROUTES.filter(
    (r) => !provided.has(r.path) && !SHELL_PATHS.has(r.path),
  ).map((r) => ({
    path: r.path,
    page: comingSoon,
    // Nothing to show yet: a logged-out visitor is not sent to log in for a 即将上线 page.
    meta: { title: AREA_TITLES[r.area] ?? '服务', loadsPatients: false },
  }));
  const lazyPages = new Map<FeatureRoute['page'], ComponentType>();
  const toRoute = ({ path, page, meta }: FeatureRoute): ShellRoute => {
    if (offline.has(path)) return { path, meta: OFFLINE_META, element: <Navigate to="/404" replace /> };
    if (!lazyPages.has(page)) lazyPages.set(page, lazy(page));
    const switchedOff = booking.has(path) ? bookingOff : undefined;
    return {
      path,
      meta,
      element: (
        <RoutePage
          meta={meta}
          Page={lazyPages.get(page)!}
          loadContacts={deps.loadContacts}
          whenStarted={deps.whenStarted}
          switchedOff={switchedOff}
        />
      ),
      preload: page,
    };
  };
  const notFound = toRoute({ path: '*', page: () => import('./pages/NotFound.tsx'), meta: NOT_FOUND_META });

  const routed: ShellRoute[] = [
    ...homepageRoutes(config, deps),
    toRoute({ path: '/404', page: () => import('./pages/ServiceOffline.tsx'), meta: OFFLINE_META }),
    ...featureRoutes.map(toRoute),
    // An offline spec route not built yet still leads to /404, so it is routed.
    ...notYetBuilt.filter((r) => offline.has(r.path)).map(toRoute),
  ];
  const unbuilt = notYetBuilt.filter((r) => !offline.has(r.path));

  // Fixed paths by key; patterns matched by React Router, routed ones ranked above the unbuilt ones.
  const fixed = new Map<string, () => ShellRoute>();
  for (const r of unbuilt) if (!isPattern(r.path)) fixed.set(fixedKey(r.path), () => toRoute(r));
  for (const r of routed) if (!isPattern(r.path)) fixed.set(fixedKey(r.path), () => r);
  const routedPatterns = routed.filter((r) => isPattern(r.path));
  const unbuiltPatterns = unbuilt.filter((r) => isPattern(r.path));
  const found = new Map<string, ShellRoute>();
  const find = (pathname: string): ShellRoute => {
    const exact = fixed.get(fixedKey(pathname));
    if (exact) return exact();
    const routedMatch = deepest(matchRoutes(routedPatterns, pathname))?.route;
    if (routedMatch) return routedMatch;
    const unbuiltMatch = deepest(matchRoutes(unbuiltPatterns, pathname))?.route;
    return unbuiltMatch ? toRoute(unbuiltMatch) : notFound;
  };
  const at = (pathname: string): ShellRoute => {
    let route = found.get(pathname);
    if (!route) {
      route = find(pathname);
      // Paths carry ids: keep the memo small.
      if (found.size > 200) found.clear();
      found.set(pathname, route);
    }
    return route;
  };

  return { at };
}
