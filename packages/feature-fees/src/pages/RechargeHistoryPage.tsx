import { api } from '@patient/api-client';
import { type InpatientStay, listAdvancePayments } from '@patient/contract';
import { RemoteState, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { useParams } from 'react-router-dom';
import { chinaDateTime, yuan } from '../format.ts';
import { StayScreen } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../fees.css';

function History({ stay }: { stay: InpatientStay }) {
  const deposits = useRemote(
    (signal) => api.request(listAdvancePayments, { params: { inpatientId: stay.inpatientId } }, { signal }),
    stay.inpatientId,
  );
  if (!deposits.data)
    return <RemoteState remote={deposits} loading="正在查询充值记录..." failed="充值记录加载失败" />;
  if (deposits.data.length === 0) return <EmptyState text="暂无充值记录" />;
  const paid = deposits.data.filter((d) => d.status === 'PAID').reduce((s, d) => s + d.amount, 0);
  return (
    <>
      <p className="fk-notice">
        住院号 {stay.admissionNo} · 已交预交金 {yuan(paid)}
      </p>
      <ul className="fk-list" aria-label="充值记录">
        {deposits.data.map((d) => (
          <li key={d.depositId} className="fe-row-link">
            <span className="fe-row-link__main">
              <span>{d.channel === 'ONLINE' ? '线上充值' : '窗口缴纳'}</span>
              <span className="fe-meta">
                {d.paidAt ? chinaDateTime(d.paidAt) : chinaDateTime(d.createdAt)}
                {d.receiptNo ? ` · ${d.receiptNo}` : ''}
              </span>
            </span>
            <span className="fe-row-link__main">
              <strong>{yuan(d.amount)}</strong>
              <span className="fe-meta">
                {d.status === 'PAID' ? '已到账' : d.status === 'PENDING' ? '待支付' : '已关闭'}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** 充值记录 (/inpatientFee/rechargeHistory/:contactId/:type): a stay's deposits, online and at the desk. */
export default function RechargeHistoryPage() {
  const { contactId = '' } = useParams();
  return <StayScreen contactId={contactId}>{(stay) => <History stay={stay} />}</StayScreen>;
}
