import { BadLink, NoHospital, RemotePage } from '@patient/feature-kit';
import { useEffect, useRef, useState } from 'react';
import { callSpeech } from '../format.ts';
import { NO_HOSPITAL_MESSAGE } from '../hospital.ts';
import { QUEUE_ROUTES } from '../paths.ts';
import { LiveNote } from '../views.tsx';
import { useQueueCall } from './useQueueCall.ts';
import '@patient/feature-kit/base.css';
import '../queue.css';

/** The browser's speech synthesis, when it has one. */
const speech = (): SpeechSynthesis | null =>
  typeof window !== 'undefined' &&
  'speechSynthesis' in window &&
  typeof SpeechSynthesisUtterance === 'function'
    ? window.speechSynthesis
    : null;

/** Says `text` in Mandarin (cancelling what was still being said). */
function say(text: string) {
  const synth = speech();
  if (!synth) return;
  synth.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = 'zh-CN';
  utterance.rate = 0.9;
  synth.speak(utterance);
}

/**
 * 叫号屏 (/realqueue/detailPlay/:id/:name): the queue's calling screen, live: the number being called in large
 * type, where to go, the next numbers. With 开启语音播报 (browsers speak only after a tap) each new call is
 * said aloud in Chinese, twice as the halls do, through the browser's speech synthesis where it exists.
 */
export default function CallingScreenPage() {
  const { hospitalId, queueId, call } = useQueueCall();
  const [voice, setVoice] = useState(false);
  const spoken = useRef<number | null>(null);
  const q = call.data;

  useEffect(() => {
    if (!q || q.calledNumber === null) return;
    if (voice && spoken.current !== q.calledNumber) {
      const text = callSpeech(q.calledNumber, q.location, q.kind);
      say(`${text}。${text}`);
    }
    spoken.current = q.calledNumber;
  }, [q, voice]);
  useEffect(() => () => speech()?.cancel(), []);

  if (!hospitalId) return <NoHospital text={NO_HOSPITAL_MESSAGE} />;
  if (!queueId) {
    return <BadLink page message="页面链接中的队列编号有误" to={QUEUE_ROUTES.queues} back="查看实时排队" />;
  }
  if (!q) {
    return <RemotePage remote={call} loading="正在连接叫号屏..." failed="叫号信息加载失败" />;
  }
  const canSpeak = speech() !== null;
  return (
    <div className="fk-page qu-screen">
      <section className="qu-now" aria-label="叫号" aria-live="assertive">
        <h2 className="qu-row__name">{q.name}</h2>
        <p className="qu-now__label">{q.calledNumber === null ? '尚未开始叫号' : '请以下号码'}</p>
        <p className="qu-now__number">{q.calledNumber === null ? '—' : `${q.calledNumber}号`}</p>
        <p className="qu-line">{q.calledNumber === null ? `叫号时间 ${q.hours}` : `请到 ${q.location}`}</p>
      </section>
      <LiveNote mode={call.mode} />
      <h2 className="fk-section-title">请以下号码做好准备</h2>
      {q.next.length > 0 ? (
        <ul className="qu-chips" aria-label="即将叫号">
          {q.next.map((n) => (
            <li key={n}>{n}号</li>
          ))}
        </ul>
      ) : (
        <p className="fk-muted">暂无等候</p>
      )}
      {canSpeak ? (
        <button
          type="button"
          className={`fk-button fk-button--block${voice ? '' : ' fk-button--primary'}`}
          aria-pressed={voice}
          onClick={() => {
            const on = !voice;
            setVoice(on);
            if (on && q.calledNumber !== null) say(callSpeech(q.calledNumber, q.location, q.kind));
            if (!on) speech()?.cancel();
          }}
        >
          {voice ? '关闭语音播报' : '开启语音播报'}
        </button>
      ) : (
        <p className="fk-muted">当前浏览器不支持语音播报，请留意屏幕上的号码</p>
      )}
    </div>
  );
}
