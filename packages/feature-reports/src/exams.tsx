import { api } from '@patient/api-client';
import { type Contact, type ExamSummary, listExamReports } from '@patient/contract';
import { RemoteState, StatusBadge, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { REPORT_STATUS } from './format.ts';
import { FormField } from './views.tsx';

/** /medicalReportDetail for an exam of one of the account's contacts (the name comes from the contact). */
export const examDetailPath = (examNo: string, contactId: string) =>
  `/medicalReportDetail?${new URLSearchParams({ examNo, contactId })}`;

/** The exam number as printed on the guide sheet: TJ and digits (letters and digits accepted). */
export const isExamNo = (value: string) => /^[A-Za-z0-9]{6,32}$/.test(value);

/** A contact's exams at the hospital, newest first: package, date, status, how many findings. */
export function ExamList({ contact, hospitalId }: { contact: Contact; hospitalId: string }) {
  const list = useRemote(
    (signal) =>
      api.request(listExamReports, { body: { hospitalId, contactId: contact.contactId } }, { signal }),
    `${hospitalId}/${contact.contactId}`,
  );
  if (list.data === null) {
    return (
      <RemoteState
        remote={list}
        loading="正在查询体检报告..."
        failed="体检报告查询失败"
        contactId={contact.contactId}
        paddingTop={24}
      />
    );
  }
  if (list.data.length === 0) return <EmptyState text="暂无体检报告" paddingTop={24} />;
  return (
    <ul className="fk-list" aria-label="体检报告">
      {list.data.map((exam: ExamSummary) => (
        <li key={exam.examNo}>
          <Link className="fk-card rp-row" to={examDetailPath(exam.examNo, contact.contactId)}>
            <span className="rp-row__head">
              <span className="rp-row__title">{exam.packageName}</span>
              <StatusBadge info={REPORT_STATUS[exam.status]} />
            </span>
            <span className="rp-row__line">
              体检日期 {exam.date} · 体检号 {exam.examNo}
            </span>
            {exam.findingCount !== null && (
              <span className="rp-row__line">
                {exam.findingCount > 0 ? (
                  <span className="rp-abnormal">{exam.findingCount}项异常结果</span>
                ) : (
                  '未发现明显异常'
                )}
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Find an exam by its number (on the guide sheet, under its QR code) and the examined person's name: each
 * field's mistake under it; the report opens when it is one of the account's proven contacts'.
 */
export function ExamSearchForm({ initialExamNo = '' }: { initialExamNo?: string }) {
  const navigate = useNavigate();
  const [examNo, setExamNo] = useState(initialExamNo);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ examNo?: string; name?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: { examNo?: string; name?: string } = {};
    if (!examNo.trim()) found.examNo = '请输入体检号';
    else if (!isExamNo(examNo.trim())) found.examNo = '体检号应为6-32位字母或数字';
    if (!name.trim()) found.name = '请输入体检人姓名';
    else if (name.trim().length > 30) found.name = '姓名不能超过30个字';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    navigate(`/medicalReportDetail?examNo=${encodeURIComponent(examNo.trim())}`, {
      state: { name: name.trim() },
    });
  };
  return (
    <form className="fk-card rp-form" onSubmit={submit} noValidate aria-label="按体检号查询">
      <FormField
        id="exam-no"
        label="体检号"
        value={examNo}
        onChange={(e) => setExamNo(e.target.value)}
        maxLength={32}
        error={errors.examNo}
      />
      <FormField
        id="exam-name"
        label="体检人姓名"
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={30}
        autoComplete="name"
        error={errors.name}
      />
      <button type="submit" className="fk-button fk-button--primary fk-button--block">
        查询体检报告
      </button>
    </form>
  );
}
