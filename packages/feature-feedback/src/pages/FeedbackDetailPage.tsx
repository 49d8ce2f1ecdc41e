import { api } from '@patient/api-client';
import { FEEDBACK_KINDS, getFeedback } from '@patient/contract';
import { BadLink, InfoList, RemotePage, StatusBanner, useRemote } from '@patient/feature-kit';
import { maskPhone } from '@patient/validation';
import { useIds } from '../params.ts';
import { PhotoGallery } from '../photos.tsx';
import { dateTime } from '../task.tsx';
import '@patient/feature-kit/base.css';
import '../feedback.css';

/** 反馈详情 (/feedback/detail/:feedBackId): what was sent (phone masked), its state, and the hospital's reply. */
export default function FeedbackDetailPage() {
  const ids = useIds('feedBackId');
  const remote = useRemote(
    ids ? (signal) => api.request(getFeedback, { params: ids }, { signal }) : null,
    ids?.feedBackId ?? '',
  );
  if (!ids) return <BadLink page message="链接无效" to="/feedback/add" back="查看我的反馈" />;
  const item = remote.data;
  if (!item) {
    return <RemotePage remote={remote} failed="反馈详情加载失败" notFound="未找到该反馈记录" />;
  }
  return (
    <div className="fk-page">
      <StatusBanner
        label="处理状态"
        info={
          item.status === 'REPLIED'
            ? { label: '已回复', hint: '医院已回复，如仍有疑问可再次反馈或拨打医院电话', tone: 'success' }
            : { label: '处理中', hint: '我们将在3个工作日内处理并回复', tone: 'warning' }
        }
      />
      <InfoList
        label="反馈信息"
        rows={[
          ['类型', FEEDBACK_KINDS[item.kind]],
          ['类别', item.category],
          ['提交时间', dateTime(item.createdAt)],
          ['联系电话', maskPhone(item.phone)],
        ]}
      />
      <section className="fk-card fb-text" aria-label="反馈内容">
        <h2 className="fk-section-title">反馈内容</h2>
        {item.content.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </section>
      <PhotoGallery fileIds={item.photos} />
      {item.reply && (
        <section className="fb-reply fb-text" aria-label="医院回复">
          <h2 className="fk-section-title">
            {item.reply.by}回复 · {dateTime(item.reply.repliedAt)}
          </h2>
          {item.reply.text.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      )}
    </div>
  );
}
