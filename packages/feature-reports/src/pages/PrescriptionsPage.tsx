import { BadLink, RemoteState } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { Link, useSearchParams } from 'react-router-dom';
import { chinaDateTime, drugPath } from '../format.ts';
import { useVisit } from '../useVisit.ts';
import '@patient/feature-kit/base.css';
import '../reports.css';

/**
 * 处方 (/patientRecord/recordDetail/recipeList/:type?hospitalId&contactId&visitNo): a visit's prescriptions, each
 * with its number, kind, doctor and time, and every drug: specification, dose, route, frequency, days, quantity,
 * and its instructions (→ drugInstructions).
 */
export default function PrescriptionsPage() {
  const [query] = useSearchParams();
  const hospitalId = query.get('hospitalId');
  const contactId = query.get('contactId');
  const visitNo = query.get('visitNo');
  const { valid, visit } = useVisit(hospitalId, contactId, visitNo);
  if (!valid)
    return <BadLink page message="链接无效，请从就诊记录重新进入" to="/patientRecord" back="查看健康档案" />;
  if (visit.data === null) {
    return (
      <div className="fk-page">
        <RemoteState
          remote={visit}
          loading="正在加载处方..."
          failed="处方加载失败"
          contactId={contactId ?? undefined}
          paddingTop={24}
        />
      </div>
    );
  }
  const { prescriptions } = visit.data;
  return (
    <div className="fk-page">
      {prescriptions.length === 0 && <EmptyState text="本次就诊未开具处方" />}
      {prescriptions.map((p) => (
        <section key={p.prescriptionNo} className="fk-card" aria-label={`处方 ${p.prescriptionNo}`}>
          <div className="rp-row__head">
            <h2 className="rp-head__title">{p.category}处方</h2>
            <span className="rp-row__line">{p.prescriptionNo}</span>
          </div>
          <p className="rp-row__line">
            {p.doctorName} · {chinaDateTime(p.issuedAt)}
          </p>
          <ul className="fk-list">
            {p.drugs.map((d) => (
              <li key={d.drugCode} className="rp-drug">
                <p className="rp-row__title">
                  {d.name}
                  <span className="rp-row__line">{d.specification}</span>
                </p>
                <p className="rp-row__line">
                  用法用量：{d.route}，每次{d.dose}，{d.frequency}，共{d.days}天；数量 {d.quantity}
                </p>
                <Link className="fk-text-button" to={drugPath(d.drugCode)}>
                  查看说明书
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
