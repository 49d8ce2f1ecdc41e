import { api } from '@patient/api-client';
import { getRecordCopy } from '@patient/contract';
import { BadLink, useRemote } from '@patient/feature-kit';
import { type PaymentOutcome, usePayment } from '@patient/payment';
import { Spinner } from '@patient/ui-kit';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { statusLook } from '../format.ts';
import { detailPath, INDEX_PATH, useIds } from '../params.ts';
import '@patient/feature-kit/base.css';
import '../record-copy.css';

const PAYMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * 申请成功 (/medicalRecord/applySuccess/:orderId/:type): `paid` — back from the cashier (?paymentId, confirmed
 * with the service: only PAID reads as paid) or straight after paying: 支付成功, the application goes to review;
 * `received` — 已确认收货. Then the order and my applications.
 */
export default function ApplySuccessPage() {
  const ids = useIds('orderId');
  const { type } = useParams();
  const [params] = useSearchParams();
  const [paymentId] = useState(() => params.get('paymentId'));
  const payment = usePayment();
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);
  const valid = ids !== null && (type === 'paid' || type === 'received');
  const confirming = valid && type === 'paid' && paymentId !== null && PAYMENT_ID.test(paymentId);

  useEffect(() => {
    if (!confirming || !paymentId) return;
    void payment.confirm(paymentId).then(setOutcome);
  }, []);

  const order = useRemote(
    valid && (!confirming || outcome)
      ? (signal) => api.request(getRecordCopy, { params: { orderId: ids.orderId } }, { signal })
      : null,
    `${ids?.orderId}|${outcome?.status ?? ''}`,
  );
  if (!valid || !ids) return <BadLink page message="链接无效" to={INDEX_PATH} back="查看我的申请" />;
  if (confirming && !outcome) return <Spinner text="正在确认支付结果..." />;
  if (outcome && outcome.status !== 'PAID') {
    return (
      <div className="fk-page">
        <section className="fk-card fk-result" aria-label="支付结果">
          <span className="fk-result__icon" data-tone="warning" aria-hidden="true">
            !
          </span>
          <h2 className="fk-result__title">
            {outcome.status === 'PENDING' ? '支付结果确认中' : '支付未完成'}
          </h2>
          <p className="fk-result__text">{outcome.message}</p>
        </section>
        <div className="fk-actions">
          <Link className="fk-button fk-button--primary" to={detailPath(ids.orderId)} replace>
            返回申请详情
          </Link>
        </div>
      </div>
    );
  }
  const paid = type === 'paid';
  return (
    <div className="fk-page">
      <section className="fk-card fk-result" aria-label={paid ? '支付结果' : '收货结果'}>
        <span className="fk-result__icon" aria-hidden="true">
          ✓
        </span>
        <h2 className="fk-result__title">{paid ? '支付成功' : '已确认收货'}</h2>
        <p className="fk-result__text">
          {paid
            ? '申请已提交病案室审核，审核通过后开始复印；审核未通过的，费用原路退回'
            : '感谢使用病案复印服务'}
        </p>
        {order.data && <p className="fk-muted">当前状态：{statusLook(order.data).label}</p>}
      </section>
      <div className="fk-actions">
        <Link className="fk-button fk-button--primary" to={detailPath(ids.orderId)} replace>
          查看申请详情
        </Link>
        <Link className="fk-text-button" to={INDEX_PATH} replace>
          我的申请
        </Link>
      </div>
    </div>
  );
}
