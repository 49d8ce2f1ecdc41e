import { type CashierChannel, type PayChoice, type PaymentOutcome, payForOrder } from '@patient/payment';
import { toast } from '@patient/ui-kit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { rechargeSuccessPath } from './paths.ts';

export interface RechargePayment {
  /** idle; choosing 微信支付 / 支付宝; paying (the cashier or pay sheet is open); failed with `message`. */
  phase: 'idle' | 'choosing' | 'paying' | 'failed';
  message: string | null;
  choices: readonly PayChoice[];
  choose(channel: CashierChannel | null): void;
  /** Pays the recharge order through @patient/payment; the success page confirms and shows the result. */
  pay(rechargeId: string, hospitalId: string): Promise<void>;
}

/**
 * Paying a recharge order (orderType ACCOUNT_RECHARGE) through @patient/payment. A cashier (sandbox, H5, wap)
 * sends the patient back to /rechargeSuccess?rechargeId=…&paymentId=…, which confirms it; a pay sheet in the
 * messaging or payment app settles here, and PAID or PENDING opens the same page.
 */
export function useRechargePayment(): RechargePayment {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<RechargePayment['phase']>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const [choices, setChoices] = useState<readonly PayChoice[]>([]);
  const answer = useRef<((channel: CashierChannel | null) => void) | null>(null);

  const choose = useCallback((channel: CashierChannel | null) => {
    const resolve = answer.current;
    answer.current = null;
    setChoices([]);
    setPhase(channel ? 'paying' : 'idle');
    resolve?.(channel);
  }, []);
  useEffect(() => () => answer.current?.(null), []);

  const pay = useCallback(
    async (rechargeId: string, hospitalId: string) => {
      setPhase('paying');
      setMessage(null);
      let outcome: PaymentOutcome;
      try {
        outcome = await payForOrder({
          orderType: 'ACCOUNT_RECHARGE',
          orderId: rechargeId,
          returnPath: rechargeSuccessPath(rechargeId),
          hospitalId,
          chooseChannel: (offered) =>
            new Promise<CashierChannel | null>((resolve) => {
              answer.current = resolve;
              setChoices(offered);
              setPhase('choosing');
            }),
        });
      } catch {
        setPhase('idle');
        return;
      }
      if (outcome.status === 'PAID' || outcome.status === 'PENDING') {
        navigate(rechargeSuccessPath(rechargeId), { replace: true });
      } else if (outcome.status === 'CANCELLED') {
        setPhase('idle');
        void toast(outcome.message);
      } else {
        setPhase('failed');
        setMessage(outcome.message);
      }
    },
    [navigate],
  );

  return { phase, message, choices, choose, pay };
}
