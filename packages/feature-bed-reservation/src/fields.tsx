import { serverNow } from '@patient/api-client';
import { BED_MAX_DAYS_AHEAD, BED_TEXT_MAX } from '@patient/contract';
import { chinaDate, validatePhone } from '@patient/validation';
import { NOTICE_PATTERN } from './format.ts';

/** What the admission notice says (the form of the patient and of the nurse at the desk). */
export interface NoticeFields {
  noticeNo: string;
  diagnosis: string;
  doctorName: string;
  phone: string;
  expectedDate: string;
  remark: string;
}

export const EMPTY_NOTICE: NoticeFields = {
  noticeNo: '',
  diagnosis: '',
  doctorName: '',
  phone: '',
  expectedDate: '',
  remark: '',
};

/** Today and the last day that may be asked for, China time (the service's clock). */
export function dayRange(): { min: string; max: string } {
  const now = serverNow();
  return { min: chinaDate(now), max: chinaDate(now + BED_MAX_DAYS_AHEAD * 24 * 3600 * 1000) };
}

/** The first problem of the notice's fields, in Chinese, or null. */
export function noticeProblem(f: NoticeFields): string | null {
  if (!NOTICE_PATTERN.test(f.noticeNo.trim())) return '请填写入院通知单上的通知单号（4–32位字母或数字）';
  if (!f.diagnosis.trim()) return '请填写入院诊断';
  if (!f.doctorName.trim()) return '请填写开单医生';
  const phone = validatePhone(f.phone.trim());
  if (!phone.valid) return phone.message;
  if (f.expectedDate) {
    const { min, max } = dayRange();
    if (f.expectedDate < min) return '期望入院日期不能早于今天';
    if (f.expectedDate > max) return `期望入院日期不能晚于${BED_MAX_DAYS_AHEAD}天后`;
  }
  if (f.remark.length > BED_TEXT_MAX) return `备注不能超过${BED_TEXT_MAX}字`;
  return null;
}

/** The fields as the service takes them. */
export const noticeBody = (f: NoticeFields) => ({
  noticeNo: f.noticeNo.trim(),
  diagnosis: f.diagnosis.trim(),
  doctorName: f.doctorName.trim(),
  phone: f.phone.trim(),
  expectedDate: f.expectedDate || null,
  remark: f.remark.trim(),
});

function Field({
  id,
  label,
  optional,
  children,
}: {
  id: string;
  label: string;
  optional?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label className="br-label" htmlFor={id}>
        {label}
        {optional ? <span className="br-optional">（选填）</span> : null}
      </label>
      {children}
    </div>
  );
}

/** The notice's fields as inputs. */
export function NoticeForm({ value, onChange }: { value: NoticeFields; onChange(next: NoticeFields): void }) {
  const set = (key: keyof NoticeFields) => (e: { target: { value: string } }) =>
    onChange({ ...value, [key]: e.target.value });
  const { min, max } = dayRange();
  return (
    <>
      <Field id="br-notice" label="入院通知单号">
        <input
          id="br-notice"
          className="br-input"
          maxLength={32}
          placeholder="见入院通知单右上角"
          value={value.noticeNo}
          onChange={set('noticeNo')}
        />
      </Field>
      <Field id="br-diagnosis" label="入院诊断">
        <input
          id="br-diagnosis"
          className="br-input"
          maxLength={100}
          value={value.diagnosis}
          onChange={set('diagnosis')}
        />
      </Field>
      <Field id="br-doctor" label="开单医生">
        <input
          id="br-doctor"
          className="br-input"
          maxLength={30}
          value={value.doctorName}
          onChange={set('doctorName')}
        />
      </Field>
      <Field id="br-phone" label="联系电话">
        <input
          id="br-phone"
          className="br-input"
          type="tel"
          inputMode="numeric"
          maxLength={11}
          placeholder="病区安排床位时联系此电话"
          value={value.phone}
          onChange={set('phone')}
        />
      </Field>
      <Field id="br-date" label="期望入院日期" optional>
        <input
          id="br-date"
          className="br-input"
          type="date"
          min={min}
          max={max}
          value={value.expectedDate}
          onChange={set('expectedDate')}
        />
      </Field>
      <Field id="br-remark" label="备注" optional>
        <input
          id="br-remark"
          className="br-input"
          maxLength={BED_TEXT_MAX}
          placeholder="如需轮椅、陪护等"
          value={value.remark}
          onChange={set('remark')}
        />
      </Field>
    </>
  );
}
