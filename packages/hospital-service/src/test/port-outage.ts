/**
 * How a port under test behaves: as its inner implementation, failing at once (a network error), never
 * answering, or refusing with the port's own error (`refusal`).
 */
export type OutageMode = 'up' | 'down' | 'hanging' | 'refusing';

/** A port that can be switched off during a test, and the switch. */
export interface Switchable<T> {
  port: T;
  set(mode: OutageMode): void;
}

/**
 * Wraps a port so that a test can make every call fail (a refused connection) or hang (no answer, so the
 * caller's deadline decides) and back; `timeoutMs` is the port's deadline (askOutside's), short for tests.
 */
export function switchable<T extends object>(
  inner: T,
  timeoutMs = 300,
  refusal: () => Error = () => new Error('refused'),
): Switchable<T> {
  let mode: OutageMode = 'up';
  const port = new Proxy(inner, {
    get(target, property, receiver) {
      if (property === 'timeoutMs') return timeoutMs;
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (mode === 'down') return Promise.reject(new Error('connect ECONNREFUSED 10.0.0.8:8080'));
        if (mode === 'hanging') return new Promise(() => {});
        if (mode === 'refusing') return Promise.reject(refusal());
        return value.apply(target, args);
      };
    },
  });
  return { port, set: (next) => (mode = next) };
}
