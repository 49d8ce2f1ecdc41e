import { api } from '@patient/api-client';
import { getCompanionCard } from '@patient/contract';
import { BadLink, RemoteState, useRemote } from '@patient/feature-kit';
import { maskName } from '@patient/validation';
import { Link } from 'react-router-dom';
import { statusLook } from '../format.ts';
import { detailPath, LIST_PATH, useCardId } from '../paths.ts';
import '@patient/feature-kit/base.css';
import '../companion.css';

/** 提交成功 (/patientCareCard/success/:id): the application is with the ward; its status, and the ways on. */
export default function SuccessPage() {
  const cardId = useCardId();
  const card = useRemote(
    cardId ? (signal) => api.request(getCompanionCard, { query: { cardId } }, { signal }) : null,
    cardId ?? '',
  );
  if (!cardId) return <BadLink page message="链接无效" to={LIST_PATH} back="查看我的陪护证" />;
  if (card.data === null) {
    return <RemoteState remote={card} failed="申请加载失败" />;
  }
  const c = card.data;
  const look = statusLook(c);
  return (
    <div className="fk-page">
      <section className="fk-result" aria-label="申请结果">
        <span className="fk-result__icon" aria-hidden="true">
          ✓
        </span>
        <h2 className="fk-result__title">申请已提交</h2>
        <p className="fk-result__text">
          {maskName(c.companion.name)} 陪护 {maskName(c.patientName)}（{c.ward} {c.bed}）的申请当前状态：
          {look.label}
        </p>
        <p className="fk-result__text">{look.hint}</p>
      </section>
      <div className="fk-actions">
        <Link className="fk-button fk-button--primary fk-button--block" to={detailPath(c.cardId)} replace>
          查看申请
        </Link>
        <Link className="fk-button fk-button--block" to={LIST_PATH} replace>
          返回陪护证
        </Link>
      </div>
    </div>
  );
}
