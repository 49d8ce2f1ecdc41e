import { api } from '@patient/api-client';
import { listDepartments } from '@patient/contract';
import { NoHospital, RemoteState, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { deptSearchPath, doctorSchedulePath, doctorsPath } from '../schedule/paths.ts';
import { NO_HOSPITAL_MESSAGE, useHospitalId, useSameDay } from '../schedule/routeParams.ts';
import { DepartmentColumns } from '../schedule/views.tsx';
import '../schedule/schedule.css';

/**
 * 科室列表 (/depts, and /today/depts for same-day booking): first-level departments on the left, the chosen
 * one's departments on the right, each leading to its doctors. The route is kept alive, so the chosen group is
 * still chosen when the patient comes back.
 */
export default function DeptsPage() {
  const sameDay = useSameDay();
  const hospitalId = useHospitalId();
  const groups = useRemote(
    hospitalId ? (signal) => api.request(listDepartments, { params: { hospitalId } }, { signal }) : null,
    hospitalId ?? '',
  );
  const [activeId, setActiveId] = useState<string | null>(null);

  if (!hospitalId) return <NoHospital text={NO_HOSPITAL_MESSAGE} className="ap-page" />;

  const search = (
    <Link className="ap-search" to={deptSearchPath(sameDay)}>
      搜索科室名称、拼音或首字母
    </Link>
  );

  if (groups.data === null) {
    return (
      <div className="ap-page">
        {search}
        <RemoteState remote={groups} loading="正在加载科室..." failed="科室加载失败" paddingTop={40} />
      </div>
    );
  }
  if (groups.data.length === 0) {
    return (
      <div className="ap-page">
        {search}
        <EmptyState text="暂无可预约的科室" />
      </div>
    );
  }

  const active = groups.data.find((g) => g.departmentId === activeId) ?? groups.data[0];
  return (
    <div className="ap-page">
      {search}
      {sameDay && <p className="ap-notice">当日挂号只能挂今天的号，请按时到院就诊</p>}
      <DepartmentColumns groups={groups.data} activeId={active.departmentId} onActivate={setActiveId}>
        {active.children.length === 0 ? (
          <EmptyState text="该科室暂无可预约的专科" paddingTop={24} />
        ) : (
          <ul className="ap-plain-list" aria-label={`${active.name}的科室`}>
            {active.children.map((dept) => {
              const ref = { hospitalId, departmentId: dept.departmentId, deptId: dept.deptId };
              return (
                <li key={dept.departmentId} className="ap-dept">
                  <Link className="ap-dept__main" to={doctorsPath(sameDay, ref)}>
                    <span className="ap-dept__name">{dept.name}</span>
                    {dept.location && <span className="ap-dept__meta">{dept.location}</span>}
                  </Link>
                  {!sameDay && (
                    <Link
                      className="ap-text-button"
                      to={doctorSchedulePath(ref)}
                      aria-label={`${dept.name}排班`}
                    >
                      排班
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </DepartmentColumns>
    </div>
  );
}
