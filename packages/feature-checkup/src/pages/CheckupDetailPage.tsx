import { api } from '@patient/api-client';
import { type CheckupApplication, cancelCheckup, getCheckupCancelRule } from '@patient/contract';
import { LoadError, useRemote } from '@patient/feature-kit';
import { confirm, Spinner, toast, withLoading } from '@patient/ui-kit';
import { maskName } from '@patient/validation';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { type ApplicationState, applicationFromState } from '../findApplication.ts';
import { useHospitalId } from '../hospital.ts';
import {
  type ApplicationKey,
  checkupParams,
  chooseDatePath,
  LIST_PATH,
  ROUTE_PARAMS,
  reminderPath,
} from '../params.ts';
import { canBook, checkupStatusInfo, dateLabel, dateTime, isUrgent } from '../status.ts';
import { useApplication } from '../useApplication.tsx';
import { BadLink, InfoList, StatusBanner } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../checkup.css';

/** Why a booked examination cannot be cancelled online: the service's reason, else the deadline. */
export function cannotCancelText(rule: { deadline: string | null; reason: string | null }): string {
  if (rule.reason) return rule.reason;
  return rule.deadline
    ? `已过取消截止时间（${dateTime(rule.deadline)}），如需取消请联系检查科室`
    : '该检查预约暂不支持在线取消，如需取消请联系检查科室';
}

/**
 * 检查预约详情 (/checkAppoint/detail/:brsqhm/:czyhid): the request, its status and booking; a booked one can
 * be cancelled after a confirm dialog while the hospital's rule allows it (getCheckupCancelRule, asked on
 * entry), otherwise a line says why not; a cancelled or unbooked one can be booked.
 */
export default function CheckupDetailPage() {
  const parsed = checkupParams(useParams(), ROUTE_PARAMS.application);
  if (!parsed.ok) return <BadLink message={parsed.message} />;
  return <Detail applicationKey={parsed.values} />;
}

function Detail({ applicationKey }: { applicationKey: ApplicationKey }) {
  const location = useLocation();
  const hospitalId = useHospitalId();
  const loaded = useApplication(
    hospitalId,
    applicationKey,
    applicationFromState(location.state, applicationKey),
  );
  const [changed, setChanged] = useState<CheckupApplication | null>(null);
  const application = changed ?? loaded.application;
  if (!application || !hospitalId) return loaded.fallback;
  return <DetailView application={application} hospitalId={hospitalId} onChange={setChanged} />;
}

function DetailView({
  application,
  hospitalId,
  onChange,
}: {
  application: CheckupApplication;
  hospitalId: string;
  onChange(application: CheckupApplication): void;
}) {
  const key = { applicationNo: application.applicationNo, orderItemId: application.orderItemId };
  const booked = application.status === 'BOOKED';
  const rule = useRemote(
    booked
      ? (signal) => api.request(getCheckupCancelRule, { params: { hospitalId }, body: key }, { signal })
      : null,
    booked ? `${hospitalId}/${key.applicationNo}/${key.orderItemId}` : '',
  );
  const [busy, setBusy] = useState(false);
  const info = checkupStatusInfo(application.status);
  const state: ApplicationState = { application };
  const { appointment } = application;

  const onCancel = async () => {
    if (busy || !rule.data?.canCancel) return;
    const deadline = rule.data.deadline ? `（取消截止时间 ${dateTime(rule.data.deadline)}）` : '';
    const ok = await confirm({
      title: '取消检查预约',
      message: `确定取消${appointment ? ` ${dateLabel(appointment.date)} ${appointment.timeRange} 的` : ''}${application.itemName}预约吗？取消后该时段将释放给其他患者，如需检查请重新预约${deadline}。`,
      confirmText: '取消预约',
      cancelText: '再想想',
      danger: true,
    });
    if (!ok) return;
    setBusy(true);
    try {
      const cancelled = await withLoading(
        () => api.request(cancelCheckup, { params: { hospitalId }, body: key }),
        '正在取消...',
      );
      onChange(cancelled);
      void toast('检查预约已取消');
    } catch {
      // api-client has shown why (e.g. the deadline passed meanwhile)
      rule.reload();
    } finally {
      setBusy(false);
    }
  };

  let cancelArea: ReactNode = null;
  if (booked) {
    if (rule.data === null && rule.status === 'error')
      cancelArea = <LoadError error={rule.error} text="取消规则加载失败" onRetry={rule.reload} />;
    else if (rule.data === null) cancelArea = <Spinner text="正在查询取消规则..." />;
    else if (rule.data.canCancel)
      cancelArea = (
        <button type="button" className="fk-button fk-button--danger" disabled={busy} onClick={onCancel}>
          取消预约
        </button>
      );
    else cancelArea = <p className="fk-deadline">{cannotCancelText(rule.data)}</p>;
  }

  const rows: [string, ReactNode][] = [
    ['检查项目', application.itemName],
    ['检查类别', application.itemTypeName],
    ['检查科室', application.departmentName],
    ['就诊人', maskName(application.patientName)],
    ['申请单号', application.applicationNo],
    ['开单时间', dateTime(application.requestedAt)],
  ];
  if (isUrgent(application)) rows.push(['加急', '是']);

  return (
    <div className="fk-page">
      <StatusBanner info={info} />
      {booked && appointment && (
        <InfoList
          label="预约信息"
          rows={[
            ['检查日期', dateLabel(appointment.date)],
            ['检查时段', appointment.timeRange],
            ['检查地点', appointment.location],
            ['预约时间', dateTime(appointment.bookedAt)],
          ]}
        />
      )}
      <InfoList label="检查申请" rows={rows} />
      <div className="fk-actions">
        {canBook(application.status) && (
          <Link className="fk-button fk-button--primary" to={chooseDatePath(application)} state={state}>
            {application.status === 'CANCELLED' ? '重新预约' : '预约'}
          </Link>
        )}
        <Link className="fk-button" to={reminderPath(application.itemTypeId)}>
          查看检查须知
        </Link>
        {cancelArea}
        <Link className="fk-text-button" to={LIST_PATH}>
          返回检查预约
        </Link>
      </div>
    </div>
  );
}
