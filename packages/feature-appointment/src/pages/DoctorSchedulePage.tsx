import { api } from '@patient/api-client';
import { querySchedules, type ScheduleItem } from '@patient/contract';
import { RemoteState, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { byTime, groupBy, itemBookable } from '../schedule/grouping.ts';
import { addDays, dayLabel, halfDayLabel, monthDayLabel, todayInChina } from '../schedule/labels.ts';
import { doctorHomePath, doctorsPath, schedulePath } from '../schedule/paths.ts';
import { useBookingParams } from '../schedule/routeParams.ts';
import { BadLink, SourceBadge } from '../schedule/views.tsx';
import '../schedule/schedule.css';

/** How many weeks ahead the grid pages (the service answers nothing beyond its booking window). */
export const SCHEDULE_WEEKS = 4;

/**
 * 医生排班 (/doctorSchedule/:hospitalId/:departmentId/:deptId): a department's doctors (rows) × the days of a
 * week from tomorrow (columns), each cell the morning and afternoon labels; a bookable half-day leads to its
 * time slots. Pages by week.
 */
export default function DoctorSchedulePage() {
  const parsed = useBookingParams({ hospitalId: 'id', departmentId: 'id', deptId: 'hisCode' });
  const ref = parsed.ok ? parsed.values : null;
  const [today] = useState(() => todayInChina());
  const [week, setWeek] = useState(0);
  const start = addDays(today, 1 + week * 7);
  const end = addDays(start, 6);
  const dates = useMemo(() => Array.from({ length: 7 }, (_, i) => addDays(start, i)), [start]);

  const remote = useRemote(
    ref
      ? (signal) =>
          api.request(
            querySchedules,
            {
              params: { hospitalId: ref.hospitalId },
              body: { departmentId: ref.departmentId, startDate: start, endDate: end },
            },
            { signal },
          )
      : null,
    ref ? `${ref.hospitalId}/${ref.departmentId}/${start}` : '',
  );
  const rows = useMemo(() => {
    const items = [...(remote.data ?? [])].sort(byTime);
    const groups = [...groupBy(items, (i) => i.doctorId ?? '')];
    // The department clinic first, then doctors in the service's order.
    return groups.sort(([a], [b]) => Number(b === '') - Number(a === ''));
  }, [remote.data]);

  if (!parsed.ok) return <BadLink message={parsed.message} />;
  const { values } = parsed;

  const weekNav = (
    <div className="ap-toolbar">
      <button
        type="button"
        className="ap-text-button"
        disabled={week === 0}
        onClick={() => setWeek((w) => w - 1)}
      >
        ‹ 上一周
      </button>
      <span className="ap-toolbar__title ap-toolbar__title--center">
        {monthDayLabel(start)} - {monthDayLabel(end)}
      </span>
      <button
        type="button"
        className="ap-text-button"
        disabled={week >= SCHEDULE_WEEKS - 1}
        onClick={() => setWeek((w) => w + 1)}
      >
        下一周 ›
      </button>
    </div>
  );

  let body: ReactNode;
  if (remote.status === 'error' || remote.data === null) {
    body = <RemoteState remote={remote} loading="正在加载排班..." failed="排班加载失败" paddingTop={40} />;
  } else if (rows.length === 0) {
    body = <EmptyState text="本周暂无排班，请查看其他周" paddingTop={40} />;
  } else {
    body = (
      <div className="ap-grid-wrap">
        <table className="ap-grid">
          <caption className="ap-hint">{rows[0][1][0].departmentName}排班</caption>
          <thead>
            <tr>
              <th scope="col">医生</th>
              {dates.map((date) => (
                <th key={date} scope="col">
                  {dayLabel(date, today)}
                  <br />
                  {monthDayLabel(date)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([doctorId, items]) => (
              <tr key={doctorId || 'clinic'}>
                <th scope="row">
                  {doctorId ? (
                    <Link className="ap-grid__doctor" to={doctorHomePath(values.hospitalId, doctorId)}>
                      {items[0].doctorName}
                    </Link>
                  ) : (
                    <span className="ap-grid__doctor">科室门诊</span>
                  )}
                  <span className="ap-grid__title">{doctorId ? items[0].doctorTitle : '不指定医生'}</span>
                </th>
                {dates.map((date) => (
                  <td key={date}>
                    <Cell items={items.filter((i) => i.date === date)} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <div className="ap-page">
      {weekNav}
      {body}
      <p className="ap-hint">
        点击有号的时段即可预约；也可以
        <Link className="ap-text-button" to={doctorsPath(false, values)}>
          按医生选择
        </Link>
      </p>
    </div>
  );
}

function Cell({ items }: { items: ScheduleItem[] }) {
  if (items.length === 0) return <span className="ap-cell__empty">—</span>;
  return (
    <div className="ap-cell">
      {items.map((item) => {
        const content = (
          <>
            {halfDayLabel(item.halfDay)}
            <SourceBadge state={item.state} remaining={item.remaining} />
          </>
        );
        return itemBookable(item) ? (
          <Link key={item.scheduleItemId} className="ap-cell__item" to={schedulePath(false, item)}>
            {content}
          </Link>
        ) : (
          <span key={item.scheduleItemId} className="ap-cell__item">
            {content}
          </span>
        );
      })}
    </div>
  );
}
