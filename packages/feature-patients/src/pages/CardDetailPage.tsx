import { errorText, LoadingView, useRemote } from '@patient/feature-kit';
import { Barcode, QrCode } from '@patient/ui-kit';
import { maskIdCard, maskName } from '@patient/validation';
import { useLocation } from 'react-router-dom';
import { makeDefaultCard, removeCard } from '../cards/cardActions.ts';
import { cardTypeLabel } from '../cards/cardTypes.ts';
import { cardFromState, findCard } from '../cards/findCard.ts';
import { useBackToCardsList } from '../cards/navigation.ts';
import { useRouteParams } from '../cards/routeParams.ts';
import { useHospitalName } from '../cards/useHospitalName.ts';
import { BadLink } from '../cards/views.tsx';
import '@patient/feature-kit/base.css';
import '../cards/cards.css';

/**
 * One medical card as a QR code and a CODE128 barcode of its number, for the hospital's scanners. The card
 * from the list (navigation state) paints at once; it is then confirmed against the account's cards.
 */
export default function CardDetailPage() {
  const parsed = useRouteParams({ cardId: 'id' });
  const cardId = parsed.ok ? parsed.values.cardId : null;
  const location = useLocation();
  const hint = cardId === null ? null : cardFromState(location.state, cardId);
  const remote = useRemote(cardId === null ? null : (signal) => findCard(cardId, hint, signal), cardId ?? '');
  const confirmed = remote.status === 'ready' || remote.data !== null;
  const card = confirmed ? remote.data : hint;
  const hospitalName = useHospitalName(card?.hospitalId ?? null);
  const backToList = useBackToCardsList(card);

  if (!parsed.ok) return <BadLink message={parsed.message} />;
  if (!card) {
    if (!confirmed) {
      return (
        <LoadingView
          failed={remote.status === 'error'}
          error={remote.error}
          onRetry={remote.reload}
          loading="正在加载就诊卡..."
          text="就诊卡加载失败"
        />
      );
    }
    return <BadLink message="未找到该就诊卡，可能已经解绑" />;
  }

  const onSetDefault = async () => {
    if (await makeDefaultCard(card)) remote.reload();
  };
  const onRemove = async () => {
    if (await removeCard(card)) backToList();
  };

  return (
    <div className="fk-page">
      {remote.status === 'error' && (
        <p className="mc-notice" role="alert">
          {errorText(remote.error, '就诊卡信息未能更新')}
          <button type="button" className="fk-text-button" onClick={remote.reload}>
            重试
          </button>
        </p>
      )}
      <section className="fk-card mc-code-card" aria-label="就诊卡">
        <header className="mc-code-card__header">
          <span className="mc-code-card__hospital">{hospitalName ?? '就诊卡'}</span>
          <span className="mc-code-card__type">
            {cardTypeLabel(card.type)}
            {card.isDefault && <span className="fk-badge fk-badge--primary">默认</span>}
          </span>
        </header>
        <p className="mc-code-card__name">{maskName(card.patientName)}</p>
        <QrCode value={card.medicalCardNo} size={188} label="就诊卡二维码" />
        <Barcode value={card.medicalCardNo} height={56} label="就诊卡条形码" />
        <p className="mc-code-card__hint">出示给医院工作人员扫码</p>
        <p className="mc-code-card__subhint">扫码不成功时，请调高屏幕亮度</p>
      </section>

      <dl className="fk-card mc-info">
        <div>
          <dt>就诊人</dt>
          <dd>{maskName(card.patientName)}</dd>
        </div>
        <div>
          <dt>证件号码</dt>
          <dd>{maskIdCard(card.identityCard)}</dd>
        </div>
        <div>
          <dt>卡类型</dt>
          <dd>{cardTypeLabel(card.type)}</dd>
        </div>
        <div>
          <dt>医院</dt>
          <dd>{hospitalName ?? `医院编号 ${card.hospitalId}`}</dd>
        </div>
      </dl>

      <div className="mc-actions">
        {!card.isDefault && (
          <button
            type="button"
            className="fk-button fk-button--primary fk-button--block"
            onClick={onSetDefault}
            disabled={!confirmed}
          >
            设为默认卡
          </button>
        )}
        <button
          type="button"
          className="fk-button fk-button--danger fk-button--block"
          onClick={onRemove}
          disabled={!confirmed}
        >
          解绑此卡
        </button>
      </div>
    </div>
  );
}
