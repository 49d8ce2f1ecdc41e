import { api } from '@patient/api-client';
import { getInpatientDayReport, type InpatientStay } from '@patient/contract';
import { RemoteState, useRemote } from '@patient/feature-kit';
import { Link, useParams } from 'react-router-dom';
import { yuan } from '../format.ts';
import { dayDetailPath } from '../paths.ts';
import { StayScreen } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../fees.css';

function Days({ stay }: { stay: InpatientStay }) {
  const report = useRemote(
    (signal) => api.request(getInpatientDayReport, { params: { inpatientId: stay.inpatientId } }, { signal }),
    stay.inpatientId,
  );
  if (!report.data)
    return <RemoteState remote={report} loading="正在查询每日清单..." failed="每日清单加载失败" />;
  return (
    <>
      <p className="fk-notice">
        住院号 {stay.admissionNo} · 共 {report.data.days.length} 天 · 合计 {yuan(report.data.stay.cost)}
      </p>
      <ul className="fk-list" aria-label="每日费用">
        {report.data.days.map((d) => (
          <li key={d.date}>
            <Link className="fe-row-link" to={dayDetailPath(stay.inpatientId, d.date)}>
              <span className="fe-row-link__main">
                <span>{d.date}</span>
                <span className="fe-meta">{d.items} 项费用</span>
              </span>
              <strong>{yuan(d.amount)}</strong>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** 每日清单 (/inpatientFee/dayFee/:contactId): a stay's days, newest first, each to its items. */
export default function DayFeePage() {
  const { contactId = '' } = useParams();
  return <StayScreen contactId={contactId}>{(stay) => <Days stay={stay} />}</StayScreen>;
}
