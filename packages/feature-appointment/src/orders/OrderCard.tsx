import type { AppointmentOrder } from '@patient/contract';
import { formatYuan, maskName } from '@patient/validation';
import { Link } from 'react-router-dom';
import { useHoldCountdown } from './countdown.ts';
import { doctorLabel, visitTime } from './format.ts';
import { NEW_BOOKING_PATH, orderDetailPath, placeOrderPath } from './paths.ts';
import { HELD_STATUSES, type NextAction, statusInfo } from './status.ts';
import { StatusBadge } from './views.tsx';
import '@patient/feature-kit/base.css';
import './orders.css';

const ACTIONS: Record<NextAction, { text: string; to: (order: AppointmentOrder) => string }> = {
  continue: { text: '继续预约', to: (o) => placeOrderPath(o.orderId) },
  pay: { text: '去支付', to: (o) => orderDetailPath(o.orderId) },
  view: { text: '查看详情', to: (o) => orderDetailPath(o.orderId) },
  rebook: { text: '重新预约', to: () => NEW_BOOKING_PATH },
};

/**
 * One appointment in the list: where and when, for whom (masked), the status with what to do next, and for
 * a held order the time left to pay, counting down; when it runs out the card reads expired.
 */
export function OrderCard({ order }: { order: AppointmentOrder }) {
  const held = HELD_STATUSES.includes(order.status);
  const countdown = useHoldCountdown(held ? order.holdExpiresAt : null);
  const status = held && countdown.expired ? 'EXPIRED' : order.status;
  const info = statusInfo(status);
  const action = ACTIONS[info.next];
  const { schedule } = order;

  return (
    <article className="ao-order" aria-label={`${schedule.departmentName}预约`} data-status={status}>
      <Link className="ao-order__main" to={orderDetailPath(order.orderId)}>
        <span className="ao-order__head">
          <span className="ao-order__title">
            {schedule.departmentName} · {doctorLabel(schedule)}
          </span>
          <StatusBadge info={info} />
        </span>
        <span className="ao-order__line">就诊时间 {visitTime(order)}</span>
        <span className="ao-order__line">
          就诊人 {order.patientName ? maskName(order.patientName) : '未选择'} · {order.hospitalName}
        </span>
        <span className="ao-order__line">挂号费 {formatYuan(order.fee)}</span>
        {held && countdown.active && !countdown.expired && (
          <span className="ao-order__countdown" role="timer" aria-label="剩余支付时间">
            剩余支付时间 {countdown.text}
          </span>
        )}
      </Link>
      <div className="ao-order__actions">
        <span className="ao-order__hint">{info.hint}</span>
        <Link
          className={`fk-button fk-button--small${info.next === 'pay' || info.next === 'continue' ? ' fk-button--primary' : ''}`}
          to={action.to(order)}
        >
          {action.text}
        </Link>
      </div>
    </article>
  );
}
