import {
  type CashierChannel,
  confirmPayment,
  type PayChoice,
  type PaymentOutcome,
  payForOrder,
} from '@patient/payment';
import { toast } from '@patient/ui-kit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isOrderId, paySuccessPath } from './paths.ts';

/**
 * idle: nothing under way; choosing: the patient picks 微信支付 / 支付宝 (an ordinary browser); paying: the
 * channel's cashier is open; confirming: asking the service;
 * pending: the service has not confirmed yet ('支付结果确认中', refresh); failed: the payment did not go through.
 */
export type PayPhase = 'idle' | 'choosing' | 'paying' | 'confirming' | 'pending' | 'failed';

export interface OrderPayment {
  phase: PayPhase;
  /** Why the payment failed (phase 'failed'), or what to expect while it is not confirmed ('pending'). */
  message: string | null;
  /** Starts (or resumes) the order's payment; resolves when the outcome is handled. */
  pay(): Promise<void>;
  /** Asks the service again whether the payment went through (phase 'pending'). */
  refresh(): Promise<void>;
  /** The ways to pay to offer in phase 'choosing' (only the open ones), else empty. */
  choices: readonly PayChoice[];
  /** The patient's choice in phase 'choosing'; null closes the choice (the payment is cancelled). */
  choose(channel: CashierChannel | null): void;
}

/** A payment is under way: the pay button waits. */
export const isPaying = (phase: PayPhase): boolean =>
  phase === 'choosing' || phase === 'paying' || phase === 'confirming';

/** The pay button's text while a payment is under way, else `idle`. */
export const payButtonText = (phase: PayPhase, idle: string): string =>
  phase === 'choosing'
    ? '请选择支付方式'
    : phase === 'paying'
      ? '正在发起支付...'
      : phase === 'confirming'
        ? '正在确认支付结果...'
        : idle;

export const PAY_MESSAGES = {
  pending: '支付结果确认中',
  badReturn: '支付返回的信息有误，请在预约详情中查看支付结果',
} as const;

/**
 * Paying for an appointment order through @patient/payment. The success page opens (replacing this screen)
 * only when the service says the payment is PAID. Coming back from the sandbox cashier, the address carries
 * ?paymentId=…: it is confirmed on entry and then taken out of the address.
 */
export function useOrderPayment(
  orderId: string | null,
  returnPath: string,
  hospitalId?: string,
): OrderPayment {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Read once: the page confirms the payment it was sent back with, not later changes of the address.
  const [returnedId] = useState(() => params.get('paymentId'));
  const [phase, setPhase] = useState<PayPhase>(() => (returnedId && orderId ? 'confirming' : 'idle'));
  const [message, setMessage] = useState<string | null>(null);
  const paymentId = useRef<string | null>(isOrderId(returnedId) ? returnedId : null);
  const busy = useRef(false);
  const [choices, setChoices] = useState<readonly PayChoice[]>([]);
  const answer = useRef<((channel: CashierChannel | null) => void) | null>(null);

  const choose = useCallback((channel: CashierChannel | null) => {
    const resolve = answer.current;
    answer.current = null;
    setChoices([]);
    if (channel) setPhase('paying');
    resolve?.(channel);
  }, []);

  const chooseChannel = useCallback(
    (offered: readonly PayChoice[]) =>
      new Promise<CashierChannel | null>((resolve) => {
        answer.current = resolve;
        setChoices(offered);
        setPhase('choosing');
      }),
    [],
  );

  // A choice left open when the page goes is closed, so that the order's payment does not stay waiting.
  useEffect(() => () => answer.current?.(null), []);

  const handle = useCallback(
    (outcome: PaymentOutcome) => {
      if (outcome.payment) paymentId.current = outcome.payment.paymentId;
      if (outcome.status === 'PAID') {
        if (orderId) navigate(paySuccessPath(orderId), { replace: true });
        return;
      }
      if (outcome.status === 'PENDING') {
        setPhase('pending');
        setMessage(outcome.message);
        return;
      }
      if (outcome.status === 'CANCELLED') {
        setPhase('idle');
        void toast(outcome.message);
        return;
      }
      setPhase('failed');
      setMessage(outcome.message);
    },
    [navigate, orderId],
  );

  const run = useCallback(
    async (next: 'paying' | 'confirming', task: () => Promise<PaymentOutcome>) => {
      if (busy.current) return;
      busy.current = true;
      setPhase(next);
      setMessage(null);
      try {
        handle(await task());
      } catch {
        // api-client has shown why; the patient can try again
        setPhase('idle');
      } finally {
        busy.current = false;
      }
    },
    [handle],
  );

  const pay = useCallback(async () => {
    if (!orderId) return;
    await run('paying', () =>
      payForOrder({ orderType: 'APPOINTMENT', orderId, returnPath, hospitalId, chooseChannel }),
    );
  }, [orderId, returnPath, hospitalId, chooseChannel, run]);

  const refresh = useCallback(async () => {
    const id = paymentId.current;
    if (id) await run('confirming', () => confirmPayment(id));
    else await pay();
  }, [pay, run]);

  // Back from the sandbox cashier: confirm once. ?paymentId leaves the browser's address without a router
  // navigation (which would cancel the screen's requests in flight), so that a reload does not ask again.
  useEffect(() => {
    if (!returnedId || !orderId) return;
    dropPaymentIdFromAddress();
    if (!isOrderId(returnedId)) {
      setPhase('idle');
      void toast(PAY_MESSAGES.badReturn);
      return;
    }
    void run('confirming', () => confirmPayment(returnedId));
  }, []);

  return { phase, message, pay, refresh, choices, choose };
}

function dropPaymentIdFromAddress(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('paymentId')) return;
  url.searchParams.delete('paymentId');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
