import './contacts.css';

export interface ToggleProps {
  checked: boolean;
  /** Read by screen readers, e.g. '张伟的消息通知'. */
  label: string;
  disabled?: boolean;
  onChange(checked: boolean): void;
}

/** An on/off switch (a button with role switch) with a full tap target. */
export function Toggle({ checked, label, disabled = false, onChange }: ToggleProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      className="pt-toggle"
      onClick={() => onChange(!checked)}
    >
      <span className="pt-toggle__track">
        <span className="pt-toggle__thumb" />
      </span>
    </button>
  );
}
