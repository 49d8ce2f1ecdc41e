import { NoHospital } from '@patient/feature-kit';
import { Link } from 'react-router-dom';
import { CardRows } from '../CardRows.tsx';
import { APPLICATION_STATUSES, useHospitalId } from '../format.ts';
import { APPLY_PATH } from '../paths.ts';
import '@patient/feature-kit/base.css';
import '../companion.css';

/**
 * 申请记录 (/patientCareCard/order): the applications not (or no longer) a card — waiting for the ward, not
 * passed (with the reason), withdrawn — each → its detail, where a waiting one can be withdrawn.
 */
export default function ApplicationsPage() {
  const hospitalId = useHospitalId();
  if (!hospitalId) return <NoHospital />;
  return (
    <div className="fk-page">
      <p className="fk-muted">申请提交后由病区审核，审核通过的申请会成为陪护证，显示在“我的陪护证”中。</p>
      <CardRows
        hospitalId={hospitalId}
        statuses={APPLICATION_STATUSES}
        label="申请记录"
        empty={{
          text: '暂无申请记录',
          action: (
            <Link className="fk-button fk-button--primary fk-button--inline" to={APPLY_PATH}>
              申请陪护证
            </Link>
          ),
        }}
      />
    </div>
  );
}
