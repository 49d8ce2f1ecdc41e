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
  RETURNED: { label: '已退回', hint: '快件正在退回或已退回医院，请联系病案室', tone: 'danger' },
  PROBLEM: {
    label: '派送异常',
    hint: '快递公司报告派送遇到问题，请留意快递员来电或联系病案室',
    tone: 'danger',
  },
} as const;

/** The courier could not be asked just now: what the hospital knows of the parcel still shows. */
const UNAVAILABLE = {
  label: '物流信息暂时无法获取',
  hint: '快递公司的系统暂时无法查询，请稍后点“刷新物流”',
  tone: 'warning',
} as const;

/**
 * 物流跟踪 (/traceDetail/:orderId): the courier, tracking number, where it goes (masked) and the timeline; when
 * the courier cannot be asked (state null), the parcel's facts with 物流信息暂时无法获取.
 */
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
      <StatusBanner info={t.state ? STATES[t.state] : UNAVAILABLE} label="物流状态" />
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
        {t.events.length > 0 ? (
          <ol className="rc-timeline">
            {t.events.map((e) => (
              <li key={`${e.time}${e.text}`}>
                <p>{e.text}</p>
                <p className="fk-muted">{chinaDateTime(e.time)}</p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="fk-muted">
            {t.state ? '快递公司暂未更新物流轨迹，请稍后再查' : '物流轨迹暂时无法获取'}
          </p>
        )}
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
