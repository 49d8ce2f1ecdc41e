import { api } from '@patient/api-client';
import { listHospitalNotices } from '@patient/contract';
import { RemotePage, useHospitalRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { useLocation } from 'react-router-dom';
import '@patient/feature-kit/base.css';
import '../info.css';

/**
 * 就诊须知 (/guidelines): the hospital's notices, newest first, each opening to its text; a link from 医院信息
 * (#notice-<id>) opens that one.
 */
export default function NoticesPage() {
  const { hash } = useLocation();
  const { hospitalId, remote } = useHospitalRemote((id, signal) =>
    api.request(listHospitalNotices, { params: { hospitalId: id } }, { signal }),
  );
  return (
    <RemotePage
      hospitalId={hospitalId}
      remote={remote}
      loading="正在加载就诊须知..."
      failed="就诊须知加载失败"
    >
      {(notices) => (
        <div className="fk-page">
          {notices.length === 0 ? (
            <EmptyState text="暂无公告" />
          ) : (
            <ul className="fk-list" aria-label="公告列表">
              {notices.map((n, i) => (
                <li key={n.noticeId}>
                  <details
                    className="hi-card hi-notice"
                    id={`notice-${n.noticeId}`}
                    open={hash ? hash === `#notice-${n.noticeId}` : i === 0}
                  >
                    <summary>
                      <span>{n.title}</span>
                      <span className="hi-muted">{n.publishedAt}</span>
                    </summary>
                    {n.body.map((p) => (
                      <p key={p}>{p}</p>
                    ))}
                  </details>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </RemotePage>
  );
}
