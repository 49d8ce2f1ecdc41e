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

export { ChoiceGroup, InfoList, StatusBadge } from '@patient/feature-kit';

export function StatusBanner({ info, children }: { info: CheckupStatusInfo; children?: ReactNode }) {
  return (
    <KitStatusBanner info={info} label="检查预约状态">
      {children}
    </KitStatusBanner>
  );
}
