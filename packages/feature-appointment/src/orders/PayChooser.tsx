import { useEffect, useId, useRef } from 'react';
import type { OrderPayment } from './usePayment.ts';
import '@patient/feature-kit/base.css';
import './orders.css';

/**
 * 选择支付方式: a sheet over the page's footer with one large button per open way to pay (微信支付 / 支付宝)
 * and 取消 (Escape too). Its first button takes the focus so that the choice is announced.
 */
export function PayChooser({ payment }: { payment: OrderPayment }) {
  const titleId = useId();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <section
      className="ao-pay-chooser"
      role="dialog"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') payment.choose(null);
      }}
    >
      <h2 id={titleId} className="ao-pay-chooser__title">
        选择支付方式
      </h2>
      {payment.choices.map((choice, index) => (
        <button
          key={choice.channel}
          ref={index === 0 ? first : undefined}
          type="button"
          className="fk-button fk-button--primary fk-button--block ao-pay-chooser__option"
          onClick={() => payment.choose(choice.channel)}
        >
          {choice.label}
        </button>
      ))}
      <button
        type="button"
        className="fk-button fk-button--block ao-pay-chooser__option"
        onClick={() => payment.choose(null)}
      >
        取消
      </button>
    </section>
  );
}
