import { ApiError, api, type ChannelType, detectChannel } from '@patient/api-client';
import { appStore } from '@patient/app-state';
import {
  type EndpointResult,
  getPayment,
  getPaymentAppId,
  type PayChannel,
  type Payment,
  startPayment,
} from '@patient/contract';
import { type BridgeResult, payWithAlipay, payWithWechat } from './bridges.ts';
import {
  BUSY_PHASES,
  INITIAL_PAYMENT_STATE,
  type PaymentEvent,
  type PaymentOutcome,
  type PaymentOutcomeStatus,
  type PaymentState,
  transition,
} from './machine.ts';
import { PAYMENT_MESSAGES as M } from './messages.ts';
import { paymentSettings } from './settings.ts';

export interface PayForOrderInput {
  orderType: Payment['orderType'];
  orderId: string;
  /** Same-origin path the sandbox cashier sends the patient back to, with `?paymentId=…` added. */
  returnPath: string;
}

/** The pay channel of a host: the messaging app (browser or mini-program), the payment app, else the sandbox. */
export function payChannelFor(channel: ChannelType | null): PayChannel {
  if (channel === 'WECHAT_BROWSER' || channel === 'WECHAT_MINI_PROGRAM') return 'WECHAT_JSAPI';
  if (channel === 'ALIPAY_MINI_PROGRAM') return 'ALIPAY_TRADE';
  return 'SANDBOX';
}

/** The pay channel of the page's host, from the user agent. */
export function currentPayChannel(): PayChannel {
  return payChannelFor(detectChannel(navigator.userAgent, window.__wxjs_environment));
}

const outcome = (status: PaymentOutcomeStatus, payment: Payment | null, message: string): PaymentOutcome => ({
  status,
  payment,
  message,
});

/** The outcome of a payment the service has settled; null while it is PENDING. */
function settledOutcome(payment: Payment): PaymentOutcome | null {
  switch (payment.status) {
    case 'PAID':
      return outcome('PAID', payment, M.paid);
    case 'CLOSED':
      return outcome('FAILED', payment, M.closed);
    case 'REFUNDING':
    case 'REFUNDED':
      return outcome('FAILED', payment, M.refunded);
    default:
      return null;
  }
}

