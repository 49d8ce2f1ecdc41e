import { api } from '@patient/api-client';
import { findDischargedStays } from '@patient/contract';
import { RemoteState, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { maskIdCard, maskName } from '@patient/validation';
import { Link, useParams } from 'react-router-dom';
import { useHospitalId } from '../hospital.ts';
import { StayList } from './StayList.tsx';
import '@patient/feature-kit/base.css';
import '../fees.css';

/**
 * 出院费用查询 (/inpatientFee/inpatientOutFee/:idCard/:patientName): the discharged stays of a person, found
 * by ID card and name among the account's own contacts (anyone else's answer as none); both shown masked.
 */
export default function OutFeePage() {
  const { idCard = '', patientName = '' } = useParams();
  const hospitalId = useHospitalId();
  const valid = /^\d{17}[\dX]$/i.test(idCard) && patientName.trim().length > 0 && patientName.length <= 30;
  const found = useRemote(
    valid && hospitalId
      ? (signal) =>
          api.request(
            findDischargedStays,
            { params: { hospitalId }, body: { idCard, patientName } },
            { signal },
          )
      : null,
    `${hospitalId}/${idCard}/${patientName}`,
  );
  return (
    <div className="fk-page">
      <p className="fk-notice">
        {valid ? `${maskName(patientName)} · ${maskIdCard(idCard.toUpperCase())}` : '查询条件不正确'}
      </p>
      {!valid ? (
        <EmptyState text="请输入正确的姓名和18位身份证号">
          <Link className="fk-button fk-button--primary fk-button--inline" to="/inpatientFee/manage" replace>
            重新查询
          </Link>
        </EmptyState>
      ) : !found.data ? (
        <RemoteState remote={found} loading="正在查询出院记录..." failed="出院记录查询失败" />
      ) : found.data.length === 0 ? (
        <EmptyState text="未查到出院记录">
          <p className="fk-muted">仅可查询本账号已添加并验证身份的就诊人的住院记录</p>
        </EmptyState>
      ) : (
        <StayList stays={found.data} label="出院记录" />
      )}
    </div>
  );
}
