import { api } from '@patient/api-client';
import { bookCheckup, type CheckupApplication, getCheckupNotices } from '@patient/contract';
import { LoadError, NoHospital, useRemote } from '@patient/feature-kit';
import { EmptyState, Spinner, toast, withLoading } from '@patient/ui-kit';
import { maskName } from '@patient/validation';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { type ApplicationState, applicationFromState } from '../findApplication.ts';
import { NO_HOSPITAL_MESSAGE, useHospitalId } from '../hospital.ts';
import {
  type ConfirmValues,
  checkupParams,
  chooseDatePath,
  detailPath,
  ROUTE_PARAMS,
  successPath,
} from '../params.ts';
import { dateLabel } from '../status.ts';
import { useApplication } from '../useApplication.tsx';
import { BadLink, InfoList } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../checkup.css';

/**
 * 确认检查预约 (/checkAppoint/sureCheck/:brsqhm/:czyhid/:bryyrq/:kyzysl/:pbgzbh/:pbpcid/:pbsjfw): what will
 * be booked, the preparation notices of the item (getCheckupNotices), and confirming (bookCheckup), which
 * opens the success page in place of this one.
 */
export default function ConfirmCheckupPage() {
  const parsed = checkupParams(useParams(), ROUTE_PARAMS.confirm);
  const hospitalId = useHospitalId();
  if (!parsed.ok) return <BadLink message={parsed.message} />;
  if (!hospitalId) return <NoHospital text={NO_HOSPITAL_MESSAGE} />;
  return <Confirm values={parsed.values} hospitalId={hospitalId} />;
}

function Confirm({ values, hospitalId }: { values: ConfirmValues; hospitalId: string }) {
  const location = useLocation();
  const { application, fallback } = useApplication(
    hospitalId,
    values,
    applicationFromState(location.state, values),
  );
  if (!application) return fallback;
  return <Summary values={values} hospitalId={hospitalId} application={application} />;
}

function Summary({
  values,
  hospitalId,
  application,
}: {
  values: ConfirmValues;
  hospitalId: string;
  application: CheckupApplication;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const notices = useRemote(
    (signal) =>
      api.request(
        getCheckupNotices,
        { params: { hospitalId }, body: { itemCode: application.itemCode } },
        { signal },
      ),
    `${hospitalId}/${application.itemCode}`,
  );

  if (application.status === 'BOOKED') {
    return (
      <div className="fk-page">
        <EmptyState text="该检查已预约，无需重复预约">
          <Link
            className="fk-button fk-button--primary fk-button--inline"
            to={detailPath(application)}
            replace
          >
            查看预约详情
          </Link>
        </EmptyState>
      </div>
    );
  }

  // Back to the dates when they opened this screen; else (a shared link) to them in its place.
  const chooseAgain = () => {
    if (location.key !== 'default') navigate(-1);
    else
      navigate(chooseDatePath(application), {
        replace: true,
        state: { application } satisfies ApplicationState,
      });
  };

  const onConfirm = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const booked = await withLoading(
        () => api.request(bookCheckup, { params: { hospitalId }, body: values }),
        '正在预约...',
      );
      void toast('检查预约成功');
      const state: ApplicationState = { application: booked };
      navigate(successPath(booked), { replace: true, state });
    } catch {
      // api-client has shown why (e.g. the slot was just taken); the patient can choose another time
    } finally {
      setBusy(false);
    }
  };

  let noticeList: ReactNode;
  if (notices.data === null && notices.status === 'error')
    noticeList = <LoadError error={notices.error} text="注意事项加载失败" onRetry={notices.reload} />;
  else if (notices.data === null) noticeList = <Spinner text="正在加载注意事项..." />;
  else if (notices.data.notices.length === 0) noticeList = <p className="fk-muted">暂无特别注意事项</p>;
  else
    noticeList = (
      <ol className="ck-notices" aria-label="检查注意事项">
        {notices.data.notices.map((notice) => (
          <li key={notice}>{notice}</li>
        ))}
      </ol>
    );

  return (
    <div className="fk-page fk-page--with-footer">
      <InfoList
        label="预约信息"
        rows={[
          ['检查项目', application.itemName],
          ['检查类别', application.itemTypeName],
          ['检查科室', application.departmentName],
          ['就诊人', maskName(application.patientName)],
          ['检查日期', dateLabel(values.date)],
          ['检查时段', values.timeRange],
        ]}
      />
      <h2 className="fk-section-title">检查注意事项</h2>
      {noticeList}
      <div className="fk-footer">
        <button type="button" className="fk-button" onClick={chooseAgain}>
          重选时间
        </button>
        <button
          type="button"
          className="fk-button fk-button--primary fk-button--block"
          disabled={busy}
          onClick={onConfirm}
        >
          {busy ? '正在预约...' : '确认预约'}
        </button>
      </div>
    </div>
  );
}
