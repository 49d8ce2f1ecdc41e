import { confirmPayment, type PaymentOutcome, payForOrder } from '@patient/payment';
import { toast } from '@patient/ui-kit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isOrderId, paySuccessPath } from './paths.ts';

/**
 * idle: nothing under way; paying: the channel's cashier is open; confirming: asking the service;
 * pending: the service has not confirmed yet ('支付结果确认中', refresh); failed: the payment did not go through.
 */
export type PayPhase = 'idle' | 'paying' | 'confirming' | 'pending' | 'failed';

export interface OrderPayment {
  phase: PayPhase;
  /** Why the payment failed (phase 'failed'), or what to expect while it is not confirmed ('pending'). */
  message: string | null;
  /** Starts (or resumes) the order's payment; resolves when the outcome is handled. */
  pay(): Promise<void>;
  /** Asks the service again whether the payment went through (phase 'pending'). */
  refresh(): Promise<void>;
}

export const PAY_MESSAGES = {
  pending: '支付结果确认中',
  badReturn: '支付返回的信息有误，请在预约详情中查看支付结果',
} as const;

/**
 * Paying for an appointment order through @patient/payment. The success page opens (replacing this screen)
 * only when the service says the payment is PAID. Coming back from the sandbox cashier, the address carries
 * ?paymentId=…: it is confirmed on entry and then taken out of the address.
 */
export function useOrderPayment(orderId: string | null, returnPath: string): OrderPayment {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Read once: the page confirms the payment it was sent back with, not later changes of the address.
  const [returnedId] = useState(() => params.get('paymentId'));
  const [phase, setPhase] = useState<PayPhase>(() => (returnedId && orderId ? 'confirming' : 'idle'));
  const [message, setMessage] = useState<string | null>(null);
  const paymentId = useRef<string | null>(isOrderId(returnedId) ? returnedId : null);
  const busy = useRef(false);

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
    await run('paying', () => payForOrder({ orderType: 'APPOINTMENT', orderId, returnPath }));
  }, [orderId, returnPath, run]);

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

  return { phase, message, pay, refresh };
}

function dropPaymentIdFromAddress(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('paymentId')) return;
  url.searchParams.delete('paymentId');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
