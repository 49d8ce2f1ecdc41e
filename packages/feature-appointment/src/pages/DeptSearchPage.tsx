import { api } from '@patient/api-client';
import { type Department, type DepartmentGroup, listDepartments, searchDepartments } from '@patient/contract';
import { NoHospital, RemoteState, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { doctorsPath } from '../schedule/paths.ts';
import { NO_HOSPITAL_MESSAGE, useHospitalId } from '../schedule/routeParams.ts';
import { useDebounced } from '../schedule/useDebounced.ts';
import '../schedule/schedule.css';

/** Longest keyword the service takes (searchDepartments). */
export const MAX_KEYWORD = 20;
/** Pause after the last keystroke before searching. */
export const SEARCH_DELAY_MS = 300;

/**
 * 搜索科室 (/depts/search; ?sameDay=1 from same-day booking): by Chinese name, full pinyin or initials ('nk' and
 * 'neike' find 内科), through the service's queryBySpell. A first-level result lists its departments.
 */
export default function DeptSearchPage() {
  const [params] = useSearchParams();
  const sameDay = params.get('sameDay') === '1';
  const hospitalId = useHospitalId();
  const [text, setText] = useState('');
  const [keyword, flush] = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const tooLong = Array.from(keyword).length > MAX_KEYWORD;

  const results = useRemote(
    hospitalId && keyword && !tooLong
      ? (signal) => api.request(searchDepartments, { params: { hospitalId }, body: { keyword } }, { signal })
      : null,
    `${hospitalId}/${keyword}`,
  );
  const groups = useRemote(
    hospitalId ? (signal) => api.request(listDepartments, { params: { hospitalId } }, { signal }) : null,
    hospitalId ?? '',
  );
  const byId = useMemo(() => new Map((groups.data ?? []).map((g) => [g.departmentId, g])), [groups.data]);

  if (!hospitalId) return <NoHospital text={NO_HOSPITAL_MESSAGE} className="ap-page" />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    flush();
  };

  const link = (dept: Department) =>
    doctorsPath(sameDay, { hospitalId, departmentId: dept.departmentId, deptId: dept.deptId });

  let body: ReactNode;
  if (tooLong) {
    body = (
      <p className="ap-hint" role="alert">
        最多输入{MAX_KEYWORD}个字
      </p>
    );
  } else if (!keyword) {
    body = <p className="ap-hint">输入科室名称、拼音或首字母，如“内科”“neike”“nk”</p>;
  } else if (results.status === 'error' || results.data === null || results.status === 'loading') {
    body = <RemoteState remote={results} loading="正在搜索..." failed="搜索失败" paddingTop={40} />;
  } else if (results.data.length === 0) {
    body = <EmptyState text={`没有找到与“${keyword}”相关的科室`} paddingTop={40} />;
  } else {
    // A department whose first-level group matched too is listed under the group only.
    const matchedGroups = new Set(
      results.data.filter((d) => d.parentId === null && byId.has(d.departmentId)).map((d) => d.departmentId),
    );
    const shown = results.data.filter((d) => d.parentId === null || !matchedGroups.has(d.parentId));
    body = (
      <ul className="ap-results" aria-label="搜索结果">
        {shown.map((dept) => (
          <SearchResult key={dept.departmentId} dept={dept} group={byId} link={link} />
        ))}
      </ul>
    );
  }

  return (
    <div className="ap-page">
      <form className="ap-search" onSubmit={onSubmit}>
        <input
          type="search"
          enterKeyHint="search"
          aria-label="搜索科室"
          placeholder="科室名称、拼音或首字母"
          maxLength={50}
          // biome-ignore lint/a11y/noAutofocus: the screen exists to type a keyword
          autoFocus
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </form>
      {body}
    </div>
  );
}

function SearchResult({
  dept,
  group,
  link,
}: {
  dept: Department;
  group: Map<string, DepartmentGroup>;
  link(dept: Department): string;
}) {
  if (dept.parentId === null) {
    const children = group.get(dept.departmentId)?.children ?? [];
    return (
      <li className="ap-dept ap-dept--group">
        <p className="ap-dept__group-name">{dept.name}</p>
        {children.map((child) => (
          <Link key={child.departmentId} className="ap-dept__main ap-dept__child" to={link(child)}>
            <span className="ap-dept__name">{child.name}</span>
            {child.location && <span className="ap-dept__meta">{child.location}</span>}
          </Link>
        ))}
      </li>
    );
  }
  const parent = group.get(dept.parentId)?.name;
  const meta = [parent, dept.location].filter(Boolean).join(' · ');
  return (
    <li className="ap-dept">
      <Link className="ap-dept__main" to={link(dept)}>
        <span className="ap-dept__name">{dept.name}</span>
        {meta && <span className="ap-dept__meta">{meta}</span>}
      </Link>
    </li>
  );
}
