import { useHospitalConfig } from '@patient/hospital-config';
import type { RouteMeta } from '@patient/ui-kit';
import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { DemoBanner } from './DemoBanner.tsx';
import { KeepAliveOutlet } from './keep-alive.tsx';
import './shell.css';

export interface ShellProps {
  /** The meta of the route shown. */
  meta: RouteMeta;
  onEnterHomepage(): void;
}

/** Whether focus is nowhere a user would want to keep it: on the body, or in a screen just hidden (keep-alive). */
const focusIsLost = () => {
  const active = document.activeElement;
  return !active || active === document.body || active.closest('[hidden]') !== null;
};

/**
 * The routed area's frame, so that every screen is born with the page structure: the one `main` landmark (a
 * screen renders a `div`, never its own `main`) and the one h1, the route's title, which is also
 * document.title (the host's nav bar shows it, so the h1 is for screen readers only; screens use h2 and
 * below). On navigation: scroll to top and focus on that h1 (screen readers announce the new screen).
 * Keep-alive and fade.
 */
export function Shell({ meta, onEnterHomepage }: ShellProps) {
  const config = useHospitalConfig();
  const { pathname } = useLocation();
  const title = meta.title || config.name;
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef<string | null>(null);

  useLayoutEffect(() => {
    document.title = title;
  }, [title]);

  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    if (pathname === '/homepage') onEnterHomepage();
    // Not on the first screen (the reader starts at the top anyway), nor away from a field a screen focused.
    if (shown.current !== null && shown.current !== pathname && focusIsLost()) {
      heading.current?.focus({ preventScroll: true });
    }
    shown.current = pathname;
  }, [pathname, onEnterHomepage]);

  return (
    <>
      <DemoBanner />
      <main className="shell-main">
        <h1 ref={heading} className="shell-title" tabIndex={-1}>
          {title}
        </h1>
        <KeepAliveOutlet keepAlive={meta.keepAlive === true} />
      </main>
    </>
  );
}
