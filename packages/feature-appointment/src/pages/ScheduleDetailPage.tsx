import { api } from '@patient/api-client';
import { getDoctorResume } from '@patient/contract';
import { NoHospital, RemoteState, useRemote } from '@patient/feature-kit';
import { formatYuan } from '@patient/validation';
import { useMemo, useState } from 'react';
import { SourcesPanel } from '../booking/SourcesPanel.tsx';
import { byTime } from '../schedule/grouping.ts';
import { sourceTypeLabel, todayInChina, visitTimeLabel } from '../schedule/labels.ts';
import { NO_HOSPITAL_MESSAGE, useBookingParams, useHospitalId } from '../schedule/routeParams.ts';
import { BadLink, DoctorHead, SourceBadge } from '../schedule/views.tsx';
import '../schedule/schedule.css';

/**
 * 医生主页 (/schedule/detail/:departmentId/:doctorId/:deptId/:scheduleItemId): the doctor's introduction and
 * recent clinics (getDoctorResume); the chosen clinic's time slots (the link's :scheduleItemId first), which
 * are booked like on the slot screen.
 */
export default function ScheduleDetailPage() {
  const parsed = useBookingParams({
    departmentId: 'id',
    doctorId: 'id',
    deptId: 'hisCode',
    scheduleItemId: 'id',
  });
  const hospitalId = useHospitalId();
  const ref = parsed.ok ? parsed.values : null;
  const [today] = useState(() => todayInChina());
  const [chosen, setChosen] = useState<string | null>(null);
  const [expanded, setExpanded] = useState(false);
  const resume = useRemote(
    ref ? (signal) => api.request(getDoctorResume, { params: { doctorId: ref.doctorId } }, { signal }) : null,
    ref?.doctorId ?? '',
  );
  const schedules = useMemo(() => [...(resume.data?.schedules ?? [])].sort(byTime), [resume.data]);

  if (!parsed.ok) return <BadLink message={parsed.message} />;
  if (!hospitalId) return <NoHospital text={NO_HOSPITAL_MESSAGE} className="ap-page" />;
  const selected = chosen ?? parsed.values.scheduleItemId;
  const panel = (
    <SourcesPanel
      key={selected}
      hospitalId={hospitalId}
      scheduleItemId={selected}
      header={(schedule) => (
        <p className="ap-section-title">
          已选：{visitTimeLabel(schedule.date, schedule.halfDay, today)} · {sourceTypeLabel(schedule.type)} ·
          挂号费 {formatYuan(schedule.fee)}
        </p>
      )}
    />
  );
  // The slots load alongside the doctor (same place in the tree, so they are not loaded twice).
  const doctor = resume.data?.doctor ?? null;
  const intro = doctor?.intro?.trim() ?? '';
  const long = Array.from(intro).length > 60;

  return (
    <div className="ap-page">
      {doctor === null ? (
        <RemoteState
          remote={resume}
          loading="正在加载医生信息..."
          failed="医生信息加载失败"
          paddingTop={40}
        />
      ) : (
        <section className="ap-doctor ap-card" aria-label="医生简介">
          <DoctorHead doctor={doctor} />
          <p className="ap-hint ap-doctor__more">{doctor.departmentName}</p>
          {intro && (
            <p className="ap-intro" data-clamped={long && !expanded ? true : undefined}>
              {intro}
            </p>
          )}
          {long && (
            <button
              type="button"
              className="ap-text-button ap-doctor__more"
              aria-expanded={expanded}
              onClick={() => setExpanded((e) => !e)}
            >
              {expanded ? '收起' : '展开全部'}
            </button>
          )}
        </section>
      )}
      {doctor !== null && <h2 className="ap-section-title">出诊安排</h2>}
      {doctor !== null &&
        (schedules.length === 0 ? (
          <p className="ap-hint">近期暂无出诊安排</p>
        ) : (
          <nav className="ap-clinics" aria-label="出诊安排">
            {schedules.map((item) => (
              <button
                key={item.scheduleItemId}
                type="button"
                className="ap-clinic"
                aria-pressed={item.scheduleItemId === selected}
                onClick={() => setChosen(item.scheduleItemId)}
              >
                <span className="ap-clinic__when">{visitTimeLabel(item.date, item.halfDay, today)}</span>
                <span className="ap-clinic__type">
                  {sourceTypeLabel(item.type)} {formatYuan(item.fee)}
                </span>
                <SourceBadge state={item.state} remaining={item.remaining} />
              </button>
            ))}
          </nav>
        ))}
      {panel}
    </div>
  );
}
