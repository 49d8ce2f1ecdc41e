import { useHospitalConfig } from '@patient/hospital-config';
import { useLayoutEffect, useMemo } from 'react';
import { matchRoutes, useLocation } from 'react-router-dom';
import { KeepAliveOutlet } from './keep-alive.tsx';
import type { ShellRoute } from './routes.tsx';
import './shell.css';

export interface ShellProps {
  table: ShellRoute[];
  onEnterHomepage(): void;
}

/** The routed area's frame: title from the route's meta, scroll to top on navigation, keep-alive and fade. */
export function Shell({ table, onEnterHomepage }: ShellProps) {
  const config = useHospitalConfig();
  const location = useLocation();
  const patterns = useMemo(() => table.map((r) => ({ path: r.path, meta: r.meta })), [table]);
  const meta = matchRoutes(patterns, location)?.at(-1)?.route.meta;
  const title = meta?.title ?? config.name;
  const { pathname } = location;

  useLayoutEffect(() => {
    document.title = title;
  }, [title]);

  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    if (pathname === '/homepage') onEnterHomepage();
  }, [pathname, onEnterHomepage]);

  return <KeepAliveOutlet keepAlive={meta?.keepAlive === true} />;
}
