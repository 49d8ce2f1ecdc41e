import { ApiError, loginPath } from '@patient/api-client';
import type { FollowUpTask } from '@patient/contract';
import { EmptyState, Spinner } from '@patient/ui-kit';
import { maskName } from '@patient/validation';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { isHisIdentityRequired, verifyIdentityPath } from './hisIdentity.ts';
import { useRetryWhenBack } from './retry.ts';
import './base.css';

export interface LoadErrorProps {
  error: unknown;
  /** What could not be loaded, named as the screen shows it: '预约记录加载失败', '就诊人加载失败'. */
  text: string;
  /** Loads again: from the button, and by itself when the page is visible again or back online. */
  onRetry(): void;
  /** The contact whose hospital data was asked for: a refusal until it is proven offers 验证身份. */
  contactId?: string;
  /** Space above, in design px (EmptyState's default 80). */
  paddingTop?: number;
}

export interface VerifyIdentityPromptProps {
  contactId: string;
  /** Whose data it is (shown masked by the caller), e.g. '张*'; default '该就诊人'. */
  who?: string;
}

/**
 * The contact's hospital data needs the contact proven first: says why and offers 验证身份 (the step of
 * feature-patients; it comes back here when done).
 */
export function VerifyIdentityPrompt({ contactId, who = '该就诊人' }: VerifyIdentityPromptProps) {
  return (
    <EmptyState type="no_auth" text="请先验证就诊人身份" paddingTop={24}>
      <p className="fk-muted">
        为保护就诊人隐私，查看{who}
        在医院的就诊卡、报告和费用等信息前，需先验证身份（医院登记手机号验证码或人脸识别验证）
      </p>
      <Link to={verifyIdentityPath(contactId)} className="fk-button fk-button--primary fk-button--inline">
        验证身份
      </Link>
    </EmptyState>
  );
}

/**
 * The error state of a screen whose data did not load: what failed (`text`) and a retry button, a login
 * button when the session is gone (api-client is already on its way to /login; this is what shows meanwhile),
 * or 验证身份 when a contact's hospital data needs the contact proven (`contactId`). While a retryable error is
 * on screen it also retries by itself when the page becomes visible again or the network comes back.
 */
export function LoadError({ error, text, onRetry, contactId, paddingTop }: LoadErrorProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const needsIdentity = contactId !== undefined && isHisIdentityRequired(error);
  const needsLogin = error instanceof ApiError && error.kind === 'session';
  // Asking again cannot help while the patient has to log in or prove the contact first.
  useRetryWhenBack(onRetry, !needsIdentity && !needsLogin);
  if (needsIdentity) return <VerifyIdentityPrompt contactId={contactId} />;
  if (needsLogin) {
    return (
      <EmptyState text="请先登录后再查看" paddingTop={paddingTop}>
        <button
          type="button"
          className="fk-button fk-button--primary fk-button--inline"
          onClick={() => navigate(loginPath(`${location.pathname}${location.search}`))}
        >
          去登录
        </button>
      </EmptyState>
    );
  }
  return (
    <EmptyState text={text} paddingTop={paddingTop}>
      <button type="button" className="fk-button fk-button--primary fk-button--inline" onClick={onRetry}>
        重新加载
      </button>
    </EmptyState>
  );
}

export interface LoadingViewProps {
  /** The load failed (LoadError with `text`); otherwise it is still running (a spinner with `loading`). */
  failed: boolean;
  error: unknown;
  onRetry(): void;
  /** The spinner's text; default '正在加载就诊人...' (the contacts, see useContacts). */
  loading?: string;
  /** What could not be loaded; default '就诊人加载失败'. */
  text?: string;
}

/** A screen's data that is not there yet: a spinner while it loads, LoadError when the load failed. */
export function LoadingView({
  failed,
  error,
  onRetry,
  loading = '正在加载就诊人...',
  text = '就诊人加载失败',
}: LoadingViewProps) {
  return failed ? <LoadError error={error} text={text} onRetry={onRetry} /> : <Spinner text={loading} />;
}

