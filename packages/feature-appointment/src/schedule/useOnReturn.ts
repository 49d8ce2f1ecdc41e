import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Calls `onReturn` when a kept-alive screen is shown again after the patient went elsewhere (e.g. to refresh
 * the places left, keeping what the patient had chosen).
 */
export function useOnReturn(onReturn: () => void): void {
  const { pathname } = useLocation();
  const [own] = useState(pathname);
  const away = useRef(false);
  const callback = useRef(onReturn);
  callback.current = onReturn;
  useEffect(() => {
    if (pathname !== own) {
      away.current = true;
    } else if (away.current) {
      away.current = false;
      callback.current();
    }
  }, [pathname, own]);
}
