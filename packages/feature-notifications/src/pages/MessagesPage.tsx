import { api } from '@patient/api-client';
import { listNotifications, type NotificationItem, readAllNotifications } from '@patient/contract';
import { NoHospital, RemotePage, useHospitalId, useRemote } from '@patient/feature-kit';
import { EmptyState, toast } from '@patient/ui-kit';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { kindName, sentAt } from '../format.ts';
import '@patient/feature-kit/base.css';
import '../notifications.css';

function MessageRow({ item }: { item: NotificationItem }) {
  return (
    <Link
      to={`/messages/${item.notificationId}`}
      className={`nt-item${item.read ? ' nt-item--read' : ''}`}
      data-unread={item.read ? undefined : 'true'}
    >
      {!item.read && <span className="nt-item__dot" aria-hidden="true" />}
      <span className="nt-item__head">
        <span className="nt-item__title">
          {!item.read && <span className="fk-visually-hidden">未读：</span>}
          {item.title}
        </span>
        <span className="fk-badge fk-badge--muted">{kindName(item.kind)}</span>
      </span>
      <span className="nt-item__summary">{item.body[0]}</span>
      <span className="nt-item__time">{sentAt(item.createdAt)}</span>
    </Link>
  );
}

/**
 * 我的消息 (/messages): the account's messages at this hospital, newest first, unread ones marked (a dot, bold
 * title, "未读：" for screen readers) with their count, and 全部已读. A message opens its detail.
 */
export default function MessagesPage() {
  const hospitalId = useHospitalId();
  const remote = useRemote(
    hospitalId ? (signal) => api.request(listNotifications, { query: { hospitalId } }, { signal }) : null,
    hospitalId ?? '',
  );
  const [busy, setBusy] = useState(false);
  if (!hospitalId) return <NoHospital />;
  const list = remote.data;
  if (!list) {
    return <RemotePage remote={remote} failed="消息加载失败" />;
  }
  const readAll = async () => {
    setBusy(true);
    try {
      await api.request(readAllNotifications, { body: { hospitalId } });
      remote.set(
        (current) => current && { unread: 0, items: current.items.map((m) => ({ ...m, read: true })) },
      );
      void toast('已全部标为已读');
    } catch {
      // api-client has told the patient
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="fk-page">
      <div className="nt-toolbar">
        <span role="status" data-testid="unread-count">
          {list.unread > 0 ? `${list.unread}条未读` : '没有未读消息'}
        </span>
        {list.unread > 0 && (
          <button type="button" className="fk-text-button" onClick={readAll} disabled={busy}>
            全部已读
          </button>
        )}
      </div>
      {list.items.length === 0 ? (
        <EmptyState text="暂无消息，预约、缴费、退款和反馈回复等都会在这里通知您" paddingTop={24} />
      ) : (
        <ul className="fk-list" aria-label="消息列表">
          {list.items.map((item) => (
            <li key={item.notificationId}>
              <MessageRow item={item} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