export interface BadLinkProps {
  /** What is wrong: '链接无效', '预约记录不存在'. */
  message: string;
  /** Where the way back leads (a list). */
  to: string;
  /** The way back's text: '查看我的预约'. */
  back: string;
  /** Wrap it in a page (for screens that render it instead of their own page). */
  page?: boolean;
}

/**
 * A link that leads nowhere (its parameters are missing or malformed, or what it names is gone): say so, send
 * nothing, offer the way back.
 */
export function BadLink({ message, to, back, page = false }: BadLinkProps) {
  const content = (
    <EmptyState text={message}>
      <Link to={to} className="fk-button fk-button--primary fk-button--inline" replace>
        {back}
      </Link>
    </EmptyState>
  );
  return page ? <div className="fk-page">{content}</div> : content;
}

/** What a status looks like: its label, what it means for the patient, and a colour tone. */
export interface StatusLook {
  label: string;
  hint: string;
  tone: string;
}

export function StatusBadge({ info }: { info: StatusLook }) {
  return (
    <span className="fk-badge" data-tone={info.tone}>
      {info.label}
    </span>
  );
}

/** The status at the top of a screen: label, what it means, and an optional line (a countdown). */
export function StatusBanner({
  info,
  label,
  children,
}: {
  info: StatusLook;
  label: string;
  children?: ReactNode;
}) {
  return (
    <section className="fk-banner" data-tone={info.tone} aria-label={label}>
      <h2 className="fk-banner__title">{info.label}</h2>
      <p className="fk-banner__hint">{info.hint}</p>
      {children}
    </section>
  );
}

/** Label/value rows in a card. */
export function InfoList({ rows, label }: { rows: [string, ReactNode][]; label?: string }) {
  return (
    <dl className="fk-card fk-info" aria-label={label}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One option of a {@link ChoiceGroup}. */
export interface Choice {
  value: string;
  text: ReactNode;
  /** A second, quieter part: a relation, '默认', '余3', '约满'. */
  meta?: ReactNode;
  /** Shown but not choosable (a full date or slot). */
  disabled?: boolean;
}

/**
 * One-of-many choices as real radio buttons (keyboard and screen readers work as usual), drawn as rows, as
 * chips (`row`) or as equal tiles in three columns (`grid`: dates, time slots). Styles: base.css `fk-choice`.
 */
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
  grid?: boolean;
}) {
  return (
    <fieldset className={`fk-choices${row ? ' fk-choices--row' : ''}${grid ? ' fk-choices--grid' : ''}`}>
      <legend className="fk-visually-hidden">{label}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={`fk-choice${small ? ' fk-choice--small' : ''}`}
          data-checked={option.value === value || undefined}
          data-disabled={option.disabled || undefined}
        >
          <input
            type="radio"
            className="fk-visually-hidden"
            name={name}
            value={option.value}
            checked={option.value === value}
            disabled={option.disabled}
            onChange={() => onChange(option.value)}
          />
          <span>{option.text}</span>
          {option.meta && <span className="fk-choice__meta">{option.meta}</span>}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * A follow-up task's head (随访): its title, whose it is (name masked) and from which department, and the
 * hospital's introduction — the same in the pushed link (feature-feedback) and the health record's follow-ups
 * (feature-reports).
 */
export function FollowUpIntro({
  task,
  className,
}: {
  task: Pick<FollowUpTask, 'title' | 'patientName' | 'department' | 'intro'>;
  className?: string;
}) {
  return (
    <section className={className ? `fk-card ${className}` : 'fk-card'} aria-label={task.title}>
      <h2 className="fk-section-title">{task.title}</h2>
      <p className="fk-muted">
        {maskName(task.patientName)} · {task.department}
      </p>
      {task.intro.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </section>
  );
}
