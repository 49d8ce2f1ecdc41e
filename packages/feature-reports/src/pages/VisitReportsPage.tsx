import { BadLink, RemoteState } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { useParams, useSearchParams } from 'react-router-dom';
import { recordReportPath } from '../format.ts';
import { useVisit } from '../useVisit.ts';
import { ReportRow } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../reports.css';

/**
 * 本次就诊报告 (/patientRecord/reportList/:patientId/:recordId/:otherId?contactId=): the reports of one visit
 * (recordId) at the hospital otherId, each opening its detail.
 */
export default function VisitReportsPage() {
  const { recordId, otherId } = useParams();
  const [query] = useSearchParams();
  const contactId = query.get('contactId');
  const { valid, visit } = useVisit(otherId, contactId, recordId);
  if (!valid)
    return <BadLink page message="链接无效，请从就诊记录重新进入" to="/patientRecord" back="查看健康档案" />;
  return (
    <div className="fk-page">
      {visit.data === null ? (
        <RemoteState
          remote={visit}
          loading="正在加载报告..."
          failed="报告加载失败"
          contactId={contactId ?? undefined}
          paddingTop={24}
        />
      ) : visit.data.reports.length === 0 ? (
        <EmptyState text="本次就诊没有检验检查报告" />
      ) : (
        <>
          <h2 className="fk-section-title">
            {visit.data.date} {visit.data.departmentName}
          </h2>
          <ul className="fk-list" aria-label="本次就诊的报告">
            {visit.data.reports.map((r) => (
              <li key={r.reportId}>
                <ReportRow report={r} to={recordReportPath(r)} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
