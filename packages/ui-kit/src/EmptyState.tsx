import type { ReactNode } from 'react';

export type EmptyStateType = 'no_data' | 'no_auth';

export interface EmptyStateProps {
  /** no_data: nothing to show yet; no_auth: the patient is not real-name certified. */
  type?: EmptyStateType;
  /** Defaults to '暂无数据' (no_data) or '就诊人尚未实名认证' (no_auth). */
  text?: string;
  /** Space above the image, in design px (converted to rem like every size). */
  paddingTop?: number;
  /** An action below the text, e.g. a button to add the first contact. */
  children?: ReactNode;
}

const DEFAULT_TEXT: Record<EmptyStateType, string> = {
  no_data: '暂无数据',
  no_auth: '就诊人尚未实名认证',
};

const NoDataImage = () => (
  <svg viewBox="0 0 160 120" aria-hidden="true" className="pk-empty__image">
    <ellipse cx="80" cy="108" rx="56" ry="6" fill="#e9ecef" />
    <rect x="42" y="22" width="76" height="80" rx="8" fill="#fff" stroke="#d5dae0" strokeWidth="3" />
    <path d="M56 46h48M56 60h48M56 74h30" stroke="#d5dae0" strokeWidth="4" strokeLinecap="round" />
  </svg>
);

const NoAuthImage = () => (
  <svg viewBox="0 0 160 120" aria-hidden="true" className="pk-empty__image">
    <ellipse cx="80" cy="108" rx="56" ry="6" fill="#e9ecef" />
    <rect x="36" y="26" width="88" height="64" rx="8" fill="#fff" stroke="#d5dae0" strokeWidth="3" />
    <circle cx="62" cy="54" r="10" fill="#d5dae0" />
    <path d="M48 78c3-9 25-9 28 0M88 48h24M88 60h18" stroke="#d5dae0" strokeWidth="4" strokeLinecap="round" />
    <circle cx="118" cy="84" r="14" fill="var(--color-warning)" />
    <path d="M118 76v9M118 90v1" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" />
  </svg>
);

/** The reusable empty-state view (000 §2). */
export function EmptyState({ type = 'no_data', text, paddingTop = 80, children }: EmptyStateProps) {
  return (
    <div className="pk-empty" data-type={type} style={{ paddingTop: `${paddingTop / 100}rem` }}>
      {type === 'no_auth' ? <NoAuthImage /> : <NoDataImage />}
      <p className="pk-empty__text">{text ?? DEFAULT_TEXT[type]}</p>
      {children}
    </div>
  );
}
