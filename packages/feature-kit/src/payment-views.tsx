import {
  type PayForOrderInput,
  type PaymentOutcome,
  type PaymentPhase,
  type PaymentView,
  usePayment,
} from '@patient/payment';
import { toast } from '@patient/ui-kit';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import './base.css';

/** usePayment() and a pay that goes on by itself: see payThen. */
export interface PayFlow extends PaymentView {
  /**
   * Pays through usePayment: on PAID the success page replaces this one, a closed choice or pay sheet is said in a
   * toast ('已取消支付'); PENDING and FAILED stay here for PaymentNotice. Resolves with the outcome (null when
   * api-client threw: it has shown why). A cashier page leaves, and the promise does not settle.
   */
  payThen(input: PayForOrderInput, successPath: string): Promise<PaymentOutcome | null>;
  /** Confirms a payment through usePayment (back from a cashier, 刷新支付结果); on PAID as payThen. */
  confirmThen(paymentId: string, successPath: string): Promise<PaymentOutcome | null>;
}

/** A payable screen's payment: @patient/payment's usePayment, with the usual way on after the outcome. */
export function usePayFlow(): PayFlow {
  const view = usePayment();
  const navigate = useNavigate();
  const { pay, confirm } = view;
  const follow = useCallback(
    async (run: () => Promise<PaymentOutcome>, successPath: string) => {
      let outcome: PaymentOutcome;
      try {
        outcome = await run();
      } catch {
        return null;
      }
      if (outcome.status === 'PAID') navigate(successPath, { replace: true });
      else if (outcome.status === 'CANCELLED') void toast(outcome.message);
      return outcome;
    },
    [navigate],
  );
  const payThen = useCallback(
    (input: PayForOrderInput, successPath: string) => follow(() => pay(input), successPath),
    [follow, pay],
  );
  const confirmThen = useCallback(
    (paymentId: string, successPath: string) => follow(() => confirm(paymentId), successPath),
    [follow, confirm],
  );
  return { ...view, payThen, confirmThen };
}

/** The pay button's text while a payment is under way (choosing, starting, confirming), else `idle`. */
export function payButtonText(phase: PaymentPhase, idle: string): string {
  switch (phase) {
    case 'choosing':
      return '请选择支付方式';
    case 'starting':
    case 'awaiting-bridge':
    case 'redirecting':
      return '正在发起支付...';
    case 'confirming':
      return '正在确认支付结果...';
    default:
      return idle;
  }
}

/**
 * 选择支付方式: a sheet over the page's footer with one large button per way to pay the hospital and the host
 * offer (`payment.choices`: 微信支付 / 支付宝) and 取消. Escape and 取消 close it (the payment is cancelled). It
 * takes the focus (its first button, so that the choice is announced), keeps Tab inside and gives the focus
 * back when it closes. Nothing while there is nothing to choose.
 */
export function PayChooser({ payment }: { payment: Pick<PaymentView, 'choices' | 'choose'> }) {
  if (payment.choices.length === 0) return null;
  return <ChooserSheet payment={payment} />;
}

function ChooserSheet({ payment }: { payment: Pick<PaymentView, 'choices' | 'choose'> }) {
  const titleId = useId();
  const sheet = useRef<HTMLElement>(null);
  const { choose } = payment;
  const latest = useRef(choose);
  latest.current = choose;
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    sheet.current?.querySelector('button')?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') latest.current(null);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (before?.isConnected && !(before as HTMLButtonElement).disabled) before.focus();
    };
  }, []);
  const keepTabInside = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Tab') return;
    const buttons = [...(sheet.current?.querySelectorAll('button') ?? [])];
    const edge = event.shiftKey ? buttons[0] : buttons[buttons.length - 1];
    if (document.activeElement !== edge) return;
    event.preventDefault();
    (event.shiftKey ? buttons[buttons.length - 1] : buttons[0])?.focus();
  };
  return (
    <section
      ref={sheet}
      className="fk-pay-chooser"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onKeyDown={keepTabInside}
    >
      <h2 id={titleId} className="fk-pay-chooser__title">
        选择支付方式
      </h2>
      {payment.choices.map((choice) => (
        <button
          key={choice.channel}
          type="button"
          className="fk-button fk-button--primary fk-button--block fk-pay-chooser__option"
          onClick={() => choose(choice.channel)}
        >
          {choice.label}
        </button>
      ))}
      <button
        type="button"
        className="fk-button fk-button--block fk-pay-chooser__option"
        onClick={() => choose(null)}
      >
        取消
      </button>
    </section>
  );
}

/**
 * Where the payment stands, from usePayment's phase: 正在确认支付结果... (a status), 支付结果确认中 with the
 * outcome's message and 刷新支付结果 (with `onRefresh`), or why it failed (an alert). The chooser too, while the
 * patient chooses how to pay.
 */
export function PaymentNotice({
  payment,
  onRefresh,
}: {
  payment: Pick<PaymentView, 'phase' | 'outcome' | 'choices' | 'choose'>;
  onRefresh?(): void;
}) {
  switch (payment.phase) {
    case 'choosing':
      return <PayChooser payment={payment} />;
    case 'confirming':
      return (
        <p className="fk-notice" role="status">
          正在确认支付结果...
        </p>
      );
    case 'pending':
      return (
        <section className="fk-notice" role="status">
          <strong>支付结果确认中</strong>
          <p className="fk-muted">{payment.outcome?.message}</p>
          {onRefresh && (
            <button type="button" className="fk-button fk-button--small" onClick={onRefresh}>
              刷新支付结果
            </button>
          )}
        </section>
      );
    case 'failed':
      return (
        <p className="fk-notice fk-notice--error" role="alert">
          {payment.outcome?.message}
        </p>
      );
    default:
      return null;
  }
}

export interface PayButtonProps {
  payment: Pick<PaymentView, 'phase' | 'busy'>;
  /** The text when no payment is under way: 去支付, 立即支付, 确认预约并支付… */
  label: string;
  /** The page's own work before the payment (正在提交...), shown instead and disabling the button. */
  working?: string | null;
  disabled?: boolean;
  /** Without it the button submits its form. */
  onPay?(): void;
  /** Full width. */
  block?: boolean;
}

/** The primary pay button: its text follows the payment (请选择支付方式, 正在发起支付...); busy, it waits. */
export function PayButton({ payment, label, working, disabled, onPay, block }: PayButtonProps) {
  return (
    <button
      type={onPay ? 'button' : 'submit'}
      className={`fk-button fk-button--primary${block ? ' fk-button--block' : ''}`}
      disabled={Boolean(disabled || working || payment.busy)}
      onClick={onPay}
    >
      {working || payButtonText(payment.phase, label)}
    </button>
  );
}

/**
 * The fixed footer of a payable screen: what goes before the PayButton (`children`: the amount, 取消预约, a
 * link…), then the button; alone, the button spans the footer.
 */
export function PayFooter({ children, ...button }: PayButtonProps & { children?: ReactNode }) {
  return (
    <div className="fk-footer">
      {children}
      <PayButton block={children === undefined} {...button} />
    </div>
  );
}
