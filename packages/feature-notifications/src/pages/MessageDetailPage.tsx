import { api } from '@patient/api-client';
import { deleteNotification, openNotification } from '@patient/contract';
import { BadLink, RemotePage, useRemote } from '@patient/feature-kit';
import { confirm, EmptyState, toast } from '@patient/ui-kit';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { kindName, sentAt } from '../format.ts';
import '@patient/feature-kit/base.css';
import '../notifications.css';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * 消息详情 (/messages/:notificationId): the message (opening it marks it read), a way to what it is about, and
 * 删除消息 after a confirm.
 */
export default function MessageDetailPage() {
  const { notificationId = '' } = useParams();
  const valid = ID.test(notificationId);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const remote = useRemote(
    valid ? (signal) => api.request(openNotification, { params: { notificationId } }, { signal }) : null,
    notificationId,
  );
  if (!valid) return <BadLink page message="链接无效" to="/messages" back="查看我的消息" />;
  const item = remote.data;
  if (!item) {
    return (
      <RemotePage
        remote={remote}
        failed="消息加载失败"
        notFound={
          <>
            <EmptyState text="该消息不存在或已删除" />
            <Link to="/messages" className="fk-button fk-button--block">
              查看我的消息
            </Link>
          </>
        }
      />
    );
  }
  const remove = async () => {
    const sure = await confirm({
      title: '删除消息',
      message: '删除后不能恢复，确定删除这条消息吗？',
      confirmText: '删除',
      danger: true,
    });
    if (!sure) return;
    setBusy(true);
    try {
      await api.request(deleteNotification, { params: { notificationId } });
      void toast('已删除');
      navigate('/messages', { replace: true });
    } catch {
      setBusy(false);
    }
  };
  return (
    <div className="fk-page">
      <article className="fk-card nt-detail">
        <h2 className="fk-section-title">{item.title}</h2>
        <p className="nt-detail__meta">
          <span className="fk-badge fk-badge--muted">{kindName(item.kind)}</span> {sentAt(item.createdAt)}
        </p>
        <div className="nt-detail__body">
          {item.body.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </article>
      <div className="fk-actions">
        {item.link && (
          <Link to={item.link} className="fk-button fk-button--primary fk-button--block">
            查看详情
          </Link>
        )}
        <button
          type="button"
          className="fk-button fk-button--block fk-button--danger"
          onClick={remove}
          disabled={busy}
        >
          删除消息
        </button>
      </div>
    </div>
  );
}
