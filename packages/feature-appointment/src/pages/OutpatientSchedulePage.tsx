import { api } from '@patient/api-client';
import { searchSources } from '@patient/contract';
import { NoHospital, RemoteState, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { type ReactNode, useMemo, useState } from 'react';
import { byTime, groupBy, itemBookable } from '../schedule/grouping.ts';
import { addDays, dayLabel, monthDayLabel, todayInChina } from '../schedule/labels.ts';
import { NO_HOSPITAL_MESSAGE, useHospitalId } from '../schedule/routeParams.ts';
import { ScheduleItemRow } from '../schedule/ScheduleItemRow.tsx';
import { WeekStrip } from '../schedule/views.tsx';
import '../schedule/schedule.css';

/** Days the overview offers, from today. */
export const OVERVIEW_DAYS = 7;

/**
 * 门诊排班 (/outpatientSchedule): the hospital's clinics on a chosen date (searchSources), by department, with
 * a filter on department or doctor name. Today's bookable half-days lead to same-day booking, later ones to
 * scheduled booking.
 */
export default function OutpatientSchedulePage() {
  const hospitalId = useHospitalId();
  const [today] = useState(() => todayInChina());
  const dates = useMemo(() => Array.from({ length: OVERVIEW_DAYS }, (_, i) => addDays(today, i)), [today]);
  const [date, setDate] = useState(today);
  const [filter, setFilter] = useState('');
  const remote = useRemote(
    hospitalId ? (signal) => api.request(searchSources, { body: { hospitalId, date } }, { signal }) : null,
    `${hospitalId}/${date}`,
  );
  const departments = useMemo(
    () => [...groupBy([...(remote.data ?? [])].sort(byTime), (i) => i.departmentId)],
    [remote.data],
  );

  if (!hospitalId) return <NoHospital text={NO_HOSPITAL_MESSAGE} className="ap-page" />;

  const needle = filter.trim();
  const shown = departments
    .map(([id, items]) => {
      const deptMatches = items[0].departmentName.includes(needle);
      return [id, deptMatches ? items : items.filter((i) => i.doctorName?.includes(needle))] as const;
    })
    .filter(([, items]) => items.length > 0);

  let body: ReactNode;
  if (remote.status === 'error' || remote.data === null || remote.status === 'loading') {
    body = <RemoteState remote={remote} loading="正在加载排班..." failed="排班加载失败" paddingTop={40} />;
  } else if (departments.length === 0) {
    body = (
      <EmptyState text={`${dayLabel(date, today)} ${monthDayLabel(date)}暂无门诊排班`} paddingTop={40} />
    );
  } else if (shown.length === 0) {
    body = <EmptyState text={`没有符合“${needle}”的科室或医生`} paddingTop={40} />;
  } else {
    body = (
      <ul className="fk-list" aria-label="科室排班">
        {shown.map(([id, items]) => (
          <li key={id} className="ap-card" aria-label={items[0].departmentName}>
            <h2 className="ap-card__title">
              {items[0].departmentName}
              <span className="ap-card__count">有号 {items.filter(itemBookable).length} 个时段</span>
            </h2>
            <ul className="ap-plain-list">
              {items.map((item) => (
                <ScheduleItemRow key={item.scheduleItemId} item={item} today={today} />
              ))}
            </ul>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="ap-page">
      <WeekStrip dates={dates} selected={date} onSelect={(d) => d && setDate(d)} today={today} />
      <label className="ap-search">
        <input
          type="search"
          aria-label="筛选科室或医生"
          placeholder="筛选科室或医生"
          maxLength={20}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </label>
      {body}
    </div>
  );
}
