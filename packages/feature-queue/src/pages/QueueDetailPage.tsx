import { BadLink, InfoList, NoHospital, RemotePage } from '@patient/feature-kit';
import { Link } from 'react-router-dom';
import { estimateText, paceText, timeOf } from '../format.ts';
import { NO_HOSPITAL_MESSAGE } from '../hospital.ts';
import { playPath, QUEUE_ROUTES } from '../paths.ts';
import { LiveNote } from '../views.tsx';
import { useQueueCall } from './useQueueCall.ts';
import '@patient/feature-kit/base.css';
import '../queue.css';

/**
 * 队列详情 (/realqueue/detail/:id/:name): one queue, live: the number being called, the next numbers, the
 * latest calls with their times, how many wait and how long a newcomer may wait (a range from the pace of the
 * latest calls, for reference). Links to its calling screen.
 */
export default function QueueDetailPage() {
  const { hospitalId, queueId, name, call } = useQueueCall();
  if (!hospitalId) return <NoHospital text={NO_HOSPITAL_MESSAGE} />;
  if (!queueId) {
    return <BadLink page message="页面链接中的队列编号有误" to={QUEUE_ROUTES.queues} back="查看实时排队" />;
  }
  const q = call.data;
  if (!q) {
    return <RemotePage remote={call} loading="正在加载叫号信息..." failed="叫号信息加载失败" />;
  }
  const wait = estimateText(q.estimate);
  return (
    <div className="fk-page">
      <section className="qu-now" aria-label={`${q.name || name}当前叫号`} aria-live="polite">
        <h2 className="qu-row__name">{q.name}</h2>
        <p className="qu-now__label">当前叫号</p>
        <p className="qu-now__number">{q.calledNumber ?? '—'}</p>
        <p className="qu-line">{q.open ? `等候 ${q.waiting} 人` : `暂停叫号，叫号时间 ${q.hours}`}</p>
      </section>
      <LiveNote mode={call.mode} />
      <InfoList
        label="队列信息"
        rows={[
          ['位置', q.location],
          ['叫号时间', q.hours],
          ['现在取号预计等待', wait ?? '叫号开始后显示'],
        ]}
      />
      {q.estimate && <p className="fk-muted">{paceText(q.estimate)}，仅供参考，请以现场叫号为准</p>}
      <h2 className="fk-section-title">即将叫号</h2>
      {q.next.length > 0 ? (
        <ul className="qu-chips" aria-label="即将叫号">
          {q.next.map((n) => (
            <li key={n}>{n}号</li>
          ))}
        </ul>
      ) : (
        <p className="fk-muted">暂无等候</p>
      )}
      <h2 className="fk-section-title">最近叫号</h2>
      {q.recent.length > 0 ? (
        <InfoList label="最近叫号" rows={q.recent.map((r) => [`${r.number}号`, timeOf(r.calledAt)])} />
      ) : (
        <p className="fk-muted">今日尚未开始叫号</p>
      )}
      <Link className="fk-button fk-button--block" to={playPath(q.queueId, q.name)}>
        打开叫号屏（语音播报）
      </Link>
    </div>
  );
}
