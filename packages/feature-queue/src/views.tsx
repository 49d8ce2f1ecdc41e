import type { QueuePlace } from '@patient/contract';
import { StatusBadge } from '@patient/feature-kit';
import { maskName } from '@patient/validation';
import { Link } from 'react-router-dom';
import { estimateText, paceText, placeLook } from './format.ts';
import type { LiveMode } from './live.ts';
import { detailPath } from './paths.ts';

/** How fresh the numbers are: live from the service, or asked for every few seconds while the stream is down. */
export function LiveNote({ mode }: { mode: LiveMode }) {
  const text =
    mode === 'live'
      ? '实时更新中，叫号变化会自动显示'
      : mode === 'polling'
        ? '实时连接已断开，正每 10 秒自动刷新'
        : '正在连接叫号系统…';
  return (
    <p className="fk-muted qu-live" data-mode={mode}>
      {text}
    </p>
  );
}

/** The estimate line: a range, and never a promise. */
export function EstimateLine({ place }: { place: Pick<QueuePlace, 'estimate' | 'status'> }) {
  if (place.status !== 'WAITING') return null;
  const text = estimateText(place.estimate);
  return (
    <div className="qu-estimate">
      <p>
        预计等待 <strong>{text ?? '叫号开始后显示'}</strong>
      </p>
      {place.estimate && <p className="fk-muted">{paceText(place.estimate)}，仅供参考，请以现场叫号为准</p>}
    </div>
  );
}

/** My place in one queue: my number, the number being called, how many before me, the wait. */
export function PlaceCard({ place }: { place: QueuePlace }) {
  const look = placeLook(place);
  return (
    <article className="qu-place" aria-label={`${place.queueName} 第${place.number}号`}>
      <div className="qu-place__head">
        <span className="qu-place__name">{place.queueName}</span>
        <StatusBadge info={look} />
      </div>
      <p className="qu-line">{place.title}</p>
      <p className="qu-line">
        {maskName(place.patientName)} · {place.location}
      </p>
      <dl className="qu-numbers">
        <div>
          <dt>我的号码</dt>
          <dd>{place.number}</dd>
        </div>
        <div>
          <dt>当前叫号</dt>
          <dd>{place.calledNumber ?? '未开始'}</dd>
        </div>
        <div>
          <dt>前面还有</dt>
          <dd>{place.status === 'WAITING' ? `${place.ahead}人` : '—'}</dd>
        </div>
      </dl>
      <p className="qu-hint" data-tone={look.tone}>
        {look.hint}
      </p>
      <EstimateLine place={place} />
      <div className="qu-place__actions">
        <Link className="fk-text-button" to={detailPath(place.queueId, place.queueName)}>
          查看该队列叫号
        </Link>
      </div>
    </article>
  );
}
