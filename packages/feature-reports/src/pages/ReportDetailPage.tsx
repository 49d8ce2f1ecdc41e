import { api } from '@patient/api-client';
import { getReport, type HealthCertificate, type LabItem, type Report } from '@patient/contract';
import { BadLink, InfoList, RemoteState, StatusBanner, useRemote } from '@patient/feature-kit';
import { Spinner } from '@patient/ui-kit';
import { chinaDate, maskName } from '@patient/validation';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  CERTIFICATE_CONCLUSION,
  chinaDateTime,
  isCode,
  KIND_LABEL,
  pagesPath,
  REPORT_STATUS,
} from '../format.ts';
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

/** 健康证: the verdict, 从业类别, 证号, 有效期 (expired: said so), and each 体检项目 with its result. */
function CertificateResults({ certificate }: { certificate: HealthCertificate }) {
  const look = CERTIFICATE_CONCLUSION[certificate.conclusion];
  const expired = certificate.validUntil !== null && certificate.validUntil < chinaDate(Date.now());
  return (
    <>
      <StatusBanner info={look} label="健康证结论" />
      <InfoList
        label="健康证"
        rows={[
          ['结论', look.label],
          ['从业类别', certificate.category],
          ['证号', certificate.certificateNo ?? '未发证'],
          [
            '有效期',
            certificate.validFrom && certificate.validUntil ? (
              <>
                {certificate.validFrom} 至 {certificate.validUntil}
                {expired && <span className="rp-abnormal">（已过期，请及时复检）</span>}
              </>
            ) : (
              '未发证'
            ),
          ],
        ]}
      />
      <h2 className="fk-section-title">体检项目</h2>
      <div className="fk-card">
        <table className="rp-table" aria-label="体检项目">
          <thead>
            <tr>
              <th scope="col">项目</th>
              <th scope="col">结果</th>
              <th scope="col">判定</th>
            </tr>
          </thead>
          <tbody>
            {certificate.items.map((item) => (
              <tr key={item.name} data-abnormal={!item.qualified || undefined}>
                <th scope="row">{item.name}</th>
                <td>{item.result}</td>
                <td>
                  <span className="rp-value" data-tone={item.qualified ? undefined : 'danger'}>
                    {item.qualified ? '合格' : '不合格'}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
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
          [report.kind === 'IMAGING' || report.kind === 'PATHOLOGY' ? '检查部位' : '标本', report.specimen],
          [
            report.kind === 'LAB' ? '标本号' : report.kind === 'HEALTH_CERTIFICATE' ? '体检号' : '检查号',
            report.sampleNo,
          ],
          ['开单', `${report.departmentName} · ${report.doctorName}`],
          ['采样/检查时间', chinaDateTime(report.collectedAt)],
          ['报告时间', chinaDateTime(report.reportedAt)],
          ...(ready
            ? ([
                [
                  report.kind === 'LAB'
                    ? '检验者'
                    : report.kind === 'HEALTH_CERTIFICATE'
                      ? '主检医生'
                      : '报告医生',
                  report.reporterName ?? '—',
                ],
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
      {ready && report.healthCertificate && <CertificateResults certificate={report.healthCertificate} />}
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
 * pathology diagnosis; a health certificate's verdict (合格/不合格), 有效期 and 体检项目; 查看报告单 (the pages as images).
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
