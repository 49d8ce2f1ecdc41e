import { api } from '@patient/api-client';
import { listVisitFollowUps } from '@patient/contract';
import { BadLink, RemoteState, StatusBadge, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { chinaDateTime, FOLLOW_UP_KIND, FOLLOW_UP_STATUS, followUpDetailPath, isCode } from '../format.ts';
import '@patient/feature-kit/base.css';
import '../reports.css';

/**
 * 随访列表 (/patientRecord/followUpList/:patientId/:recordId/:otherId?contactId=): the follow-ups the hospital
 * gave after the visit recordId at the hospital otherId — questionnaires, surveys, articles, the return-visit
 * reminder — pending first, each with its status; a task opens its questionnaire (answered once).
 */
export default function FollowUpListPage() {
  const { recordId, otherId } = useParams();
  const [query] = useSearchParams();
  const contactId = query.get('contactId');
  const valid = isCode(otherId) && isCode(contactId) && isCode(recordId);
  const list = useRemote(
    valid
      ? (signal) =>
          api.request(
            listVisitFollowUps,
            { params: { hospitalId: otherId }, body: { contactId, visitNo: recordId } },
            { signal },
          )
      : null,
    `${otherId}/${contactId}/${recordId}`,
  );
  if (!valid)
    return <BadLink page message="链接无效，请从就诊记录重新进入" to="/patientRecord" back="查看健康档案" />;
  return (
    <div className="fk-page">
      {list.data === null ? (
        <RemoteState
          remote={list}
          loading="正在加载随访..."
          failed="随访加载失败"
          contactId={contactId ?? undefined}
          paddingTop={24}
        />
      ) : list.data.length === 0 ? (
        <EmptyState text="本次就诊暂无随访任务" />
      ) : (
        <>
          <p className="fk-muted">医院在就诊后安排的随访与问卷，请按实际情况填写，每项只需完成一次。</p>
          <ul className="fk-list" aria-label="本次就诊的随访">
            {list.data.map((t) => (
              <li key={t.taskId}>
                <Link className="fk-card rp-row" to={followUpDetailPath(t)}>
                  <span className="rp-row__head">
                    <span className="rp-row__title">
                      <span className="fk-badge" data-tone="muted">
                        {FOLLOW_UP_KIND[t.kind]}
                      </span>
                      {t.title}
                    </span>
                    <StatusBadge info={FOLLOW_UP_STATUS[t.status]} />
                  </span>
                  <span className="rp-row__line">{t.department}</span>
                  <span className="rp-row__line">
                    {t.status === 'DONE' && t.doneAt ? `已于 ${chinaDateTime(t.doneAt)} 提交` : '待填写'}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
