import type { ReactNode } from 'react';

/** A result the patient has to act on: a warning sign, what happened, and the ways on. */
export function ResultNotice({
  title,
  text,
  children,
}: {
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <div className="fk-page">
      <section className="fk-card fk-result" aria-label={title}>
        <span className="fk-result__icon" data-tone="warning" aria-hidden="true">
          !
        </span>
        <h2 className="fk-result__title">{title}</h2>
        <p className="fk-result__text">{text}</p>
      </section>
      <div className="fk-actions">{children}</div>
    </div>
  );
}
