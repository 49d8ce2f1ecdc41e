import { BadLink as KitBadLink, StatusBanner as KitStatusBanner } from '@patient/feature-kit';
import type { ReactNode } from 'react';
import { LIST_PATH } from './params.ts';
import type { CheckupStatusInfo } from './status.ts';
import '@patient/feature-kit/base.css';
import './checkup.css';

/** A link whose parameters are missing or malformed (or a request not found): say so, offer the list. */
export function BadLink({ message }: { message: string }) {
  return <KitBadLink message={message} to={LIST_PATH} back="返回检查预约" page />;
}

export { InfoList, StatusBadge } from '@patient/feature-kit';

export function StatusBanner({ info, children }: { info: CheckupStatusInfo; children?: ReactNode }) {
  return (
    <KitStatusBanner info={info} label="检查预约状态">
      {children}
    </KitStatusBanner>
  );
}

export interface Choice {
  value: string;
  text: ReactNode;
  /** A second, quieter part: a relation, '余3', '约满'. */
  meta?: ReactNode;
  /** Shown but not choosable (a full date or slot). */
  disabled?: boolean;
}

/** One-of-many choices as radio buttons styled as chips (row), or as rows. */
export function ChoiceGroup({
  label,
  name,
  options,
  value,
  onChange,
  row = false,
  small = false,
  grid = false,
}: {
  /** What is chosen, for screen readers: '选择就诊人'. */
  label: string;
  name: string;
  options: Choice[];
  value: string | null;
  onChange(value: string): void;
  row?: boolean;
  small?: boolean;
  /** Equal tiles in columns (dates, time slots). */
  grid?: boolean;
}) {
  return (
    <fieldset className={`ck-choices${row ? ' ck-choices--row' : ''}${grid ? ' ck-choices--grid' : ''}`}>
      <legend className="ck-visually-hidden">{label}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={`ck-choice${small ? ' ck-choice--small' : ''}`}
          data-checked={option.value === value || undefined}
          data-disabled={option.disabled || undefined}
        >
          <input
            type="radio"
            className="ck-visually-hidden"
            name={name}
            value={option.value}
            checked={option.value === value}
            disabled={option.disabled}
            onChange={() => onChange(option.value)}
          />
          <span>{option.text}</span>
          {option.meta && <span className="ck-choice__meta">{option.meta}</span>}
        </label>
      ))}
    </fieldset>
  );
}
