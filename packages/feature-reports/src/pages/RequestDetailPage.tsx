import { api } from '@patient/api-client';
import { getReportRequest } from '@patient/contract';
import { BadLink, InfoList, NoHospital, RemotePage, StatusBanner, useRemote } from '@patient/feature-kit';
import { maskName } from '@patient/validation';
import { Link, useParams } from 'react-router-dom';
import { chinaDateTime, isCode, KIND_LABEL, REQUEST_STATUS, resultDetailPath } from '../format.ts';
import { NO_HOSPITAL_MESSAGE, useHospitalId } from '../hospital.ts';
import '@patient/feature-kit/base.css';
import '../reports.css';

/**
 * 申请单详情 (/reportApply/reportApplyDetail/:type/:requesitionDetailId): where it stands, the item, who ordered
 * it, where to go and what to do before (fasting, morning urine…); once reported, 查看报告.
 */
export default function RequestDetailPage() {
  const { requesitionDetailId } = useParams();
  const hospitalId = useHospitalId();
  const valid = isCode(requesitionDetailId) && isCode(hospitalId);
  const request = useRemote(
    valid
      ? (signal) =>
          api.request(
            getReportRequest,
            { params: { hospitalId }, body: { requestId: requesitionDetailId } },
            { signal },
          )
      : null,
    `${hospitalId}/${requesitionDetailId}`,
  );
  if (!hospitalId) return <NoHospital text={NO_HOSPITAL_MESSAGE} />;
  if (!valid)
    return (
      <BadLink page message="链接无效，请从申请单列表重新进入" to="/patientRecord" back="查看健康档案" />
    );
  if (request.data === null) {
    return (
      <RemotePage remote={request} loading="正在加载申请单..." failed="申请单加载失败" paddingTop={24} />
    );
  }
  const r = request.data;
  return (
    <div className="fk-page">
      <StatusBanner info={REQUEST_STATUS[r.status]} label="申请单状态" />
      <InfoList
        label="申请单信息"
        rows={[
          ['项目', `${KIND_LABEL[r.kind]} · ${r.name}`],
          ['就诊人', maskName(r.patientName)],
          ['开单', `${r.departmentName} · ${r.doctorName}`],
          ['开单时间', chinaDateTime(r.requestedAt)],
          ['执行科室', r.performedBy],
          ['检查地点', r.location],
          [r.kind === 'IMAGING' || r.kind === 'PATHOLOGY' ? '检查部位' : '标本', r.specimen],
          ['申请单号', r.requestId],
        ]}
      />
      <h2 className="fk-section-title">注意事项</h2>
      <ul className="fk-card fk-list" aria-label="注意事项">
        {r.preparation.map((line) => (
          <li key={line} className="rp-sections__text">
            {line}
          </li>
        ))}
      </ul>
      {r.status === 'REPORTED' && (
        <div className="rp-actions">
          <Link
            className="fk-button fk-button--primary"
            to={resultDetailPath({ hospitalId, kind: r.kind, name: r.name, reportId: r.reportId })}
          >
            查看报告
          </Link>
        </div>
      )}
    </div>
  );
}
