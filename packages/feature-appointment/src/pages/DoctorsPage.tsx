import { api } from '@patient/api-client';
import { type Doctor, listDoctorsWithSchedules, querySchedules, type ScheduleItem } from '@patient/contract';
import { RemotePage, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { byTime, groupBy, itemBookable, preferredItem, summarize } from '../schedule/grouping.ts';
import { dayLabel, isBookable, monthDayLabel, todayInChina } from '../schedule/labels.ts';
import { doctorHomePath, doctorSchedulePath, scheduleDetailPath, schedulePath } from '../schedule/paths.ts';
import { useBookingParams, useSameDay } from '../schedule/routeParams.ts';
import { useOnReturn } from '../schedule/useOnReturn.ts';
import { Avatar, BadLink, DoctorHead, ScheduleChoice, SourceBadge, WeekStrip } from '../schedule/views.tsx';
import '../schedule/schedule.css';

type DayState = { state: string; remaining: number | null };

/**
 * 选择医生 (/doctors/:hospitalId/:departmentId/:deptId, and /today/doctors/… for same-day booking): a week strip
 * of the bookable dates, the department's doctors with title, speciality and their label per day, and the
 * department (general) clinic. Choosing a date shows each doctor's half-days, which lead to the time slots.
 * The route is kept alive: the chosen date is still chosen when the patient comes back.
 */
export default function DoctorsPage() {
  const sameDay = useSameDay();
  const parsed = useBookingParams({ hospitalId: 'id', departmentId: 'id', deptId: 'hisCode' });
  const ref = parsed.ok ? parsed.values : null;
  const key = ref ? `${ref.hospitalId}/${ref.departmentId}/${sameDay}` : '';
  const [today] = useState(() => todayInChina());
  const [selected, setSelected] = useState<string | null>(null);
  const [onlyBookable, setOnlyBookable] = useState(false);

  const overview = useRemote(
    ref
      ? (signal) =>
          api.request(
            listDoctorsWithSchedules,
            { params: { hospitalId: ref.hospitalId }, body: { departmentId: ref.departmentId, sameDay } },
            { signal },
          )
      : null,
    key,
  );
  const dates = overview.data?.dates ?? [];
  const first = dates[0];
  const last = dates[dates.length - 1];
  const schedules = useRemote(
    ref && first && last
      ? (signal) =>
          api.request(
            querySchedules,
            {
              params: { hospitalId: ref.hospitalId },
              body: { departmentId: ref.departmentId, startDate: first, endDate: last, sameDay },
            },
            { signal },
          )
      : null,
    `${key}/${first}/${last}`,
  );

  // Kept alive: coming back reads the places left again; the chosen date stays.
  useOnReturn(() => {
    overview.reload();
    schedules.reload();
  });

  const items = useMemo(() => [...(schedules.data ?? [])].sort(byTime), [schedules.data]);
  const byDoctor = useMemo(() => groupBy(items, (i) => i.doctorId ?? ''), [items]);
  const clinic = byDoctor.get('') ?? [];

  if (!parsed.ok) return <BadLink message={parsed.message} sameDay={sameDay} />;
  const { values } = parsed;

  if (overview.data === null) {
    return (
      <RemotePage
        remote={overview}
        loading="正在加载医生..."
        failed="医生列表加载失败"
        className="ap-page"
        paddingTop={40}
      />
    );
  }

  // Same-day booking has one date; scheduled booking may look at every date at once.
  const date = sameDay ? (first ?? null) : selected !== null && dates.includes(selected) ? selected : null;
  const doctors = overview.data.doctors;
  const departmentName = doctors[0]?.doctor.departmentName ?? items[0]?.departmentName ?? '';

  const dayOf = (days: (typeof doctors)[number]['days'], day: string): DayState | null =>
    days.find((d) => d.date === day) ?? null;

  const markOf = (day: string) => {
    const clinicDay = summarize(clinic.filter((i) => i.date === day));
    const states: DayState[] = [
      ...doctors.flatMap((d) => dayOf(d.days, day) ?? []),
      ...(clinicDay ? [clinicDay] : []),
    ].filter((s) => s.state !== 'NO_SOURCE');
    if (states.length === 0) return null;
    const available = states.some((s) => isBookable(s.state, s.remaining));
    return { text: available ? '有号' : '约满', available };
  };

  const doctorItems = (doctorId: string) =>
    (byDoctor.get(doctorId) ?? []).filter((i) => !date || i.date === date);
  const visibleDoctors = doctors
    .filter(({ doctor, days }) => {
      if (!date) return !onlyBookable || days.some((d) => isBookable(d.state, d.remaining));
      const day = dayOf(days, date);
      const own = doctorItems(doctor.doctorId);
      if (!day && own.length === 0) return false;
      return !onlyBookable || (day ? isBookable(day.state, day.remaining) : own.some(itemBookable));
    })
    .sort((a, b) => {
      if (!date) return 0;
      const open = (d: typeof a) =>
        Number(isBookable(dayOf(d.days, date)?.state, dayOf(d.days, date)?.remaining));
      return open(b) - open(a);
    });
  const clinicItems = clinic.filter((i) => (!date || i.date === date) && (!onlyBookable || itemBookable(i)));

  const slotsLoading =
    schedules.status === 'loading' || (schedules.data === null && schedules.status !== 'error');
  const choices = (list: ScheduleItem[]) => {
    if (schedules.status === 'error') {
      return (
        <p className="ap-hint">
          号源加载失败
          <button type="button" className="ap-text-button" onClick={schedules.reload}>
            重试
          </button>
        </p>
      );
    }
    if (slotsLoading) return <p className="ap-hint">正在加载号源...</p>;
    if (list.length === 0) return <p className="ap-hint">该日无号源</p>;
    return list.map((item) => (
      <ScheduleChoice
        key={item.scheduleItemId}
        item={item}
        today={today}
        to={itemBookable(item) ? schedulePath(sameDay, item) : null}
      />
    ));
  };

  const detailLink = (doctor: Doctor) => {
    const item = preferredItem(byDoctor.get(doctor.doctorId) ?? []);
    return item ? scheduleDetailPath({ ...item, doctorId: doctor.doctorId }) : null;
  };

  return (
    <div className="ap-page">
      <WeekStrip
        dates={dates}
        selected={date}
        onSelect={setSelected}
        today={today}
        allLabel={sameDay ? undefined : '全部'}
        markOf={markOf}
      />
      <div className="ap-toolbar">
        <span className="ap-toolbar__title">{departmentName}</span>
        <label className="ap-toggle">
          <input type="checkbox" checked={onlyBookable} onChange={(e) => setOnlyBookable(e.target.checked)} />
          只看有号
        </label>
        {!sameDay && (
          <Link className="ap-text-button" to={doctorSchedulePath(values)}>
            排班表
          </Link>
        )}
      </div>

      {clinicItems.length > 0 && (
        <section className="ap-doctor" aria-label="科室门诊">
          <div className="ap-doctor__head">
            <Avatar name="科室" general />
            <div className="ap-doctor__text">
              <p className="ap-doctor__name">{departmentName || '科室'}门诊</p>
              <p className="ap-doctor__speciality">不指定医生，由科室安排医生接诊</p>
            </div>
          </div>
          {date ? (
            <div className="ap-doctor__choices">{choices(clinicItems)}</div>
          ) : (
            <DayChips
              days={[...groupBy(clinicItems, (i) => i.date)].map(([day, list]) => ({
                date: day,
                ...(summarize(list) ?? { state: 'NO_SOURCE', remaining: null }),
              }))}
              today={today}
              onSelect={setSelected}
            />
          )}
        </section>
      )}

      {visibleDoctors.length === 0 && clinicItems.length === 0 ? (
        <EmptyState
          text={
            doctors.length === 0
              ? '该科室暂无医生出诊'
              : date
                ? `${dayLabel(date, today)} ${monthDayLabel(date)}暂无${onlyBookable ? '可预约的' : ''}医生出诊，请选择其他日期`
                : '暂无可预约的医生'
          }
          paddingTop={40}
        />
      ) : (
        <ul className="fk-list" aria-label="医生列表">
          {visibleDoctors.map(({ doctor, days }) => {
            const detail = detailLink(doctor);
            return (
              <li key={doctor.doctorId} className="ap-doctor" aria-label={`${doctor.name} ${doctor.title}`}>
                <DoctorHead doctor={doctor} to={doctorHomePath(values.hospitalId, doctor.doctorId)}>
                  {date && (
                    <SourceBadge
                      state={dayOf(days, date)?.state ?? 'NO_SOURCE'}
                      remaining={dayOf(days, date)?.remaining}
                    />
                  )}
                </DoctorHead>
                {date ? (
                  <div className="ap-doctor__choices">{choices(doctorItems(doctor.doctorId))}</div>
                ) : (
                  <DayChips days={days} today={today} onSelect={setSelected} />
                )}
                {detail && (
                  <Link className="ap-text-button ap-doctor__more" to={detail}>
                    医生主页 ›
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** A doctor's label per day; a tap chooses that day. */
function DayChips({
  days,
  today,
  onSelect,
}: {
  days: { date: string; state: string; remaining: number | null }[];
  today: string;
  onSelect(date: string): void;
}) {
  const shown = days.filter((d) => d.state !== 'NO_SOURCE');
  if (shown.length === 0) return <p className="ap-hint ap-doctor__days">近期无号源</p>;
  return (
    <div className="ap-doctor__days">
      {shown.map((day) => (
        <button key={day.date} type="button" className="ap-day-chip" onClick={() => onSelect(day.date)}>
          {dayLabel(day.date, today)} {monthDayLabel(day.date)}{' '}
          <SourceBadge state={day.state} remaining={day.remaining} />
        </button>
      ))}
    </div>
  );
}
