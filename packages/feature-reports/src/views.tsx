import type { LabItem, ReportSummary, VisitSummary } from '@patient/contract';
import { StatusBadge } from '@patient/feature-kit';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { chinaDateTime, KIND_LABEL, REPORT_STATUS } from './format.ts';
import { FLAG_LOOK } from './lab.ts';

/** One report in a list: kind, name, status, when, who ordered it; abnormal count; opens the detail. */
export function ReportRow({
  report,
  to,
  showHospital = false,
}: {
  report: ReportSummary;
  to: string;
  showHospital?: boolean;
}) {
  const abnormal = report.abnormalCount ?? 0;
  return (
    <Link className="fk-card rp-row" to={to}>
      <span className="rp-row__head">
        <span className="rp-row__title">
          <span className="fk-badge" data-tone="muted">
            {KIND_LABEL[report.kind]}
          </span>
          {report.name}
        </span>
        <StatusBadge info={REPORT_STATUS[report.status]} />
      </span>
      {showHospital && <span className="rp-row__line">{report.hospitalName}</span>}
      <span className="rp-row__line">
        {report.departmentName} · {report.doctorName} · 开单 {chinaDateTime(report.requestedAt)}
      </span>
      {report.status === 'READY' ? (
        <span className="rp-row__line">
          报告时间 {chinaDateTime(report.reportedAt)}
          {abnormal > 0 && <span className="rp-abnormal"> · {abnormal}项异常</span>}
        </span>
      ) : (
        <span className="rp-row__line">预计 {chinaDateTime(report.expectedAt)} 前出报告</span>
      )}
    </Link>
  );
}

/** One visit in the record: date, outpatient or inpatient, department, doctor, diagnosis. */
export function VisitRow({ visit, to }: { visit: VisitSummary; to: string }) {
  return (
    <Link className="fk-card rp-row" to={to}>
      <span className="rp-row__head">
        <span className="rp-row__title">
          {visit.date}
          {visit.endDate && ` 至 ${visit.endDate}`}
        </span>
        <span className="fk-badge" data-tone={visit.type === 'INPATIENT' ? 'warning' : 'success'}>
          {visit.type === 'INPATIENT' ? '住院' : '门诊'}
        </span>
      </span>
      <span className="rp-row__line">
        {visit.departmentName} · {visit.doctorName}
      </span>
      <span className="rp-row__line">诊断：{visit.diagnosis}</span>
    </Link>
  );
}

/** A lab value with its mark: '7.42 ↑ 偏高' (the words for screen readers and elder eyes, not colour alone). */
export function LabValue({ item }: { item: LabItem }) {
  const look = FLAG_LOOK[item.flag];
  if (item.flag === 'NORMAL') return <span className="rp-value">{item.value}</span>;
  return (
    <span className="rp-value" data-tone={look.tone}>
      {item.value}
      <span aria-hidden="true"> {look.arrow}</span>
      <span className="rp-flag">{look.text}</span>
    </span>
  );
}

/**
 * The items of a lab report as a table: item, result (marked), reference range and unit; abnormal rows
 * highlighted. `action` adds a cell per row (the 趋势 button).
 */
export function LabTable({
  items,
  action,
}: {
  items: readonly LabItem[];
  action?: (item: LabItem) => ReactNode;
}) {
  return (
    <table className="rp-table">
      <thead>
        <tr>
          <th scope="col">项目</th>
          <th scope="col">结果</th>
          <th scope="col">参考范围</th>
          {action && (
            <th scope="col">
              <span className="fk-visually-hidden">趋势</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.code} data-abnormal={item.flag !== 'NORMAL' || undefined}>
            <th scope="row">
              {item.name}
              <span className="rp-abbr">{item.abbreviation}</span>
            </th>
            <td>
              <LabValue item={item} />
            </td>
            <td>
              {item.referenceRange}
              {item.unit && <span className="rp-unit"> {item.unit}</span>}
            </td>
            {action && <td>{action(item)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Titled paragraphs (a record, findings and impression); `level` 2 on a page without a section title above. */
export function Sections({ sections, level = 3 }: { sections: [string, ReactNode][]; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="fk-card rp-sections">
      {sections.map(([title, content]) => (
        <section key={title} aria-label={title}>
          <Heading className="rp-sections__title">{title}</Heading>
          <div className="rp-sections__text">{content}</div>
        </section>
      ))}
    </div>
  );
}

/** A labelled input and, under it, its mistake (announced, and tied to the input by aria-describedby). */
export function FormField({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <label htmlFor={id}>
        {label}
        <input
          id={id}
          {...input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </label>
      {error && (
        <p id={`${id}-error`} className="rp-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
