import { api } from '@patient/api-client';
import {
  type Department,
  type Doctor,
  getDoctor,
  listDepartmentsWithHis,
  queryDoctorSchedule,
  type ScheduleItem,
} from '@patient/contract';
import { RemotePage, RemoteState, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { byTime, groupBy, itemBookable } from '../schedule/grouping.ts';
import { dayLabel, monthDayLabel, todayInChina } from '../schedule/labels.ts';
import { deptsPath, doctorsPath, schedulePath } from '../schedule/paths.ts';
import { NO_HOSPITAL_MESSAGE, OTHER_HOSPITAL_MESSAGE, useBookingParams } from '../schedule/routeParams.ts';
import { BadLink, DoctorPhoto, FoldText, ScheduleChoice } from '../schedule/views.tsx';
import '../schedule/schedule.css';

/** A half-day of the doctor's and whether it is booked same-day (today) or scheduled. */
interface Clinic {
  item: ScheduleItem;
  sameDay: boolean;
}

/** Today's half-days (same-day booking) and the scheduled window's, in time order. */
async function clinicsOf(doctorId: string, signal: AbortSignal): Promise<Clinic[]> {
  const ask = (sameDay: boolean) =>
    api.request(queryDoctorSchedule, { params: { doctorId }, body: { sameDay } }, { signal });
  const [today, later] = await Promise.all([ask(true), ask(false)]);
  return [
    ...today.map((item) => ({ item, sameDay: true })),
    ...later.map((item) => ({ item, sameDay: false })),
  ].sort((a, b) => byTime(a.item, b.item));
}

/**
 * 医生介绍 (/doctorHome/:hospitalId/:doctorId, not a spec route): the doctor (getDoctor) with photo, title,
 * department, where the clinic is (listDepartmentsWithHis), speciality and introduction (long text folds), and
 * their coming half-days (queryDoctorSchedule, today's and the booking window's) by day; a bookable half-day
 * leads to its time slots (/schedule/… or /today/schedule/…), as on the doctor list.
 */
export default function DoctorHomePage() {
  const parsed = useBookingParams({ hospitalId: 'id', doctorId: 'id' });
  const ref = parsed.ok ? parsed.values : null;
  const [today] = useState(() => todayInChina());
  const doctor = useRemote(
    ref ? (signal) => api.request(getDoctor, { params: { doctorId: ref.doctorId } }, { signal }) : null,
    ref?.doctorId ?? '',
  );
  const clinics = useRemote(ref ? (signal) => clinicsOf(ref.doctorId, signal) : null, ref?.doctorId ?? '');
  const departments = useRemote(
    ref
      ? (signal) =>
          api.request(listDepartmentsWithHis, { params: { hospitalId: ref.hospitalId } }, { signal })
      : null,
    ref?.hospitalId ?? '',
  );

  if (!parsed.ok) return <BadLink message={parsed.message} />;
  const { hospitalId } = parsed.values;
  // The departments come with the doctor: the page does not show a doctor of another hospital for a moment.
  if (doctor.data === null || (departments.data === null && departments.status === 'loading')) {
    return (
      <RemotePage
        remote={doctor}
        hospitalId={hospitalId}
        noHospital={NO_HOSPITAL_MESSAGE}
        loading="正在加载医生信息..."
        failed="医生信息加载失败"
        notFound={<BadLink message="未找到该医生，请返回科室列表重新选择" />}
        className="ap-page"
        paddingTop={40}
      />
    );
  }
  const profile = doctor.data;
  const hospitalDepartments = departments.data;
  // The hospital's departments tell whether the doctor works here (the doctor call names no hospital).
  const department = hospitalDepartments?.find((d) => d.departmentId === profile.departmentId) ?? null;
  const elsewhere =
    (hospitalDepartments !== null && department === null) ||
    (clinics.data ?? []).some((c) => c.item.hospitalId !== hospitalId);
  if (elsewhere) return <BadLink message={OTHER_HOSPITAL_MESSAGE} />;
  const group = department?.parentId
    ? (hospitalDepartments?.find((d) => d.departmentId === department.parentId) ?? null)
    : null;

  return (
    <div className="ap-page">
      <Profile doctor={profile} department={department} group={group} hospitalId={hospitalId} />
      <h2 className="ap-heading">出诊安排</h2>
      {clinics.data === null ? (
        <RemoteState
          remote={clinics}
          loading="正在加载出诊安排..."
          failed="出诊安排加载失败"
          paddingTop={16}
        />
      ) : (
        <Clinics clinics={clinics.data} today={today} doctor={profile} hospitalId={hospitalId} />
      )}
    </div>
  );
}

function Profile({
  doctor,
  department,
  group,
  hospitalId,
}: {
  doctor: Doctor;
  department: Department | null;
  group: Department | null;
  hospitalId: string;
}) {
  const speciality = doctor.speciality.trim();
  const intro = doctor.intro?.trim() ?? '';
  return (
    <section className="ap-card ap-profile" aria-labelledby="ap-profile-name">
      <div className="ap-profile__head">
        <DoctorPhoto doctor={doctor} large />
        <div className="ap-profile__text">
          <h2 id="ap-profile-name" className="ap-profile__name">
            {doctor.name}
          </h2>
          <p className="ap-profile__line">{doctor.title}</p>
          <p className="ap-profile__line">
            {group ? `${group.name} · ` : ''}
            {doctor.departmentName}
          </p>
        </div>
      </div>
      {department?.location && <p className="ap-profile__where">就诊位置：{department.location}</p>}
      <h3 className="ap-profile__label">擅长</h3>
      <FoldText text={speciality || '暂无介绍'} label="擅长" className="ap-profile__fold" />
      {intro && (
        <>
          <h3 className="ap-profile__label">医生简介</h3>
          <FoldText text={intro} label="医生简介" className="ap-profile__fold" />
        </>
      )}
      <Link
        className="ap-text-button ap-profile__more"
        to={doctorsPath(false, { hospitalId, departmentId: doctor.departmentId, deptId: doctor.deptId })}
      >
        {doctor.departmentName}的其他医生 ›
      </Link>
    </section>
  );
}

function Clinics({
  clinics,
  today,
  doctor,
  hospitalId,
}: {
  clinics: Clinic[];
  today: string;
  doctor: Doctor;
  hospitalId: string;
}) {
  const days = useMemo(() => [...groupBy(clinics, (c) => c.item.date)], [clinics]);
  if (days.length === 0) {
    return (
      <EmptyState text={`${doctor.name}医生近期暂无出诊安排`} paddingTop={16}>
        <Link
          to={doctorsPath(false, { hospitalId, departmentId: doctor.departmentId, deptId: doctor.deptId })}
          className="ap-button ap-button--primary"
        >
          看看同科室的医生
        </Link>
        <Link to={deptsPath(false)} className="ap-button">
          返回科室列表
        </Link>
      </EmptyState>
    );
  }
  const open = clinics.filter((c) => itemBookable(c.item)).length;
  return (
    <>
      <p className="ap-hint">
        {open > 0
          ? `近期${open}个出诊时段可预约，选择后查看具体时段`
          : '近期出诊均已约满或停诊，请选择其他医生'}
      </p>
      <ul className="fk-list ap-days" aria-label="出诊安排">
        {days.map(([date, list]) => (
          <li key={date} className="ap-card ap-day">
            <h3 className="ap-day__title">
              {dayLabel(date, today)} {monthDayLabel(date)}
            </h3>
            <div className="ap-day__choices">
              {list.map(({ item, sameDay }) => (
                <ScheduleChoice
                  key={item.scheduleItemId}
                  item={item}
                  today={today}
                  to={itemBookable(item) ? schedulePath(sameDay, item) : null}
                />
              ))}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
