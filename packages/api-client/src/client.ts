import {
  type Endpoint,
  type EndpointInput,
  type EndpointResult,
  type Envelope,
  SERVER_TIME_HEADER,
  STATE_OK,
  SUB_CODE,
} from '@patient/contract';
import axios, { type AxiosResponse } from 'axios';
import type { ChannelType } from './channel.ts';
import { ApiError } from './errors.ts';
import { loginPath, MESSAGES, STAFF_SIGN_IN_PATH, TOAST_MS } from './messages.ts';
import { type AnyEndpointInput, buildRequestConfig } from './request-config.ts';
import { type ServerClock, serverClock } from './server-clock.ts';

/** The UI the client reacts with; app-shell passes the ui-kit toast and dialog. */
export interface ApiUi {
  toast(message: string, durationMs: number): void;
  /** Resolves when the dialog is closed. */
  alert(options: { title: string; message: string; confirmText: string }): Promise<void>;
}

export interface ApiClientOptions {
  /** Origin of the services, without a path; default '' (same origin). */
  baseURL?: string;
  /** Sent as the channel header; null or absent sends no header. */
  channel?: ChannelType | null;
  ui: ApiUi;
  /** SPA navigation, used for /login after subCode 40300, 40301 and 40302. */
  navigate(path: string): void;
  /** Full page load, used for /login after HTTP 401. */
  redirect(url: string): void;
  /** Where the patient is (path and query): the login screen sends them back there. */
  currentPath?(): string;
  /** Fed with the service time of every response; default the app-wide {@link serverClock}. */
  serverClock?: ServerClock;
  /**
   * Asks the patient for the separate consent to sensitive personal information (subCode
   * SENSITIVE_CONSENT_REQUIRED) and records it: resolves true once given (the call is then made again), false
   * when refused. One prompt at a time: calls refused meanwhile wait for the same answer. Absent: a toast.
   */
  askSensitiveConsent?(): Promise<boolean>;
}

export interface RequestOptions {
  /** No toast, dialog, navigation or redirect: the promise just rejects and the caller handles it. */
  silent?: boolean;
  /** Aborting it cancels the request (ApiError kind 'cancelled', message MESSAGES.aborted). */
  signal?: AbortSignal;
  /** Not cancelled by cancelPending (e.g. a payment confirmation that must outlive the page). */
  keepOnRouteChange?: boolean;
}

export interface ApiClient {
  /**
   * Calls `endpoint` and resolves to the `results` of its envelope. Rejects with an ApiError after the
   * UI reaction of the error catalogue (000 §8), or without one when `silent` or cancelled.
   */
  request<E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    options?: RequestOptions,
  ): Promise<EndpointResult<E>>;
  /** Cancels every registered pending request (route change). Returns how many were cancelled. */
  cancelPending(reason?: string): number;
  /** Requests whose HTTP exchange is still in flight. */
  readonly pendingCount: number;
}

interface Pending {
  controller: AbortController;
  keep: boolean;
  reason: string;
}

function asEnvelope(data: unknown): Envelope | null {
  return typeof data === 'object' && data !== null && typeof (data as Envelope).state === 'number'
    ? (data as Envelope)
    : null;
}

function field(data: unknown, key: 'message' | 'msg' | 'subMsg' | 'subCode'): unknown {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;
}

