import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { gapResultPath } from '../format.ts';
import { checkCardSearch, defaultRange } from '../search.ts';
import { FormField } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../reports.css';

/**
 * 跨院报告查询 (/gapReport): reports of one person at every hospital of the group by name, card number (就诊卡 or
 * 电子健康卡 of one of the account's contacts) and a date range (default the last 3 months, at most a year);
 * each field's mistake is said under it.
 */
export default function GapReportPage() {
  const navigate = useNavigate();
  const [initialStart, initialEnd] = defaultRange(new Date());
  const [form, setForm] = useState({ name: '', cardNo: '', startDate: initialStart, endDate: initialEnd });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof form, string>>>({});
  const field = (key: keyof typeof form) => ({
    id: `gap-${key}`,
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
    error: errors[key],
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkCardSearch(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    navigate(gapResultPath(form.name.trim(), form.cardNo.trim(), form.startDate, form.endDate));
  };
  return (
    <div className="fk-page">
      <form className="fk-card rp-form" onSubmit={submit} noValidate aria-label="跨院报告查询">
        <FormField label="姓名" {...field('name')} autoComplete="name" maxLength={30} />
        <FormField label="就诊卡号或电子健康卡号" {...field('cardNo')} maxLength={32} />
        <FormField label="开始日期" type="date" {...field('startDate')} />
        <FormField label="结束日期" type="date" {...field('endDate')} />
        <button type="submit" className="fk-button fk-button--primary fk-button--block">
          查询
        </button>
      </form>
      <p className="fk-muted">仅可查询本账号就诊人的卡；为保护隐私，查询前需已验证就诊人身份。</p>
    </div>
  );
}
