import type { HospitalConfig } from '@patient/hospital-config';
import type { Feature, FeatureRoute, RouteMeta } from '@patient/ui-kit';
import { type ComponentType, lazy, type ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import Homepage from './homepage/Homepage.tsx';
import { RoutePage } from './route-page.tsx';
import { Shell } from './Shell.tsx';
import { AREA_TITLES, SPEC_ROUTES } from './spec-routes.ts';

/** One entry of an app's route table. */
export interface ShellRoute {
  path: string;
  meta: RouteMeta;
  element: ReactElement;
  /** Starts loading the screen's code (used for the first screen, while the start-up calls run). */
  preload?: () => Promise<unknown>;
}

export interface RouteDependencies {
  /** Fetches the user's contacts (for 'loads patients' routes). */
  loadContacts(): Promise<void>;
  /** Settles when the start-up call did (answered or failed); screens other than the homepage wait for it. */
  whenStarted?(): Promise<unknown>;
}

const SHELL_PATHS = new Set(['/', '/homepage', '/404', '/login']);
const OFFLINE_META: RouteMeta = { title: '服务已下线' };

/**
 * The route table of one hospital: shell routes, feature routes, the rest of the spec (shown as coming soon)
 * and the hospital's overrides (offline routes lead to /404).
 */
export function buildRouteTable(
  config: HospitalConfig,
  features: Feature[],
  deps: RouteDependencies,
): ShellRoute[] {
  const offline = new Set(config.offlineRoutes);
  const featureRoutes = features.flatMap((f) => f.routes);
  const provided = new Set(featureRoutes.map((r) => r.path));
  const comingSoon = () => import('./pages/ComingSoon.tsx');
  const notYetBuilt: FeatureRoute[] = SPEC_ROUTES.filter(
    (r) => !provided.has(r.path) && !SHELL_PATHS.has(r.path),
  ).map((r) => ({
    path: r.path,
    page: comingSoon,
    meta: { title: AREA_TITLES[r.area] ?? '服务', loadsPatients: r.loadsPatients },
  }));
  const lazyPages = new Map<FeatureRoute['page'], ComponentType>();
  const toRoute = ({ path, page, meta }: FeatureRoute): ShellRoute => {
    if (offline.has(path)) return { path, meta: OFFLINE_META, element: <Navigate to="/404" replace /> };
    if (!lazyPages.has(page)) lazyPages.set(page, lazy(page));
    return {
      path,
      meta,
      element: (
        <RoutePage
          meta={meta}
          Page={lazyPages.get(page)!}
          loadContacts={deps.loadContacts}
          whenStarted={deps.whenStarted}
        />
      ),
      preload: page,
    };
  };
  const homeMeta: RouteMeta = { title: config.name };

  return [
    { path: '/', meta: { title: config.name }, element: <Navigate to="/homepage" replace /> },
    // The usual first screen: its code is in the main bundle and it paints at once, before the start-up
    // data is in (Homepage keeps room for what arrives with it).
    {
      path: '/homepage',
      meta: homeMeta,
      element: <RoutePage meta={homeMeta} Page={Homepage} loadContacts={deps.loadContacts} />,
    },
    toRoute({ path: '/404', page: () => import('./pages/ServiceOffline.tsx'), meta: OFFLINE_META }),
    ...featureRoutes.map(toRoute),
    ...notYetBuilt.map(toRoute),
    toRoute({ path: '*', page: () => import('./pages/NotFound.tsx'), meta: { title: '页面不存在' } }),
  ];
}

export interface AppRoutesProps {
  table: ShellRoute[];
  /** Runs when the homepage is entered: clears the stored cache. */
  onEnterHomepage(): void;
}

/** The single routed area of the app. */
export function AppRoutes({ table, onEnterHomepage }: AppRoutesProps) {
  return (
    <Routes>
      <Route element={<Shell table={table} onEnterHomepage={onEnterHomepage} />}>
        {table.map((r) => (
          <Route key={r.path} path={r.path} element={r.element} />
        ))}
      </Route>
    </Routes>
  );
}
