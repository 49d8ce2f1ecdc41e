import { ApiError, api, type ChannelType, detectChannel } from '@patient/api-client';
import { appStore } from '@patient/app-state';
import {
  type EndpointResult,
  getPayment,
  getPaymentAppId,
  type PayChannel,
  type Payment,
  payChannels,
  startPayment,
} from '@patient/contract';
import {
  type BridgeResult,
  openMiniProgramPage,
  payWithAlipay,
  payWithWechat,
  type WechatPayParams,
} from './bridges.ts';
import { type CashierChannel, type PayChoice, payChoicesOf, providerCashierUrl } from './channels.ts';
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
  /** Same-origin path the cashier (sandbox or provider) sends the patient back to, with `?paymentId=…` added. */
  returnPath: string;
  /** The order's hospital, whose open channels are asked in an ordinary browser. Default: app state's. */
  hospitalId?: string;
  /**
   * Asked in an ordinary browser when 微信支付 and/or 支付宝 are open: resolve with the patient's choice, or null
   * when they closed it (CANCELLED). Without it the run waits in `choosing` for `PaymentRun.choose`.
   */
  chooseChannel?(choices: readonly PayChoice[]): Promise<CashierChannel | null>;
}

/**
 * The pay channel of a host: the messaging app (browser or mini-program), the payment app, else SANDBOX, which
 * stands for an ordinary browser (payForOrder then asks the service which cashier channels are open).
 */
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
  confirmTimeLimitMs = paymentSettings().confirmTimeLimitMs,
): Promise<PaymentOutcome> {
  const { pollDelaysMs } = paymentSettings();
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
  private answerChoice: ((channel: CashierChannel | null) => void) | null = null;

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

  /** In `choosing`: the patient's choice, or null when they closed it. Ignored in any other phase. */
  choose = (channel: CashierChannel | null): void => {
    if (this.state.phase === 'choosing') this.answerChoice?.(channel);
  };

  /** Offers `choices` (phase `choosing`) and resolves with the answer of `choose` or of `ask`. */
  waitForChoice(
    choices: readonly PayChoice[],
    ask: PayForOrderInput['chooseChannel'],
  ): Promise<CashierChannel | null> {
    return new Promise((resolve) => {
      this.answerChoice = (channel) => {
        this.answerChoice = null;
        resolve(channel);
      };
      this.send({ type: 'choose', choices });
      ask?.(choices).then(this.choose, () => this.choose(null));
    });
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
 * Opens a cashier page (a full page load): the sandbox's, or the provider's when its host is one of that
 * channel's cashier hosts. The promise settles only if this page is shown again from the back-forward cache
 * (the patient came back without the cashier's return link): then the service is asked once.
 */
function openCashier(
  run: PaymentRun,
  payment: Payment,
  cashierUrl: string,
  channel: CashierChannel | 'SANDBOX',
): Promise<PaymentOutcome> {
  const url = channel === 'SANDBOX' ? safeCashierUrl(cashierUrl) : providerCashierUrl(channel, cashierUrl);
  if (!url) {
    const message = channel === 'SANDBOX' ? M.badCashier : M.untrustedCashier;
    return Promise.resolve(run.settle(outcome('FAILED', payment, message)));
  }
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

/** The mini-program's pay page with the order and the parameters of `wx.requestPayment` (see the README). */
export function miniProgramPayUrl(
  input: PayForOrderInput,
  payment: Payment,
  params: WechatPayParams,
): string {
  const query = new URLSearchParams({
    orderType: input.orderType,
    orderId: input.orderId,
    paymentId: payment.paymentId,
    timeStamp: params.timeStamp,
    nonceStr: params.nonceStr,
    package: params.package,
    signType: params.signType,
    paySign: params.paySign,
  });
  return `${paymentSettings().miniProgramPayPage}?${query}`;
}

/**
 * In the mini-program's web-view (where no pay sheet opens): hands the order to the mini-program's pay page,
 * then, when the web-view is shown again, polls the service (for handOffConfirmTimeLimitMs).
 */
function handOffToMiniProgram(
  run: PaymentRun,
  input: PayForOrderInput,
  payment: Payment,
  params: WechatPayParams,
): Promise<PaymentOutcome> {
  run.send({ type: 'redirect', payment });
  return new Promise((resolve) => {
    let done = false;
    const stop = () => {
      done = true;
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('pageshow', onVisible);
    };
    const onVisible = () => {
      if (done || document.visibilityState !== 'visible') return;
      stop();
      run.send({ type: 'confirm' });
      void askService(
        payment.paymentId,
        { poll: true },
        payment,
        paymentSettings().handOffConfirmTimeLimitMs,
      ).then((result) => resolve(run.settle(result)));
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('pageshow', onVisible);
    const url = miniProgramPayUrl(input, payment, params);
    void openMiniProgramPage(url, paymentSettings().bridgeReadyTimeoutMs).then((opened) => {
      if (opened === 'ok' || done) return;
      stop();
      resolve(
        run.settle(outcome('FAILED', payment, opened === null ? M.bridgeUnavailable : M.miniProgramFailed)),
      );
    });
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

/** The message of a failed request: api-client's (already shown as a toast), else `fallback`. */
const failure = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/**
 * The channel of an ordinary browser: the patient's choice among the cashier channels the service has open,
 * else the sandbox when it is open. An outcome when there is nothing to pay with or the patient closed the choice.
 */
async function browserChannel(
  run: PaymentRun,
  input: PayForOrderInput,
): Promise<CashierChannel | 'SANDBOX' | PaymentOutcome> {
  const hospitalId = input.hospitalId ?? appStore.getState().hospitalId;
  // Nothing to ask without a hospital: the sandbox, as in development (the service refuses it in production).
  if (!hospitalId) return 'SANDBOX';
  let open: PayChannel[];
  try {
    open = (await api.request(payChannels, { query: { hospitalId } }, { keepOnRouteChange: true })).channels;
  } catch (error) {
    return outcome('FAILED', null, failure(error, M.startFailed));
  }
  const choices = payChoicesOf(open);
  if (choices.length === 0)
    return open.includes('SANDBOX') ? 'SANDBOX' : outcome('FAILED', null, M.noBrowserPay);
  const chosen = await run.waitForChoice(choices, input.chooseChannel);
  if (chosen === null) return outcome('CANCELLED', null, M.cancelled);
  if (!choices.some((choice) => choice.channel === chosen)) return outcome('FAILED', null, M.startFailed);
  run.send({ type: 'chosen' });
  return chosen;
}

/**
 * The channel inside the messaging app or the payment app: its own pay sheet when the hospital has it open,
 * else the sandbox where that is open (development); otherwise nothing to pay with here.
 */
async function appChannel(
  input: PayForOrderInput,
  channel: PayChannel,
): Promise<PayChannel | PaymentOutcome> {
  const hospitalId = input.hospitalId ?? appStore.getState().hospitalId;
  if (!hospitalId) return channel;
  let open: PayChannel[];
  try {
    open = (await api.request(payChannels, { query: { hospitalId } }, { keepOnRouteChange: true })).channels;
  } catch (error) {
    return outcome('FAILED', null, failure(error, M.startFailed));
  }
  if (open.includes(channel)) return channel;
  return open.includes('SANDBOX') ? 'SANDBOX' : outcome('FAILED', null, M.channelClosed);
}

/**
 * Sends the patient through the provider's silent authorisation (a same-site address of the service), which
 * identifies the payer once and brings them back to this page, where they pay again. Like a cashier, the page
 * leaves; the promise settles only if it is shown again from the back-forward cache (nothing was started).
 */
function openAuthorisation(run: PaymentRun, url: string): Promise<PaymentOutcome> {
  if (!url.startsWith('/') || url.startsWith('//')) {
    return Promise.resolve(run.settle(outcome('FAILED', null, M.badAuthorize)));
  }
  run.send({ type: 'redirect', payment: null });
  return new Promise((resolve) => {
    const onShow = (event: Event) => {
      if (!(event as PageTransitionEvent).persisted) return;
      window.removeEventListener('pageshow', onShow);
      resolve(run.settle(outcome('FAILED', null, M.notCompleted)));
    };
    window.addEventListener('pageshow', onShow);
    paymentSettings().redirect(url);
  });
}

async function pay(run: PaymentRun, input: PayForOrderInput): Promise<PaymentOutcome> {
  run.send({ type: 'start' });
  const host = detectChannel(navigator.userAgent, window.__wxjs_environment);
  if (!isValidOrder(input)) return run.settle(outcome('FAILED', null, M.badOrder));
  if (bridgeBusy()) return run.settle(outcome('FAILED', null, M.otherInProgress));

  let channel = payChannelFor(host);
  if (channel === 'SANDBOX') {
    const inBrowser = await browserChannel(run, input);
    if (typeof inBrowser !== 'string') return run.settle(inBrowser);
    channel = inBrowser;
  } else {
    const inApp = await appChannel(input, channel);
    if (typeof inApp !== 'string') return run.settle(inApp);
    channel = inApp;
  }
  const here = `${window.location.pathname}${window.location.search}`;
  const body = {
    orderType: input.orderType,
    orderId: input.orderId,
    channel,
    returnPath: input.returnPath,
    // After the provider has identified the payer (first JSAPI payment), back to this page to pay again.
    ...((channel === 'WECHAT_JSAPI' || channel === 'ALIPAY_TRADE') &&
    RETURN_PATH_PATTERN.test(here) &&
    here.length <= 300
      ? { resumePath: here }
      : {}),
  };

  let started: EndpointResult<typeof startPayment>;
  try {
    // The order's hospital, which may not be the app's (a payment for another hospital's order).
    const hospitalId = input.hospitalId ?? appStore.getState().hospitalId;
    const appId =
      channel === 'WECHAT_JSAPI' && hospitalId
        ? (await api.request(getPaymentAppId, { query: { hospitalId } }, { keepOnRouteChange: true })).appId
        : undefined;
    started = await api.request(startPayment, { body: { ...body, appId } }, { keepOnRouteChange: true });
  } catch (error) {
    return run.settle(outcome('FAILED', null, failure(error, M.startFailed)));
  }

  const { payment } = started;
  if (!payment) {
    // The official account's web authorisation does not run in a mini-program's web-view.
    if (started.authorize && host === 'WECHAT_MINI_PROGRAM') {
      return run.settle(outcome('FAILED', null, M.miniProgramPayerUnknown));
    }
    return started.authorize
      ? openAuthorisation(run, started.authorize.url)
      : run.settle(outcome('FAILED', null, M.missingParameters));
  }
  // An order already paid: the service answers its PAID payment with nothing to pay with. PAID at once.
  const settled = settledOutcome(payment);
  if (settled) {
    run.send({ type: 'confirm', payment });
    return run.settle(settled);
  }
  const { bridgeReadyTimeoutMs } = paymentSettings();
  if (channel === 'WECHAT_JSAPI' && started.wechat) {
    const params = started.wechat;
    if (host === 'WECHAT_MINI_PROGRAM') return handOffToMiniProgram(run, input, payment, params);
    return openPaySheet(run, payment, () => payWithWechat(params, bridgeReadyTimeoutMs));
  }
  if (channel === 'ALIPAY_TRADE' && started.alipay) {
    const { tradeNo } = started.alipay;
    return openPaySheet(run, payment, () => payWithAlipay(tradeNo, bridgeReadyTimeoutMs));
  }
  if ((channel === 'WECHAT_H5' || channel === 'ALIPAY_WAP') && started.redirect) {
    return openCashier(run, payment, started.redirect.url, channel);
  }
  if (channel === 'SANDBOX' && started.sandbox) {
    return openCashier(run, payment, started.sandbox.cashierUrl, 'SANDBOX');
  }
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
 * Pays an order on the host's channel: the messaging app's JSAPI pay sheet (in its mini-program web-view, the
 * mini-program's own pay page), the payment app's trade pay, or in any other browser the patient's choice of
 * 微信支付 / 支付宝 at the provider's cashier (the sandbox cashier when only it is open). Whatever the pay sheet
 * says, the outcome comes from the service (getPayment, polled with backoff): PAID only when the service says
 * so, PENDING when it has not settled in time. Calling it again while the order's payment is in progress joins
 * it (one pay sheet); for an order already paid the service answers its PAID payment and the outcome is PAID at
 * once. For a cashier the page leaves and the promise does not settle (unless the page is shown again from the
 * back-forward cache). Start errors were already shown by api-client; `message` says why.
 */
export function payForOrder(input: PayForOrderInput): Promise<PaymentOutcome> {
  return startPaymentRun(input).promise;
}

/**
 * Confirms a payment with the service (after a cashier, sandbox or provider, sent the patient back with ?paymentId=…):
 * polls getPayment with backoff until PAID or CLOSED, else PENDING ('支付结果确认中…').
 */
export function confirmPayment(paymentId: string): Promise<PaymentOutcome> {
  return confirmPaymentRun(paymentId).promise;
}
