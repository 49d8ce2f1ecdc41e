import { api } from '@patient/api-client';
import { getAdvancePayment, getInpatientFeeTotal } from '@patient/contract';
import { BadLink, InfoList, useRemote } from '@patient/feature-kit';
import { Link, useSearchParams } from 'react-router-dom';
import { chinaDateTime, yuan } from '../format.ts';
import { isId } from '../paths.ts';
import { useReturnedPayment } from '../pay.ts';
import { PayResult, Pending } from './PaySuccessViews.tsx';
import '@patient/feature-kit/base.css';
import '../fees.css';

/** 充值结果 (/inpatientFee/rechargePaySuccess?depositId=): the deposit as the service has it, and the new balance. */
export default function RechargeSuccessPage() {
  const [params] = useSearchParams();
  const depositId = params.get('depositId');
  const confirmed = useReturnedPayment();
  const deposit = useRemote(
    isId(depositId) && confirmed.done
      ? (signal) => api.request(getAdvancePayment, { params: { depositId } }, { signal })
      : null,
    `${depositId}/${confirmed.done}`,
  );
  if (!isId(depositId))
    return <BadLink page message="充值记录链接无效" to="/inpatientFee/manage" back="返回住院服务" />;
  const data = deposit.data;
  if (!data) {
    return (
      <div className="fk-page">
        <Pending
          error={deposit.status === 'error' ? deposit.error : null}
          retry={deposit.reload}
          text="充值记录加载失败"
        />
      </div>
    );
  }
  return (
    <div className="fk-page">
      {data.status === 'PAID' ? (
        <PayResult look="done" title="充值成功">
          <p className="fk-result__text">预交金 {yuan(data.amount)} 已存入住院账户</p>
        </PayResult>
      ) : data.status === 'PENDING' ? (
        <PayResult look="waiting" title="支付结果确认中">
          <p className="fk-result__text">{confirmed.message ?? '如已完成支付，请稍后刷新查看'}</p>
          <button type="button" className="fk-button fk-button--inline" onClick={deposit.reload}>
            刷新支付结果
          </button>
        </PayResult>
      ) : (
        <PayResult look="failed" title="未完成充值">
          <p className="fk-result__text">{confirmed.message ?? '充值单已关闭，请重新发起充值'}</p>
        </PayResult>
      )}
      <InfoList
        label="充值信息"
        rows={[
          ['住院号', data.admissionNo],
          ['充值金额', yuan(data.amount)],
          ...(data.receiptNo ? ([['收据号', data.receiptNo]] as [string, string][]) : []),
          ...(data.paidAt ? ([['充值时间', chinaDateTime(data.paidAt)]] as [string, string][]) : []),
        ]}
      />
      {data.status === 'PAID' && <Balance inpatientId={data.inpatientId} />}
      <Link className="fk-button fk-button--primary fk-button--block" to="/inpatientFee/manage" replace>
        返回住院服务
      </Link>
    </div>
  );
}

/** The stay's balance now (the deposit included). */
function Balance({ inpatientId }: { inpatientId: string }) {
  const total = useRemote(
    (signal) => api.request(getInpatientFeeTotal, { params: { inpatientId } }, { signal }),
    inpatientId,
  );
  if (!total.data) return null;
  return <p className="fk-notice">当前预交金余额 {yuan(total.data.stay.balance)}</p>;
}
