import { api } from '@patient/api-client';
import { listRecordCopyPatients, RECORD_COPY_PHOTO_NAMES, type RecordCopyApplicant } from '@patient/contract';
import {
  ChoiceGroup,
  NoHospital,
  type Relation,
  RemoteState,
  relationLabel,
  useRemote,
} from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { maskName } from '@patient/validation';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { updateDraft } from '../draft.ts';
import { useHospitalId } from '../hospital.ts';
import { stayListPath } from '../params.ts';
import '@patient/feature-kit/base.css';
import '../record-copy.css';

/**
 * 选择患者 (/medicalRecord/choosePatient): who applies (本人, or 代办 for a relative, who adds proof of the
 * relation), then the patient among the contacts with a card at this hospital; one without a card is shown with
 * the way to bind one. Choosing opens the patient's past stays.
 */
export default function ChoosePatientPage() {
  const navigate = useNavigate();
  const hospitalId = useHospitalId();
  const [applicant, setApplicant] = useState<RecordCopyApplicant>('SELF');
  const patients = useRemote(
    hospitalId ? (signal) => api.request(listRecordCopyPatients, { body: { hospitalId } }, { signal }) : null,
    hospitalId ?? '',
  );
  if (!hospitalId) return <NoHospital />;
  if (patients.data === null) {
    return <RemoteState remote={patients} loading="正在加载就诊人..." failed="就诊人加载失败" />;
  }
  if (patients.data.length === 0) {
    return (
      <div className="fk-page">
        <EmptyState text="还没有就诊人，请先添加就诊人并绑定就诊卡">
          <Link className="fk-button fk-button--primary fk-button--inline" to="/contactList">
            添加就诊人
          </Link>
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="fk-page">
      <h2 className="fk-section-title">申请人</h2>
      <div className="fk-card">
        <ChoiceGroup
          label="申请人"
          name="applicant"
          row
          value={applicant}
          onChange={(v) => setApplicant(v as RecordCopyApplicant)}
          options={[
            { value: 'SELF', text: '患者本人' },
            { value: 'AGENT', text: '亲属代办' },
          ]}
        />
        {applicant === 'AGENT' && (
          <p className="fk-muted">代办需另外上传{RECORD_COPY_PHOTO_NAMES.RELATION_PROOF}</p>
        )}
      </div>
      <h2 className="fk-section-title">选择患者</h2>
      <ul className="fk-list" aria-label="患者">
        {patients.data.map((p) => (
          <li key={p.contactId} className="fk-card rc-row">
            <span className="rc-address">
              <span>
                {maskName(p.name)} <span className="fk-muted">{relationLabel(p.relation as Relation)}</span>
              </span>
              <span className="fk-muted">
                {p.medicalCardNo
                  ? `就诊卡 ${p.medicalCardNo.replace(/^(.{2}).*(.{4})$/, '$1****$2')}`
                  : '未绑定本院就诊卡'}
              </span>
            </span>
            {p.cardId ? (
              <button
                type="button"
                className="fk-button fk-button--small fk-button--primary"
                aria-label={`选择${maskName(p.name)}`}
                onClick={() => {
                  updateDraft({
                    hospitalId,
                    patient: { contactId: p.contactId, name: p.name, cardId: p.cardId as string },
                    applicant,
                    stays: [],
                    photos: {},
                  });
                  navigate(stayListPath(p.name, applicant, p.cardId as string));
                }}
              >
                选择
              </button>
            ) : (
              <Link className="fk-text-button" to={`/contactDetail/${p.contactId}`}>
                去绑卡
              </Link>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
