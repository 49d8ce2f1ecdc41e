import { usePayment } from '@patient/payment';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isId } from './paths.ts';

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
