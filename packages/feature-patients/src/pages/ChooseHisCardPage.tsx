import { api } from '@patient/api-client';
import { useAppState } from '@patient/app-state';
import { addMedicalCard, findHisCards, findHisCardsByType, type HisCard } from '@patient/contract';
import { isHisIdentityRequired, LoadingView, useRemote } from '@patient/feature-kit';
import { EmptyState, toast, withLoading } from '@patient/ui-kit';
import { maskName } from '@patient/validation';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { CARD_TYPES, cardTypeLabel, isMedicalCardType } from '../cards/cardTypes.ts';
import { useBackToCardsList } from '../cards/navigation.ts';
import { addCardPath, CARD_SCOPE, chooseHisCardPath, useRouteParams } from '../cards/routeParams.ts';
import { useHospitalName } from '../cards/useHospitalName.ts';
import { BadLink, PersonSummary } from '../cards/views.tsx';
import { HisIdentityVerification } from '../contacts/HisIdentityVerification.tsx';
import '@patient/feature-kit/base.css';
import '../cards/cards.css';

const TABS = [{ type: 'all', label: '全部' }, ...CARD_TYPES];

/**
 * The cards the hospital's own system (HIS) holds for this person, of one type or all; bind one. The HIS
 * answers only for a proven contact: for one that is not (app state says so, or the service refuses with
 * subCode 40310) the screen shows the 验证身份 step first, then looks the cards up.
 */
export default function ChooseHisCardPage() {
  const parsed = useRouteParams({ type: 'text', ...CARD_SCOPE });
  const typeOk = parsed.ok && (parsed.values.type === 'all' || isMedicalCardType(parsed.values.type));
  const scope = parsed.ok && typeOk ? parsed.values : null;
  const navigate = useNavigate();
  const location = useLocation();
  const hospitalName = useHospitalName(scope?.hospitalId ?? null);
  const backToList = useBackToCardsList(scope);
  const [binding, setBinding] = useState<string | null>(null);
  const known = useAppState((s) => s.contacts.find((c) => c.contactId === scope?.contactId));
  const [provenHere, setProvenHere] = useState(false);
  // Known not to be proven: no look-up that is bound to be refused.
  const unproven = known !== undefined && !known.contactDO.hisVerified && !provenHere;
  const found = useRemote(
    scope && !unproven
      ? (signal: AbortSignal) => {
          const person = {
            hospitalId: scope.hospitalId,
            identityCard: scope.identityCard,
            patientName: scope.patientName,
          };
          return isMedicalCardType(scope.type)
            ? api.request(findHisCardsByType, { params: { ...person, type: scope.type } }, { signal })
            : api.request(findHisCards, { params: person }, { signal });
        }
      : null,
    scope ? [scope.type, scope.contactId, scope.hospitalId].join('/') : '',
  );

  if (!parsed.ok) return <BadLink message={parsed.message} />;
  if (!scope) return <BadLink message="不支持的卡类型，请返回后重新选择" />;

  const onBind = async (card: HisCard) => {
    if (binding) return;
    setBinding(card.medicalCardNo);
    try {
      await withLoading(
        () =>
          api.request(addMedicalCard, {
            body: {
              contactId: scope.contactId,
              hospitalId: scope.hospitalId,
              medicalCardNo: card.medicalCardNo,
              type: card.type,
            },
          }),
        '绑定中...',
      );
      void toast('绑定成功');
      found.reload();
    } catch {
      // api-client has shown why
    } finally {
      setBinding(null);
    }
  };

  const typeText = scope.type === 'all' ? '卡' : cardTypeLabel(scope.type);
  let body: ReactNode;
  if (unproven || isHisIdentityRequired(found.error)) {
    body = (
      <HisIdentityVerification
        contactId={scope.contactId}
        name={scope.patientName}
        faceAllowed={known?.contactDO.documentType === 'IDENTITY_CARD'}
        onVerified={() => (unproven ? setProvenHere(true) : found.reload())}
      />
    );
  } else if (found.data === null) {
    body = (
      <LoadingView
        failed={found.status === 'error'}
        error={found.error}
        onRetry={found.reload}
        loading="正在查询医院系统..."
        text="查询失败"
      />
    );
  } else if (found.data.length === 0) {
    body = (
      <EmptyState text={`未在${hospitalName ?? '本院'}查询到该就诊人的${typeText}`} paddingTop={24}>
        <Link to={addCardPath(scope)} className="fk-button fk-button--primary fk-button--inline" replace>
          按卡号添加或在线建档
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <ul className="mc-cards" aria-label="医院系统中的卡">
        {found.data.map((card) => (
          <li key={`${card.type}:${card.medicalCardNo}`} className="mc-mcard mc-hiscard">
            <div className="mc-hiscard__text">
              <span className="mc-mcard__type">{cardTypeLabel(card.type)}</span>
              <span className="mc-mcard__number">{card.medicalCardNo}</span>
              <span className="mc-mcard__more">{maskName(card.patientName)}</span>
            </div>
            {card.bound ? (
              <span className="fk-badge fk-badge--muted">已绑定</span>
            ) : (
              <button
                type="button"
                className="fk-button fk-button--primary fk-button--small"
                onClick={() => onBind(card)}
                disabled={binding !== null}
              >
                {binding === card.medicalCardNo ? '绑定中...' : '绑定'}
                <span className="fk-visually-hidden">
                  {cardTypeLabel(card.type)} {card.medicalCardNo}
                </span>
              </button>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="fk-page">
      <PersonSummary name={scope.patientName} identityCard={scope.identityCard} hospitalName={hospitalName} />
      <nav className="fk-tabs" aria-label="卡类型">
        {TABS.map((tab) => (
          <button
            key={tab.type}
            type="button"
            className="fk-tab"
            aria-current={tab.type === scope.type ? 'page' : undefined}
            onClick={() =>
              navigate(chooseHisCardPath(tab.type, scope), { replace: true, state: location.state })
            }
          >
            {tab.label}
          </button>
        ))}
      </nav>
      {body}
      <div className="mc-actions">
        <button type="button" className="fk-button fk-button--block" onClick={backToList}>
          返回就诊卡列表
        </button>
      </div>
    </div>
  );
}
