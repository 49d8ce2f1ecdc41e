import type { StatusLook } from '@patient/feature-kit';
import { LoadError } from '@patient/feature-kit';
import { Spinner } from '@patient/ui-kit';
import type { ReactNode } from 'react';

/** The result of a payment, from the service's record: paid, being confirmed (refresh), or not paid. */
export function PayResult({
  look,
  title,
  children,
}: {
  look: 'done' | 'waiting' | 'failed';
  title: string;
  children?: ReactNode;
}) {
  return (
    <section className="fk-result" aria-label="支付结果" data-tone={look}>
      <p className="fk-result__icon" aria-hidden="true">
        {look === 'done' ? '✓' : look === 'waiting' ? '…' : '!'}
      </p>
      <h2 className="fk-result__title">{title}</h2>
      {children}
    </section>
  );
}

export function Pending({ error, retry, text }: { error: unknown; retry(): void; text: string }) {
  return error ? (
    <LoadError error={error} text={text} onRetry={retry} />
  ) : (
    <Spinner text="正在确认支付结果..." />
  );
}

export type { StatusLook };
