import { api } from '@patient/api-client';
import { listAccountCards } from '@patient/contract';
import { BadLink, RemoteState, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { Link, useParams } from 'react-router-dom';
import { isCode, yuanText } from '../format.ts';
import { accountPath } from '../paths.ts';
import '@patient/feature-kit/base.css';
import '../account.css';

/**
 * 关联就诊卡 (/account/cardList/:hospitalId/:origanizationCode/:patientName/:identityCard/:contactId): the cards
 * of the contact at the hospital the prepaid account pays with (type, number, 默认), the account they share.
 * The name and ID number in the address are masked; the list comes from the service by contactId.
 */
export default function CardListPage() {
  const { hospitalId, contactId } = useParams();
  const valid = isCode(hospitalId) && isCode(contactId);
  const cards = useRemote(
    valid
      ? (signal) => api.request(listAccountCards, { query: { hospitalId, contactId } }, { signal })
      : null,
    `${hospitalId}/${contactId}`,
  );
  if (!valid) return <BadLink page message="链接无效，请从预交金账户进入" to="/account" back="预交金账户" />;
  if (cards.data === null) {
    return (
      <div className="fk-page">
        <RemoteState
          remote={cards}
          loading="正在查询就诊卡..."
          failed="就诊卡加载失败"
          contactId={contactId}
          paddingTop={24}
        />
      </div>
    );
  }
  const { account, patientName, identityCard } = cards.data;
  return (
    <div className="fk-page">
      <dl className="fk-card fk-info" aria-label="账户人">
        <div>
          <dt>就诊人</dt>
          <dd>{patientName}</dd>
        </div>
        <div>
          <dt>证件号</dt>
          <dd>{identityCard}</dd>
        </div>
        <div>
          <dt>预交金账户</dt>
          <dd>
            {account?.status === 'OPEN'
              ? `${account.accountNo}（余额${yuanText(account.balance)}元）`
              : '未开通'}
          </dd>
        </div>
      </dl>
      {cards.data.cards.length === 0 ? (
        <EmptyState text="该就诊人在本院暂无就诊卡" paddingTop={24} />
      ) : (
        <ul className="fk-list" aria-label="就诊卡列表">
          {cards.data.cards.map((card) => (
            <li key={card.cardId} className="fk-card pa-row">
              <span className="pa-row__head">
                <span className="pa-row__title">{card.cardType}</span>
                {card.isDefault && (
                  <span className="fk-badge" data-tone="primary">
                    默认
                  </span>
                )}
              </span>
              <span className="pa-row__line">{card.cardNo}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="fk-muted">在本院使用以上任一就诊卡缴费时，均可从预交金账户扣费。</p>
      <Link className="fk-link" to={accountPath(contactId)}>
        返回预交金账户
      </Link>
    </div>
  );
}
