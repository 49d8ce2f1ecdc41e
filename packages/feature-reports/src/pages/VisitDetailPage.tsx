import { BadLink, InfoList, RemoteState } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { maskName } from '@patient/validation';
import { Link, useParams } from 'react-router-dom';
import { followUpListPath, prescriptionsPath, recordReportPath } from '../format.ts';
import { useVisit } from '../useVisit.ts';
import { ReportRow, Sections } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../reports.css';

/**
 * 就诊详情 (/patientRecord/recordDetail/:type/:patientId/:recordId/:otherId/:contactId): the visit (recordId) at
 * the hospital otherId of the contact: who, when, where; the record (主诉, 现病史, 既往史, 体格检查, 诊断, 处理意见);
 * its prescriptions (→ the list with each drug's use); its follow-ups (→ the list); its reports (→ each report).
 */
export default function VisitDetailPage() {
  const { recordId, otherId, contactId } = useParams();
  const { valid, visit } = useVisit(otherId, contactId, recordId);
  if (!valid)
    return <BadLink page message="链接无效，请从健康档案重新进入" to="/patientRecord" back="查看健康档案" />;
  if (visit.data === null) {
    return (
      <div className="fk-page">
        <RemoteState
          remote={visit}
          loading="正在加载就诊详情..."
          failed="就诊详情加载失败"
          contactId={contactId}
          paddingTop={24}
        />
      </div>
    );
  }
  const v = visit.data;
  return (
    <div className="fk-page">
      <InfoList
        label="就诊信息"
        rows={[
          ['就诊人', maskName(v.patientName)],
          ['就诊类型', v.type === 'INPATIENT' ? '住院' : '门诊'],
          [
            v.type === 'INPATIENT' ? '住院时间' : '就诊日期',
            v.endDate ? `${v.date} 至 ${v.endDate}` : v.date,
          ],
          ['科室', v.departmentName],
          ['医生', v.doctorName],
          ['就诊号', v.visitNo],
        ]}
      />
      <h2 className="fk-section-title">{v.type === 'INPATIENT' ? '出院记录' : '门诊病历'}</h2>
      <Sections
        sections={[
          ['主诉', v.record.chiefComplaint],
          ['现病史', v.record.presentIllness],
          ['既往史', v.record.pastHistory],
          ['体格检查', v.record.physicalExam],
          ['诊断', v.record.diagnoses.join('；')],
          [v.type === 'INPATIENT' ? '出院医嘱' : '处理意见', v.record.advice],
        ]}
      />
      <h2 className="fk-section-title">
        处方
        {v.prescriptions.length > 0 && (
          <Link className="fk-link" to={prescriptionsPath(v)}>
            查看处方详情
          </Link>
        )}
      </h2>
      {v.prescriptions.length === 0 ? (
        <EmptyState text="本次就诊未开具处方" paddingTop={8} />
      ) : (
        <ul className="fk-card fk-list" aria-label="处方药品">
          {v.prescriptions.flatMap((p) =>
            p.drugs.map((d) => (
              <li key={`${p.prescriptionNo}/${d.drugCode}`} className="rp-row__line">
                {d.name}（{d.specification}）：{d.dose}，{d.route}，{d.frequency}
              </li>
            )),
          )}
        </ul>
      )}
      <h2 className="fk-section-title">随访与问卷</h2>
      <Link className="fk-card rp-row" to={followUpListPath(v)}>
        <span className="rp-row__title">查看本次就诊的随访</span>
        <span className="rp-row__line">诊后随访问卷、满意度调查、复诊提醒，每项只需完成一次</span>
      </Link>
      <h2 className="fk-section-title">检验检查报告</h2>
      {v.reports.length === 0 ? (
        <EmptyState text="本次就诊没有检验检查报告" paddingTop={8} />
      ) : (
        <ul className="fk-list" aria-label="本次就诊的报告">
          {v.reports.map((r) => (
            <li key={r.reportId}>
              <ReportRow report={r} to={recordReportPath(r)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
