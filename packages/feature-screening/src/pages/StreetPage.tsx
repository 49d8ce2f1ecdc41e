import { api } from '@patient/api-client';
import { getScreeningStreet } from '@patient/contract';
import { BadLink, InfoList, RemotePage, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { Link, useParams } from 'react-router-dom';
import { isRecordId, personalFormPath } from '../params.ts';
import '@patient/feature-kit/base.css';
import '../screening.css';

/**
 * 选择社区 (/streetList/:streetId): the campaign (title, who it is for, where and when) and the street's
 * communities → /personalInfoForm/:communityId/:communityName. An ended campaign says so and offers none. A
 * malformed or unknown street: a message, nothing else.
 */
export default function StreetPage() {
  const { streetId } = useParams();
  const valid = isRecordId(streetId);
  const street = useRemote(
    valid ? (signal) => api.request(getScreeningStreet, { query: { streetId } }, { signal }) : null,
    streetId ?? '',
  );
  if (!valid)
    return <BadLink page message="链接无效：没有这个街道" to="/screeningList" back="查看筛查活动" />;
  if (street.status === 'error' || street.data === null) {
    return (
      <RemotePage
        remote={street}
        failed="筛查活动加载失败"
        notFound={<BadLink message="未找到该街道的筛查活动" to="/screeningList" back="查看筛查活动" />}
      />
    );
  }
  const s = street.data;
  return (
    <div className="fk-page">
      <section className="fk-card sc-text" aria-label="筛查活动">
        <h2 className="sc-subtitle">{s.title}</h2>
        {s.intro.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </section>
      <InfoList
        label="时间地点"
        rows={[
          ['街道', s.name],
          ['筛查时间', `${s.startDate} 至 ${s.endDate}`],
          ['现场测量', s.place],
        ]}
      />
      <h2 className="fk-section-title">选择您居住的社区</h2>
      {s.status === 'ENDED' ? (
        <EmptyState text="本次筛查已结束，请关注社区的下一次筛查" paddingTop={16} />
      ) : (
        <ul className="fk-list" aria-label="社区">
          {s.communities.map((c) => (
            <li key={c.communityId}>
              <Link className="fk-row" to={personalFormPath(c.communityId, c.name)}>
                <span className="sc-row__head">
                  <span>{c.name}</span>
                  <span aria-hidden="true">›</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
