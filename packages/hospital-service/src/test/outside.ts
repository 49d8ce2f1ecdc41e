/**
 * Ports that fail on demand, for the tests of what a handler does when an outside system is down: a
 * {@link switchablePort} answers as the implementation it wraps until the test makes it fail (every call rejects
 * at once) or hang (every call never answers; askOutside gives up after the port's short `timeoutMs`). Pass
 * `port` to startServer's `ports` under the port's name.
 */
export interface SwitchablePort<T> {
  port: T;
  /** Every call rejects (the system refuses the connection). */
  fail(): void;
  /** Every call hangs until askOutside's deadline. */
  hang(): void;
  /** Answers as the wrapped implementation again. */
  restore(): void;
  /** The calls received since the last `reset`, by method. */
  calls: Map<string, number>;
  reset(): void;
}

/** Wraps `real`; its `timeoutMs` is `timeoutMs` (short, so a hanging call fails fast). */
export function switchablePort<T extends object>(real: T, timeoutMs = 100): SwitchablePort<T> {
  let mode: 'real' | 'fail' | 'hang' = 'real';
  const calls = new Map<string, number>();
  const port = new Proxy(real, {
    get: (target, key, receiver) => {
      if (key === 'timeoutMs') return timeoutMs;
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function' || typeof key !== 'string') return value;
      return (...args: unknown[]) => {
        calls.set(key, (calls.get(key) ?? 0) + 1);
        if (mode === 'fail') return Promise.reject(new Error('connect ECONNREFUSED (test)'));
        if (mode === 'hang') return new Promise<never>(() => {});
        return value.apply(target, args);
      };
    },
  });
  return {
    port,
    fail: () => {
      mode = 'fail';
    },
    hang: () => {
      mode = 'hang';
    },
    restore: () => {
      mode = 'real';
    },
    calls,
    reset: () => calls.clear(),
  };
}
