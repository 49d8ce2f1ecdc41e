import { BadLink, RemoteState } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { useParams } from 'react-router-dom';
import { useHospitalId } from '../hospital.ts';
import { isId } from '../paths.ts';
import { useContactStay } from '../views.tsx';
import { StayList } from './StayList.tsx';
import '@patient/feature-kit/base.css';
import '../fees.css';

/** 住院记录 (/inpatientFee/inpatientPayList/:contactId): every stay of the contact, each to its fees. */
export default function StaysPage() {
  const { contactId = '' } = useParams();
  const hospitalId = useHospitalId();
  const { stays } = useContactStay(hospitalId, isId(contactId) ? contactId : null);
  if (!isId(contactId))
    return <BadLink page message="住院记录链接无效" to="/inpatientFee/manage" back="返回住院服务" />;
  return (
    <div className="fk-page">
      {!stays.data ? (
        <RemoteState remote={stays} loading="正在查询住院记录..." failed="住院记录加载失败" />
      ) : stays.data.length === 0 ? (
        <EmptyState text="暂无住院记录" />
      ) : (
        <StayList stays={stays.data} label="住院记录" />
      )}
    </div>
  );
}
