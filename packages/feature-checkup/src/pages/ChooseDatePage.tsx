import { api } from '@patient/api-client';
import { getCheckupRemaining, getCheckupTimes } from '@patient/contract';
import { LoadError, NoHospital, RemoteState, useRemote } from '@patient/feature-kit';
import { EmptyState, Spinner } from '@patient/ui-kit';
import { type ReactNode, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { applicationFromState } from '../findApplication.ts';
import { NO_HOSPITAL_MESSAGE, useHospitalId } from '../hospital.ts';
import { type ChooseDateValues, checkupParams, confirmPath, ROUTE_PARAMS } from '../params.ts';
import { dateLabel, shortDate } from '../status.ts';
import { BadLink, ChoiceGroup } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../checkup.css';

/**
 * 选择检查时间 (/checkAppoint/chooseDate/:brsqhm/:czyhid/:brjzlx/:zlxmbm/:cretbz/:sfjzpb/:xmlxid): the dates
 * with places left (getCheckupRemaining), the first of them chosen, then that date's time slots
 * (getCheckupTimes); choosing a slot opens the confirmation.
 */
export default function ChooseDatePage() {
  const parsed = checkupParams(useParams(), ROUTE_PARAMS.chooseDate);
  const hospitalId = useHospitalId();
  if (!parsed.ok) return <BadLink message={parsed.message} />;
  if (!hospitalId) return <NoHospital text={NO_HOSPITAL_MESSAGE} />;
  return <ChooseDate values={parsed.values} hospitalId={hospitalId} />;
}

function ChooseDate({ values, hospitalId }: { values: ChooseDateValues; hospitalId: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const application = applicationFromState(location.state, values);
  const key = Object.values(values).join('/');
  const dates = useRemote(
    (signal) => api.request(getCheckupRemaining, { params: { hospitalId }, body: values }, { signal }),
    `${hospitalId}/${key}`,
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const date = chosen ?? dates.data?.find((d) => d.available > 0)?.date ?? null;
  const times = useRemote(
    date
      ? (signal) =>
          api.request(
            getCheckupTimes,
            {
              params: { hospitalId },
              body: { applicationNo: values.applicationNo, orderItemId: values.orderItemId, date },
            },
            { signal },
          )
      : null,
    date ? `${hospitalId}/${key}/${date}` : '',
  );

  const header = (
    <section className="fk-card" aria-label="检查项目">
      <p className="ck-item__title">{application?.itemName ?? '检查预约'}</p>
      <p className="fk-muted">
        {application
          ? `${application.itemTypeName} · ${application.departmentName}`
          : `申请单号 ${values.applicationNo}`}
      </p>
    </section>
  );

  if (dates.data === null) {
    return (
      <div className="fk-page">
        {header}
        <RemoteState remote={dates} loading="正在查询可预约日期..." failed="可预约日期加载失败" />
      </div>
    );
  }
  if (!dates.data.some((d) => d.available > 0)) {
    return (
      <div className="fk-page">
        {header}
        <EmptyState text="近期没有可预约的日期，请稍后再试或联系检查科室" paddingTop={24} />
      </div>
    );
  }

  let slots: ReactNode;
  if (!date) slots = null;
  else if (times.data === null && times.status === 'error')
    slots = <LoadError error={times.error} text="时段加载失败" onRetry={times.reload} />;
  else if (times.data === null) slots = <Spinner text="正在查询时段..." />;
  else if (!times.data.some((t) => t.available > 0))
    slots = <EmptyState text="该日暂无可预约时段，请选择其他日期" paddingTop={16} />;
  else
    slots = (
      <div className="fk-card">
        <ChoiceGroup
          label={`${dateLabel(date)}的时段`}
          name="time"
          grid
          value={null}
          onChange={(id) => {
            const time = times.data!.find((t) => `${t.workNo}/${t.batchId}` === id)!;
            navigate(
              confirmPath({
                applicationNo: values.applicationNo,
                orderItemId: values.orderItemId,
                date,
                available: time.available,
                workNo: time.workNo,
                batchId: time.batchId,
                timeRange: time.timeRange,
              }),
              { state: location.state },
            );
          }}
          options={times.data.map((t) => ({
            value: `${t.workNo}/${t.batchId}`,
            text: t.timeRange,
            meta: t.available > 0 ? `余${t.available}` : '约满',
            disabled: t.available <= 0,
          }))}
        />
      </div>
    );

  return (
    <div className="fk-page">
      {header}
      <h2 className="fk-section-title">选择检查日期</h2>
      <div className="fk-card">
        <ChoiceGroup
          label="检查日期"
          name="date"
          grid
          value={date}
          onChange={setChosen}
          options={dates.data.map((d) => {
            const { monthDay, weekday } = shortDate(d.date);
            return {
              value: d.date,
              text: `${monthDay} ${weekday}`,
              meta: d.available > 0 ? `余${d.available}` : '约满',
              disabled: d.available <= 0,
            };
          })}
        />
      </div>
      {date && <h2 className="fk-section-title">选择时段（{dateLabel(date)}）</h2>}
      {slots}
    </div>
  );
}
