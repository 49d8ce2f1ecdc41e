import { api } from '@patient/api-client';
import { type CompanionCard, type CompanionStatus, listCompanionCards } from '@patient/contract';
import { RemoteState, StatusBadge, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { chinaDateTime, maskName } from '@patient/validation';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { relationName, statusLook } from './format.ts';
import { detailPath } from './paths.ts';

/** One card or application in a list: patient and ward, companion, status, when → its detail. */
export function CardRow({ card }: { card: CompanionCard }) {
  return (
    <Link className="fk-row" to={detailPath(card.cardId)}>
      <span className="fk-row__head">
        <span>
          {maskName(card.patientName)} · {card.department}
        </span>
        <StatusBadge info={statusLook(card)} />
      </span>
      <span className="fk-muted">
        陪护人 {maskName(card.companion.name)}（{relationName(card.companion.relation)}）
      </span>
      <span className="fk-muted">
        {card.ward} {card.bed} · {chinaDateTime(card.createdAt)} 申请
      </span>
    </Link>
  );
}

/** The account's cards of these statuses at the hospital (newest first, up to 50), or the empty state. */
export function CardRows({
  hospitalId,
  statuses,
  label,
  empty,
}: {
  hospitalId: string;
  statuses: readonly CompanionStatus[];
  label: string;
  /** What the empty state shows (a text and a way on). */
  empty: { text: string; action?: ReactNode };
}) {
  const cards = useRemote(
    (signal) =>
      api.request(
        listCompanionCards,
        { body: { hospitalId, statuses: [...statuses], pageNum: 1, pageSize: 50 } },
        { signal },
      ),
    `${hospitalId}:${statuses.join(',')}`,
  );
  if (cards.data === null) {
    return <RemoteState remote={cards} failed={`${label}加载失败`} />;
  }
  if (cards.data.list.length === 0) {
    return <EmptyState text={empty.text}>{empty.action}</EmptyState>;
  }
  return (
    <ul className="fk-list" aria-label={label}>
      {cards.data.list.map((card) => (
        <li key={card.cardId}>
          <CardRow card={card} />
        </li>
      ))}
    </ul>
  );
}