function text(data: unknown, key: 'message' | 'msg' | 'subMsg'): string | undefined {
  const value = field(data, key);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Creates a client; the app uses the singleton of configureApi instead. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const http = axios.create();
  const clock = options.serverClock ?? serverClock;
  const pending = new Set<Pending>();
  /** Inputs of calls being made again after the consent was given: refused again, they are not asked twice. */
  const consentAsked = new WeakSet<object>();
  const context = { baseURL: options.baseURL, channel: options.channel ?? null };
  /** The open 40300/40302 dialog; further session answers wait for it instead of stacking dialogs. */
  let sessionDialog: Promise<void> | null = null;
  /** The open sensitive-consent prompt; other refused calls wait for its answer. */
  let consentPrompt: Promise<boolean> | null = null;
  const askConsent = (ask: () => Promise<boolean>): Promise<boolean> => {
    consentPrompt ??= ask()
      .catch(() => false)
      .finally(() => {
        consentPrompt = null;
      });
    return consentPrompt;
  };
  const toLogin = () => loginPath(options.currentPath?.());

  async function leaveSession(subCode: number, subMsg: string | undefined): Promise<void> {
    if (sessionDialog) return sessionDialog;
    if (subCode === SUB_CODE.SESSION_GONE) {
      options.navigate(toLogin());
      return;
    }
    const banned = subCode === SUB_CODE.BANNED;
    sessionDialog = options.ui
      .alert({
        title: banned ? MESSAGES.bannedTitle : MESSAGES.offlineTitle,
        message: subMsg ?? (banned ? MESSAGES.bannedFallback : MESSAGES.offlineFallback),
        confirmText: banned ? MESSAGES.bannedConfirm : MESSAGES.offlineConfirm,
      })
      .catch(() => undefined)
      .then(() => options.navigate(toLogin()))
      .finally(() => {
        sessionDialog = null;
      });
    return sessionDialog;
  }

  /** Applies the error catalogue to an answer; returns the error to reject with, or null on success. */
  async function check(response: AxiosResponse, silent: boolean): Promise<ApiError | null> {
    const { status, data } = response;
    const envelope = asEnvelope(data);
    const subCode = field(data, 'subCode');
    const subMsg = text(data, 'subMsg');
    const msg = text(data, 'msg');
    const details = { status, state: envelope?.state, subCode: envelope?.subCode, subMsg, msg };
    const toast = (message: string, durationMs: number = TOAST_MS.default) => {
      if (!silent) options.ui.toast(message, durationMs);
    };

    if (
      subCode === SUB_CODE.BANNED ||
      subCode === SUB_CODE.SESSION_GONE ||
      subCode === SUB_CODE.LOGGED_IN_ELSEWHERE
    ) {
      if (!silent) await leaveSession(subCode, subMsg);
      return new ApiError('session', subMsg ?? MESSAGES.sessionExpired, { ...details, subCode });
    }
    if (subCode === SUB_CODE.STAFF_SIGN_IN_REQUIRED) {
      if (!silent) options.navigate(STAFF_SIGN_IN_PATH);
      return new ApiError('session', MESSAGES.staffSignIn, details);
    }
    if (subCode === SUB_CODE.SENSITIVE_CONSENT_REQUIRED) {
      // Asked (and the call made again) by request(); without a prompt the patient is at least told.
      if (!options.askSensitiveConsent) toast(subMsg ?? MESSAGES.sensitiveConsent);
      return new ApiError('consent', subMsg ?? MESSAGES.sensitiveConsent, details);
    }
    if (status === 401) {
      if (!silent) options.redirect(toLogin());
      return new ApiError('session', MESSAGES.sessionExpired, details);
    }
    if (status === 404) {
      toast(MESSAGES.notFound);
      return new ApiError('http', MESSAGES.notFound, details);
    }
    if (status >= 500) {
      const message = text(data, 'message') ?? msg ?? subMsg ?? MESSAGES.serverError;
      toast(message, TOAST_MS.serverError);
      return new ApiError('http', message, details);
    }
    if (status < 200 || status > 299) {
      const message = subMsg ?? msg ?? MESSAGES.requestFailed;
      toast(message);
      return new ApiError('http', message, details);
    }
    if (!envelope) {
      toast(MESSAGES.badResponse);
      return new ApiError('http', MESSAGES.badResponse, details);
    }
    if (envelope.state !== STATE_OK) {
      const message = subMsg ?? msg ?? MESSAGES.requestFailed;
      toast(message);
      return new ApiError('state', message, details);
    }
    return null;
  }

  async function request<E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    requestOptions: RequestOptions = {},
  ): Promise<EndpointResult<E>> {
    const { silent = false, signal, keepOnRouteChange = false } = requestOptions;
    const config = buildRequestConfig(endpoint, input as AnyEndpointInput, context);
    if (signal?.aborted) throw new ApiError('cancelled', MESSAGES.aborted, { cause: signal.reason });

    const entry: Pending = {
      controller: new AbortController(),
      keep: keepOnRouteChange,
      reason: MESSAGES.cancelled,
    };
    const onAbort = () => {
      entry.reason = MESSAGES.aborted;
      entry.controller.abort();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    pending.add(entry);

    let response: AxiosResponse;
    const sentAt = Date.now();
    try {
      response = await http.request({ ...config, signal: entry.controller.signal });
      clock.observe(response.headers[SERVER_TIME_HEADER], sentAt, Date.now());
    } catch (error) {
      if (entry.controller.signal.aborted || axios.isCancel(error)) {
        throw new ApiError('cancelled', entry.reason, { cause: error });
      }
      if (!silent) options.ui.toast(MESSAGES.networkError, TOAST_MS.default);
      throw new ApiError('network', MESSAGES.networkError, { cause: error });
    } finally {
      pending.delete(entry);
      signal?.removeEventListener('abort', onAbort);
    }

    const failure = await check(response, silent);
    if (failure?.kind === 'consent' && !silent && options.askSensitiveConsent && !consentAsked.has(input)) {
      if (await askConsent(options.askSensitiveConsent)) {
        consentAsked.add(input);
        try {
          return await request(endpoint, input, requestOptions);
        } finally {
          consentAsked.delete(input);
        }
      }
    }
    if (failure) throw failure;
    return (response.data as Envelope<EndpointResult<E>>).results as EndpointResult<E>;
  }

  return {
    request,
    cancelPending(reason: string = MESSAGES.cancelled) {
      let count = 0;
      for (const entry of pending) {
        if (entry.keep) continue;
        entry.reason = reason;
        entry.controller.abort();
        pending.delete(entry);
        count++;
      }
      return count;
    },
    get pendingCount() {
      return pending.size;
    },
  };
}
