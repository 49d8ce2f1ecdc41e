import { api } from '@patient/api-client';
import { listMedicalCards, type MedicalCard } from '@patient/contract';
import { LoadingView, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { makeDefaultCard, removeCard } from '../cards/cardActions.ts';
import { cardTypeLabel } from '../cards/cardTypes.ts';
import { FROM_CARDS_LIST } from '../cards/navigation.ts';
import {
  addCardPath,
  CARD_SCOPE,
  cardDetailPath,
  chooseHisCardPath,
  useRouteParams,
} from '../cards/routeParams.ts';
import { useHospitalName } from '../cards/useHospitalName.ts';
import { BadLink, PersonSummary } from '../cards/views.tsx';
import '@patient/feature-kit/base.css';
import '../cards/cards.css';

/** Default card first, then the service's order. */
export function orderCards(cards: readonly MedicalCard[]): MedicalCard[] {
  return [...cards].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}

/** A contact's medical cards at one hospital: default first; set default, unbind, open, add, look up. */
export default function CardsListPage() {
  const parsed = useRouteParams(CARD_SCOPE);
  const scope = parsed.ok ? parsed.values : null;
  const navigate = useNavigate();
  const hospitalName = useHospitalName(scope?.hospitalId ?? null);
  const cards = useRemote(
    scope &&
      ((signal) =>
        api
          .request(
            listMedicalCards,
            { params: { contactId: scope.contactId }, query: { hospitalId: scope.hospitalId } },
            { signal },
          )
          .then(orderCards)),
    scope ? `${scope.contactId}/${scope.hospitalId}` : '',
  );

  if (!parsed.ok) return <BadLink message={parsed.message} />;
  const { values } = parsed;

  const onSetDefault = async (card: MedicalCard) => {
    if (await makeDefaultCard(card)) cards.reload();
  };
  const onRemove = async (card: MedicalCard) => {
    if (await removeCard(card)) cards.reload();
  };

  let body: ReactNode;
  if (cards.data === null) {
    body = (
      <LoadingView
        failed={cards.status === 'error'}
        error={cards.error}
        onRetry={cards.reload}
        loading="正在加载就诊卡..."
        text="就诊卡加载失败"
      />
    );
  } else if (cards.data.length === 0) {
    body = <EmptyState text="还没有绑定就诊卡，可添加已有的卡或查询医院为您办理的卡" paddingTop={24} />;
  } else {
    body = (
      <ul className="mc-cards" aria-label="就诊卡列表">
        {cards.data.map((card) => (
          <li key={card.cardId} className="mc-mcard" data-default={card.isDefault || undefined}>
            <button
              type="button"
              className="mc-mcard__main"
              onClick={() => navigate(cardDetailPath(card.cardId), { state: { card, ...FROM_CARDS_LIST } })}
            >
              {/* The name is what it shows: '就诊卡 默认 0001 查看二维码'. */}
              <span className="mc-mcard__type">
                {cardTypeLabel(card.type)}
                {card.isDefault && (
                  <>
                    {' '}
                    <span className="fk-badge fk-badge--primary">默认</span>
                  </>
                )}
              </span>{' '}
              <span className="mc-mcard__number">{card.medicalCardNo}</span>{' '}
              <span className="mc-mcard__more">
                查看二维码<span aria-hidden="true"> ›</span>
              </span>
            </button>
            <div className="mc-mcard__actions">
              {!card.isDefault && (
                <button type="button" className="fk-text-button" onClick={() => onSetDefault(card)}>
                  设为默认
                </button>
              )}
              <button
                type="button"
                className="fk-text-button fk-text-button--danger"
                onClick={() => onRemove(card)}
              >
                解绑
              </button>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="fk-page">
      <PersonSummary
        name={values.patientName}
        identityCard={values.identityCard}
        hospitalName={hospitalName}
      />
      <h2 className="fk-section-title">
        已绑定的卡{cards.data && cards.data.length > 0 ? `（${cards.data.length}）` : ''}
      </h2>
      {body}
      <div className="mc-actions">
        <button
          type="button"
          className="fk-button fk-button--primary fk-button--block"
          onClick={() => navigate(addCardPath(values), { state: FROM_CARDS_LIST })}
        >
          添加就诊卡
        </button>
        <button
          type="button"
          className="fk-button fk-button--block"
          onClick={() => navigate(chooseHisCardPath('all', values), { state: FROM_CARDS_LIST })}
        >
          查询医院为我办理的卡
        </button>
      </div>
    </div>
  );
}
