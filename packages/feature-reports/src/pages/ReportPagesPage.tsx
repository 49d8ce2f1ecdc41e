import { api } from '@patient/api-client';
import { getReportPages, getReportPdf } from '@patient/contract';
import { BadLink, NoHospital, RemotePage, useRemote } from '@patient/feature-kit';
import { useParams } from 'react-router-dom';
import { isCode } from '../format.ts';
import { NO_HOSPITAL_MESSAGE, useHospitalId } from '../hospital.ts';
import { PdfDownload } from '../PdfDownload.tsx';
import '@patient/feature-kit/base.css';
import '../reports.css';

/**
 * 报告单 (/reportDetail/pdf/:sampleId): the report as the hospital prints it, page by page as images (laid out by
 * the service from the report's data), each image described for screen readers; 下载PDF saves the same pages as
 * a PDF file written by the service, or save a page by long-pressing it.
 */
export default function ReportPagesPage() {
  const { sampleId } = useParams();
  const hospitalId = useHospitalId();
  const valid = isCode(sampleId) && isCode(hospitalId);
  const pages = useRemote(
    valid
      ? (signal) =>
          api.request(getReportPages, { params: { hospitalId }, body: { reportId: sampleId } }, { signal })
      : null,
    `${hospitalId}/${sampleId}`,
  );
  if (!hospitalId) return <NoHospital text={NO_HOSPITAL_MESSAGE} />;
  if (!valid)
    return <BadLink page message="链接无效，请从报告详情重新进入" to="/searchReport" back="查看报告" />;
  if (pages.data === null) {
    return <RemotePage remote={pages} loading="正在生成报告单..." failed="报告单加载失败" paddingTop={24} />;
  }
  const { title, pages: list } = pages.data;
  return (
    <div className="fk-page">
      <h2 className="fk-section-title">
        {title}（共{list.length}页）
      </h2>
      <div className="rp-actions">
        <PdfDownload
          load={() => api.request(getReportPdf, { params: { hospitalId }, body: { reportId: sampleId } })}
        />
      </div>
      {list.map((page, i) => (
        <img
          key={i}
          className="rp-page-image"
          src={page.image}
          width={page.width}
          height={page.height}
          alt={`${title} 第${i + 1}页`}
        />
      ))}
      <p className="fk-muted">
        点“下载PDF”保存报告单文件，或长按图片保存；报告结果请以医院出具的纸质报告为准。
      </p>
    </div>
  );
}
