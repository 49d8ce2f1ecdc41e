import { ApiError } from '@patient/api-client';
import { EmptyState, Spinner } from '@patient/ui-kit';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useHospitalId } from './hospital.ts';
import { type Remote, useRemote } from './useRemote.ts';
import { LoadError } from './views.tsx';
import './base.css';

/** What a page that needs a hospital says when the app has none. */
export const NO_HOSPITAL_TEXT = '未选择医院，请从医院首页进入';

export interface NoHospitalProps {
  /** The feature's own wording, e.g. '未选择医院，请从医院首页进入预约'; default {@link NO_HOSPITAL_TEXT}. */
  text?: string;
  /** The page's class; default 'fk-page'. */
  className?: string;
  /** False inside a page that is already there (a gate in a page): no page element of its own. */
  page?: boolean;
}

/**
 * What shows instead of a page that needs a hospital when the app is opened for none: says so and offers the
 * way back to the home page (where a hospital is chosen).
 */
export function NoHospital({ text = NO_HOSPITAL_TEXT, className = 'fk-page', page = true }: NoHospitalProps) {
  const content = (
    <EmptyState text={text}>
      <Link to="/" className="fk-button fk-button--primary fk-button--inline" replace>
        返回首页
      </Link>
    </EmptyState>
  );
  return page ? <div className={className}>{content}</div> : content;
}

/** A page that needs a hospital: {@link NoHospital} without one, else `children(hospitalId)`. */
export function NeedsHospital({
  children,
  ...none
}: NoHospitalProps & { children(hospitalId: string): ReactNode }) {
  const hospitalId = useHospitalId();
  return hospitalId ? children(hospitalId) : <NoHospital {...none} />;
}

/**
 * The hospital's data for a screen: `load` with the hospital the app is opened for, again when it or `key`
 * changes; nothing is sent without a hospital (`hospitalId` null, remote idle).
 */
export function useHospitalRemote<T>(
  load: (hospitalId: string, signal: AbortSignal) => Promise<T>,
  key = '',
): { hospitalId: string | null; remote: Remote<T> } {
  const hospitalId = useHospitalId();
  const remote = useRemote<T>(
    hospitalId ? (signal) => load(hospitalId, signal) : null,
    `${hospitalId}/${key}`,
  );
  return { hospitalId, remote };
}

export interface RemoteStateProps {
  remote: Pick<Remote<unknown>, 'status' | 'error' | 'reload'>;
  /** The spinner's text: '正在加载预约记录...'; default '正在加载...'. */
  loading?: string;
  /** What could not be loaded, named as the screen shows it: '消息加载失败'. */
  failed: string;
  /**
   * Shown instead of the error when the service answers 404: a text ('未找到该随访任务…', as an empty state) or
   * what to show (a text with a way back).
   */
  notFound?: ReactNode;
  /** The contact whose hospital data is loaded: a refusal until it is proven offers 验证身份. */
  contactId?: string;
  /** Space above the error, in design px (EmptyState's default 80). */
  paddingTop?: number;
}

/** Data that is not there yet: a spinner while it loads; the error (with retry), or `notFound`, when it failed. */
export function RemoteState({
  remote,
  loading = '正在加载...',
  failed,
  notFound,
  contactId,
  paddingTop,
}: RemoteStateProps) {
  if (remote.status !== 'error') return <Spinner text={loading} />;
  if (notFound !== undefined && remote.error instanceof ApiError && remote.error.state === 404)
    return typeof notFound === 'string' ? <EmptyState text={notFound} paddingTop={paddingTop} /> : notFound;
  return (
    <LoadError
      error={remote.error}
      text={failed}
      onRetry={remote.reload}
      contactId={contactId}
      paddingTop={paddingTop}
    />
  );
}

export interface RemotePageProps<T> extends RemoteStateProps {
  remote: Pick<Remote<T>, 'status' | 'data' | 'error' | 'reload'>;
  /**
   * The hospital the page's load needs (useHospitalId, useHospitalRemote): null shows {@link NoHospital}.
   * Leave it out for a page that needs none.
   */
  hospitalId?: string | null;
  /** The feature's own 未选择医院 wording. */
  noHospital?: string;
  /** The page's class around the states; default 'fk-page'. */
  className?: string;
  /** Shown above the spinner or the error (a search bar that stays). */
  top?: ReactNode;
  /**
   * The page once its data is there (it brings its own page element). Left out, only the states show: for a
   * page that returns early while it has no hospital or data, `if (!data) return <RemotePage … />`.
   */
  children?(data: T): ReactNode;
}

/**
 * A page of one load: 未选择医院 when it needs a hospital and has none, a spinner while loading, the error with
 * retry (or `notFound`) when the load failed, else `children(data)`. Data already there stays on screen while
 * it reloads.
 */
export function RemotePage<T>({
  remote,
  hospitalId,
  noHospital,
  className = 'fk-page',
  top,
  children,
  ...state
}: RemotePageProps<T>) {
  if (hospitalId === null) return <NoHospital text={noHospital} className={className} />;
  if (remote.data !== null && children) return <>{children(remote.data)}</>;
  return (
    <div className={className}>
      {top}
      <RemoteState remote={remote} {...state} />
    </div>
  );
}
