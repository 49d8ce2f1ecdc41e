import { api } from '@patient/api-client';
import { getSettlement } from '@patient/contract';
import { BadLink, LoadError, useRemote } from '@patient/feature-kit';
import { type PaymentOutcome, usePayment } from '@patient/payment';
import { Spinner } from '@patient/ui-kit';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { type AddressedOrder, orderOfAddress } from '../order.ts';
import { SplitCard } from '../SplitCard.tsx';
import { ResultNotice } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../insurance.css';

const PAYMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * /medicalInsurance/success/:from?orderId=…[&paymentId=…]: the result of an insured payment. Back from a
 * cashier (`paymentId`) the payment is confirmed with the service first; success is shown only when the
 * service says the order is paid, with the split that was charged.
 */
export default function SuccessPage() {
  const { from } = useParams();
  const [params] = useSearchParams();
  const order = orderOfAddress(from, params.get('orderId'));
  if (!order)
    return <BadLink page message="页面链接中的订单信息有误，请在订单列表中查看" to="/" back="返回首页" />;
  return <Success order={order} returnedPaymentId={params.get('paymentId')} />;
}

function Success({ order, returnedPaymentId }: { order: AddressedOrder; returnedPaymentId: string | null }) {
  const payment = usePayment();
  const [confirmed, setConfirmed] = useState<PaymentOutcome | null>(null);
  const confirming = returnedPaymentId !== null && confirmed === null;
  useEffect(() => {
    if (returnedPaymentId === null) return;
    if (!PAYMENT_ID.test(returnedPaymentId)) {
      setConfirmed({
        status: 'FAILED',
        payment: null,
        message: '支付返回的信息有误，请在订单中查看支付结果',
      });
      return;
    }
    void payment.confirm(returnedPaymentId).then(setConfirmed);
  }, [returnedPaymentId, payment.confirm]);

  const settlement = useRemote(
    confirming || (confirmed && confirmed.status !== 'PAID')
      ? null
      : (signal) =>
          api.request(
            getSettlement,
            { query: { orderType: order.orderType, orderId: order.orderId } },
            { signal },
          ),
    `${order.orderType}:${order.orderId}:${confirmed?.status ?? ''}`,
  );
  const back = (
    <Link className="fk-button fk-button--primary" to={order.orderPath} replace>
      返回订单
    </Link>
  );

  if (confirming) {
    return (
      <div className="fk-page">
        <Spinner text="正在确认支付结果..." />
      </div>
    );
  }
  if (confirmed && confirmed.status === 'PENDING') {
    return (
      <ResultNotice title="支付结果确认中" text={confirmed.message}>
        <button
          type="button"
          className="fk-button fk-button--primary"
          onClick={() => returnedPaymentId && void payment.confirm(returnedPaymentId).then(setConfirmed)}
        >
          刷新支付结果
        </button>
      </ResultNotice>
    );
  }
  if (confirmed && confirmed.status !== 'PAID') {
    return (
      <ResultNotice title="支付未完成" text={confirmed.message}>
        {back}
      </ResultNotice>
    );
  }
  if (!settlement.data) {
    if (settlement.status === 'error') {
      return <LoadError error={settlement.error} text="支付结果加载失败" onRetry={settlement.reload} />;
    }
    return (
      <div className="fk-page">
        <Spinner text="正在加载支付结果..." />
      </div>
    );
  }
  if (!settlement.data.paid) {
    return (
      <ResultNotice title="订单尚未支付" text="该订单还没有完成支付，请返回订单继续支付">
        {back}
      </ResultNotice>
    );
  }
  return (
    <div className="fk-page">
      <section className="fk-card fk-result" aria-label="支付结果">
        <span className="fk-result__icon" aria-hidden="true">
          ✓
        </span>
        <h2 className="fk-result__title">支付成功</h2>
        <p className="fk-result__text">{settlement.data.description}</p>
      </section>
      <SplitCard settlement={settlement.data} />
      <div className="fk-actions">
        <Link className="fk-button fk-button--primary" to={settlement.data.detailPath} replace>
          查看订单详情
        </Link>
        <Link className="fk-text-button" to="/" replace>
          返回首页
        </Link>
      </div>
    </div>
  );
}
