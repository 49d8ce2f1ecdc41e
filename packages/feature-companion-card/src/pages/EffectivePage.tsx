import { api } from '@patient/api-client';
import { type CompanionCard, getCompanionPass, listCompanionCards } from '@patient/contract';
import { ChoiceGroup, NoHospital, RemoteState, useRemote } from '@patient/feature-kit';
import { EmptyState, QrCode } from '@patient/ui-kit';
import { maskName } from '@patient/validation';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { relationName, useHospitalId } from '../format.ts';
import { APPLY_PATH, detailPath, isId } from '../paths.ts';
import '@patient/feature-kit/base.css';
import '../companion.css';

/**
 * The card's QR code: a signed token the service makes anew every 30 seconds (a screenshot soon stops opening
 * the door). Asks for the next one when told to, and counts down to it.
 */
function Pass({ card }: { card: CompanionCard }) {
  const pass = useRemote(
    (signal) => api.request(getCompanionPass, { query: { cardId: card.cardId } }, { signal }),
    card.cardId,
  );
  const [left, setLeft] = useState<number | null>(null);
  const data = pass.data;
  const reload = pass.reload;
  useEffect(() => {
    if (!data) return;
    let seconds = data.refreshInSeconds;
    setLeft(seconds);
    const timer = setInterval(() => {
      seconds -= 1;
      setLeft(seconds);
      if (seconds <= 0) {
        clearInterval(timer);
        reload();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [data, reload]);

  if (data === null || pass.status === 'error') {
    // A card cancelled or expired meanwhile: its old code must not stay on screen.
    return <RemoteState remote={pass} loading="正在生成二维码..." failed="二维码加载失败" paddingTop={16} />;
  }
  return (
    <section className="fk-card cc-pass" aria-label="陪护证二维码">
      <p className="cc-pass__who">
        陪护人 {maskName(card.companion.name)}（{relationName(card.companion.relation)}）
      </p>
      <QrCode value={data.token} size={220} label="陪护证二维码，进出病区时出示" />
      <p className="fk-muted" aria-live="off">
        {left !== null && left > 0 ? `${left}秒后自动更新` : '正在更新…'}，截图无效
      </p>
      <p className="cc-pass__where">
        {maskName(card.patientName)} · {card.department} · {card.ward} {card.bed}
      </p>
      <Link className="fk-text-button" to={detailPath(card.cardId)}>
        查看详情
      </Link>
    </section>
  );
}

/**
 * 陪护证二维码 (/patientCareCard/effective): the effective cards of the account; with several, a chooser
 * (`?cardId=` picks one); the chosen card's rotating QR code for the ward door. None: the way to apply.
 */
export default function EffectivePage() {
  const hospitalId = useHospitalId();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('cardId');
  const cards = useRemote(
    hospitalId
      ? (signal) =>
          api.request(
            listCompanionCards,
            { body: { hospitalId, statuses: ['EFFECTIVE'], pageNum: 1, pageSize: 20 } },
            { signal },
          )
      : null,
    hospitalId ?? '',
  );
  if (!hospitalId) return <NoHospital />;
  if (cards.data === null) {
    return <RemoteState remote={cards} failed="陪护证加载失败" />;
  }
  const list = cards.data.list;
  if (list.length === 0) {
    return (
      <div className="fk-page">
        <EmptyState text="暂无生效的陪护证">
          <p className="fk-muted">申请通过病区审核后，可在这里出示陪护证二维码</p>
          <Link className="fk-button fk-button--primary fk-button--inline" to={APPLY_PATH}>
            申请陪护证
          </Link>
        </EmptyState>
      </div>
    );
  }
  const chosen = list.find((c) => isId(asked) && c.cardId === asked) ?? list[0];
  return (
    <div className="fk-page">
      {list.length > 1 && (
        <div className="fk-card">
          <ChoiceGroup
            label="选择陪护证"
            name="card"
            value={chosen.cardId}
            onChange={(cardId) => setSearch({ cardId }, { replace: true })}
            options={list.map((c) => ({
              value: c.cardId,
              text: `${maskName(c.patientName)} · ${c.ward}`,
              meta: `陪护人 ${maskName(c.companion.name)}`,
            }))}
          />
        </div>
      )}
      <Pass key={chosen.cardId} card={chosen} />
      <p className="fk-muted">进出病区时请向门岗出示此二维码；患者出院后陪护证自动失效。</p>
    </div>
  );
}
