import { api } from '@patient/api-client';
import { getInpatientFeeTotal, type InpatientStay } from '@patient/contract';
import { RemoteState, useRemote } from '@patient/feature-kit';
import { Link, useParams } from 'react-router-dom';
import { yuan } from '../format.ts';
import { dayFeePath } from '../paths.ts';
import { StayMoney, StayScreen } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../fees.css';

function Totals({ stay, contactId }: { stay: InpatientStay; contactId: string }) {
  const total = useRemote(
    (signal) => api.request(getInpatientFeeTotal, { params: { inpatientId: stay.inpatientId } }, { signal }),
    stay.inpatientId,
  );
  if (!total.data) return <RemoteState remote={total} loading="正在汇总费用..." failed="费用汇总加载失败" />;
  return (
    <>
      <StayMoney stay={total.data.stay} />
      <section className="fk-card" aria-label="费用类别">
        <h2 className="fk-section-title">
          费用汇总（{stay.admittedOn} 至 {stay.dischargedOn ?? '今日'}）
        </h2>
        <ul className="fe-lines">
          {total.data.categories.map((c) => (
            <li key={c.category} className="fe-line">
              <div className="fe-line__head">
                <span>{c.category}</span>
                <span className="fe-line__amount">{yuan(c.amount)}</span>
              </div>
            </li>
          ))}
          <li className="fe-line">
            <div className="fe-line__head">
              <strong>合计</strong>
              <strong>{yuan(total.data.total)}</strong>
            </div>
          </li>
        </ul>
      </section>
      <Link className="fk-button fk-button--block" to={dayFeePath(contactId, stay.inpatientId)}>
        查看每日清单
      </Link>
    </>
  );
}

/** 费用汇总 (/inpatientFee/totalFee/:contactId): a stay's cost by category (the sum report). */
export default function TotalFeePage() {
  const { contactId = '' } = useParams();
  return (
    <StayScreen contactId={contactId}>{(stay) => <Totals stay={stay} contactId={contactId} />}</StayScreen>
  );
}
