import { api } from '@patient/api-client';
import { selfOrMedicalPreSettle } from '@patient/contract';
import { BadLink, errorText, PayFooter, PaymentNotice, usePayFlow, useRemote } from '@patient/feature-kit';
import { payAuthorisationOf } from '@patient/payment';
import { Spinner, withLoading } from '@patient/ui-kit';
import { formatYuan } from '@patient/validation';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { type AddressedOrder, orderOfAddress, successPath } from '../order.ts';
import { SplitCard } from '../SplitCard.tsx';
import { ResultNotice } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../insurance.css';

/**
 * /medicalInsurance/paying/:orderId?from=…: the order's split by the insurance centre (pre-settled with the
 * pay authorisation this tab holds), then paying its cash part through @patient/payment; or back to self-pay.
 */
export default function PayingPage() {
  const { orderId } = useParams();
  const [params] = useSearchParams();
  const order = orderOfAddress(params.get('from'), orderId);
  if (!order)
    return <BadLink page message="页面链接中的订单信息有误，请返回重新选择" to="/" back="返回首页" />;
  return <Paying order={order} />;
}

function Paying({ order }: { order: AddressedOrder }) {
  const navigate = useNavigate();
  const authorisation = payAuthorisationOf(order.orderType, order.orderId);
  const split = useRemote(
    authorisation
      ? (signal) =>
          api.request(
            selfOrMedicalPreSettle,
            {
              body: {
                orderType: order.orderType,
                orderId: order.orderId,
                mode: 'MEDICAL',
                payAuthNo: authorisation.payAuthNo,
              },
            },
            { signal, silent: true },
          )
      : null,
    `${order.orderType}:${order.orderId}`,
  );
  const payment = usePayFlow();
  const [switching, setSwitching] = useState(false);

  const back = (
    <Link className="fk-button" to={order.orderPath} replace>
      返回订单
    </Link>
  );
  if (!authorisation) {
    return (
      <ResultNotice title="医保授权已失效" text="医保授权已过期或未完成，请返回订单重新选择医保支付">
        {back}
      </ResultNotice>
    );
  }
  if (!split.data) {
    if (split.status === 'error') {
      return (
        <ResultNotice title="医保预结算未完成" text={errorText(split.error, '医保预结算失败，请稍后重试')}>
          <button type="button" className="fk-button fk-button--primary" onClick={split.reload}>
            重新结算
          </button>
          {back}
        </ResultNotice>
      );
    }
    return (
      <div className="fk-page">
        <Spinner text="正在进行医保预结算..." />
      </div>
    );
  }
  const settlement = split.data;

  const pay = () => {
    const done = successPath(order);
    void payment.payThen({ orderType: order.orderType, orderId: order.orderId, returnPath: done }, done);
  };

  const selfPay = async () => {
    setSwitching(true);
    try {
      await withLoading(
        () =>
          api.request(selfOrMedicalPreSettle, {
            body: { orderType: order.orderType, orderId: order.orderId, mode: 'SELF' },
          }),
        '正在切换为自费支付...',
      );
      navigate(order.orderPath, { replace: true });
    } catch {
      // api-client has shown why
    } finally {
      setSwitching(false);
    }
  };

  const busy = payment.busy || switching;
  return (
    <div className="fk-page fk-page--with-footer">
      <section className="fk-card" aria-label="订单">
        <p>{settlement.description}</p>
        <p className="fk-muted">医保电子凭证：{authorisation.insuredName}</p>
      </section>
      <h2 className="fk-section-title">医保结算</h2>
      <SplitCard settlement={settlement} />
      <p className="fk-muted">医保统筹和个人账户支付的部分由医保直接结算，现金部分通过微信或支付宝支付。</p>
      <PaymentNotice payment={payment} />
      <PayFooter
        payment={payment}
        label={`确认支付 ${formatYuan(settlement.selfPays)}`}
        disabled={switching}
        onPay={pay}
      >
        <button type="button" className="fk-text-button" disabled={busy} onClick={() => void selfPay()}>
          改用自费支付
        </button>
      </PayFooter>
    </div>
  );
}
