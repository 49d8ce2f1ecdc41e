import { api } from '@patient/api-client';
import { type BedOrder, listBedOrders } from '@patient/contract';
import { NoHospital, RemoteState, StatusBadge, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { chinaDateTime, maskName } from '@patient/validation';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { admissionText, STATUS_LOOK, useHospitalId } from '../format.ts';
import '@patient/feature-kit/base.css';
import '../bed.css';

function OrderRow({ order }: { order: BedOrder }) {
  return (
    <Link className="fk-row" to={`/bedReservation/patient/detail/${order.orderId}`}>
      <span className="fk-row__head">
        <span>
          {order.deptName} · {maskName(order.patientName)}
        </span>
        <StatusBadge info={STATUS_LOOK[order.status]} />
      </span>
      {order.admission && order.status !== 'CANCELLED' ? (
        <span>入院时间：{admissionText(order.admission)}</span>
      ) : null}
      <span className="fk-muted">申请时间：{chinaDateTime(order.appliedAt)}</span>
    </Link>
  );
}

/**
 * 床位预约 (/bedReservation/patient/list): 申请床位预约 (with the admission notice), then my applications, newest
 * first, each with its status and the offered admission time → its detail.
 */
export default function ListPage() {
  const hospitalId = useHospitalId();
  const orders = useRemote(
    hospitalId
      ? (signal) => api.request(listBedOrders, { body: { hospitalId, pageSize: 50 } }, { signal })
      : null,
    hospitalId ?? '',
  );
  if (!hospitalId) return <NoHospital />;
  let list: ReactNode;
  if (orders.data === null) {
    list = <RemoteState remote={orders} failed="床位预约加载失败" paddingTop={16} />;
  } else if (orders.data.items.length === 0) {
    list = <EmptyState text="暂无床位预约" paddingTop={16} />;
  } else {
    list = (
      <ul className="fk-list" aria-label="我的床位预约">
        {orders.data.items.map((o) => (
          <li key={o.orderId}>
            <OrderRow order={o} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="fk-page">
      <div className="fk-card">
        <p>持医生开具的入院通知单，可在线申请床位；病区安排好入院时间后，请在这里确认。</p>
        <Link to="/bedReservation/patient/apply" className="fk-button fk-button--primary fk-button--block">
          申请床位预约
        </Link>
      </div>
      <h2 className="fk-section-title">我的床位预约</h2>
      {list}
    </div>
  );
}
