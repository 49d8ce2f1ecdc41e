import { api } from '@patient/api-client';
import { listReportRequests } from '@patient/contract';
import { BadLink, NoHospital, RemoteState, StatusBadge, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { Link, useParams } from 'react-router-dom';
import { chinaDateTime, isCode, KIND_LABEL, REQUEST_STATUS, requestDetailPath } from '../format.ts';
import { NO_HOSPITAL_MESSAGE, useHospitalId } from '../hospital.ts';
import '@patient/feature-kit/base.css';
import '../reports.css';

/**
 * 检验检查申请单 (/reportApply/reportList/:patientId/:contactId): what the doctors ordered for the contact, newest
 * first: item, kind, where it stands (已开单, 已采样/已检查, 已出报告), who ordered it, where to go.
 */
export default function RequestListPage() {
  const { contactId } = useParams();
  const hospitalId = useHospitalId();
  const valid = isCode(contactId) && isCode(hospitalId);
  const list = useRemote(
    valid
      ? (signal) =>
          api.request(listReportRequests, { params: { hospitalId }, body: { contactId } }, { signal })
      : null,
    `${hospitalId}/${contactId}`,
  );
  if (!hospitalId) return <NoHospital text={NO_HOSPITAL_MESSAGE} />;
  if (!valid)
    return <BadLink page message="链接无效，请从健康档案重新进入" to="/patientRecord" back="查看健康档案" />;
  return (
    <div className="fk-page">
      {list.data === null ? (
        <RemoteState
          remote={list}
          loading="正在加载申请单..."
          failed="申请单加载失败"
          contactId={contactId}
          paddingTop={24}
        />
      ) : list.data.length === 0 ? (
        <EmptyState text="暂无检验检查申请单" />
      ) : (
        <ul className="fk-list" aria-label="检验检查申请单">
          {list.data.map((r) => (
            <li key={r.requestId}>
              <Link className="fk-card rp-row" to={requestDetailPath(r)}>
                <span className="rp-row__head">
                  <span className="rp-row__title">
                    <span className="fk-badge" data-tone="muted">
                      {KIND_LABEL[r.kind]}
                    </span>
                    {r.name}
                  </span>
                  <StatusBadge info={REQUEST_STATUS[r.status]} />
                </span>
                <span className="rp-row__line">
                  {r.departmentName} · {r.doctorName} · {chinaDateTime(r.requestedAt)}
                </span>
                <span className="rp-row__line">{r.location}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
