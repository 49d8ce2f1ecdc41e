import { api } from '@patient/api-client';
import { getNucleicAcidOrder } from '@patient/contract';
import { BadLink, RemoteState, useRemote } from '@patient/feature-kit';
import { type PaymentOutcome, usePayment } from '@patient/payment';
import { Spinner } from '@patient/ui-kit';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { detailPath, isId, LIST_PATH, useOrderId } from '../paths.ts';
import { SamplingCode } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../nucleic-acid.css';

/**
 * 预约成功 (/nucleicAcidSuccess/:orderId): back from a cashier (?paymentId, confirmed with the service: only
 * PAID reads as paid) or straight after paying. Paid: 预约成功 with the QR code to show at the sampling point,
 * where and when; otherwise what happened and the way back to the order.
 */
export default function NucleicAcidSuccessPage() {
  const orderId = useOrderId();
  const [params] = useSearchParams();
  const [paymentId] = useState(() => params.get('paymentId'));
  const payment = usePayment();
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);
  const confirming = orderId !== null && isId(paymentId);

  useEffect(() => {
    if (!confirming || !paymentId) return;
    void payment.confirm(paymentId).then(setOutcome);
  }, []);

  const order = useRemote(
    orderId && (!confirming || outcome)
      ? (signal) => api.request(getNucleicAcidOrder, { params: { orderId } }, { signal })
      : null,
    `${orderId}|${outcome?.status ?? ''}`,
  );
  if (!orderId) return <BadLink page message="链接无效" to={LIST_PATH} back="查看我的核酸检测" />;
  if (confirming && !outcome) return <Spinner text="正在确认支付结果..." />;
  if (order.data === null) {
    return <RemoteState remote={order} failed="预约信息加载失败" />;
  }
  const o = order.data;
  if (o.status === 'NO_PAY' || (outcome && outcome.status !== 'PAID')) {
    return (
      <div className="fk-page">
        <section className="fk-card fk-result" aria-label="支付结果">
          <span className="fk-result__icon" data-tone="warning" aria-hidden="true">
            !
          </span>
          <h2 className="fk-result__title">
            {outcome?.status === 'PENDING' ? '支付结果确认中' : '支付未完成'}
          </h2>
          <p className="fk-result__text">{outcome?.message ?? '订单尚未支付，请在订单详情中支付'}</p>
        </section>
        <div className="fk-actions">
          <Link className="fk-button fk-button--primary" to={detailPath(o.orderId)} replace>
            返回订单详情
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="fk-page">
      <section className="fk-card fk-result" aria-label="预约结果">
        <span className="fk-result__icon" aria-hidden="true">
          ✓
        </span>
        <h2 className="fk-result__title">预约成功</h2>
        <p className="fk-result__text">
          {o.patientName} · {o.itemName}
        </p>
      </section>
      {o.qrCode && <SamplingCode order={o} />}
      <div className="fk-actions">
        <Link className="fk-button fk-button--primary" to={detailPath(o.orderId)} replace>
          查看订单详情
        </Link>
        <Link className="fk-text-button" to={LIST_PATH} replace>
          我的核酸检测
        </Link>
      </div>
    </div>
  );
}
