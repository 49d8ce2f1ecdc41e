import type { PayableOrderType } from '@patient/contract';
import { type PaymentView, usePayment } from '@patient/payment';
import { toast } from '@patient/ui-kit';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isId } from './paths.ts';

export interface FeePayment {
  view: PaymentView;
  /** Why it failed, or that it is being confirmed. */
  message: string | null;
  /** Starts (or resumes) the order's payment; the success page opens once the service says PAID. */
  pay(orderType: PayableOrderType, orderId: string, successPath: string, hospitalId?: string): Promise<void>;
}

/**
 * Paying an order through @patient/payment. Cashiers send the patient back to the success page
 * (`successPath?paymentId=…`), which confirms; JSAPI channels answer here and the success page opens.
 */
export function useFeePayment(): FeePayment {
  const view = usePayment();
  const navigate = useNavigate();
  const [message, setMessage] = useState<string | null>(null);
  const pay = useCallback(
    async (orderType: PayableOrderType, orderId: string, successPath: string, hospitalId?: string) => {
      setMessage(null);
      try {
        const outcome = await view.pay({ orderType, orderId, returnPath: successPath, hospitalId });
        if (outcome.status === 'PAID') navigate(successPath, { replace: true });
        else if (outcome.status === 'CANCELLED') void toast(outcome.message);
        else setMessage(outcome.message);
      } catch {
        // api-client has shown why
      }
    },
    [view.pay, navigate],
  );
  return { view, message, pay };
}

/**
 * A success page's confirmation: with `?paymentId=` (back from a cashier) the payment is confirmed once and the
 * id leaves the address; `done` turns true when there is nothing (more) to confirm.
 */
export function useReturnedPayment(): { done: boolean; message: string | null } {
  const [params] = useSearchParams();
  const view = usePayment();
  const [returned] = useState(() => params.get('paymentId'));
  const [done, setDone] = useState(!returned);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!returned) return;
    const url = new URL(window.location.href);
    url.searchParams.delete('paymentId');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    if (!isId(returned)) {
      setMessage('支付返回的信息有误，请在缴费记录中查看支付结果');
      setDone(true);
      return;
    }
    view
      .confirm(returned)
      .then((outcome) => setMessage(outcome.status === 'PAID' ? null : outcome.message))
      .catch(() => setMessage('支付结果确认失败，请稍后刷新'))
      .finally(() => setDone(true));
  }, []);
  return { done, message };
}
