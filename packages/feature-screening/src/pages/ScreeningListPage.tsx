import { api } from '@patient/api-client';
import { useAppState } from '@patient/app-state';
import { listScreeningStreets, type ScreeningStreet } from '@patient/contract';
import { NoHospital, RemoteState, StatusBadge, useHospitalId, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { maskName } from '@patient/validation';
import { Link } from 'react-router-dom';
import { answerListPath } from '../params.ts';
import '@patient/feature-kit/base.css';
import '../screening.css';

function StreetRow({ street }: { street: ScreeningStreet }) {
  const open = street.status === 'OPEN';
  return (
    <Link className="fk-row" to={`/streetList/${street.streetId}`}>
      <span className="sc-row__head">
        <span>{street.title}</span>
        <StatusBadge
          info={
            open
              ? { label: '进行中', hint: '', tone: 'success' }
              : { label: '已结束', hint: '', tone: 'muted' }
          }
        />
      </span>
      <span className="fk-muted">
        {street.name} · {street.communities.length}个社区
      </span>
      <span className="fk-muted">
        {street.startDate} 至 {street.endDate}
      </span>
    </Link>
  );
}

/**
 * 社区健康筛查 (/screeningList): the hospital's campaigns, one per street, open ones first (title, street, how
 * many communities, dates, 进行中/已结束) → /streetList/:streetId. Below, for a logged-in account, 我的筛查记录:
 * one chip per contact with a resident ID → that person's past screenings.
 */
export default function ScreeningListPage() {
  const hospitalId = useHospitalId();
  const contacts = useAppState((s) => s.contacts).filter((c) => c.contactDO.documentType === 'IDENTITY_CARD');
  const streets = useRemote(
    hospitalId ? (signal) => api.request(listScreeningStreets, { query: { hospitalId } }, { signal }) : null,
    hospitalId ?? '',
  );
  if (!hospitalId) return <NoHospital />;
  let list: React.ReactNode;
  if (streets.data === null) {
    list = <RemoteState remote={streets} loading="正在加载筛查活动..." failed="筛查活动加载失败" />;
  } else if (streets.data.length === 0) {
    list = <EmptyState text="暂无社区健康筛查活动" />;
  } else {
    list = (
      <ul className="fk-list" aria-label="筛查活动">
        {streets.data.map((s) => (
          <li key={s.streetId}>
            <StreetRow street={s} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="fk-page">
      <p className="fk-notice">免费为辖区居民筛查高血压、糖尿病和心脑血管疾病风险。请选择您居住的街道。</p>
      {list}
      {contacts.length > 0 && (
        <>
          <h2 className="fk-section-title">我的筛查记录</h2>
          <ul className="fk-list" aria-label="查看筛查记录">
            {contacts.map((c) => (
              <li key={c.contactId}>
                <Link className="fk-row" to={answerListPath(c.contactDO.documentNumber, c.contactDO.name)}>
                  <span className="sc-row__head">
                    <span>{maskName(c.contactDO.name)}的筛查记录</span>
                    <span aria-hidden="true">›</span>
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
