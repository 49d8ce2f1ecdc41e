import { api } from '@patient/api-client';
import { type Contact, listMedicalCards, type MedicalCard } from '@patient/contract';
import { ChoiceGroup, RemoteState, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { maskCardNo, NO_FILE_REPORT } from './format.ts';

const CARD_TYPE: Record<string, string> = {
  HOSPITAL_CARD: '就诊卡',
  INSURANCE_CARD: '医保卡',
  HEALTH_CARD: '电子健康卡',
};

/**
 * The contact's cards at the hospital as choices (masked, default first chosen); none → 了解如何办卡 (the
 * no-record page). `children` renders what comes with the chosen card.
 */
export function CardChooser({
  contact,
  hospitalId,
  children,
}: {
  contact: Contact;
  hospitalId: string;
  children(card: MedicalCard): ReactNode;
}) {
  const cards = useRemote(
    (signal) =>
      api.request(
        listMedicalCards,
        { params: { contactId: contact.contactId }, query: { hospitalId } },
        { signal },
      ),
    `${hospitalId}/${contact.contactId}`,
  );
  const [chosen, setChosen] = useState<string | null>(null);
  if (cards.data === null) {
    return (
      <RemoteState
        remote={cards}
        loading="正在加载就诊卡..."
        failed="就诊卡加载失败"
        contactId={contact.contactId}
        paddingTop={24}
      />
    );
  }
  if (cards.data.length === 0) {
    return (
      <EmptyState text="该就诊人在本院暂无就诊卡" paddingTop={24}>
        <Link
          className="fk-button fk-button--primary fk-button--inline"
          to={`${NO_FILE_REPORT}?contactId=${contact.contactId}`}
        >
          了解如何办卡
        </Link>
      </EmptyState>
    );
  }
  const card =
    cards.data.find((c) => c.cardId === chosen) ?? cards.data.find((c) => c.isDefault) ?? cards.data[0];
  return (
    <>
      <h2 className="fk-section-title">选择就诊卡</h2>
      <div className="fk-card">
        <ChoiceGroup
          label="选择就诊卡"
          name="card"
          value={card.cardId}
          onChange={setChosen}
          options={cards.data.map((c) => ({
            value: c.cardId,
            text: `${CARD_TYPE[c.type] ?? '就诊卡'} ${maskCardNo(c.medicalCardNo)}`,
            meta: c.isDefault ? '默认' : undefined,
          }))}
        />
      </div>
      {children(card)}
    </>
  );
}
