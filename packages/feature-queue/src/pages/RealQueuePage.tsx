import { api } from '@patient/api-client';
import { listQueues, listQueueTypes, type QueueSummary } from '@patient/contract';
import { NoHospital, RemoteState, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { KIND_TABS } from '../format.ts';
import { NO_HOSPITAL_MESSAGE, useHospitalId } from '../hospital.ts';
import { detailPath } from '../paths.ts';
import '@patient/feature-kit/base.css';
import '../queue.css';

/**
 * The tabs here: the kinds of queue the hospital has (listQueueTypes, the spec's queue type call), the three
 * kinds until it answers (no 全部: a hospital has too many clinics to list them all at once).
 */
const DEFAULT_TABS = KIND_TABS.slice(1);

function QueueRow({ queue }: { queue: QueueSummary }) {
  return (
    <Link className="fk-row" to={detailPath(queue.queueId, queue.name)}>
      <span className="qu-row__head">
        <span className="qu-row__name">{queue.name}</span>
        <span className="qu-row__called">
          {queue.calledNumber === null ? '未开始叫号' : `当前 ${queue.calledNumber} 号`}
        </span>
      </span>
      <span className="qu-line">
        {queue.location} · {queue.open ? `等候 ${queue.waiting} 人` : `暂停叫号（${queue.hours}）`}
      </span>
    </Link>
  );
}

/**
 * 实时排队 (/realqueue): the hospital's queues by kind (门诊 clinics, 检查 examination rooms, 药房 pharmacies),
 * each with the number being called and how many wait; a search by name; a queue opens its detail. Public:
 * no login needed. Refreshed with 刷新 (a queue's own page is live).
 */
export default function RealQueuePage() {
  const hospitalId = useHospitalId();
  const [tab, setTab] = useState(0);
  const [search, setSearch] = useState('');
  const types = useRemote(
    hospitalId ? (signal) => api.request(listQueueTypes, { params: { hospitalId } }, { signal }) : null,
    hospitalId ?? '',
  );
  const tabs =
    types.data && types.data.length > 0
      ? types.data.map((t) => ({ kind: t.kind, label: t.name }))
      : DEFAULT_TABS;
  const current = tabs[tab] ?? tabs[0];
  const kind = current.kind ?? undefined;
  const list = useRemote(
    hospitalId
      ? (signal) => api.request(listQueues, { params: { hospitalId }, query: { kind } }, { signal })
      : null,
    `${hospitalId}/${kind}`,
  );
  if (!hospitalId) return <NoHospital text={NO_HOSPITAL_MESSAGE} />;
  const words = search.trim();
  const shown = (list.data ?? []).filter(
    (q) => !words || q.name.includes(words) || q.location.includes(words),
  );
  let body: ReactNode;
  if (list.data === null) {
    body = (
      <RemoteState remote={list} loading="正在加载排队信息..." failed="排队信息加载失败" paddingTop={24} />
    );
  } else if (shown.length === 0) {
    body = <EmptyState text={words ? `没有找到“${words}”相关的队列` : '暂无队列'} paddingTop={24} />;
  } else {
    body = (
      <ul className="fk-list" aria-label={`${current.label}队列`}>
        {shown.map((q) => (
          <li key={q.queueId}>
            <QueueRow queue={q} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="fk-page">
      <div className="fk-tabs" role="tablist" aria-label="排队类别">
        {tabs.map((t, i) => (
          <button
            key={t.label}
            type="button"
            role="tab"
            aria-selected={tabs[i] === current}
            className="fk-tab"
            onClick={() => setTab(i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <label className="fk-visually-hidden" htmlFor="queue-search">
        搜索科室或诊室
      </label>
      <input
        id="queue-search"
        className="qu-search"
        type="search"
        placeholder="搜索科室、诊室或位置"
        maxLength={20}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <div className="fk-actions">
        <button type="button" className="fk-button fk-button--small" onClick={list.reload}>
          刷新
        </button>
      </div>
      {body}
    </div>
  );
}
