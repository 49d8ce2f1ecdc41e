import type { Payment } from '@patient/contract';
import type { PayChoice } from './channels.ts';

/**
 * The payment state machine:
 *
 *   idle → starting → awaiting-bridge → confirming → paid | pending | cancelled | failed
 *                   ↘ redirecting (a cashier: the page leaves; or the mini-program's pay page) → confirming
 *                     (page shown again)
 *          starting ⇄ choosing (an ordinary browser: 微信支付 / 支付宝; closing the choice is cancelled)
 *   idle → confirming (back from the cashier with ?paymentId=…)
 *
 * Only the service's answer in `confirming` leads to `paid`. A settled machine can start again, except after
 * `paid`.
 */
export type PaymentPhase =
  | 'idle'
  | 'starting'
  | 'choosing'
  | 'awaiting-bridge'
  | 'redirecting'
  | 'confirming'
  | 'paid'
  | 'pending'
  | 'cancelled'
  | 'failed';

/** The outcome of a payment as the pages see it. */
export type PaymentOutcomeStatus = 'PAID' | 'PENDING' | 'CANCELLED' | 'FAILED';

export interface PaymentOutcome {
  status: PaymentOutcomeStatus;
  /** The service's payment record, when one was created or read. */
  payment: Payment | null;
  /** Chinese text for the patient ('支付成功', '支付结果确认中，请稍后在预约记录中查看', the reason of a failure…). */
  message: string;
}

export interface PaymentState {
  phase: PaymentPhase;
  payment: Payment | null;
  /** Set in the settled phases. */
  outcome: PaymentOutcome | null;
  /** What the patient may choose, in `choosing`. */
  choices?: readonly PayChoice[];
}

export type PaymentEvent =
  /** payForOrder: ask the service for the order's payment. */
  | { type: 'start' }
  /** The patient is to choose how to pay. */
  | { type: 'choose'; choices: readonly PayChoice[] }
  /** The patient chose: the payment starts on that channel. */
  | { type: 'chosen' }
  /** The channel's JS bridge is being called (or awaited). */
  | { type: 'bridge'; payment: Payment }
  /**
   * A cashier page is being opened, the order handed to the mini-program's pay page, or (no payment yet) the
   * provider's authorisation that identifies the payer.
   */
  | { type: 'redirect'; payment: Payment | null }
  /** Ask the service: after the bridge returned, after the cashier, or for a payment that is already settled. */
  | { type: 'confirm'; payment?: Payment }
  /**
   * The final word: from `confirming`, any outcome; from `starting`, `awaiting-bridge` and `redirecting`, only a
   * failure; from `choosing`, a failure or CANCELLED (the patient closed the choice).
   */
  | { type: 'settle'; outcome: PaymentOutcome }
  | { type: 'reset' };

export const INITIAL_PAYMENT_STATE: PaymentState = { phase: 'idle', payment: null, outcome: null };

const SETTLED: Record<PaymentOutcomeStatus, PaymentPhase> = {
  PAID: 'paid',
  PENDING: 'pending',
  CANCELLED: 'cancelled',
  FAILED: 'failed',
};

/** Phases in which a payment is in progress (a second bridge call must not start). */
export const BUSY_PHASES: ReadonlySet<PaymentPhase> = new Set([
  'starting',
  'choosing',
  'awaiting-bridge',
  'redirecting',
  'confirming',
]);

/** Phases that may fail before the service is asked (no parameters, no bridge, no cashier). */
const FAILABLE: ReadonlySet<PaymentPhase> = new Set([
  'starting',
  'choosing',
  'awaiting-bridge',
  'redirecting',
]);

/** Settled phases from which the patient may try again. */
const RETRYABLE: ReadonlySet<PaymentPhase> = new Set(['idle', 'pending', 'cancelled', 'failed']);

export class InvalidTransition extends Error {
  constructor(phase: PaymentPhase, event: PaymentEvent['type']) {
    super(`payment: '${event}' is not allowed in phase '${phase}'`);
    this.name = 'InvalidTransition';
  }
}

/** The next state, or an InvalidTransition for an event the phase does not accept. */
export function transition(state: PaymentState, event: PaymentEvent): PaymentState {
  const { phase } = state;
  const invalid = () => {
    throw new InvalidTransition(phase, event.type);
  };
  switch (event.type) {
    case 'start':
      if (!RETRYABLE.has(phase)) invalid();
      return { phase: 'starting', payment: state.payment, outcome: null };
    case 'choose':
      if (phase !== 'starting') invalid();
      return { phase: 'choosing', payment: state.payment, outcome: null, choices: event.choices };
    case 'chosen':
      if (phase !== 'choosing') invalid();
      return { phase: 'starting', payment: state.payment, outcome: null };
    case 'bridge':
      if (phase !== 'starting') invalid();
      return { phase: 'awaiting-bridge', payment: event.payment, outcome: null };
    case 'redirect':
      if (phase !== 'starting') invalid();
      return { phase: 'redirecting', payment: event.payment, outcome: null };
    case 'confirm':
      if (
        phase !== 'starting' &&
        phase !== 'awaiting-bridge' &&
        phase !== 'redirecting' &&
        !RETRYABLE.has(phase)
      ) {
        invalid();
      }
      return { phase: 'confirming', payment: event.payment ?? state.payment, outcome: null };
    case 'settle': {
      const failing = event.outcome.status === 'FAILED';
      const closedChoice = phase === 'choosing' && event.outcome.status === 'CANCELLED';
      if (phase !== 'confirming' && !closedChoice && !(failing && FAILABLE.has(phase))) invalid();
      return {
        phase: SETTLED[event.outcome.status],
        payment: event.outcome.payment ?? state.payment,
        outcome: event.outcome,
      };
    }
    case 'reset':
      if (BUSY_PHASES.has(phase)) invalid();
      return INITIAL_PAYMENT_STATE;
  }
}
