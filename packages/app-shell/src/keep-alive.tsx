import { type ReactNode, useSyncExternalStore } from 'react';
import { useLocation, useNavigationType, useOutlet } from 'react-router-dom';

/** Screens kept alive, by pathname. Entering the homepage clears them (001 §2). */
const cache = new Map<string, ReactNode>();
const listeners = new Set<() => void>();
let version = 0;

/** Forgets every kept-alive screen. */
export function clearKeepAlive(): void {
  cache.clear();
  version += 1;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The routed area: keep-alive screens stay mounted (hidden) after the patient leaves them, so their state is
 * there when they come back. A screen the patient opens (a push) fades in; the first screen, a redirect and
 * back/forward do not: the first screen must paint at once, not under an animation that starts from
 * opacity 0 (paint under opacity 0 is not a contentful paint: the first frame showed nothing, see
 * app-shell README). Each screen's element carries its path in `data-screen` (the browser suite finds the
 * current screen by it).
 */
export function KeepAliveOutlet({ keepAlive }: { keepAlive: boolean }) {
  const { pathname } = useLocation();
  const fade = useNavigationType() === 'PUSH' ? 'shell-fade' : undefined;
  const outlet = useOutlet();
  const current = () => version;
  // The same on the server: the homepage is prerendered and hydrated (prerender.tsx).
  useSyncExternalStore(subscribe, current, current);

  if (keepAlive && !cache.has(pathname)) cache.set(pathname, outlet);
  const kept = [...cache.entries()];

  return (
    <>
      {kept.map(([path, element]) => (
        <div
          key={path}
          data-screen={path}
          className={path === pathname ? fade : undefined}
          hidden={path !== pathname}
        >
          {element}
        </div>
      ))}
      {!keepAlive && (
        <div key={pathname} data-screen={pathname} className={fade}>
          {outlet}
        </div>
      )}
    </>
  );
}
