/**
 * Test helpers shared by the feature packages (not used by the app): the feature harness (`setupFeature`: the
 * loopback server, a fresh fake service, seeded app state and payment wiring for every test), reply envelopes,
 * the requests sent, `renderAt` (a router and the hospital config around screens), and the confirm dialog's
 * buttons. Each feature keeps its own fixtures and its fake service's routes.
 */
import { api, configureApi } from '@patient/api-client';
import { type Received, type Reply, startServer, type TestServer } from '@patient/api-client/testing';
import { type AppState, appStore } from '@patient/app-state';
import { type Contact, SERVICE_PREFIX } from '@patient/contract';
import { type HospitalConfig, HospitalConfigProvider } from '@patient/hospital-config';
import { testHospitalConfig } from '@patient/hospital-config/testing';
import { preloadFeedback } from '@patient/ui-kit';
import { cleanup, render, waitFor } from '@testing-library/react';
import { type ReactElement, type ReactNode, useRef } from 'react';
import { createMemoryRouter, matchPath, RouterProvider, useLocation, useOutlet } from 'react-router-dom';
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

/**
 * The payment calls of a fake whose flows pay in the sandbox only: the hospital's pay channels (SANDBOX) and
 * js_pay, answering a pending payment '77' of `amount` fen with the cashier http://cashier.test/pay/77.
 */
export function sandboxPayRoutes(amount: number): Route[] {
  return [
    ['GET', /^\/v1\/pay_orders\/channels$/, () => ok({ channels: ['SANDBOX'] })],
    [
      'POST',
      /^\/v1\/pay_orders\/js_pay$/,
      (r) => {
        const body = JSON.parse(r.body);
        return ok({
          payment: {
            paymentId: '77',
            orderType: body.orderType,
            orderId: body.orderId,
            channel: 'SANDBOX',
            amount,
            status: 'PENDING',
            paidAt: null,
          },
          authorize: null,
          wechat: null,
          alipay: null,
          sandbox: { cashierUrl: 'http://cashier.test/pay/77' },
          redirect: null,
        });
      },
    ],
  ];
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

/** 张伟, the account's default contact (id 1): the contact the default seed loads. */
export const defaultContact = (): Contact => makeContact('1', '张伟', { isDefault: true });

/**
 * The user's app state at the start of each test, over the logged-out state: any field of AppState (hospitalId
 * defaults to '1000'), and `contacts`, loaded (contactsLoaded) unless null. Default contacts: [defaultContact()].
 */
export type Seed = Partial<Omit<AppState, 'contacts'>> & { contacts?: Contact[] | null };

/**
 * @patient/payment's settings functions (feature-kit does not import payment) and the waits to shorten. The
 * harness sends the payment module's full-page loads to `redirects` and resets its settings after each test.
 */
export interface PaymentWiring {
  configurePayment(changes: {
    redirect(url: string): void;
    pollDelaysMs?: readonly number[];
    confirmTimeLimitMs?: number;
  }): void;
  resetPaymentSettings(): void;
  /** Pauses between the confirmation's polls (default: the module's). */
  pollDelaysMs?: readonly number[];
  /** How long confirming waits for an outcome (default: the module's). */
  confirmTimeLimitMs?: number;
}

export interface FeatureOptions<S extends LoopbackService = LoopbackService> {
  /** The feature's fake service, made anew for each test. */
  service?: new () => S;
  /** Or its routes as a table, made anew for each test. Without either, tests give `server.handle` their own. */
  routes?: () => Route[];
  /** App state before each test (see Seed). */
  seed?: Seed;
  /** Wires @patient/payment for the feature's paid flows. */
  payment?: PaymentWiring;
  /** After each test: clear what the feature keeps outside app state (drafts, dictionaries). */
  reset?(): void;
  /** Let requests already on their way arrive before the next test: ms (default 30). */
  settleMs?: number;
}

export interface FeatureHarness<S extends LoopbackService> extends LoopbackContext {
  /** This test's fake service. */
  readonly service: S;
  /** Full-page loads: the payment module's (cashier) and api-client's (HTTP 401). */
  readonly redirects: string[];
}

class RouteTable extends LoopbackService {
  constructor(protected readonly routes: Route[]) {
    super();
  }
}

function applySeed({ contacts = [defaultContact()], ...state }: Seed): void {
  appStore.getState().update((s) => {
    Object.assign(
      s,
      { hospitalId: '1000' },
      contacts === null ? {} : { contacts: structuredClone(contacts), contactsLoaded: true },
      structuredClone(state),
    );
  });
}

/**
 * The test harness of a feature: starts the loopback server for the test file (setupLoopback); before each
 * test a fresh fake service answers on it, sessionStorage is empty, app state is seeded and payment wired;
 * after each test the feature's `reset` runs. Call it once at the top of a test file.
 */
export function setupFeature<S extends LoopbackService = LoopbackService>(
  options: FeatureOptions<S> = {},
): FeatureHarness<S> {
  const { service: Service, routes, seed = {}, payment, reset, settleMs = 30 } = options;
  let service: LoopbackService | null = null;
  const redirects: string[] = [];
  const loopback = setupLoopback({
    settleMs,
    onRedirect: (url) => void redirects.push(url),
    reset() {
      redirects.length = 0;
      payment?.resetPaymentSettings();
      reset?.();
    },
    prepare(server) {
      sessionStorage.clear();
      service = Service ? new Service() : routes ? new RouteTable(routes()) : null;
      if (service) server.handle(service.handle);
      if (payment) {
        const { configurePayment, resetPaymentSettings: _, ...settings } = payment;
        configurePayment({ ...settings, redirect: (url) => void redirects.push(url) });
      }
      applySeed(seed);
    },
  });
  return {
    get server() {
      return loopback.server;
    },
    get service() {
      if (!service) throw new Error('setupFeature: no service or routes given');
      return service as S;
    },
    toasts: loopback.toasts,
    redirects,
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
  /**
   * Route patterns whose screens stay mounted (hidden) after the patient leaves them, as app-shell's
   * keep-alive outlet keeps them: going elsewhere and back finds the screen as it was left.
   */
  keepAlive?: string[];
}

function KeepAlive({ patterns }: { patterns: string[] }) {
  const { pathname } = useLocation();
  const outlet = useOutlet();
  const cache = useRef(new Map<string, ReactNode>()).current;
  const kept = patterns.some((pattern) => matchPath(pattern, pathname) !== null);
  if (kept && !cache.has(pathname)) cache.set(pathname, outlet);
  return (
    <>
      {[...cache].map(([path, element]) => (
        <div key={path} hidden={path !== pathname}>
          {element}
        </div>
      ))}
      {!kept && outlet}
    </>
  );
}

/**
 * Renders the routes (pattern → element) at `path` inside HospitalConfigProvider, the shell's main landmark
 * and a memory router; other paths show ELSEWHERE <path>. Returns the router.
 */
export function renderAt(routes: Record<string, ReactElement>, path: string, options: RenderOptions = {}) {
  const [pathname, search] = path.split('?');
  const children = [
    ...Object.entries(routes).map(([pattern, element]) => ({ path: pattern, element })),
    { path: '*', element: <Elsewhere /> },
  ];
  const router = createMemoryRouter(
    options.keepAlive ? [{ element: <KeepAlive patterns={options.keepAlive} />, children }] : children,
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
