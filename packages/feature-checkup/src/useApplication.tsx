import type { CheckupApplication } from '@patient/contract';
import { NoHospital, type Remote, RemotePage, useRemote } from '@patient/feature-kit';
import type { ReactElement } from 'react';
import { findApplication } from './findApplication.ts';
import { NO_HOSPITAL_MESSAGE } from './hospital.ts';
import type { ApplicationKey } from './params.ts';
import { BadLink } from './views.tsx';

/** A request none of the account's contacts has (another account's answers the same). */
export const NOT_FOUND = '未找到该检查申请单，请返回检查预约列表重新选择';

export interface LoadedApplication {
  /** The request: the service's copy once loaded, the navigation state's meanwhile. */
  application: CheckupApplication | null;
  remote: Remote<CheckupApplication | null>;
  /** What to show while there is no request: loading, error with retry, not found. */
  fallback: ReactElement;
}

/** The request of a route key, looked up among the account's contacts (hint: the navigation state's copy). */
export function useApplication(
  hospitalId: string | null,
  key: ApplicationKey,
  hint: CheckupApplication | null,
): LoadedApplication {
  const remote = useRemote(
    hospitalId ? (signal) => findApplication(hospitalId, key, hint, signal) : null,
    `${hospitalId}/${key.applicationNo}/${key.orderItemId}`,
  );
  const confirmed = remote.status === 'ready' || remote.data !== null;
  const application = confirmed ? remote.data : hint;
  let fallback: ReactElement;
  if (!hospitalId) fallback = <NoHospital text={NO_HOSPITAL_MESSAGE} />;
  else if (remote.status === 'error' || !confirmed)
    fallback = (
      <RemotePage
        remote={remote}
        loading="正在加载检查预约..."
        failed="检查预约信息加载失败"
        contactId={hint?.contactId}
      />
    );
  else fallback = <BadLink message={NOT_FOUND} />;
  return { application, remote, fallback };
}
