import type { HospitalConfig } from '@patient/hospital-config';
import { type RouteMeta, Spinner } from '@patient/ui-kit';
import { type ReactElement, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import Homepage from './homepage/Homepage.tsx';
import { CodeLoadBoundary } from './pages/CodeLoadBoundary.tsx';
import { RoutePage } from './route-page.tsx';
import { Shell } from './Shell.tsx';

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

/**
 * One app's routes, found by path. The router is given only the route found (inside the shell's layout), so
 * it never ranks the whole table: React Router ranks every pattern and compiles a regular expression for each
 * one above the match on every navigation, which for 160 spec routes was the largest part of the first
 * screen's script time on a slow phone (app-shell README, 'First screen'). Fixed paths are looked up in a map;
 * paths with parameters are matched by React Router among the patterns only, once per path.
 */
export interface RouteTable {
  /** The route shown at a path: a feature's or the shell's, a spec route not built yet, or not found ('*'). */
  at(pathname: string): ShellRoute;
}

/** The routes of the first screen, in the main bundle: '/' leads to the homepage, which paints at once. */
export function homepageRoutes(config: HospitalConfig, deps: RouteDependencies): ShellRoute[] {
  const meta: RouteMeta = { title: config.name };
  return [
    { path: '/', meta, element: <Navigate to="/homepage" replace /> },
    // Its code is in the main bundle and it paints before the start-up data is in (Homepage keeps room for
    // what arrives with it).
    {
      path: '/homepage',
      meta,
      element: <RoutePage meta={meta} Page={Homepage} loadContacts={deps.loadContacts} />,
    },
  ];
}

/** A route table whose full part loads on demand: `load` starts it (once), `at` suspends until it is in. */
export interface StagedRouteTable extends RouteTable {
  /** Starts loading the full table (once) and settles with it. */
  load(): Promise<RouteTable>;
}

/**
 * The homepage's routes at once, every other route from `loadFull` (the features' route lists and the spec's
 * table, a chunk that grows with every slice and is not needed to paint the homepage). `at` throws the loading
 * promise while the table is not in (React Suspense: a navigation is a transition, so the screen before stays
 * until the table is in) and the loading error once it failed (CodeLoadBoundary offers to reload).
 */
export function stagedRouteTable(first: ShellRoute[], loadFull: () => Promise<RouteTable>): StagedRouteTable {
  const firstByPath = new Map(first.map((r) => [r.path, r]));
  let full: RouteTable | null = null;
  let failure: { error: unknown } | null = null;
  let loading: Promise<RouteTable> | null = null;
  const load = () => {
    loading ??= loadFull().then(
      (table) => {
        full = table;
        return table;
      },
      (error: unknown) => {
        failure = { error };
        throw error;
      },
    );
    return loading;
  };
  return {
    load,
    at(pathname) {
      const route = firstByPath.get(pathname) ?? full?.at(pathname);
      if (route) return route;
      if (failure) throw failure.error;
      // Settles either way: React renders again and finds the table or the error.
      throw load().catch(() => {});
    },
  };
}

export interface AppRoutesProps {
  table: RouteTable;
  /** Runs when the homepage is entered: clears the stored cache. */
  onEnterHomepage(): void;
}

function RoutedArea({ table, onEnterHomepage }: AppRoutesProps) {
  const route = table.at(useLocation().pathname);
  return (
    <Routes>
      <Route element={<Shell meta={route.meta} onEnterHomepage={onEnterHomepage} />}>
        <Route path={route.path} element={route.element} />
      </Route>
    </Routes>
  );
}

/** The single routed area of the app: the shell's frame around the route found at the current path. */
export function AppRoutes(props: AppRoutesProps) {
  return (
    <CodeLoadBoundary resetKey={useLocation().pathname}>
      <Suspense fallback={<Spinner />}>
        <RoutedArea {...props} />
      </Suspense>
    </CodeLoadBoundary>
  );
}
