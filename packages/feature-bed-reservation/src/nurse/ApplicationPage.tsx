import { InfoList } from '@patient/feature-kit';
import { chinaDateTime, maskPhone } from '@patient/validation';
import { useWardOrder, WardOrderPending } from './order.tsx';
import { staffPage } from './staff.tsx';
import '@patient/feature-kit/base.css';
import '../bed.css';

/** 申请信息 (/bedReservation/nurse/application/:orderId): the application as the patient (or the desk) gave it. */
function ApplicationPage() {
  const { orderId, order } = useWardOrder();
  if (!order.data) return <WardOrderPending orderId={orderId} order={order} />;
  const o = order.data;
  return (
    <div className="fk-page">
      <InfoList
        label="申请信息"
        rows={[
          ['患者', o.patientName],
          [
            '联系电话',
            <a className="br-tel" href={`tel:${o.phone}`} aria-label={`拨打 ${maskPhone(o.phone)}`}>
              {maskPhone(o.phone)}
            </a>,
          ],
          ['入院病区', o.deptName],
          ['入院通知单号', o.noticeNo],
          ['入院诊断', o.diagnosis],
          ['开单医生', o.doctorName],
          ['期望入院日期', o.expectedDate ?? '未填写'],
          ['备注', o.remark || '无'],
          ['来源', o.source === 'DESK' ? '窗口登记' : '患者在线申请'],
          ['申请时间', chinaDateTime(o.appliedAt)],
        ]}
      />
    </div>
  );
}

export default staffPage(ApplicationPage);
