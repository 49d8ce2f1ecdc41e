import { api } from '@patient/api-client';
import { listCopyableStays } from '@patient/contract';
import { BadLink, RemoteState, useRemote } from '@patient/feature-kit';
import { maskName } from '@patient/validation';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { updateDraft, useDraft } from '../draft.ts';
import { useHospitalId } from '../hospital.ts';
import { CHOOSE_PATIENT_PATH, PURPOSE_PATH } from '../params.ts';
import '@patient/feature-kit/base.css';
import '../record-copy.css';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * 选择住院记录 (/medicalRecord/recordList/:name/:type/:cardId): the patient's past stays at the hospital (住院号,
 * department, ward, admitted and discharged, diagnosis); one or more are chosen for copying. The stays are the
 * hospital's data: an unproven patient is asked to verify first.
 */
export default function StayListPage() {
  const navigate = useNavigate();
  const { name = '', type = '', cardId = '' } = useParams();
  const hospitalId = useHospitalId();
  const draft = useDraft();
  const valid =
    ID.test(cardId) && (type === 'SELF' || type === 'AGENT') && name.length > 0 && name.length <= 30;
  const [chosen, setChosen] = useState<string[]>(() => draft.stays.map((s) => s.stayId));
  const stays = useRemote(
    valid && hospitalId
      ? (signal) => api.request(listCopyableStays, { body: { hospitalId, cardId } }, { signal })
      : null,
    `${hospitalId}|${cardId}`,
  );
  if (!valid || !hospitalId) {
    return <BadLink page message="链接无效，请重新选择患者" to={CHOOSE_PATIENT_PATH} back="重新选择患者" />;
  }
  const contactId = draft.patient?.cardId === cardId ? draft.patient.contactId : undefined;
  if (stays.data === null) {
    return (
      <RemoteState
        remote={stays}
        loading="正在查询住院记录..."
        failed="住院记录加载失败"
        contactId={contactId}
      />
    );
  }
  const toggle = (stayId: string) =>
    setChosen((now) => (now.includes(stayId) ? now.filter((s) => s !== stayId) : [...now, stayId]));

  return (
    <div className="fk-page fk-page--with-footer">
      <p className="fk-muted">
        患者：{maskName(name)}（{type === 'SELF' ? '本人申请' : '亲属代办'}）
      </p>
      {stays.data.length === 0 ? (
        <BadLink
          message="未查询到该患者在本院的出院记录，仅出院后的住院病历可以复印"
          to={CHOOSE_PATIENT_PATH}
          back="选择其他患者"
        />
      ) : (
        <fieldset className="fk-card">
          <legend className="fk-section-title">选择要复印的住院记录（可多选）</legend>
          {stays.data.map((stay) => (
            <label key={stay.stayId} className="rc-check">
              <input
                type="checkbox"
                checked={chosen.includes(stay.stayId)}
                onChange={() => toggle(stay.stayId)}
              />
              <span className="rc-check__body">
                <span>
                  {stay.department} · {stay.ward}
                </span>
                <span className="fk-muted">
                  住院号 {stay.admissionNo} · {stay.admittedOn} 至 {stay.dischargedOn}
                </span>
                <span className="fk-muted">
                  出院诊断：{stay.diagnosis} · {stay.doctor}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="fk-footer">
        <button
          type="button"
          className="fk-button fk-button--primary fk-button--block"
          disabled={chosen.length === 0}
          onClick={() => {
            updateDraft({ stays: (stays.data ?? []).filter((s) => chosen.includes(s.stayId)) });
            navigate(PURPOSE_PATH);
          }}
        >
          {chosen.length === 0 ? '请选择住院记录' : `下一步（已选${chosen.length}次住院）`}
        </button>
      </div>
    </div>
  );
}
