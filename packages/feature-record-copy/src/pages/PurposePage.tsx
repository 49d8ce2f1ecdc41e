import { api } from '@patient/api-client';
import { getRecordCopyConfig } from '@patient/contract';
import { BadLink, ChoiceGroup, RemoteState, useRemote } from '@patient/feature-kit';
import { formatYuan } from '@patient/validation';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { updateDraft, useDraft } from '../draft.ts';
import { useHospitalId } from '../hospital.ts';
import { APPLY_DETAIL_PATH, CHOOSE_PATIENT_PATH } from '../params.ts';
import '@patient/feature-kit/base.css';
import '../record-copy.css';

/**
 * 复印用途 (/medicalRecord/applyReson): the purpose (one), the parts to copy (the hospital's required ones
 * ticked and fixed), the number of copies (1 to the hospital's most), and the copy fee as it stands.
 */
export default function PurposePage() {
  const navigate = useNavigate();
  const hospitalId = useHospitalId();
  const draft = useDraft();
  const [purpose, setPurpose] = useState<string | null>(draft.purpose);
  const [parts, setParts] = useState<string[]>(draft.parts);
  const [copies, setCopies] = useState(draft.copies);
  const [problem, setProblem] = useState<string | null>(null);
  const config = useRemote(
    hospitalId ? (signal) => api.request(getRecordCopyConfig, { query: { hospitalId } }, { signal }) : null,
    hospitalId ?? '',
  );
  if (!hospitalId || !draft.patient || draft.stays.length === 0) {
    return <BadLink page message="请先选择患者和住院记录" to={CHOOSE_PATIENT_PATH} back="选择患者" />;
  }
  if (config.data === null) {
    return <RemoteState remote={config} failed="复印设置加载失败" />;
  }
  const settings = config.data;
  const chosen = settings.parts.filter((p) => p.required || parts.includes(p.code));
  const perCopy = chosen.reduce((sum, p) => sum + p.priceFen, 0);
  const fee = perCopy * copies * draft.stays.length;

  const next = () => {
    if (!purpose) {
      setProblem('请选择复印用途');
      return;
    }
    updateDraft({
      purpose,
      parts: parts.filter((c) => !settings.parts.find((p) => p.code === c)?.required),
      copies,
    });
    navigate(APPLY_DETAIL_PATH);
  };

  return (
    <div className="fk-page fk-page--with-footer">
      <h2 className="fk-section-title">复印用途</h2>
      <div className="fk-card">
        <ChoiceGroup
          label="复印用途"
          name="purpose"
          grid
          small
          value={purpose}
          onChange={(v) => {
            setPurpose(v);
            setProblem(null);
          }}
          options={settings.purposes.map((p) => ({ value: p.code, text: p.name }))}
        />
        {problem && (
          <p className="rc-error" role="alert">
            {problem}
          </p>
        )}
      </div>
      <fieldset className="fk-card">
        <legend className="fk-section-title">复印内容（每份单价）</legend>
        {settings.parts.map((part) => (
          <label key={part.code} className="rc-check">
            <input
              type="checkbox"
              checked={part.required || parts.includes(part.code)}
              disabled={part.required}
              onChange={() =>
                setParts((now) =>
                  now.includes(part.code) ? now.filter((c) => c !== part.code) : [...now, part.code],
                )
              }
            />
            <span className="rc-check__body rc-row">
              <span>
                {part.name}
                {part.required && <span className="fk-muted">（必印）</span>}
              </span>
              <span className="fk-muted">{formatYuan(part.priceFen)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="fk-card rc-row">
        <span id="copies-label">复印份数</span>
        <span className="rc-stepper">
          <button
            type="button"
            className="fk-button fk-button--small"
            aria-label="减少一份"
            disabled={copies <= 1}
            onClick={() => setCopies((n) => n - 1)}
          >
            −
          </button>
          <output aria-labelledby="copies-label" aria-live="polite">
            {copies}
          </output>
          <button
            type="button"
            className="fk-button fk-button--small"
            aria-label="增加一份"
            disabled={copies >= settings.maxCopies}
            onClick={() => setCopies((n) => n + 1)}
          >
            +
          </button>
        </span>
      </div>
      <p className="fk-muted" aria-live="polite">
        复印费 {formatYuan(fee)}（{formatYuan(perCopy)} × {copies}份 × {draft.stays.length}次住院），邮寄另收
        {formatYuan(settings.postageFen)}
      </p>
      <div className="fk-footer">
        <button type="button" className="fk-button fk-button--primary fk-button--block" onClick={next}>
          下一步
        </button>
      </div>
    </div>
  );
}
