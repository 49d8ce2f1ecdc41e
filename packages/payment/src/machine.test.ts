import type { Payment } from '@patient/contract';
import { describe, expect, it } from 'vitest';
import { PAY_CHOICES } from './channels.ts';
import {
  INITIAL_PAYMENT_STATE,
  InvalidTransition,
  type PaymentEvent,
  type PaymentOutcome,
  type PaymentPhase,
  type PaymentState,
  transition,
} from './machine.ts';

const payment: Payment = {
  paymentId: '7',
  orderType: 'APPOINTMENT',
  orderId: '12',
  channel: 'SANDBOX',
  amount: 2500,
  status: 'PENDING',
  paidAt: null,
};
const outcome = (status: PaymentOutcome['status']): PaymentOutcome => ({ status, payment, message: status });

const PHASES: PaymentPhase[] = [
  'idle',
  'starting',
  'choosing',
  'awaiting-bridge',
  'redirecting',
  'confirming',
  'paid',
  'pending',
  'cancelled',
  'failed',
];

const EVENTS: Record<string, PaymentEvent> = {
  start: { type: 'start' },
  choose: { type: 'choose', choices: PAY_CHOICES },
  chosen: { type: 'chosen' },
  bridge: { type: 'bridge', payment },
  redirect: { type: 'redirect', payment },
  confirm: { type: 'confirm' },
  'settle PAID': { type: 'settle', outcome: outcome('PAID') },
  'settle PENDING': { type: 'settle', outcome: outcome('PENDING') },
  'settle CANCELLED': { type: 'settle', outcome: outcome('CANCELLED') },
  'settle FAILED': { type: 'settle', outcome: outcome('FAILED') },
  reset: { type: 'reset' },
};

/** Every allowed transition: phase → event → next phase. Everything else is refused. */
const ALLOWED: Record<PaymentPhase, Partial<Record<keyof typeof EVENTS, PaymentPhase>>> = {
  idle: { start: 'starting', confirm: 'confirming', reset: 'idle' },
  starting: {
    choose: 'choosing',
    bridge: 'awaiting-bridge',
    redirect: 'redirecting',
    confirm: 'confirming',
    'settle FAILED': 'failed',
  },
  choosing: { chosen: 'starting', 'settle CANCELLED': 'cancelled', 'settle FAILED': 'failed' },
  'awaiting-bridge': { confirm: 'confirming', 'settle FAILED': 'failed' },
  redirecting: { confirm: 'confirming', 'settle FAILED': 'failed' },
  confirming: {
    'settle PAID': 'paid',
    'settle PENDING': 'pending',
    'settle CANCELLED': 'cancelled',
    'settle FAILED': 'failed',
  },
  paid: { reset: 'idle' },
  pending: { start: 'starting', confirm: 'confirming', reset: 'idle' },
  cancelled: { start: 'starting', confirm: 'confirming', reset: 'idle' },
  failed: { start: 'starting', confirm: 'confirming', reset: 'idle' },
};

const inPhase = (phase: PaymentPhase): PaymentState => ({
  phase,
  payment: phase === 'idle' ? null : payment,
  outcome: null,
});

describe('payment state machine', () => {
  for (const phase of PHASES) {
    for (const [name, event] of Object.entries(EVENTS)) {
      const next = ALLOWED[phase][name];
      if (next) {
        it(`${phase} --${name}--> ${next}`, () => {
          expect(transition(inPhase(phase), event).phase).toBe(next);
        });
      } else {
        it(`${phase} refuses ${name}`, () => {
          expect(() => transition(inPhase(phase), event)).toThrow(InvalidTransition);
        });
      }
    }
  }

  it('keeps the payment and records the outcome when settling', () => {
    let state = transition(INITIAL_PAYMENT_STATE, { type: 'start' });
    expect(state).toEqual({ phase: 'starting', payment: null, outcome: null });
    state = transition(state, { type: 'bridge', payment });
    expect(state.payment).toBe(payment);
    state = transition(state, { type: 'confirm' });
    expect(state.payment).toBe(payment);
    const paid = { ...payment, status: 'PAID' as const, paidAt: '2026-03-05T01:00:00.000Z' };
    state = transition(state, {
      type: 'settle',
      outcome: { status: 'PAID', payment: paid, message: '支付成功' },
    });
    expect(state).toEqual({
      phase: 'paid',
      payment: paid,
      outcome: { status: 'PAID', payment: paid, message: '支付成功' },
    });
    expect(transition(state, { type: 'reset' })).toBe(INITIAL_PAYMENT_STATE);
  });

  it('takes the payment of a confirm event and clears the outcome of a new start', () => {
    const confirming = transition(INITIAL_PAYMENT_STATE, { type: 'confirm', payment });
    expect(confirming.payment).toBe(payment);
    const failed = transition(confirming, { type: 'settle', outcome: outcome('FAILED') });
    expect(failed.outcome?.status).toBe('FAILED');
    expect(transition(failed, { type: 'start' }).outcome).toBeNull();
  });

  it('offers the choices while choosing and drops them once chosen', () => {
    const choosing = transition(transition(INITIAL_PAYMENT_STATE, { type: 'start' }), {
      type: 'choose',
      choices: PAY_CHOICES,
    });
    expect(choosing).toEqual({ phase: 'choosing', payment: null, outcome: null, choices: PAY_CHOICES });
    expect(transition(choosing, { type: 'chosen' })).toEqual({
      phase: 'starting',
      payment: null,
      outcome: null,
    });
  });

  it('names the phase and event it refuses', () => {
    expect(() => transition(inPhase('paid'), { type: 'start' })).toThrow(
      "'start' is not allowed in phase 'paid'",
    );
  });
});
