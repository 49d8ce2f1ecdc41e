import type { HospitalConfig } from '@patient/hospital-config';
import type { Feature, FeatureRoute, RouteMeta } from '@patient/ui-kit';
import { Navigate, type RouteObject } from 'react-router-dom';
import { Shell } from './Shell.tsx';
import { AREA_TITLES, SPEC_ROUTES } from './spec-routes.ts';

/** What every route carries in its `handle`. */
export interface ShellHandle {
  meta: RouteMeta;
}

export interface RouteDependencies {
  /** Fetches the user's contacts (for 'loads patients' routes). */
  loadContacts(): Promise<void>;
  /** Runs when the homepage is entered: clears the stored cache. */
  onEnterHomepage(): void;
}

const SHELL_PATHS = new Set(['/', '/homepage', '/404', '/login']);

const lazyPage = (page: FeatureRoute['page']) => async () => ({ Component: (await page()).default });

/** Builds the route tree of one hospital: shell routes, feature routes, the rest of the spec and overrides. */
export function buildRoutes(
  config: HospitalConfig,
  features: Feature[],
  deps: RouteDependencies,
): RouteObject[] {
  const offline = new Set(config.offlineRoutes);
  const featureRoutes = features.flatMap((f) => f.routes);
  const provided = new Set(featureRoutes.map((r) => r.path));
  const notYetBuilt: FeatureRoute[] = SPEC_ROUTES.filter(
    (r) => !provided.has(r.path) && !SHELL_PATHS.has(r.path),
  ).map((r) => ({
    path: r.path,
    page: () => import('./pages/ComingSoon.tsx'),
    meta: { title: AREA_TITLES[r.area] ?? '服务', loadsPatients: r.loadsPatients },
  }));

  const toRoute = (route: FeatureRoute): RouteObject => {
    if (offline.has(route.path)) {
      return {
        path: route.path,
        element: <Navigate to="/404" replace />,
        handle: { meta: { title: '服务已下线' } },
      };
    }
    return {
      path: route.path,
      lazy: lazyPage(route.page),
      loader: route.meta.loadsPatients
        ? async () => {
            await deps.loadContacts();
            return null;
          }
        : undefined,
      handle: { meta: route.meta } satisfies ShellHandle,
    };
  };

  return [
    {
      path: '/',
      element: <Shell />,
      children: [
        {
          index: true,
          element: <Navigate to="/homepage" replace />,
          handle: { meta: { title: config.name } },
        },
        {
          path: '/homepage',
          loader: () => {
            deps.onEnterHomepage();
            return null;
          },
          lazy: lazyPage(() => import('./homepage/Homepage.tsx')),
          handle: { meta: { title: config.name } } satisfies ShellHandle,
        },
        toRoute({
          path: '/404',
          page: () => import('./pages/ServiceOffline.tsx'),
          meta: { title: '服务已下线' },
        }),
        ...featureRoutes.map(toRoute),
        ...notYetBuilt.map(toRoute),
        toRoute({ path: '*', page: () => import('./pages/NotFound.tsx'), meta: { title: '页面不存在' } }),
      ],
    },
  ];
}
