import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { CashierChannel, PayChoice } from './channels.ts';
import { BUSY_PHASES, INITIAL_PAYMENT_STATE, type PaymentOutcome, type PaymentPhase } from './machine.ts';
import { confirmPaymentRun, type PayForOrderInput, type PaymentRun, startPaymentRun } from './pay.ts';

export interface PaymentView {
  /** Phase of the last payment started through this hook ('idle' before). */
  phase: PaymentPhase;
  /** Its outcome once settled. */
  outcome: PaymentOutcome | null;
  /** A payment is in progress: disable the pay button. */
  busy: boolean;
  /** In phase 'choosing': the ways to pay to offer (微信支付 / 支付宝), else empty. */
  choices: readonly PayChoice[];
  /** The patient's choice, or null when they closed the choice (CANCELLED). */
  choose(channel: CashierChannel | null): void;
  /** payForOrder, followed by this view. */
  pay(input: PayForOrderInput): Promise<PaymentOutcome>;
  /** confirmPayment, followed by this view. */
  confirm(paymentId: string): Promise<PaymentOutcome>;
}

const noSubscription = () => () => {};
const NO_CHOICES: readonly PayChoice[] = [];

/**
 * payForOrder and confirmPayment for a page, with the phase to render (paying…, confirming…). A choice of how
 * to pay still open when the page goes is closed (CANCELLED), so that the order's payment does not wait for it.
 */
export function usePayment(): PaymentView {
  const [run, setRun] = useState<PaymentRun | null>(null);
  const latest = useRef<PaymentRun | null>(null);
  latest.current = run;
  useEffect(() => () => latest.current?.choose(null), []);
  const state = useSyncExternalStore(
    run ? run.subscribe : noSubscription,
    () => run?.state ?? INITIAL_PAYMENT_STATE,
  );
  const pay = useCallback((input: PayForOrderInput) => {
    const next = startPaymentRun(input);
    setRun(next);
    return next.promise;
  }, []);
  const confirm = useCallback((paymentId: string) => {
    const next = confirmPaymentRun(paymentId);
    setRun(next);
    return next.promise;
  }, []);
  const choose = useCallback((channel: CashierChannel | null) => run?.choose(channel), [run]);
  return {
    phase: state.phase,
    outcome: state.outcome,
    busy: BUSY_PHASES.has(state.phase),
    choices: state.choices ?? NO_CHOICES,
    choose,
    pay,
    confirm,
  };
}
