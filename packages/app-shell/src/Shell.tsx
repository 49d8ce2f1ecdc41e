import { useHospitalConfig } from '@patient/hospital-config';
import { useLayoutEffect } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { KeepAliveOutlet } from './keep-alive.tsx';
import type { ShellHandle } from './routes.tsx';
import './shell.css';

/** The single routed area: title from the route's meta, scroll to top on navigation, keep-alive and fade. */
export function Shell() {
  const config = useHospitalConfig();
  const { pathname } = useLocation();
  const meta = (useMatches().at(-1)?.handle as ShellHandle | undefined)?.meta;
  const title = meta?.title ?? config.name;

  useLayoutEffect(() => {
    document.title = title;
  }, [title]);

  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return <KeepAliveOutlet keepAlive={meta?.keepAlive === true} />;
}
