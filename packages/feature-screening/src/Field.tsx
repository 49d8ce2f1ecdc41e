import type { HTMLAttributes } from 'react';

/**
 * A labelled text input with its message beside it (aria-invalid, aria-describedby), and an optional unit.
 */
export function Field({
  id,
  label,
  value,
  onChange,
  onBlur,
  problem,
  unit,
  type = 'text',
  inputMode,
  maxLength,
  placeholder,
  autoComplete,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  problem?: string;
  unit?: string;
  type?: 'text' | 'tel';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  placeholder?: string;
  autoComplete?: string;
}) {
  return (
    <div className="sc-field">
      <label className="sc-label" htmlFor={id}>
        {label}
      </label>
      <div className="sc-input-row">
        <input
          id={id}
          className="sc-input"
          type={type}
          inputMode={inputMode}
          maxLength={maxLength}
          placeholder={placeholder}
          autoComplete={autoComplete}
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
        {unit && <span className="sc-unit">{unit}</span>}
      </div>
      {problem && (
        <p className="sc-error" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
