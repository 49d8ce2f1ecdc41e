import { api } from '@patient/api-client';
import { getInhospitalReceipt, getInpatientFeeTotal } from '@patient/contract';
import { BadLink, InfoList, RemotePage, useRemote } from '@patient/feature-kit';
import { Link, useParams } from 'react-router-dom';
import { chinaDateTime, yuan } from '../format.ts';
import { dayFeePath, inpatientPayPath, isId } from '../paths.ts';
import { StayFacts, StayMoney } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../fees.css';

/**
 * 住院费用详情 (/inpatientFee/outFeeDetail/:inpatientId): the stay, its cost by category, and the discharge
 * receipt once settled (else the way to settle).
 */
export default function OutFeeDetailPage() {
  const { inpatientId = '' } = useParams();
  const valid = isId(inpatientId);
  const total = useRemote(
    valid ? (signal) => api.request(getInpatientFeeTotal, { params: { inpatientId } }, { signal }) : null,
    inpatientId,
  );
  const settled = total.data?.stay.status === 'SETTLED';
  const receipt = useRemote(
    valid && settled
      ? (signal) => api.request(getInhospitalReceipt, { params: { inpatientId } }, { signal })
      : null,
    `${inpatientId}/${settled}`,
  );
  if (!valid)
    return <BadLink page message="住院记录链接无效" to="/inpatientFee/manage" back="返回住院服务" />;
  if (!total.data) {
    return <RemotePage remote={total} loading="正在查询住院费用..." failed="住院费用加载失败" />;
  }
  const { stay, categories } = total.data;
  return (
    <div className="fk-page">
      <StayFacts stay={stay} />
      <StayMoney stay={stay} />
      <InfoList
        label="费用汇总"
        rows={categories.map((c): [string, string] => [c.category, yuan(c.amount)])}
      />
      {receipt.data && (
        <InfoList
          label="出院结算单"
          rows={[
            ['结算单号', receipt.data.receiptNo],
            ['结算时间', chinaDateTime(receipt.data.settledAt)],
            ['住院总费用', yuan(receipt.data.settlement.total)],
            ['预交金', yuan(receipt.data.settlement.deposit)],
            ['结算补缴', yuan(receipt.data.paid)],
            ['应退金额', yuan(receipt.data.settlement.refund)],
            ['已原路退回', yuan(receipt.data.settlement.refundOnline)],
            ['窗口退还', yuan(receipt.data.settlement.refundAtDesk)],
          ]}
        />
      )}
      <Link className="fk-button fk-button--block" to={dayFeePath(stay.contactId, stay.inpatientId)}>
        每日清单
      </Link>
      {stay.status === 'DISCHARGED' && (
        <Link
          className="fk-button fk-button--primary fk-button--block"
          to={inpatientPayPath(stay.contactId, stay.inpatientId)}
        >
          办理出院结算
        </Link>
      )}
    </div>
  );
}
