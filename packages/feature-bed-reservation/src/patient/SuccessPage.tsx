import { Link } from 'react-router-dom';
import { OrderPending, usePatientOrder } from './order.tsx';
import '@patient/feature-kit/base.css';
import '../bed.css';

/** 申请已提交 (/bedReservation/patient/success/:orderId): the order number, what happens next, its detail. */
export default function SuccessPage() {
  const { orderId, order } = usePatientOrder();
  if (!order.data) return <OrderPending orderId={orderId} order={order} />;
  const o = order.data;
  return (
    <div className="fk-page">
      <section className="fk-card fk-result" aria-label="申请结果">
        <h2>床位预约申请已提交</h2>
        <p>预约单号：{o.orderNo}</p>
        <p className="fk-muted">
          {o.deptName}将根据床位情况安排入院时间，安排好后请在“床位预约”中确认；如有疑问请联系病区护士站。
        </p>
      </section>
      <div className="fk-actions">
        <Link
          to={`/bedReservation/patient/detail/${o.orderId}`}
          className="fk-button fk-button--primary fk-button--block"
          replace
        >
          查看预约详情
        </Link>
        <Link to="/bedReservation/patient/list" className="fk-button fk-button--block" replace>
          返回床位预约
        </Link>
      </div>
    </div>
  );
}
