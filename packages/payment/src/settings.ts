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
}

export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  redirect: (url) => window.location.assign(url),
  bridgeReadyTimeoutMs: 5000,
  pollDelaysMs: [0, 1000, 1500, 2000, 3000, 5000],
  confirmTimeLimitMs: 30_000,
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
