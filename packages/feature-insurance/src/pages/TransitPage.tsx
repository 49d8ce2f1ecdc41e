import { ApiError } from '@patient/api-client';
import { BadLink } from '@patient/feature-kit';
import { exchangeAuthCode } from '@patient/payment';
import { Spinner } from '@patient/ui-kit';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { type AddressedOrder, orderOfAddress, payingPath } from '../order.ts';
import { ResultNotice } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../insurance.css';

/**
 * /medicalInsurance/transit: where the insurance platform's authorisation page sends the patient back
 * (`?from=…&orderId=…&authCode=…`, or `authCancelled=1`). The code is exchanged for a pay authorisation and
 * the patient goes on to the split (replacing this page). Opened without an order (the homepage entry), it
 * explains how insurance payment works here.
 */
export default function TransitPage() {
  const [params] = useSearchParams();
  const from = params.get('from');
  const orderIdParam = params.get('orderId');
  if (from === null && orderIdParam === null) return <Intro />;
  const order = orderOfAddress(from, orderIdParam);
  if (!order)
    return (
      <BadLink page message="医保授权返回的订单信息有误，请回到订单重新选择医保支付" to="/" back="返回首页" />
    );
  if (params.get('authCancelled') === '1') {
    return (
      <Outcome order={order} title="您已取消医保授权" text="可返回订单重新选择医保支付，或使用自费支付" />
    );
  }
  const authCode = params.get('authCode');
  if (!authCode || !/^[A-Za-z0-9_-]{8,128}$/.test(authCode)) {
    return <Outcome order={order} title="医保授权未完成" text="授权信息有误，请返回订单重新选择医保支付" />;
  }
  return <Exchange order={order} authCode={authCode} />;
}

function Exchange({ order, authCode }: { order: AddressedOrder; authCode: string }) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    // One exchange per code (a code is good once), even when the effect runs twice.
    if (started.current) return;
    started.current = true;
    exchangeAuthCode(order.orderType, order.orderId, authCode).then(
      () => navigate(payingPath(order), { replace: true }),
      (error) => setProblem(error instanceof ApiError ? error.message : '医保授权失败，请稍后重试'),
    );
  }, [order, authCode, navigate]);
  if (problem) return <Outcome order={order} title="医保授权未完成" text={problem} />;
  return (
    <div className="fk-page">
      <Spinner text="正在确认医保授权..." />
    </div>
  );
}

function Outcome({ order, title, text }: { order: AddressedOrder; title: string; text: string }) {
  return (
    <ResultNotice title={title} text={text}>
      <Link className="fk-button fk-button--primary" to={order.orderPath} replace>
        返回订单
      </Link>
    </ResultNotice>
  );
}

function Intro() {
  return (
    <div className="fk-page">
      <section className="fk-card" aria-labelledby="mi-intro">
        <h2 id="mi-intro" className="fk-section-title">
          医保移动支付
        </h2>
        <p>
          使用本人或家人的医保电子凭证，在线支付挂号等费用：医保统筹和个人账户支付的部分直接结算，其余部分用微信或支付宝支付。
        </p>
        <ol className="mi-steps">
          <li>在待支付的挂号订单中选择“医保支付”</li>
          <li>在医保平台页面授权就诊人的医保电子凭证</li>
          <li>核对医保统筹、个人账户和现金支付金额后确认支付</li>
        </ol>
        <p className="fk-muted">特需门诊、挂号费等不在医保支付范围内的费用，需现金支付。</p>
      </section>
      <div className="fk-actions">
        <Link className="fk-button fk-button--primary" to="/appointmentList">
          查看我的挂号订单
        </Link>
        <Link className="fk-button" to="/depts">
          预约挂号
        </Link>
      </div>
    </div>
  );
}
