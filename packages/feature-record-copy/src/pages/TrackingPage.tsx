import { api } from '@patient/api-client';
import { getTracking } from '@patient/contract';
import { BadLink, InfoList, RemoteState, StatusBanner, useRemote } from '@patient/feature-kit';
import { chinaDateTime } from '@patient/validation';
import { Link } from 'react-router-dom';
import { detailPath, INDEX_PATH, useIds } from '../params.ts';
import '@patient/feature-kit/base.css';
import '../record-copy.css';

const STATES = {
  IN_TRANSIT: { label: '运输中', hint: '快件正在运往您的城市', tone: 'primary' },
  DELIVERING: { label: '派送中', hint: '快递员正在派送，请保持电话畅通', tone: 'warning' },
  SIGNED: { label: '已签收', hint: '快件已签收，收到后请在申请详情中确认收货', tone: 'success' },
} as const;

/** 物流跟踪 (/traceDetail/:orderId): the courier, tracking number, where it goes (masked) and the timeline. */
export default function TrackingPage() {
  const ids = useIds('orderId');
  const tracking = useRemote(
    ids ? (signal) => api.request(getTracking, { params: { orderId: ids.orderId } }, { signal }) : null,
    ids?.orderId ?? '',
  );
  if (!ids) return <BadLink page message="链接无效" to={INDEX_PATH} back="查看我的申请" />;
  if (tracking.data === null) {
    return <RemoteState remote={tracking} loading="正在查询物流..." failed="物流信息加载失败" />;
  }
  const t = tracking.data;
  return (
    <div className="fk-page">
      <StatusBanner info={STATES[t.state]} label="物流状态" />
      <InfoList
        label="快件信息"
        rows={[
          ['快递公司', t.company],
          ['运单号', t.trackingNo],
          ['收货人', `${t.addressee.name} ${t.addressee.phone}`],
          ['收货地址', t.addressee.address],
        ]}
      />
      <section className="fk-card" aria-label="物流轨迹">
        <h2 className="fk-section-title">物流轨迹</h2>
        <ol className="rc-timeline">
          {t.events.map((e) => (
            <li key={e.time}>
              <p>{e.text}</p>
              <p className="fk-muted">{chinaDateTime(e.time)}</p>
            </li>
          ))}
        </ol>
      </section>
      <div className="fk-actions">
        <button type="button" className="fk-button" onClick={tracking.reload}>
          刷新物流
        </button>
        <Link className="fk-text-button" to={detailPath(ids.orderId)}>
          返回申请详情
        </Link>
      </div>
    </div>
  );
}
