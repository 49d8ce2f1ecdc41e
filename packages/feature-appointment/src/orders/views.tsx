import { BadLink as KitBadLink, StatusBanner as KitStatusBanner } from '@patient/feature-kit';
import { formatYuan, tryCapitalAmountOfFen } from '@patient/validation';
import type { ReactNode } from 'react';
import { ORDER_LIST_PATH } from './paths.ts';
import type { StatusInfo } from './status.ts';
import '@patient/feature-kit/base.css';
import './orders.css';

/** A link whose parameters are missing or malformed: say so, send nothing, offer the way to the list. */
export function BadLink({ message }: { message: string }) {
  return <KitBadLink message={message} to={ORDER_LIST_PATH} back="查看我的预约" page />;
}

export { ChoiceGroup, InfoList, StatusBadge } from '@patient/feature-kit';

export function StatusBanner({ info, children }: { info: StatusInfo; children?: ReactNode }) {
  return (
    <KitStatusBanner info={info} label="预约状态">
      {children}
    </KitStatusBanner>
  );
}

/** An amount in fen: ¥25.00, with the capital amount under it where there is room. */
export function Amount({ value, capital = false }: { value: number; capital?: boolean }) {
  const words = capital ? tryCapitalAmountOfFen(value) : null;
  return (
    <span className="ao-amount">
      <span className="ao-amount__figure">{formatYuan(value)}</span>
      {words && <span className="ao-amount__capital">{words}</span>}
    </span>
  );
}

/** The rows of an order's insurance part, when insurance pays anything ('医保支付'). */
export function insuranceRows(order: { insurancePays: number }): [string, ReactNode][] {
  return order.insurancePays > 0
    ? [['医保支付', <Amount key="insurance" value={order.insurancePays} />]]
    : [];
}
