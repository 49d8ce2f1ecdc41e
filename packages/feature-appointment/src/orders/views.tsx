import { BadLink as KitBadLink } from '@patient/feature-kit';
import type { ReactNode } from 'react';
import { capitalYuan, yuan } from './format.ts';
import { ORDER_LIST_PATH } from './paths.ts';
import type { StatusInfo } from './status.ts';
import '@patient/feature-kit/base.css';
import './orders.css';

/** A link whose parameters are missing or malformed: say so, send nothing, offer the way to the list. */
export function BadLink({ message }: { message: string }) {
  return <KitBadLink message={message} to={ORDER_LIST_PATH} back="查看我的预约" page />;
}

export function StatusBadge({ info }: { info: StatusInfo }) {
  return (
    <span className="fk-badge" data-tone={info.tone}>
      {info.label}
    </span>
  );
}

/** The status at the top of an order screen: label, what it means, and an optional line (countdown). */
export function StatusBanner({ info, children }: { info: StatusInfo; children?: ReactNode }) {
  return (
    <section className="ao-banner" data-tone={info.tone} aria-label="预约状态">
      <h2 className="ao-banner__title">{info.label}</h2>
      <p className="ao-banner__hint">{info.hint}</p>
      {children}
    </section>
  );
}

/** Label/value rows. */
export function InfoList({ rows, label }: { rows: [string, ReactNode][]; label?: string }) {
  return (
    <dl className="fk-card ao-info" aria-label={label}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** An amount: ¥25.00, with the capital amount under it where there is room. */
export function Amount({ value, capital = false }: { value: string; capital?: boolean }) {
  const words = capital ? capitalYuan(value) : null;
  return (
    <span className="ao-amount">
      <span className="ao-amount__figure">{yuan(value)}</span>
      {words && <span className="ao-amount__capital">{words}</span>}
    </span>
  );
}

export interface Choice {
  value: string;
  text: ReactNode;
  /** A second, quieter part: a relation, '默认'. */
  meta?: ReactNode;
}

/** One-of-many choices as radio buttons styled as chips (row) or rows. */
export function ChoiceGroup({
  label,
  name,
  options,
  value,
  onChange,
  row = false,
  small = false,
}: {
  /** What is chosen, for screen readers: '选择就诊人'. */
  label: string;
  name: string;
  options: Choice[];
  value: string | null;
  onChange(value: string): void;
  row?: boolean;
  small?: boolean;
}) {
  return (
    <fieldset className={`ao-choices${row ? ' ao-choices--row' : ''}`}>
      <legend className="ao-visually-hidden">{label}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={`ao-choice${small ? ' ao-choice--small' : ''}`}
          data-checked={option.value === value || undefined}
        >
          <input
            type="radio"
            className="ao-visually-hidden"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span>{option.text}</span>
          {option.meta && <span className="ao-choice__meta">{option.meta}</span>}
        </label>
      ))}
    </fieldset>
  );
}
