import { api } from '@patient/api-client';
import { getRecharge } from '@patient/contract';
import { BadLink, RemoteState, useRemote } from '@patient/feature-kit';
import { confirmPayment } from '@patient/payment';
import { formatYuan } from '@patient/validation';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { chinaDateTime, isCode } from '../format.ts';
import { accountPath, transRecordPath } from '../paths.ts';
import '@patient/feature-kit/base.css';
import '../account.css';

/**
 * 充值结果 (/rechargeSuccess?rechargeId=…[&paymentId=…]): back from the cashier the payment is confirmed with
 * the service first; then the recharge as the service has it — 充值成功 (amount, time, the balance now),
 * 支付结果确认中 (刷新), or 充值未完成. Never a success on the cashier's word alone.
 */
export default function RechargeSuccessPage() {
  const [params] = useSearchParams();
  const [rechargeId] = useState(() => params.get('rechargeId'));
  const [paymentId] = useState(() => params.get('paymentId'));
  const [confirmed, setConfirmed] = useState(!paymentId);
  useEffect(() => {
    if (!paymentId) return;
    const url = new URL(window.location.href);
    url.searchParams.delete('paymentId');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    if (!isCode(paymentId)) {
      setConfirmed(true);
      return;
    }
    confirmPayment(paymentId)
      .catch(() => null)
      .finally(() => setConfirmed(true));
  }, []);
  const valid = isCode(rechargeId);
  const recharge = useRemote(
    valid && confirmed ? (signal) => api.request(getRecharge, { params: { rechargeId } }, { signal }) : null,
    `${rechargeId}/${confirmed}`,
  );
  if (!valid)
    return <BadLink page message="链接无效，请在预交金账户中查看充值记录" to="/account" back="预交金账户" />;
  if (recharge.data === null) {
    return (
      <div className="fk-page">
        <RemoteState
          remote={confirmed ? recharge : { status: 'loading', error: null, reload: () => {} }}
          loading="正在确认支付结果..."
          failed="充值结果加载失败"
          paddingTop={24}
        />
      </div>
    );
  }
  const r = recharge.data;
  return (
    <div className="fk-page">
      <section className="fk-result" aria-live="polite">
        <p className="fk-result__icon" aria-hidden="true">
          {r.status === 'PAID' ? '✓' : r.status === 'PENDING' ? '…' : '!'}
        </p>
        <h2 className="fk-result__title">
          {r.status === 'PAID' ? '充值成功' : r.status === 'PENDING' ? '支付结果确认中' : '充值未完成'}
        </h2>
        <p className="fk-result__text">
          {r.status === 'PAID'
            ? `${formatYuan(r.amount)} 已存入预交金账户`
            : r.status === 'PENDING'
              ? '如已支付，请稍后刷新查看；未到账的款项会原路退回'
              : '本次充值未支付或已关闭，未扣款；如已扣款将原路退回'}
        </p>
      </section>
      <dl className="fk-card fk-info" aria-label="充值详情">
        <div>
          <dt>充值金额</dt>
          <dd>{formatYuan(r.amount)}</dd>
        </div>
        <div>
          <dt>充值时间</dt>
          <dd>{chinaDateTime(r.paidAt ?? r.createdAt)}</dd>
        </div>
        <div>
          <dt>账户余额</dt>
          <dd>{formatYuan(r.balance)}</dd>
        </div>
        <div>
          <dt>充值单号</dt>
          <dd>{r.rechargeId}</dd>
        </div>
      </dl>
      <div className="fk-actions">
        {r.status === 'PENDING' && (
          <button type="button" className="fk-button" onClick={recharge.reload}>
            刷新
          </button>
        )}
        <Link className="fk-button" to={transRecordPath(r.accountId)}>
          查看交易记录
        </Link>
        <Link className="fk-button fk-button--primary" to={accountPath(r.contactId)} replace>
          返回账户
        </Link>
      </div>
    </div>
  );
}
