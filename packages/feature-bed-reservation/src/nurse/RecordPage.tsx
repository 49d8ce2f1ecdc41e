import { api } from '@patient/api-client';
import { listBedOrderLogs } from '@patient/contract';
import { BadLink, RemotePage, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { chinaDateTime } from '@patient/validation';
import { useParams } from 'react-router-dom';
import { isOrderId } from '../format.ts';
import { staffPage } from './staff.tsx';
import '@patient/feature-kit/base.css';
import '../bed.css';

/** 操作记录 (/bedReservation/nurse/record/:orderId): who did what to the order and when, oldest first. */
function RecordPage() {
  const { orderId } = useParams();
  const valid = isOrderId(orderId) ? orderId : null;
  const logs = useRemote(
    valid
      ? (signal) => api.request(listBedOrderLogs, { body: { orderId: valid, pageSize: 50 } }, { signal })
      : null,
    valid ?? '',
  );
  if (!valid)
    return <BadLink message="链接无效" to="/bedReservation/nurse/index" back="返回床位预约管理" page />;
  if (logs.data === null) return <RemotePage remote={logs} failed="操作记录加载失败" />;
  return (
    <div className="fk-page">
      {logs.data.items.length === 0 ? (
        <EmptyState text="暂无操作记录" />
      ) : (
        <ol className="br-log" aria-label="操作记录">
          {logs.data.items.map((l) => (
            <li key={l.logId}>
              <p>
                <strong>{l.detail}</strong>
              </p>
              <p className="fk-muted">
                {l.actor} · {chinaDateTime(l.at)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export default staffPage(RecordPage);
