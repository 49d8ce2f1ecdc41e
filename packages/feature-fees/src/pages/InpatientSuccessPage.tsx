import { api } from '@patient/api-client';
import { inhospitalPreSettle } from '@patient/contract';
import { BadLink, useRemote } from '@patient/feature-kit';
import { Link, useSearchParams } from 'react-router-dom';
import { yuan } from '../format.ts';
import { isId, outFeeDetailPath } from '../paths.ts';
import { useReturnedPayment } from '../pay.ts';
import { PayResult, Pending } from './PaySuccessViews.tsx';
import '@patient/feature-kit/base.css';
import '../fees.css';

/** 结算结果 (/inpatientFee/inpatientPaySuccess?inpatientId=): the stay's settlement after paying what was owed. */
export default function InpatientSuccessPage() {
  const [params] = useSearchParams();
  const inpatientId = params.get('inpatientId');
  const confirmed = useReturnedPayment();
  const settlement = useRemote(
    isId(inpatientId) && confirmed.done
      ? (signal) => api.request(inhospitalPreSettle, { params: { inpatientId } }, { signal })
      : null,
    `${inpatientId}/${confirmed.done}`,
  );
  if (!isId(inpatientId))
    return <BadLink page message="结算链接无效" to="/inpatientFee/manage" back="返回住院服务" />;
  const data = settlement.data;
  if (!data) {
    return (
      <div className="fk-page">
        <Pending
          error={settlement.status === 'error' ? settlement.error : null}
          retry={settlement.reload}
          text="结算信息加载失败"
        />
      </div>
    );
  }
  return (
    <div className="fk-page">
      {data.status === 'SETTLED' ? (
        <PayResult look="done" title="出院结算完成">
          <p className="fk-result__text">住院总费用 {yuan(data.total)}，可凭结算单到出院窗口打印发票。</p>
        </PayResult>
      ) : (
        <PayResult look="waiting" title="支付结果确认中">
          <p className="fk-result__text">{confirmed.message ?? '如已完成支付，请稍后刷新查看'}</p>
          <button type="button" className="fk-button fk-button--inline" onClick={settlement.reload}>
            刷新支付结果
          </button>
        </PayResult>
      )}
      {data.status === 'SETTLED' && (
        <Link
          className="fk-button fk-button--primary fk-button--block"
          to={outFeeDetailPath(data.inpatientId)}
          replace
        >
          查看出院结算单
        </Link>
      )}
      <Link className="fk-button fk-button--block" to="/inpatientFee/manage" replace>
        返回住院服务
      </Link>
    </div>
  );
}
