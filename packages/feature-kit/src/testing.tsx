/**
 * Test helpers shared by the feature packages (not used by the app): the loopback server plumbing around
 * api-client, reply envelopes, the requests sent, a router and the hospital config around a screen, and the
 * confirm dialog's buttons. Each feature keeps its own fake service answers and fixtures.
 */
import { api, configureApi } from '@patient/api-client';
import { type Received, type Reply, startServer, type TestServer } from '@patient/api-client/testing';
import { appStore } from '@patient/app-state';
import { type Contact, SERVICE_PREFIX } from '@patient/contract';
import { type HospitalConfig, HospitalConfigProvider } from '@patient/hospital-config';
import { testHospitalConfig } from '@patient/hospital-config/testing';
import { preloadFeedback } from '@patient/ui-kit';
import { cleanup, render, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

/** A successful answer of the hospital service carrying `results`. */
export const ok = (results: unknown): Reply => ({
  body: { state: 200, msg: null, subMsg: null, subCode: null, results },
});
/** A business error of the hospital service. */
export const fail = (state: number, msg: string, subMsg = msg): Reply => ({
  body: { state, msg, subMsg, subCode: null, results: null },
});

/** The path of a request without its service prefix (hospital, product or staff), decoded. */
export function servicePath(request: Received): string {
  const path = decodeURIComponent(request.path);
  const prefix = Object.values(SERVICE_PREFIX).find((p) => path.startsWith(`${p}/`));
  return prefix ? path.slice(prefix.length) : path;
}

/** The requests the server received, as 'METHOD /path' without the service prefix; `except` left out. */
export function sent(server: TestServer, ...except: string[]): string[] {
  return server.received.map((r) => `${r.method} ${servicePath(r)}`).filter((line) => !except.includes(line));
}

/** The JSON bodies of the requests to exactly 'METHOD /path', or (no method) whose path contains `fragment`. */
export function bodiesOf(server: TestServer, lineOrFragment: string): unknown[] {
  const exact = /^[A-Z]+ \//.test(lineOrFragment);
  return server.received
    .filter((r) =>
      exact ? `${r.method} ${servicePath(r)}` === lineOrFragment : r.path.includes(lineOrFragment),
    )
    .map((r) => (r.body ? JSON.parse(r.body) : null));
}

/**
 * A contact as the service lists it: a certified, verified adult (本人) with a mainland ID card, not default.
 * `hisVerified` follows the service's rule (certified 本人, or a confirmed HIS code) unless `extra` sets it.
 */
export function makeContact(
  contactId: string,
  name: string,
  extra: Partial<Contact['contactDO']> = {},
): Contact {
  const contactDO: Contact['contactDO'] = {
    name,
    documentType: 'IDENTITY_CARD',
    documentNumber: '110105198503152313',
    phone: '13800138000',
    phoneVerified: true,
    sex: null,
    birthDate: null,
    relation: 'SELF',
    isDefault: false,
    certified: true,
    hisVerified: false,
    hisVerifiedAt: null,
    hisProof: null,
    notify: true,
    address: null,
    ethnicity: null,
    occupation: null,
    ...extra,
  };
  // By default the demo's 张伟: 本人 whose HIS phone is the account's own (proven, ACCOUNT_PHONE); a contact
  // with hisVerifiedAt was proven by the HIS phone's code; others are not proven.
  if (extra.hisProof === undefined && extra.hisVerified !== false) {
    contactDO.hisProof =
      contactDO.hisVerifiedAt !== null
        ? 'SMS'
        : contactDO.relation === 'SELF' && contactDO.certified
          ? 'ACCOUNT_PHONE'
          : null;
  }
  if (extra.hisVerified === undefined) contactDO.hisVerified = contactDO.hisProof !== null;
  return { contactId, createdAt: '2026-01-01T00:00:00.000Z', contactDO };
}

/** An answer of a fake service to a request whose path matched `match`. */
export type Answer = (request: Received, match: RegExpMatchArray) => Reply | Promise<Reply>;
/** A call a fake service answers: method, path pattern (without the service prefix), answer. */
export type Route = [method: string, pattern: RegExp, answer: Answer];

/**
 * The plumbing of a feature's in-memory stand-in for the hospital service: `handle` (give it to the loopback
 * server) answers with the first matching override, then the first matching route, else 404. The feature
 * keeps its data and its routes.
 */
export abstract class LoopbackService {
  /** 'METHOD pattern' → answer, tried before the routes (pattern: a regular expression source). */
  readonly overrides = new Map<string, Answer>();
  protected abstract readonly routes: Route[];

  /** Replaces the answer of one call ('METHOD pattern') with `answer` (an Answer or a fixed Reply). */
  override(key: string, answer: Answer | Reply): void {
    this.overrides.set(key, typeof answer === 'function' ? answer : () => answer);
  }

  /**
   * Holds the answers of one call ('METHOD pattern') until the returned release is called, then answers them
   * as usual: for what a screen shows and allows while something loads.
   */
  hold(key: string): () => void {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.override(key, async (request) => {
      await released;
      this.overrides.delete(key);
      return this.handle(request);
    });
    return release;
  }

  handle = (request: Received): Reply | Promise<Reply> => {
    const path = servicePath(request);
    for (const [key, answer] of this.overrides) {
      const [method, pattern] = key.split(' ');
      const match = path.match(new RegExp(`^${pattern}$`));
      if (method === request.method && match) return answer(request, match);
    }
    for (const [method, pattern, answer] of this.routes) {
      const match = path.match(pattern);
      if (method === request.method && match) return answer(request, match);
    }
    return { status: 404, body: { state: 404, msg: '接口不存在' } };
  };
}

export interface LoopbackContext {
  /** The loopback server (set before the first test runs). */
  readonly server: TestServer;
  /** Toasts of api-client (error catalogue). ui-kit toasts render in the page (see bodyShows). */
  toasts: string[];
}

export interface LoopbackOptions {
  /** Before the first test and after each reset: a fresh fake service on `server`, app state, settings. */
  prepare?(server: TestServer): void;
  /** After each test, before prepare: clear what the feature keeps (dictionaries, settings, redirects). */
  reset?(): void;
  /** Let requests already on their way (e.g. sent while unmounting) arrive before the next test: ms. */
  settleMs?: number;
  /** Full-page redirects of api-client (HTTP 401); ignored by default. */
  onRedirect?(url: string): void;
}

/**
 * Starts the real loopback server for the test file and points api-client at it; after each test the screen is
 * unmounted, the server's log, the toasts and the user's app state are reset, then `prepare` runs again.
 */
export function setupLoopback(options: LoopbackOptions = {}): LoopbackContext {
  let server = null as unknown as TestServer;
  const toasts: string[] = [];
  beforeAll(async () => {
    // Toasts and dialogs load on first use; loading them here keeps a test's waits about the page, and no
    // import is left in flight when the file's environment is torn down.
    await preloadFeedback();
    server = await startServer({ corsOrigin: window.location.origin });
    configureApi({
      baseURL: server.baseURL,
      ui: { toast: (m) => void toasts.push(m), alert: async () => {} },
      navigate: () => {},
      redirect: (url) => options.onRedirect?.(url),
    });
    options.prepare?.(server);
  });
  afterEach(async () => {
    cleanup();
    // Unmounting may schedule a last call (an order page releases its hold on a zero-delay timer): let it be
    // sent and answered now, so that it is this test's request and not a stray one in the next test's log.
    await pause(0);
    await waitFor(() => expect(api.pendingCount).toBe(0));
    if (options.settleMs) await pause(options.settleMs);
    server.reset();
    toasts.length = 0;
    appStore.getState().resetUser();
    options.reset?.();
    options.prepare?.(server);
  });
  afterAll(() => server.close());
  return {
    get server() {
      return server;
    },
    toasts,
  };
}

/** What a path outside the rendered routes shows: ELSEWHERE <path>. */
export function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`ELSEWHERE ${location.pathname}${location.search}`}</p>;
}

