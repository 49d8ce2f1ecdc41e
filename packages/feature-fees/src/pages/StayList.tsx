import type { InpatientStay } from '@patient/contract';
import { Link } from 'react-router-dom';
import { yuan } from '../format.ts';
import { outFeeDetailPath } from '../paths.ts';
import { STAY_STATUS_TEXT } from '../views.tsx';

/** Stays as rows: department and dates, status, total; each to its fees and settlement. */
export function StayList({ stays, label }: { stays: InpatientStay[]; label: string }) {
  return (
    <ul className="fk-list" aria-label={label}>
      {stays.map((s) => (
        <li key={s.inpatientId}>
          <Link className="fe-row-link" to={outFeeDetailPath(s.inpatientId)}>
            <span className="fe-row-link__main">
              <span>
                {s.department} · {s.patientName}
              </span>
              <span className="fe-meta">
                {s.admittedOn} 至 {s.dischargedOn ?? '今'} · {s.days} 天 · 住院号 {s.admissionNo}
              </span>
            </span>
            <span className="fe-row-link__main">
              <strong>{yuan(s.cost)}</strong>
              <span className="fe-meta">{STAY_STATUS_TEXT[s.status]}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