/** Network trouble and server errors are worth asking again; a refusal (not found, not yours) is not. */
function isTransient(error: unknown): boolean {
  return !(error instanceof ApiError) || error.kind === 'network' || (error.status ?? 0) >= 500;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks the service for the payment. `poll`: with backoff until PAID or CLOSED, or PENDING after the time limit.
 * `once`: a single look; anything but a settled payment gives `fallback` (what the pay sheet said).
 */
async function askService(
  paymentId: string,
  mode: { poll: true } | { poll: false; fallback: PaymentOutcome },
  known: Payment | null,
): Promise<PaymentOutcome> {
  const { pollDelaysMs, confirmTimeLimitMs } = paymentSettings();
  const began = Date.now();
  let last = known;
  for (let attempt = 0; ; attempt++) {
    const delay = pollDelaysMs[Math.min(attempt, pollDelaysMs.length - 1)] ?? 0;
    if (attempt > 0 && Date.now() - began + delay > confirmTimeLimitMs) break;
    await sleep(delay);
    try {
      last = await api.request(
        getPayment,
        { params: { paymentId } },
        { silent: true, keepOnRouteChange: true },
      );
      const settled = settledOutcome(last);
      if (settled) return settled;
    } catch (error) {
      if (!isTransient(error)) return outcome('FAILED', last, (error as ApiError).message);
    }
    if (!mode.poll) return mode.fallback;
  }
  return outcome('PENDING', last, M.pending);
}

type Listener = (state: PaymentState) => void;

/** One payment attempt: its state machine, the listeners of its state and the promise of its outcome. */
export class PaymentRun {
  state: PaymentState = INITIAL_PAYMENT_STATE;
  readonly promise: Promise<PaymentOutcome>;
  private readonly listeners = new Set<Listener>();

  constructor(body: (run: PaymentRun) => Promise<PaymentOutcome>) {
    this.promise = body(this);
  }

  send(event: PaymentEvent): void {
    this.state = transition(this.state, event);
    for (const listener of this.listeners) listener(this.state);
  }

  /** Records the final outcome and returns it. */
  settle(result: PaymentOutcome): PaymentOutcome {
    this.send({ type: 'settle', outcome: result });
    return result;
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get busy(): boolean {
    return BUSY_PHASES.has(this.state.phase);
  }
}

/** Runs in progress, by order ('APPOINTMENT:12') or by payment ('payment:34'). */
const active = new Map<string, PaymentRun>();

function track(key: string, body: (run: PaymentRun) => Promise<PaymentOutcome>): PaymentRun {
  const run = new PaymentRun(body);
  active.set(key, run);
  void run.promise.finally(() => {
    if (active.get(key) === run) active.delete(key);
  });
  return run;
}

const bridgeBusy = () => [...active.values()].some((run) => run.state.phase === 'awaiting-bridge');

async function openPaySheet(
  run: PaymentRun,
  payment: Payment,
  call: () => Promise<BridgeResult | null>,
): Promise<PaymentOutcome> {
  run.send({ type: 'bridge', payment });
  const result = await call();
  if (result === null) return run.settle(outcome('FAILED', payment, M.bridgeUnavailable));
  run.send({ type: 'confirm' });
  const confirmed =
    result === 'ok' || result === 'unknown'
      ? await askService(payment.paymentId, { poll: true }, payment)
      : await askService(
          payment.paymentId,
          {
            poll: false,
            fallback:
              result === 'cancel'
                ? outcome('CANCELLED', payment, M.cancelled)
                : outcome('FAILED', payment, M.bridgeFailed),
          },
          payment,
        );
  return run.settle(confirmed);
}

function safeCashierUrl(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * Opens the sandbox cashier (a full page load). The promise settles only if this page is shown again from the
 * back-forward cache (the patient came back without the cashier's return link): then the service is asked once.
 */
function openCashier(run: PaymentRun, payment: Payment, cashierUrl: string): Promise<PaymentOutcome> {
  const url = safeCashierUrl(cashierUrl);
  if (!url) return Promise.resolve(run.settle(outcome('FAILED', payment, M.badCashier)));
  run.send({ type: 'redirect', payment });
  return new Promise((resolve) => {
    const onShow = (event: Event) => {
      if (!(event as PageTransitionEvent).persisted) return;
      window.removeEventListener('pageshow', onShow);
      run.send({ type: 'confirm' });
      void askService(
        payment.paymentId,
        { poll: false, fallback: outcome('CANCELLED', payment, M.notCompleted) },
        payment,
      ).then((result) => resolve(run.settle(result)));
    };
    window.addEventListener('pageshow', onShow);
    try {
      paymentSettings().redirect(url);
    } catch {
      window.removeEventListener('pageshow', onShow);
      resolve(run.settle(outcome('FAILED', payment, M.badCashier)));
    }
  });
}

/** The contract's id rule. The apps carry no zod (schemas are types-only in the browser), so it is checked here. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** The contract's returnPath rule: a same-origin path. */
const RETURN_PATH_PATTERN = /^\/[A-Za-z0-9/_\-?=&%.]*$/;

const isValidOrder = (body: { orderId: string; returnPath?: string }) =>
  ID_PATTERN.test(body.orderId) &&
  (body.returnPath === undefined ||
    (RETURN_PATH_PATTERN.test(body.returnPath) && body.returnPath.length <= 300));

async function pay(run: PaymentRun, input: PayForOrderInput): Promise<PaymentOutcome> {
  run.send({ type: 'start' });
  const channel = currentPayChannel();
  const body = {
    orderType: input.orderType,
    orderId: input.orderId,
    channel,
    returnPath: input.returnPath,
  };
  if (!isValidOrder(body)) return run.settle(outcome('FAILED', null, M.badOrder));
  if (bridgeBusy()) return run.settle(outcome('FAILED', null, M.otherInProgress));

  let started: EndpointResult<typeof startPayment>;
  try {
    const hospitalId = appStore.getState().hospitalId;
    const appId =
      channel === 'WECHAT_JSAPI' && hospitalId
        ? (await api.request(getPaymentAppId, { query: { hospitalId } }, { keepOnRouteChange: true })).appId
        : undefined;
    started = await api.request(startPayment, { body: { ...body, appId } }, { keepOnRouteChange: true });
  } catch (error) {
    return run.settle(outcome('FAILED', null, error instanceof ApiError ? error.message : M.startFailed));
  }

  const { payment } = started;
  // An order already paid: the service answers its PAID payment with nothing to pay with. PAID at once.
  const settled = settledOutcome(payment);
  if (settled) {
    run.send({ type: 'confirm', payment });
    return run.settle(settled);
  }
  const { bridgeReadyTimeoutMs } = paymentSettings();
  if (channel === 'WECHAT_JSAPI' && started.wechat) {
    const params = started.wechat;
    return openPaySheet(run, payment, () => payWithWechat(params, bridgeReadyTimeoutMs));
  }
  if (channel === 'ALIPAY_TRADE' && started.alipay) {
    const { tradeNo } = started.alipay;
    return openPaySheet(run, payment, () => payWithAlipay(tradeNo, bridgeReadyTimeoutMs));
  }
  if (started.sandbox) return openCashier(run, payment, started.sandbox.cashierUrl);
  return run.settle(outcome('FAILED', payment, M.missingParameters));
}

/** Starts (or joins) the payment of an order; see payForOrder. */
export function startPaymentRun(input: PayForOrderInput): PaymentRun {
  const key = `${input.orderType}:${input.orderId}`;
  const running = active.get(key);
  if (running?.busy) return running;
  return track(key, (run) => pay(run, input));
}

/** Starts (or joins) the confirmation of a payment; see confirmPayment. */
export function confirmPaymentRun(paymentId: string): PaymentRun {
  const running = [...active.values()].find((run) => run.busy && run.state.payment?.paymentId === paymentId);
  if (running) return running;
  const key = `payment:${paymentId}`;
  const joined = active.get(key);
  if (joined?.busy) return joined;
  return track(key, async (run) => {
    run.send({ type: 'confirm' });
    if (!ID_PATTERN.test(paymentId)) {
      return run.settle(outcome('FAILED', null, M.badPaymentId));
    }
    return run.settle(await askService(paymentId, { poll: true }, null));
  });
}

/**
 * Pays an order on the host's channel: the messaging app's JSAPI pay sheet, the payment app's trade pay, or
 * (any other browser, development) the sandbox cashier page. Whatever the pay sheet says, the outcome comes
 * from the service (getPayment, polled with backoff): PAID only when the service says so, PENDING when it has
 * not settled in time. Calling it again while the order's payment is in progress joins it (one pay sheet);
 * for an order already paid the service answers its PAID payment and the outcome is PAID at once.
 * For the sandbox cashier the page leaves and the promise does not settle (unless the page is shown again
 * from the back-forward cache). Start errors were already shown by api-client; `message` says why.
 */
export function payForOrder(input: PayForOrderInput): Promise<PaymentOutcome> {
  return startPaymentRun(input).promise;
}

/**
 * Confirms a payment with the service (after the sandbox cashier sent the patient back with ?paymentId=…):
 * polls getPayment with backoff until PAID or CLOSED, else PENDING ('支付结果确认中…').
 */
export function confirmPayment(paymentId: string): Promise<PaymentOutcome> {
  return confirmPaymentRun(paymentId).promise;
}
