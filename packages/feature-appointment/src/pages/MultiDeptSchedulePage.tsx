import { api } from '@patient/api-client';
import { type Department, listDepartments, searchSources } from '@patient/contract';
import { NoHospital, RemotePage, RemoteState, useRemote } from '@patient/feature-kit';
import { EmptyState, toast } from '@patient/ui-kit';
import { type ReactNode, useMemo, useState } from 'react';
import { byTime } from '../schedule/grouping.ts';
import { addDays, todayInChina } from '../schedule/labels.ts';
import { NO_HOSPITAL_MESSAGE, useHospitalId } from '../schedule/routeParams.ts';
import { ScheduleItemRow } from '../schedule/ScheduleItemRow.tsx';
import { DepartmentColumns, WeekStrip } from '../schedule/views.tsx';
import '../schedule/schedule.css';

/** Most departments side by side (they must stay readable on a phone). */
export const MAX_DEPARTMENTS = 5;
const DAYS = 7;

/**
 * 多科室排班 (/multiple/dept/schedule): the patient picks up to five departments, then sees their clinics on a
 * chosen date side by side (searchSources with departmentIds), to compare where there is still a place.
 */
export default function MultiDeptSchedulePage() {
  const hospitalId = useHospitalId();
  const [today] = useState(() => todayInChina());
  const dates = useMemo(() => Array.from({ length: DAYS }, (_, i) => addDays(today, i)), [today]);
  const [chosen, setChosen] = useState<string[]>([]);
  const [viewing, setViewing] = useState(false);
  const [activeGroup, setActiveGroup] = useState<string | null>(null);
  const [date, setDate] = useState(today);

  const groups = useRemote(
    hospitalId ? (signal) => api.request(listDepartments, { params: { hospitalId } }, { signal }) : null,
    hospitalId ?? '',
  );
  const byId = useMemo(
    () =>
      new Map<string, Department>(
        (groups.data ?? []).flatMap((g) => g.children.map((d) => [d.departmentId, d])),
      ),
    [groups.data],
  );
  const sources = useRemote(
    hospitalId && viewing && chosen.length > 0
      ? (signal) =>
          api.request(searchSources, { body: { hospitalId, date, departmentIds: chosen } }, { signal })
      : null,
    `${hospitalId}/${date}/${chosen.join(',')}/${viewing}`,
  );

  if (!hospitalId) return <NoHospital text={NO_HOSPITAL_MESSAGE} className="ap-page" />;
  if (groups.data === null) {
    return (
      <RemotePage
        remote={groups}
        loading="正在加载科室..."
        failed="科室加载失败"
        className="ap-page"
        paddingTop={40}
      />
    );
  }

  const toggle = (departmentId: string) => {
    if (chosen.includes(departmentId)) {
      setChosen(chosen.filter((id) => id !== departmentId));
    } else if (chosen.length >= MAX_DEPARTMENTS) {
      void toast(`最多可选择${MAX_DEPARTMENTS}个科室`);
    } else {
      setChosen([...chosen, departmentId]);
    }
  };

  if (!viewing) {
    const active = groups.data.find((g) => g.departmentId === activeGroup) ?? groups.data[0];
    return (
      <div className="ap-page ap-page--with-footer">
        <p className="ap-hint">选择要对比的科室（最多{MAX_DEPARTMENTS}个），查看它们同一天的号源</p>
        {active ? (
          <DepartmentColumns
            groups={groups.data}
            activeId={active.departmentId}
            onActivate={setActiveGroup}
            countOf={(g) => g.children.filter((d) => chosen.includes(d.departmentId)).length}
          >
            {active.children.length === 0 ? (
              <EmptyState text="该科室暂无下属科室" paddingTop={24} />
            ) : (
              <ul className="ap-plain-list" aria-label={`${active.name}的科室`}>
                {active.children.map((dept) => (
                  <li key={dept.departmentId} className="ap-dept">
                    <label className="ap-dept__main ap-dept__label">
                      <span className="ap-dept__name">{dept.name}</span>
                      <input
                        type="checkbox"
                        className="ap-dept__check"
                        checked={chosen.includes(dept.departmentId)}
                        onChange={() => toggle(dept.departmentId)}
                      />
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </DepartmentColumns>
        ) : (
          <EmptyState text="暂无可选的科室" />
        )}
        <div className="ap-footer">
          <span className="ap-footer__text">
            已选 {chosen.length}/{MAX_DEPARTMENTS} 个科室
          </span>
          <button
            type="button"
            className="ap-button ap-button--primary"
            disabled={chosen.length === 0}
            onClick={() => setViewing(true)}
          >
            查看排班
          </button>
        </div>
      </div>
    );
  }

  const items = [...(sources.data ?? [])].sort(byTime);
  let body: ReactNode;
  if (sources.status === 'error' || sources.data === null || sources.status === 'loading') {
    body = <RemoteState remote={sources} loading="正在加载排班..." failed="排班加载失败" paddingTop={40} />;
  } else {
    body = (
      <section className="ap-side" aria-label="科室排班对比">
        {chosen.map((id) => {
          const own = items.filter((i) => i.departmentId === id);
          const name = byId.get(id)?.name ?? own[0]?.departmentName ?? '科室';
          return (
            <section key={id} className="ap-side__column" aria-label={name}>
              <h2 className="ap-side__title">{name}</h2>
              {own.length === 0 ? (
                <p className="ap-hint">当日无排班</p>
              ) : (
                <ul className="ap-plain-list">
                  {own.map((item) => (
                    <ScheduleItemRow key={item.scheduleItemId} item={item} today={today} />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </section>
    );
  }

  return (
    <div className="ap-page">
      <WeekStrip dates={dates} selected={date} onSelect={(d) => d && setDate(d)} today={today} />
      <div className="ap-toolbar">
        <span className="ap-toolbar__title">已选 {chosen.length} 个科室</span>
        <button type="button" className="ap-text-button" onClick={() => setViewing(false)}>
          修改科室
        </button>
      </div>
      {body}
    </div>
  );
}
