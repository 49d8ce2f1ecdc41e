import { ChoiceGroup } from '@patient/feature-kit';
import { useNavigate } from 'react-router-dom';
import { currentWard, setCurrentWard, staffPage, useStaff } from './staff.tsx';
import '@patient/feature-kit/base.css';
import '../bed.css';

const ALL = 'ALL';

/** 切换病区 (/bedReservation/nurse/dept): the ward she works in now, or all of hers; back to the home. */
function DeptPage() {
  const staff = useStaff();
  const navigate = useNavigate();
  return (
    <div className="fk-page">
      <div className="fk-card">
        <ChoiceGroup
          label="选择病区"
          name="ward"
          value={currentWard(staff) ?? ALL}
          onChange={(v) => {
            setCurrentWard(v === ALL ? undefined : v);
            navigate('/bedReservation/nurse/index', { replace: true });
          }}
          options={[
            { value: ALL, text: '全部负责病区' },
            ...staff.wards.map((w) => ({ value: w.deptCode, text: w.deptName, meta: w.location })),
          ]}
        />
      </div>
    </div>
  );
}

export default staffPage(DeptPage);
