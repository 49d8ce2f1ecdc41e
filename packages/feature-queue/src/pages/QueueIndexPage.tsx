import { api } from '@patient/api-client';
import { listMyQueues, type QueuePlace, queueEventsPath } from '@patient/contract';
import {
  BadLink,
  ContactPicker,
  ContactsPending,
  NoHospital,
  RemoteState,
  useContacts,
} from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { KIND_TABS, tabOf } from '../format.ts';
import { NO_HOSPITAL_MESSAGE, useHospitalId } from '../hospital.ts';
import { useLive } from '../live.ts';
import { indexPath, QUEUE_ROUTES } from '../paths.ts';
import { LiveNote, PlaceCard } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../queue.css';

/**
 * 排队叫号 (/queueIndex, /queueIndex/:contactId/:selectType): a contact's places today in every queue (tabs 全部,
 * 门诊, 检查, 药房 — `:selectType` is the tab's index), each with my number, the number being called, how many
 * are before me and a waiting range; kept up to date live (server-sent events, polling when the stream drops).
 * Links to 到院签到 and 实时排队.
 */
export default function QueueIndexPage() {
  const params = useParams();
  const navigate = useNavigate();
  const hospitalId = useHospitalId();
  const people = useContacts();
  const tab = tabOf(params.selectType);
  const [picked, setPicked] = useState<string | null>(null);
  const wanted = picked ?? params.contactId ?? null;
  const contact = people.contacts.find((c) => c.contactId === wanted) ?? people.contacts[0] ?? null;
  const live = useLive<QueuePlace[]>(
    contact && hospitalId
      ? (signal) =>
          api.request(listMyQueues, { body: { hospitalId, contactId: contact.contactId } }, { signal })
      : null,
    contact && hospitalId ? queueEventsPath(hospitalId, { contactId: contact.contactId }) : null,
    'places',
    contact && hospitalId ? `${hospitalId}/${contact.contactId}` : '',
  );

  if (!hospitalId) return <NoHospital text={NO_HOSPITAL_MESSAGE} />;
  if (tab === null) {
    return <BadLink page message="页面链接中的排队类别有误" to={QUEUE_ROUTES.index} back="查看我的排队" />;
  }
  if (people.state !== 'ready' || !contact) {
    return <ContactsPending people={people} text="添加就诊人后即可查看排队" />;
  }

  const kind = KIND_TABS[tab].kind;
  const places = (live.data ?? []).filter((p) => kind === null || p.kind === kind);
  let body: ReactNode;
  if (live.data === null) {
    body = (
      <RemoteState remote={live} loading="正在加载排队信息..." failed="排队信息加载失败" paddingTop={24} />
    );
  } else if (places.length === 0) {
    body = (
      <EmptyState text="今日暂无排队" paddingTop={24}>
        <p className="fk-muted">到院后先签到，签到后即可在这里查看排队进度</p>
      </EmptyState>
    );
  } else {
    body = (
      <ul className="fk-list" aria-label="我的排队" aria-live="polite">
        {places.map((place) => (
          <li key={place.entryId}>
            <PlaceCard place={place} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="fk-page">
      <ContactPicker
        contacts={people.contacts}
        value={contact.contactId}
        onChange={(id) => {
          setPicked(id);
          navigate(indexPath(id, tab), { replace: true });
        }}
      />
      <div className="fk-tabs" role="tablist" aria-label="排队类别">
        {KIND_TABS.map((t, i) => (
          <button
            key={t.label}
            type="button"
            role="tab"
            aria-selected={i === tab}
            className="fk-tab"
            onClick={() => navigate(indexPath(contact.contactId, i), { replace: true })}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="qu-links">
        <Link
          className="fk-button fk-button--primary"
          to={QUEUE_ROUTES.signIn}
          state={{ contactId: contact.contactId }}
        >
          到院签到
        </Link>
        <Link className="fk-button" to={QUEUE_ROUTES.queues}>
          实时排队
        </Link>
      </div>
      <h2 className="fk-section-title">我的排队</h2>
      {live.data !== null && <LiveNote mode={live.mode} />}
      {body}
    </div>
  );
}
