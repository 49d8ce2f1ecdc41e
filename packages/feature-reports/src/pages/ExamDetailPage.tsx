import { api } from '@patient/api-client';
import {
  type ExamReport,
  examReportFileName,
  findExamReport,
  getExamReportPages,
  getExamReportPdfFile,
} from '@patient/contract';
import {
  BadLink,
  InfoList,
  NoHospital,
  RemoteState,
  StatusBanner,
  useContacts,
  useRemote,
} from '@patient/feature-kit';
import { Spinner } from '@patient/ui-kit';
import { maskName } from '@patient/validation';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { isExamNo } from '../exams.tsx';
import { chinaDateTime, REPORT_STATUS } from '../format.ts';
import { NO_HOSPITAL_MESSAGE, useHospitalId } from '../hospital.ts';
import { orderItems } from '../lab.ts';
import { PdfDownload } from '../PdfDownload.tsx';
import { LabTable, Sections } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../reports.css';

function ExamPages({ examNo, hospitalId }: { examNo: string; hospitalId: string }) {
  const pages = useRemote(
    (signal) => api.request(getExamReportPages, { params: { examNo }, body: { hospitalId } }, { signal }),
    `${hospitalId}/${examNo}`,
  );
  if (pages.data === null)
    return <RemoteState remote={pages} loading="正在生成报告单..." failed="报告单加载失败" paddingTop={24} />;
  const { title, pages: list } = pages.data;
  return (
    <section aria-label="体检报告单">
      {list.map((page, i) => (
        <figure key={page.image.slice(-32)} className="rp-figure">
          <img
            className="rp-page-image"
            src={page.image}
            width={page.width}
            height={page.height}
            alt={`${title} 第${i + 1}页`}
          />
          <a className="fk-text-button" href={page.image} download={`${title}-第${i + 1}页.svg`}>
            下载第{i + 1}页
          </a>
        </figure>
      ))}
    </section>
  );
}

function ExamView({ exam, hospitalId }: { exam: ExamReport; hospitalId: string }) {
  const [showPages, setShowPages] = useState(false);
  const ready = exam.status === 'READY';
  return (
    <>
      {!ready && <StatusBanner info={REPORT_STATUS.PENDING} label="报告状态" />}
      <InfoList
        label="体检信息"
        rows={[
          ['体检人', maskName(exam.patientName)],
          ['体检套餐', exam.packageName],
          ['体检日期', exam.date],
          ['体检号', exam.examNo],
          ['报告日期', chinaDateTime(exam.reportedAt).slice(0, 10)],
          ['总检医生', exam.chiefDoctorName ?? '—'],
        ]}
      />
      {ready && (
        <>
          <h2 className="fk-section-title">总检结论</h2>
          <p className="fk-card rp-sections__text">{exam.summary}</p>
          {exam.conclusions && exam.conclusions.length > 0 && (
            <>
              <h2 className="fk-section-title">异常结果及建议</h2>
              <ol className="fk-card fk-list" aria-label="异常结果及建议">
                {exam.conclusions.map((c) => (
                  <li key={c.finding} className="rp-finding">
                    <strong className="rp-abnormal">{c.finding}</strong>
                    <p className="rp-sections__text">{c.advice}</p>
                  </li>
                ))}
              </ol>
            </>
          )}
          {exam.sections?.map((section) => (
            <section key={section.name} aria-label={section.name}>
              <h2 className="fk-section-title">
                {section.name}
                <span>{section.doctorName}</span>
              </h2>
              <div className="fk-card">
                <LabTable items={orderItems(section.items)} />
                <p className="rp-row__line">小结：{section.conclusion}</p>
              </div>
            </section>
          ))}
          <div className="rp-actions">
            <button
              type="button"
              className="fk-button fk-button--primary"
              aria-expanded={showPages}
              onClick={() => setShowPages((v) => !v)}
            >
              {showPages ? '收起报告单' : '查看及下载报告单'}
            </button>
            <PdfDownload
              load={() =>
                api.request(getExamReportPdfFile, {
                  query: { hospitalId, fileName: examReportFileName(exam.examNo) },
                })
              }
            />
          </div>
          {showPages && <ExamPages examNo={exam.examNo} hospitalId={hospitalId} />}
        </>
      )}
      {!ready && <Sections sections={[['说明', '体检报告需总检医生汇总审核，出具后即可查看。']]} />}
    </>
  );
}

/**
 * 体检报告详情 (/medicalReportDetail?examNo=&contactId=, or the name in navigation state from the search): the
 * summary (总检结论) and the findings with advice first, then each section's items (abnormal first, marked)
 * and its conclusion; the report's pages as images, each downloadable.
 */
export default function ExamDetailPage() {
  const [query] = useSearchParams();
  const location = useLocation();
  const hospitalId = useHospitalId();
  const people = useContacts();
  const examNo = query.get('examNo') ?? '';
  const contactId = query.get('contactId');
  const stateName = (location.state as { name?: unknown } | null)?.name;
  const name =
    typeof stateName === 'string'
      ? stateName
      : (people.contacts.find((c) => c.contactId === contactId)?.contactDO.name ?? null);
  const valid = isExamNo(examNo) && !!hospitalId && !!name;
  const exam = useRemote(
    valid && hospitalId && name
      ? (signal) =>
          api.request(findExamReport, { params: { examNo, name }, body: { hospitalId } }, { signal })
      : null,
    `${hospitalId}/${examNo}/${name}`,
  );
  if (!hospitalId) return <NoHospital text={NO_HOSPITAL_MESSAGE} />;
  if (!isExamNo(examNo))
    return (
      <BadLink page message="链接无效，请重新查询体检报告" to="/searchMedicalReport" back="查询体检报告" />
    );
  if (!name) {
    return people.state === 'loading' ? (
      <div className="fk-page">
        <Spinner text="正在加载..." />
      </div>
    ) : (
      <BadLink page message="请输入体检人姓名后查询" to="/searchMedicalReport" back="查询体检报告" />
    );
  }
  return (
    <div className="fk-page">
      {exam.data === null ? (
        <RemoteState remote={exam} loading="正在加载体检报告..." failed="体检报告加载失败" paddingTop={24} />
      ) : (
        <ExamView exam={exam.data} hospitalId={hospitalId} />
      )}
    </div>
  );
}
