import type { ReactNode } from 'react';
import './contacts.css';

export interface FormRowProps {
  /** id of the control; the label points at it and the message is `${id}-error`. */
  id: string;
  label: string;
  /** The Chinese message shown beside the field, or '' / undefined. */
  error?: string;
  /** A quiet line under the field when there is no error. */
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
}

/** One labelled row of a form, with its message under it. */
export function FormRow({ id, label, error, hint, required, children }: FormRowProps) {
  return (
    <div className="pt-row" data-invalid={error ? true : undefined}>
      <div className="pt-row__main">
        <label className="pt-row__label" htmlFor={id} data-required={required || undefined}>
          {label}
        </label>
        <div className="pt-row__control">{children}</div>
      </div>
      {error ? (
        <p className="pt-row__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : (
        hint && <p className="pt-row__hint">{hint}</p>
      )}
    </div>
  );
}

/** The aria props of a control whose row may show a message. */
export function fieldAria(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}

/** A read-only label/value row (view screens). */
export function InfoRow({
  label,
  children,
  action,
}: {
  label: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="pt-row">
      <div className="pt-row__main">
        <span className="pt-row__label">{label}</span>
        <span className="pt-row__value">{children}</span>
        {action}
      </div>
    </div>
  );
}
