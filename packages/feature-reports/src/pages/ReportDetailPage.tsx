import { api } from '@patient/api-client';
import { getReport, type LabItem, type Report } from '@patient/contract';
import { BadLink, InfoList, RemoteState, StatusBanner, useRemote } from '@patient/feature-kit';
import { Spinner } from '@patient/ui-kit';
import { maskName } from '@patient/validation';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { chinaDateTime, isCode, KIND_LABEL, pagesPath, REPORT_STATUS } from '../format.ts';
import { useHospitalId } from '../hospital.ts';
import { hasTrend, isAbnormal, orderItems } from '../lab.ts';
import { LabTable, Sections } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../reports.css';

/** The chart library comes with this module only, when a trend is opened. */
const TrendChart = lazy(() => import('../TrendChart.tsx'));

function LabResults({ report, hospitalId }: { report: Report; hospitalId: string }) {
  const [trendOf, setTrendOf] = useState<string | null>(null);
  const items = orderItems(report.items ?? []);
  const abnormal = items.filter(isAbnormal).length;
  const trendButton = (item: LabItem) =>
    hasTrend(item) ? (
      <button
        type="button"
        className="fk-text-button"
        aria-expanded={trendOf === item.code}
        aria-label={`${item.name}趋势`}
        onClick={() => setTrendOf((current) => (current === item.code ? null : item.code))}
      >
        趋势
      </button>
    ) : null;
  return (
    <>
      <h2 className="fk-section-title">
        检验结果
        <span className={abnormal > 0 ? 'rp-abnormal' : undefined}>
          共{items.length}项{abnormal > 0 ? `，${abnormal}项异常（已置顶）` : '，均在参考范围内'}
        </span>
      </h2>
      <div className="fk-card">
        <LabTable items={items} action={trendButton} />
        {trendOf && (
          <Suspense fallback={<Spinner text="正在加载趋势..." />}>
            <TrendChart hospitalId={hospitalId} contactId={report.contactId} itemCode={trendOf} />
          </Suspense>
        )}
      </div>
    </>
  );
}

function ReportView({ report, hospitalId }: { report: Report; hospitalId: string }) {
  const ready = report.status === 'READY';
  return (
    <>
      <StatusBanner info={REPORT_STATUS[report.status]} label="报告状态">
        {!ready && <p className="fk-banner__hint">预计 {chinaDateTime(report.expectedAt)} 前出报告</p>}
      </StatusBanner>
      <InfoList
        label="报告信息"
        rows={[
          ['报告', `${KIND_LABEL[report.kind]} · ${report.name}`],
          ['就诊人', maskName(report.patientName)],
          ['病人号', report.patientId],
          [report.kind === 'LAB' ? '标本' : '检查部位', report.specimen],
          [report.kind === 'LAB' ? '标本号' : '检查号', report.sampleNo],
          ['开单', `${report.departmentName} · ${report.doctorName}`],
          ['采样/检查时间', chinaDateTime(report.collectedAt)],
          ['报告时间', chinaDateTime(report.reportedAt)],
          ...(ready
            ? ([
                [report.kind === 'LAB' ? '检验者' : '报告医生', report.reporterName ?? '—'],
                ['审核者', report.reviewerName ?? '—'],
              ] as [string, string][])
            : []),
        ]}
      />
      {ready && report.items && <LabResults report={report} hospitalId={hospitalId} />}
      {ready && report.imaging && (
        <Sections
          sections={[
            ['检查方法', `${report.imaging.modality}：${report.imaging.technique}`],
            ['检查所见', report.imaging.findings],
            ['诊断意见', report.imaging.impression],
          ]}
        />
      )}
      {ready && report.pathology && (
        <Sections
          sections={[
            ['肉眼所见', report.pathology.gross],
            ['镜下所见', report.pathology.microscopic],
            ['病理诊断', report.pathology.diagnosis],
          ]}
        />
      )}
      {ready && (
        <div className="rp-actions">
          <Link className="fk-button fk-button--primary" to={pagesPath(report.reportId)}>
            查看报告单
          </Link>
        </div>
      )}
      <p className="fk-muted">报告结果仅供参考，请以医院出具的纸质报告为准，并由医生结合临床解读。</p>
    </>
  );
}

/**
 * 报告详情 (/searchReport/resultDetail/:hospitalId/:type/:name/:reportId and
 * /patientRecord/reportDetail/:type/:status/:reportId): status (pending: when it is expected), who, specimen,
 * times and signers; a lab report's items with value, range and unit, abnormal ones first and marked ↑/↓ with
 * words, each numeric item's 趋势 across the contact's reports; an imaging report's findings and impression; a
 * pathology diagnosis; 查看报告单 (the pages as images).
 */
export default function ReportDetailPage() {
  const params = useParams();
  const appHospitalId = useHospitalId();
  const hospitalId = params.hospitalId ?? appHospitalId;
  const { reportId } = params;
  const valid = isCode(hospitalId) && isCode(reportId);
  const report = useRemote(
    valid
      ? (signal) => api.request(getReport, { params: { hospitalId }, body: { reportId } }, { signal })
      : null,
    `${hospitalId}/${reportId}`,
  );
  if (!valid)
    return <BadLink page message="链接无效，请从报告列表重新进入" to="/searchReport" back="查看报告" />;
  return (
    <div className="fk-page">
      {report.data === null ? (
        <RemoteState remote={report} loading="正在加载报告..." failed="报告加载失败" paddingTop={24} />
      ) : (
        <ReportView report={report.data} hospitalId={hospitalId} />
      )}
    </div>
  );
}
