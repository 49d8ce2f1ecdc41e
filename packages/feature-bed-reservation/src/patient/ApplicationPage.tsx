import { InfoList } from '@patient/feature-kit';
import { chinaDateTime, maskName, maskPhone } from '@patient/validation';
import { OrderPending, usePatientOrder } from './order.tsx';
import '@patient/feature-kit/base.css';
import '../bed.css';

/** 申请信息 (/bedReservation/patient/application/:orderId): what was applied with, as submitted (masked). */
export default function ApplicationPage() {
  const { orderId, order } = usePatientOrder();
  if (!order.data) return <OrderPending orderId={orderId} order={order} />;
  const o = order.data;
  return (
    <div className="fk-page">
      <InfoList
        label="申请信息"
        rows={[
          ['就诊人', maskName(o.patientName)],
          ['联系电话', maskPhone(o.phone)],
          ['入院病区', o.deptName],
          ['入院通知单号', o.noticeNo],
          ['入院诊断', o.diagnosis],
          ['开单医生', o.doctorName],
          ['期望入院日期', o.expectedDate ?? '未填写'],
          ['备注', o.remark || '无'],
          ['申请时间', chinaDateTime(o.appliedAt)],
        ]}
      />
    </div>
  );
}
