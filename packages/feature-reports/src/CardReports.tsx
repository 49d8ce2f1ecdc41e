import { api } from '@patient/api-client';
import { searchReportsByCard } from '@patient/contract';
import { RemoteState, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { resultDetailPath } from './format.ts';
import { ReportRow } from './views.tsx';

/** Reports found by card, name and dates, at every hospital, newest first, each naming its hospital. */
export function CardReports({
  name,
  cardNo,
  startDate,
  endDate,
}: {
  name: string;
  cardNo: string;
  startDate: string;
  endDate: string;
}) {
  const found = useRemote(
    (signal) => api.request(searchReportsByCard, { body: { name, cardNo, startDate, endDate } }, { signal }),
    `${name}/${cardNo}/${startDate}/${endDate}`,
  );
  if (found.data === null)
    return <RemoteState remote={found} loading="正在查询各院报告..." failed="报告查询失败" paddingTop={24} />;
  if (found.data.length === 0) return <EmptyState text={`${startDate} 至 ${endDate} 暂无报告`} />;
  return (
    <ul className="fk-list" aria-label="报告列表">
      {found.data.map((r) => (
        <li key={`${r.hospitalId}/${r.reportId}`}>
          <ReportRow report={r} to={resultDetailPath(r)} showHospital />
        </li>
      ))}
    </ul>
  );
}
