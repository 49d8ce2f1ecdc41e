import { api } from '@patient/api-client';
import { listHealthCards } from '@patient/contract';
import { RemoteState, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { maskName } from '@patient/validation';
import { Link } from 'react-router-dom';
import { maskCardNo } from '../format.ts';
import '@patient/feature-kit/base.css';
import '../reports.css';

/**
 * 电子健康卡查询报告 (/searchReportHealthCard, loads patients): the account's electronic health cards (holder
 * masked, number masked); one → its reports at every hospital over the last year.
 */
export default function HealthCardSearchPage() {
  const cards = useRemote((signal) => api.request(listHealthCards, {}, { signal }), 'cards');
  return (
    <div className="fk-page">
      {cards.data === null ? (
        <RemoteState
          remote={cards}
          loading="正在加载电子健康卡..."
          failed="电子健康卡加载失败"
          paddingTop={24}
        />
      ) : cards.data.length === 0 ? (
        <EmptyState text="暂无电子健康卡，领取后可用健康卡查询各院报告">
          <Link className="fk-button fk-button--primary fk-button--inline" to="/healthCardsList">
            领取电子健康卡
          </Link>
        </EmptyState>
      ) : (
        <ul className="fk-list" aria-label="电子健康卡">
          {cards.data.map((c) => (
            <li key={c.healthCardId}>
              <Link className="fk-card rp-row" to={`/checkHealthCardDetail/${encodeURIComponent(c.cardNo)}`}>
                <span className="rp-row__title">{maskName(c.patientName)}的电子健康卡</span>
                <span className="rp-row__line">{maskCardNo(c.cardNo)} · 查询近一年报告</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