export interface RenderOptions {
  /** Navigation state of the entry. */
  state?: unknown;
  /** History entries before this one. */
  before?: string[];
  /** The hospital config; default testHospitalConfig(). */
  config?: HospitalConfig;
}

/**
 * Renders the routes (pattern → element) at `path` inside HospitalConfigProvider and a memory router; other
 * paths show ELSEWHERE <path>.
 */
export function renderScreen(
  routes: Record<string, ReactElement>,
  path: string,
  options: RenderOptions = {},
) {
  const [pathname, search] = path.split('?');
  const router = createMemoryRouter(
    [
      ...Object.entries(routes).map(([pattern, element]) => ({ path: pattern, element })),
      { path: '*', element: <Elsewhere /> },
    ],
    {
      initialEntries: [
        ...(options.before ?? []),
        options.state === undefined
          ? path
          : { pathname, search: search === undefined ? '' : `?${search}`, state: options.state },
      ],
    },
  );
  render(
    <HospitalConfigProvider config={options.config ?? testHospitalConfig()}>
      {/* The shell's main landmark: screens render a div inside it. */}
      <main>
        <RouterProvider router={router} />
      </main>
    </HospitalConfigProvider>,
  );
  return router;
}

/** Runs `open`, waits for the dialog it opens, presses its `label` button; resolves to the dialog's text. */
export async function answerDialog(open: () => void, label: string): Promise<string> {
  // A dialog closed just before may still be fading out: only a dialog that appears after `open` counts.
  const before = new Set(document.querySelectorAll('.rv-dialog'));
  open();
  let dialog: Element | undefined;
  await waitFor(() => {
    dialog = [...document.querySelectorAll('.rv-dialog')].find((d) => !before.has(d));
    expect(dialog).toBeTruthy();
  });
  const button = [...dialog!.querySelectorAll('button')].find((b) => b.textContent?.trim() === label);
  if (!button) throw new Error(`对话框中没有“${label}”按钮`);
  const text = dialog!.textContent ?? '';
  button.click();
  return text;
}

/** Waits until the page body shows `text` (ui-kit toasts render outside the screen). */
export async function bodyShows(text: string): Promise<void> {
  await waitFor(() => expect(document.body.textContent).toContain(text), { timeout: 8000 });
}

/** Lets requests in flight arrive and answers settle. */
export const pause = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));
