import axios from 'axios';

/**
 * What went wrong:
 * - `cancelled`: aborted by cancelPending or the caller's signal (never shown to the user);
 * - `session`: subCode 40300/40301/40302 or HTTP 401, the user is sent to /login;
 * - `http`: any other non-2xx status, or a 2xx answer that is not an envelope;
 * - `state`: HTTP 2xx with an envelope whose state is not 200;
 * - `network`: no answer at all.
 */
export type ApiErrorKind = 'cancelled' | 'http' | 'state' | 'network' | 'session' | 'consent';

/** Details of an ApiError, taken from the HTTP answer and its envelope when there was one. */
export interface ApiErrorDetails {
  status?: number;
  state?: number;
  subCode?: number | null;
  subMsg?: string | null;
  msg?: string | null;
  cause?: unknown;
}

/** The rejection of every failed request. `message` is the text shown to the user (or that would have been). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status, when an answer arrived. */
  readonly status?: number;
  /** Envelope `state`, when the answer was an envelope. */
  readonly state?: number;
  readonly subCode?: number | null;
  readonly subMsg?: string | null;
  readonly msg?: string | null;

  constructor(kind: ApiErrorKind, message: string, details: ApiErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.state = details.state;
    this.subCode = details.subCode;
    this.subMsg = details.subMsg;
    this.msg = details.msg;
  }
}

/** True for a request cancelled by cancelPending or an AbortSignal: callers usually ignore it. */
export function isCancelled(error: unknown): boolean {
  return (error instanceof ApiError && error.kind === 'cancelled') || axios.isCancel(error);
}
