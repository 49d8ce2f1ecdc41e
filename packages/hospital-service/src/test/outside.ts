/**
 * Ports that fail on demand, for the tests of what a handler does when an outside system is down: a
 * {@link switchablePort} answers as the implementation it wraps until the test makes it fail (every call rejects
 * at once) or hang (every call never answers; askOutside gives up after the port's short `timeoutMs`). Pass
 * `port` to startServer's `ports` under the port's name.
 */
export interface SwitchablePort<T> {
  port: T;
  /** Every call (of these methods, when named) rejects: the system refuses the connection. */
  fail(...methods: string[]): void;
  /** Every call (of these methods, when named) hangs until askOutside's deadline. */
  hang(...methods: string[]): void;
  /** Every call (of these methods, when named) rejects with the port's own refusal (`error()`). */
  refuse(error: () => Error, ...methods: string[]): void;
  /** Answers as the wrapped implementation again. */
  restore(): void;
  /** The calls received since the last `reset`, by method. */
  calls: Map<string, number>;
  reset(): void;
}

/** Wraps `real`; its `timeoutMs` is `timeoutMs` (short, so a hanging call fails fast). */
export function switchablePort<T extends object>(real: T, timeoutMs = 100): SwitchablePort<T> {
  let mode: 'real' | 'fail' | 'hang' | 'refuse' = 'real';
  let only: string[] = [];
  let refusal: () => Error = () => new Error('refused');
  const calls = new Map<string, number>();
  const port = new Proxy(real, {
    get: (target, key, receiver) => {
      if (key === 'timeoutMs') return timeoutMs;
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function' || typeof key !== 'string') return value;
      return (...args: unknown[]) => {
        calls.set(key, (calls.get(key) ?? 0) + 1);
        const down = only.length === 0 || only.includes(key);
        if (down && mode === 'fail') return Promise.reject(new Error('connect ECONNREFUSED (test)'));
        if (down && mode === 'hang') return new Promise<never>(() => {});
        if (down && mode === 'refuse') return Promise.reject(refusal());
        return value.apply(target, args);
      };
    },
  });
  return {
    port,
    fail: (...methods) => {
      mode = 'fail';
      only = methods;
    },
    hang: (...methods) => {
      mode = 'hang';
      only = methods;
    },
    refuse: (error, ...methods) => {
      mode = 'refuse';
      refusal = error;
      only = methods;
    },
    restore: () => {
      mode = 'real';
    },
    calls,
    reset: () => calls.clear(),
  };
}
