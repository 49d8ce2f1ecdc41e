import { maskName } from '@patient/validation';
import { Link, useLocation, useParams } from 'react-router-dom';
import { type ApplicationState, applicationFromState } from '../findApplication.ts';
import { useHospitalId } from '../hospital.ts';
import {
  type ApplicationKey,
  checkupParams,
  detailPath,
  LIST_PATH,
  ROUTE_PARAMS,
  reminderPath,
} from '../params.ts';
import { dateLabel } from '../status.ts';
import { useApplication } from '../useApplication.tsx';
import { BadLink, InfoList } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../checkup.css';

/**
 * 预约成功 (/checkAppoint/checkSuccess/:brsqhm/:czyhid): the booked examination (from the confirmation, or
 * looked up again after a reload), with the way to its detail, the preparation reminder and the list.
 */
export default function CheckupSuccessPage() {
  const parsed = checkupParams(useParams(), ROUTE_PARAMS.application);
  if (!parsed.ok) return <BadLink message={parsed.message} />;
  return <Success applicationKey={parsed.values} />;
}

function Success({ applicationKey }: { applicationKey: ApplicationKey }) {
  const location = useLocation();
  const hospitalId = useHospitalId();
  const loaded = useApplication(
    hospitalId,
    applicationKey,
    applicationFromState(location.state, applicationKey),
  );
  if (!loaded.application) return loaded.fallback;
  const application = loaded.application;
  const { appointment } = application;
  const state: ApplicationState = { application };

  if (application.status !== 'BOOKED' || !appointment) {
    return <BadLink message="该检查当前未预约，请返回检查预约列表查看" />;
  }
  return (
    <div className="fk-page">
      <section className="fk-card fk-result" aria-label="预约结果">
        <span className="fk-result__icon" aria-hidden="true">
          ✓
        </span>
        <h2 className="fk-result__title">预约成功</h2>
        <p className="fk-result__text">请按预约时间到检查科室签到，检查前请阅读检查须知</p>
      </section>
      <InfoList
        label="预约信息"
        rows={[
          ['检查项目', application.itemName],
          ['就诊人', maskName(application.patientName)],
          ['检查日期', dateLabel(appointment.date)],
          ['检查时段', appointment.timeRange],
          ['检查地点', appointment.location],
        ]}
      />
      <div className="fk-actions">
        <Link className="fk-button fk-button--primary" to={reminderPath(application.itemTypeId)}>
          查看检查须知
        </Link>
        <Link className="fk-button" to={detailPath(application)} state={state} replace>
          查看预约详情
        </Link>
        <Link className="fk-text-button" to={LIST_PATH} replace>
          返回检查预约
        </Link>
      </div>
    </div>
  );
}
