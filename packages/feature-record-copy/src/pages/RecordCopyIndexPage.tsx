import { api } from '@patient/api-client';
import {
  getRecordCopyText,
  listRecordCopies,
  type RecordCopyOrder,
  recordCopyStatusOf,
} from '@patient/contract';
import { NoHospital, RemoteState, StatusBadge, useRemote } from '@patient/feature-kit';
import { Spinner } from '@patient/ui-kit';
import { chinaDateTime, formatYuan, maskName } from '@patient/validation';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { clearDraft } from '../draft.ts';
import { statusLook } from '../format.ts';
import { useHospitalId } from '../hospital.ts';
import { ADDRESSES_PATH, CHOOSE_PATIENT_PATH, detailPath } from '../params.ts';
import '@patient/feature-kit/base.css';
import '../record-copy.css';

function OrderRow({ order }: { order: RecordCopyOrder }) {
  const info = recordCopyStatusOf(order.status);
  return (
    <Link className="fk-card rc-address" to={detailPath(order.orderId)}>
      <span className="rc-row">
        <span>
          {maskName(order.patientName)} · {order.purpose.name}
        </span>
        <StatusBadge info={statusLook(order)} />
      </span>
      <span className="fk-muted">
        {order.stays.map((s) => s.department).join('、')} · {order.copies}份
      </span>
      <span className="rc-row fk-muted">
        <span>{chinaDateTime(order.createdAt)}</span>
        {info.canSeeFee && <span>{formatYuan(order.fee.totalFen)}</span>}
      </span>
    </Link>
  );
}

/**
 * 病案复印 (/medicalRecord/index): the hospital's notice, 申请复印 (a fresh application), my applications with
 * their status (the fee where the status shows it), and the address book.
 */
export default function RecordCopyIndexPage() {
  const hospitalId = useHospitalId();
  const notice = useRemote(
    hospitalId
      ? (signal) =>
          api.request(getRecordCopyText, { query: { hospitalId, parameterType: 'APPLY_NOTICE' } }, { signal })
      : null,
    hospitalId ?? '',
  );
  const orders = useRemote(
    hospitalId ? (signal) => api.request(listRecordCopies, { query: { hospitalId } }, { signal }) : null,
    hospitalId ?? '',
  );
  if (!hospitalId) return <NoHospital />;

  let list: ReactNode;
  if (orders.data === null) {
    list = <RemoteState remote={orders} failed="申请记录加载失败" paddingTop={16} />;
  } else if (orders.data.length === 0) {
    list = <p className="fk-muted">暂无病案复印申请</p>;
  } else {
    list = (
      <ul className="fk-list" aria-label="我的申请">
        {orders.data.map((order) => (
          <li key={order.orderId}>
            <OrderRow order={order} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="fk-page">
      <section className="fk-card" aria-label="病案复印须知">
        <h2 className="fk-section-title">{notice.data?.title ?? '病案复印须知'}</h2>
        {notice.data ? (
          notice.data.paragraphs.map((p) => (
            <p key={p} className="fk-muted">
              {p}
            </p>
          ))
        ) : notice.status === 'error' ? (
          <p className="fk-muted">须知加载失败，可稍后再看</p>
        ) : (
          <Spinner text="正在加载..." />
        )}
      </section>
      <div className="fk-actions">
        <Link
          className="fk-button fk-button--primary fk-button--block"
          to={CHOOSE_PATIENT_PATH}
          onClick={clearDraft}
        >
          申请复印
        </Link>
        <Link className="fk-text-button" to={ADDRESSES_PATH}>
          管理收货地址
        </Link>
      </div>
      <h2 className="fk-section-title">我的申请</h2>
      {list}
    </div>
  );
}
