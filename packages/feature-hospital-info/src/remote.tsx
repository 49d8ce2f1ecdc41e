import { LoadError, type Remote, useRemote } from '@patient/feature-kit';
import { EmptyState, Spinner } from '@patient/ui-kit';
import type { ReactNode } from 'react';
import { NO_HOSPITAL_MESSAGE, useHospitalId } from './hospital.ts';
import '@patient/feature-kit/base.css';
import './info.css';

/** The hospital's data for a screen: `load` with the hospital the app is opened for (nothing without one). */
export function useHospitalData<T>(load: (hospitalId: string, signal: AbortSignal) => Promise<T>): {
  hospitalId: string | null;
  remote: Remote<T>;
} {
  const hospitalId = useHospitalId();
  const remote = useRemote<T>(hospitalId ? (signal) => load(hospitalId, signal) : null, hospitalId ?? '');
  return { hospitalId, remote };
}

/** A page of one call's data: no hospital, loading, failed (retry), or `children(data)`. */
export function HospitalPage<T>({
  hospitalId,
  remote,
  what,
  children,
}: {
  hospitalId: string | null;
  remote: Remote<T>;
  /** What loads, named as the screen shows it: '医院介绍'. */
  what: string;
  children(data: T): ReactNode;
}) {
  let body: ReactNode;
  if (!hospitalId) body = <EmptyState text={NO_HOSPITAL_MESSAGE} />;
  else if (remote.data !== null) body = children(remote.data);
  else if (remote.status === 'error')
    body = <LoadError error={remote.error} text={`${what}加载失败`} onRetry={remote.reload} />;
  else body = <Spinner text={`正在加载${what}...`} />;
  return <div className="fk-page">{body}</div>;
}
