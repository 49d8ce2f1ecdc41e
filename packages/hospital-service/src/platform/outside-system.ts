import { ApiError } from './http/errors.ts';

/**
 * An outside system (HIS, LIS, courier…) could not be asked or did not answer in time. Ports throw it (or any
 * error: {@link askOutside} wraps it); the error handler answers HTTP 200, state 503, with a Chinese message
 * that names the system — and, because the call failed before our transaction wrote anything the outside
 * system did not confirm, nothing has changed.
 */
export class OutsideSystemError extends ApiError {
  /** Which system: its Chinese name, e.g. 医院信息系统（HIS）. */
  readonly system: string;

  constructor(system: string, reason: 'timeout' | 'failure', cause?: unknown) {
    const subMsg =
      reason === 'timeout'
        ? `${system}响应超时，请稍后再试（本次操作未生效）`
        : `${system}暂时无法访问，请稍后再试（本次操作未生效）`;
    super(200, { state: 503, msg: `${system}暂不可用`, subMsg, subCode: null, results: null });
    this.name = 'OutsideSystemError';
    this.system = system;
    if (cause !== undefined) this.cause = cause;
  }
}

/** What one call to an outside system may take unless its port says otherwise. */
export const OUTSIDE_CALL_TIMEOUT_MS = 8_000;

/**
 * Calls a port with a deadline: the answer, or {@link OutsideSystemError} when the port fails or takes longer
 * than `timeoutMs`. A business refusal the caller expects (e.g. the port's own error class) passes through
 * unchanged when `passThrough` recognises it. Call it before writing, so a failure changes nothing of ours.
 */
export async function askOutside<T>(
  system: string,
  call: (signal: AbortSignal) => Promise<T>,
  options: { timeoutMs?: number; passThrough?: (error: unknown) => boolean } = {},
): Promise<T> {
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? OUTSIDE_CALL_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new OutsideSystemError(system, 'timeout'));
    }, timeoutMs);
    timer.unref?.();
  });
  try {
    return await Promise.race([call(controller.signal), deadline]);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (options.passThrough?.(error)) throw error;
    throw new OutsideSystemError(system, 'failure', error);
  } finally {
    clearTimeout(timer);
  }
}
