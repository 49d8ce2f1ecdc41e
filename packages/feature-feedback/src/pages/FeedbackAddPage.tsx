import { api, isCancelled } from '@patient/api-client';
import { useAppState } from '@patient/app-state';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_KINDS,
  FEEDBACK_MAX_CHARS,
  FEEDBACK_MIN_CHARS,
  type FeedbackItem,
  listFeedbacks,
  submitFeedback,
} from '@patient/contract';
import { ChoiceGroup, NoHospital, RemoteState, StatusBadge, useRemote } from '@patient/feature-kit';
import { toast } from '@patient/ui-kit';
import { validatePhone } from '@patient/validation';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useHospitalId } from '../hospital.ts';
import { PhotoPicker, useMaxPhotos } from '../photos.tsx';
import { dateTime } from '../task.tsx';
import '@patient/feature-kit/base.css';
import '../feedback.css';

type Kind = keyof typeof FEEDBACK_KINDS;
type Category = (typeof FEEDBACK_CATEGORIES)[number];

const paragraphs = (text: string) =>
  text
    .split(/\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');

/** A feedback in my list: kind, category, the start of the text, when, replied or not. */
function FeedbackRow({ item }: { item: FeedbackItem }) {
  return (
    <Link className="fk-row" to={`/feedback/detail/${item.feedBackId}`}>
      <span className="fk-row__head">
        <span>
          {FEEDBACK_KINDS[item.kind]} · {item.category}
        </span>
        <StatusBadge
          info={
            item.status === 'REPLIED'
              ? { label: '已回复', hint: '', tone: 'success' }
              : { label: '处理中', hint: '', tone: 'warning' }
          }
        />
      </span>
      <span className="fk-muted">{item.content.join(' ').slice(0, 40)}</span>
      <span className="fk-muted">{dateTime(item.createdAt)}</span>
    </Link>
  );
}

/**
 * 投诉与建议 (/feedback/add): the kind (投诉, 建议, 表扬), a category, the text (10 to 500 characters, with a
 * counter; line breaks kept as paragraphs), up to the hospital's number of photos (getFeedbackConfig), and a phone to be called back on; 提交 → the feedback's detail.
 * Below: 我的反馈, each with its state (处理中, 已回复) → detail.
 */
export default function FeedbackAddPage() {
  const navigate = useNavigate();
  const hospitalId = useHospitalId();
  const contacts = useAppState((s) => s.contacts);
  const [kind, setKind] = useState<Kind>('COMPLAINT');
  const [category, setCategory] = useState<Category | null>(null);
  const [text, setText] = useState('');
  const [phone, setPhone] = useState(
    () => contacts.find((c) => c.contactDO.isDefault)?.contactDO.phone ?? '',
  );
  const [photos, setPhotos] = useState<string[]>([]);
  const maxPhotos = useMaxPhotos(hospitalId);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mine = useRemote(
    hospitalId ? (signal) => api.request(listFeedbacks, { query: { hospitalId } }, { signal }) : null,
    hospitalId ?? '',
  );
  if (!hospitalId) return <NoHospital />;
  const length = paragraphs(text).join('').length;

  const submit = async () => {
    const phoneCheck = validatePhone(phone.trim());
    const why = !category
      ? '请选择问题类别'
      : length < FEEDBACK_MIN_CHARS
        ? `请至少填写${FEEDBACK_MIN_CHARS}个字，描述清楚问题`
        : length > FEEDBACK_MAX_CHARS
          ? `内容不能超过${FEEDBACK_MAX_CHARS}字`
          : phoneCheck.valid
            ? null
            : phoneCheck.message;
    setProblem(why);
    if (why || !category) return;
    setBusy(true);
    try {
      const sent = await api.request(submitFeedback, {
        body: {
          hospitalId,
          kind,
          category,
          content: paragraphs(text),
          phone: phone.trim(),
          ...(photos.length > 0 ? { photos } : {}),
        },
      });
      void toast('提交成功，我们会尽快处理');
      navigate(`/feedback/detail/${sent.feedBackId}`);
    } catch (error) {
      if (!isCancelled(error)) setBusy(false);
    }
  };

  let list: ReactNode;
  if (mine.data === null) {
    list = <RemoteState remote={mine} failed="我的反馈加载失败" paddingTop={16} />;
  } else if (mine.data.length === 0) {
    list = <p className="fk-muted">暂无反馈记录</p>;
  } else {
    list = (
      <ul className="fk-list" aria-label="我的反馈">
        {mine.data.map((item) => (
          <li key={item.feedBackId}>
            <FeedbackRow item={item} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="fk-page">
      <div className="fk-card">
        <ChoiceGroup
          label="反馈类型"
          name="kind"
          row
          value={kind}
          onChange={(v) => setKind(v as Kind)}
          options={(Object.keys(FEEDBACK_KINDS) as Kind[]).map((k) => ({
            value: k,
            text: FEEDBACK_KINDS[k],
          }))}
        />
      </div>
      <h2 className="fk-section-title">问题类别</h2>
      <div className="fk-card">
        <ChoiceGroup
          label="问题类别"
          name="category"
          grid
          small
          value={category}
          onChange={(v) => setCategory(v as Category)}
          options={FEEDBACK_CATEGORIES.map((c) => ({ value: c, text: c }))}
        />
      </div>
      <label className="fb-label" htmlFor="feedback-text">
        具体内容
      </label>
      <textarea
        id="feedback-text"
        className="fb-textarea"
        placeholder="请描述时间、地点、经过，便于我们核实处理（至少10字）"
        maxLength={FEEDBACK_MAX_CHARS + 40}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <p className="fb-counter" aria-live="polite">
        {length}/{FEEDBACK_MAX_CHARS}
      </p>
      {maxPhotos !== null && <PhotoPicker max={maxPhotos} fileIds={photos} onChange={setPhotos} />}
      <label className="fb-label" htmlFor="feedback-phone">
        联系电话
      </label>
      <input
        id="feedback-phone"
        className="fb-input"
        type="tel"
        inputMode="numeric"
        maxLength={11}
        placeholder="用于回访，仅医院客服可见"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
      />
      {problem && (
        <p className="fb-error" role="alert">
          {problem}
        </p>
      )}
      <p className="fk-muted">我们将在3个工作日内处理并回复；紧急情况请直接拨打医院电话。</p>
      <button
        type="button"
        className="fk-button fk-button--primary fk-button--block"
        disabled={busy}
        onClick={submit}
      >
        {busy ? '正在提交…' : '提交'}
      </button>
      <h2 className="fk-section-title">我的反馈</h2>
      {list}
    </div>
  );
}
