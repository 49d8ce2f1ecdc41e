import { api } from '@patient/api-client';
import { getOutpatientCharge } from '@patient/contract';
import { BadLink, InfoList, useRemote } from '@patient/feature-kit';
import { Link, useSearchParams } from 'react-router-dom';
import { chinaDateTime, yuan } from '../format.ts';
import { chargeDetailPath, isId } from '../paths.ts';
import { useReturnedPayment } from '../pay.ts';
import { PayResult, Pending } from './PaySuccessViews.tsx';
import '@patient/feature-kit/base.css';
import '../fees.css';

/** 缴费成功 (/outpatientFee/paySuccess?chargeId=): the charge as the service has it after paying. */
export default function OutpatientSuccessPage() {
  const [params] = useSearchParams();
  const chargeId = params.get('chargeId');
  const confirmed = useReturnedPayment();
  const charge = useRemote(
    isId(chargeId) && confirmed.done
      ? (signal) => api.request(getOutpatientCharge, { params: { chargeId } }, { signal })
      : null,
    `${chargeId}/${confirmed.done}`,
  );
  if (!isId(chargeId))
    return <BadLink page message="缴费单链接无效" to="/outpatientFee/list" back="返回门诊缴费" />;
  const data = charge.data;
  if (!data) {
    return (
      <div className="fk-page">
        <Pending
          error={charge.status === 'error' ? charge.error : null}
          retry={charge.reload}
          text="缴费单加载失败"
        />
      </div>
    );
  }
  const paid = data.status === 'PAID' || data.status === 'REFUNDING' || data.status === 'REFUNDED';
  return (
    <div className="fk-page">
      {paid ? (
        <PayResult look="done" title="缴费成功">
          <p className="fk-result__text">请按处方到药房取药，或到相应科室检查、检验、治疗。</p>
        </PayResult>
      ) : data.status === 'PENDING' ? (
        <PayResult look="waiting" title="支付结果确认中">
          <p className="fk-result__text">{confirmed.message ?? '如已完成支付，请稍后刷新查看'}</p>
          <button type="button" className="fk-button fk-button--inline" onClick={charge.reload}>
            刷新支付结果
          </button>
        </PayResult>
      ) : (
        <PayResult look="failed" title="未完成支付">
          <p className="fk-result__text">{confirmed.message ?? '缴费单已取消或已超时，请重新选择处方缴费'}</p>
        </PayResult>
      )}
      <InfoList
        label="缴费信息"
        rows={[
          ['就诊人', data.patientName],
          ['缴费金额', yuan(data.total)],
          ['处方', data.orders.map((o) => o.title).join('、')],
          ...(data.receiptNo ? ([['收据号', data.receiptNo]] as [string, string][]) : []),
          ...(data.paidAt ? ([['缴费时间', chinaDateTime(data.paidAt)]] as [string, string][]) : []),
        ]}
      />
      {paid && (
        <Link
          className="fk-button fk-button--primary fk-button--block"
          to={chargeDetailPath(data.chargeId)}
          replace
        >
          查看缴费详情
        </Link>
      )}
      <Link
        className="fk-button fk-button--block"
        to={paid ? '/outpatientFee/payList' : '/outpatientFee/list'}
        replace
      >
        {paid ? '缴费记录' : '返回门诊缴费'}
      </Link>
    </div>
  );
}
