import { usePayFlow } from '@patient/feature-kit';
import type { PaymentView } from '@patient/payment';
import { toast } from '@patient/ui-kit';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isOrderId, paySuccessPath } from './paths.ts';

/** An appointment order's payment: payment's usePayment bound to the order (phases, outcome, choice). */
export interface OrderPayment extends Omit<PaymentView, 'pay' | 'confirm'> {
  /** Starts (or resumes) the order's payment; resolves when the outcome is handled. */
  pay(): Promise<void>;
  /** Asks the service again whether the payment went through (phase 'pending'). */
  refresh(): Promise<void>;
}

export const PAY_MESSAGES = {
  badReturn: '支付返回的信息有误，请在预约详情中查看支付结果',
} as const;

/**
 * Paying for an appointment order through @patient/payment (feature-kit's usePayFlow). The success page opens
 * (replacing this screen) only when the service says the payment is PAID. Coming back from a cashier, the
 * address carries ?paymentId=…: it is confirmed on entry and then taken out of the address.
 */
export function useOrderPayment(
  orderId: string | null,
  returnPath: string,
  hospitalId?: string,
): OrderPayment {
  const [params] = useSearchParams();
  const flow = usePayFlow();
  // Read once: the page confirms the payment it was sent back with, not later changes of the address.
  const [returnedId] = useState(() => params.get('paymentId'));
  const [returning, setReturning] = useState(() => Boolean(returnedId && orderId));
  const { payThen, confirmThen } = flow;
  const successPath = orderId ? paySuccessPath(orderId) : '/';

  const pay = useCallback(async () => {
    if (!orderId) return;
    await payThen({ orderType: 'APPOINTMENT', orderId, returnPath, hospitalId }, successPath);
  }, [orderId, returnPath, hospitalId, successPath, payThen]);

  const knownId = flow.outcome?.payment?.paymentId ?? (isOrderId(returnedId) ? returnedId : null);
  const refresh = useCallback(async () => {
    if (knownId) await confirmThen(knownId, successPath);
    else await pay();
  }, [knownId, confirmThen, successPath, pay]);

  // Back from a cashier: confirm once. ?paymentId leaves the browser's address without a router navigation
  // (which would cancel the screen's requests in flight), so that a reload does not ask again.
  useEffect(() => {
    if (!returnedId || !orderId) return;
    dropPaymentIdFromAddress();
    if (!isOrderId(returnedId)) {
      setReturning(false);
      void toast(PAY_MESSAGES.badReturn);
      return;
    }
    void confirmThen(returnedId, successPath);
  }, []);

  const waiting = returning && flow.phase === 'idle';
  return {
    phase: waiting ? 'confirming' : flow.phase,
    busy: waiting || flow.busy,
    outcome: flow.outcome,
    choices: flow.choices,
    choose: flow.choose,
    pay,
    refresh,
  };
}

function dropPaymentIdFromAddress(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('paymentId')) return;
  url.searchParams.delete('paymentId');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
