import type { HealthCard } from '@patient/contract';
import { LoadingView } from '@patient/feature-kit';
import { useNavigate } from 'react-router-dom';
import { ContactCard } from '../contacts/ContactCard.tsx';
import { NoContacts } from '../contacts/NoContacts.tsx';
import { addHealthCardPath } from '../contacts/paths.ts';
import { HealthCardBanner, HealthCardGate } from '../health-card/HealthCardGate.tsx';
import { healthCardUnavailable, maskCardNo, selectHealthCard } from '../health-card/healthCard.ts';
import { useHealthCards } from '../health-card/useHealthCards.ts';
import '@patient/feature-kit/base.css';
import '../contacts/contacts.css';
import '../health-card/health-card.css';

/** 电子健康卡 (/healthCardsList): the account's cards, and the contacts that can still apply for one. */
export default function HealthCardsListPage() {
  return <HealthCardGate>{() => <HealthCards />}</HealthCardGate>;
}

function HealthCards() {
  const navigate = useNavigate();
  const data = useHealthCards();

  if (data.state !== 'ready') {
    return (
      <div className="fk-page">
        <LoadingView
          failed={data.state === 'error'}
          error={data.error}
          onRetry={data.retry}
          loading="正在加载电子健康卡..."
          text="电子健康卡加载失败"
        />
      </div>
    );
  }

  const { contacts } = data;
  const order = new Map(contacts.map((c, i) => [c.contactId, i]));
  const cards = [...data.cards].sort(
    (a, b) => (order.get(a.contactId) ?? contacts.length) - (order.get(b.contactId) ?? contacts.length),
  );
  const withoutCard = contacts.filter((c) => !cards.some((card) => card.contactId === c.contactId));

  const open = (card: HealthCard) => {
    selectHealthCard(card);
    navigate('/healthCardDetail');
  };

  if (contacts.length === 0 && cards.length === 0) {
    return (
      <div className="fk-page">
        <HealthCardBanner />
        <NoContacts text="添加就诊人后即可申领电子健康卡" paddingTop={40} />
      </div>
    );
  }

  return (
    <div className="fk-page">
      <HealthCardBanner />
      <h2 className="fk-section-title">我的电子健康卡</h2>
      {cards.length === 0 ? (
        <p className="hc-empty-line">暂无电子健康卡，为下方就诊人申领吧</p>
      ) : (
        <ul className="fk-list" aria-label="我的电子健康卡">
          {cards.map((card) => (
            <li key={card.healthCardId}>
              <button type="button" className="hc-item" onClick={() => open(card)}>
                <span className="hc-item__icon" aria-hidden="true">
                  卡
                </span>
                <span className="hc-item__body">
                  <span className="hc-item__name">{card.patientName}</span>
                  <span className="hc-item__number">{maskCardNo(card.cardNo)}</span>
                </span>
                {card.cardPackageOrderId && <span className="fk-badge fk-badge--success">已加入卡包</span>}
                <span className="hc-item__arrow" aria-hidden="true">
                  ›
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {withoutCard.length > 0 && (
        <>
          <h2 className="fk-section-title">未申领的就诊人</h2>
          <ul className="fk-list" aria-label="未申领的就诊人">
            {withoutCard.map((contact) => {
              const reason = healthCardUnavailable(contact, cards);
              return (
                <li key={contact.contactId}>
                  <ContactCard contact={contact} unavailable={reason}>
                    <button
                      type="button"
                      className="fk-text-button"
                      disabled={reason !== null}
                      aria-label={`为${contact.contactDO.name}申领电子健康卡`}
                      onClick={() => navigate(addHealthCardPath(contact.contactId))}
                    >
                      申领
                    </button>
                  </ContactCard>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
