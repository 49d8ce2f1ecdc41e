import { api, isCancelled } from '@patient/api-client';
import { confirmBedTime } from '@patient/contract';
import { InfoList } from '@patient/feature-kit';
import { EmptyState, toast } from '@patient/ui-kit';
import { maskName } from '@patient/validation';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { admissionText, STATUS_LOOK } from '../format.ts';
import { OrderPending, usePatientOrder } from './order.tsx';
import '@patient/feature-kit/base.css';
import '../bed.css';

/**
 * 确认入院时间 (/bedReservation/patient/confirm/:orderId): the time the ward offers, with where to go and what to
 * bring; 确认入院 → the detail. Another status says where the order is instead.
 */
export default function ConfirmPage() {
  const navigate = useNavigate();
  const { orderId, order } = usePatientOrder();
  const [busy, setBusy] = useState(false);
  if (!order.data) return <OrderPending orderId={orderId} order={order} />;
  const o = order.data;
  if (o.status !== 'CONFIRMED' || !o.admission) {
    return (
      <div className="fk-page">
        <EmptyState
          text={o.status === 'PENDING' ? '病区尚未安排入院时间' : `该预约${STATUS_LOOK[o.status].label}`}
        >
          <Link
            to={`/bedReservation/patient/detail/${o.orderId}`}
            className="fk-button fk-button--primary fk-button--inline"
            replace
          >
            查看预约详情
          </Link>
        </EmptyState>
      </div>
    );
  }
  const confirmTime = async () => {
    setBusy(true);
    try {
      await api.request(confirmBedTime, { body: { orderId: o.orderId } });
      void toast('已确认入院时间');
      navigate(`/bedReservation/patient/detail/${o.orderId}`, { replace: true });
    } catch (error) {
      if (!isCancelled(error)) setBusy(false);
    }
  };
  return (
    <div className="fk-page">
      <InfoList
        label="入院安排"
        rows={[
          ['就诊人', maskName(o.patientName)],
          ['入院时间', admissionText(o.admission)],
          ['病区', o.admission.by],
          ...(o.admission.bedNo ? ([['床号', o.admission.bedNo]] as [string, string][]) : []),
          ['入院须知', o.admission.note],
        ]}
      />
      <p className="fk-muted">确认后请按时到院办理入院；如时间不便，请取消预约或联系病区护士站。</p>
      <button
        type="button"
        className="fk-button fk-button--primary fk-button--block"
        disabled={busy}
        onClick={confirmTime}
      >
        {busy ? '正在确认…' : '确认入院'}
      </button>
    </div>
  );
}
