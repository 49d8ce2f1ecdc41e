import { useCallback, useEffect, useState } from 'react';

/** `value` once it has stayed the same for `delayMs`; flush() takes the current value at once. */
export function useDebounced<T>(value: T, delayMs: number): [T, () => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  const flush = useCallback(() => setSettled(value), [value]);
  return [settled, flush];
}
