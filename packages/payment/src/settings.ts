/** How the module behaves around the browser; app-shell keeps the defaults, tests shorten the waits. */
export interface PaymentSettings {
  /** Full page load to the sandbox cashier. Default: window.location.assign. */
  redirect(url: string): void;
  /** How long to wait for the JS bridge's ready event before giving up. */
  bridgeReadyTimeoutMs: number;
  /** Pauses before each getPayment while confirming; the last one repeats. */
  pollDelaysMs: readonly number[];
  /** After this long without PAID or CLOSED, the outcome is PENDING. */
  confirmTimeLimitMs: number;
  /**
   * The same limit when the web-view is shown again after the mini-program's pay page, which cannot tell us
   * what the patient did there: shorter, so that a patient who closed it is not kept waiting.
   */
  handOffConfirmTimeLimitMs: number;
  /** The mini-program's pay page (see the README). */
  miniProgramPayPage: string;
}

export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  redirect: (url) => window.location.assign(url),
  bridgeReadyTimeoutMs: 5000,
  pollDelaysMs: [0, 1000, 1500, 2000, 3000, 5000],
  confirmTimeLimitMs: 30_000,
  handOffConfirmTimeLimitMs: 10_000,
  miniProgramPayPage: '/pages/pay/index',
};

let current: PaymentSettings = DEFAULT_PAYMENT_SETTINGS;

/** Changes some settings (the others keep their current value). */
export function configurePayment(changes: Partial<PaymentSettings>): void {
  current = { ...current, ...changes };
}

/** Back to the defaults. */
export function resetPaymentSettings(): void {
  current = DEFAULT_PAYMENT_SETTINGS;
}

export function paymentSettings(): PaymentSettings {
  return current;
}
