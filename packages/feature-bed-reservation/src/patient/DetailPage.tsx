import { api, isCancelled } from '@patient/api-client';
import { cancelBedOrder } from '@patient/contract';
import { InfoList, StatusBanner } from '@patient/feature-kit';
import { confirm, toast } from '@patient/ui-kit';
import { chinaDateTime, maskName } from '@patient/validation';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { admissionText, STATUS_LOOK } from '../format.ts';
import { OrderPending, usePatientOrder } from './order.tsx';
import '@patient/feature-kit/base.css';
import '../bed.css';

/**
 * 预约详情 (/bedReservation/patient/detail/:orderId): the status, the offered admission (day, half-day, ward and
 * where it is, bed, what to bring), 确认入院时间 while it waits for the patient, the application, and 取消预约
 * (confirmed first) until the time is confirmed.
 */
export default function DetailPage() {
  const { orderId, order } = usePatientOrder();
  const [busy, setBusy] = useState(false);
  if (!order.data) return <OrderPending orderId={orderId} order={order} />;
  const o = order.data;

  const cancel = async () => {
    const sure = await confirm({
      title: '取消床位预约',
      message: `确定取消${o.deptName}的床位预约吗？取消后如需入院需重新申请。`,
      confirmText: '取消预约',
      cancelText: '再想想',
      danger: true,
    });
    if (!sure) return;
    setBusy(true);
    try {
      order.set(await api.request(cancelBedOrder, { params: { orderId: o.orderId }, body: {} }));
      void toast('已取消');
    } catch (error) {
      if (isCancelled(error)) return;
    } finally {
      setBusy(false);
    }
  };

  const rows: [string, string][] = [
    ['预约单号', o.orderNo],
    ['就诊人', maskName(o.patientName)],
    ['入院病区', o.deptName],
    ['申请时间', chinaDateTime(o.appliedAt)],
  ];
  if (o.cancelledAt)
    rows.push(['取消时间', chinaDateTime(o.cancelledAt)], ['取消原因', o.cancelReason ?? '']);
  return (
    <div className="fk-page">
      <StatusBanner info={STATUS_LOOK[o.status]} label="预约状态" />
      {o.admission && o.status !== 'CANCELLED' ? (
        <>
          <h2 className="fk-section-title">入院安排</h2>
          <InfoList
            label="入院安排"
            rows={[
              ['入院时间', admissionText(o.admission)],
              ['病区', o.admission.by],
              ...(o.admission.bedNo ? ([['床号', o.admission.bedNo]] as [string, string][]) : []),
              ['入院须知', o.admission.note],
            ]}
          />
        </>
      ) : null}
      <h2 className="fk-section-title">预约信息</h2>
      <InfoList label="预约信息" rows={rows} />
      <div className="fk-actions">
        {o.status === 'CONFIRMED' ? (
          <Link
            to={`/bedReservation/patient/confirm/${o.orderId}`}
            className="fk-button fk-button--primary fk-button--block"
          >
            确认入院时间
          </Link>
        ) : null}
        <Link to={`/bedReservation/patient/application/${o.orderId}`} className="fk-button fk-button--block">
          查看申请信息
        </Link>
        {o.status === 'PENDING' || o.status === 'CONFIRMED' ? (
          <button
            type="button"
            className="fk-button fk-button--danger fk-button--block"
            disabled={busy}
            onClick={cancel}
          >
            取消预约
          </button>
        ) : null}
      </div>
    </div>
  );
}
