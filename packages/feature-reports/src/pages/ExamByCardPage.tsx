import { api } from '@patient/api-client';
import { type Contact, listMedicalCards } from '@patient/contract';
import { ChoiceGroup, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { useState } from 'react';
import { ContactGate } from '../ContactGate.tsx';
import { ExamList } from '../exams.tsx';
import { Pending } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../reports.css';

const maskCard = (no: string) => `${'*'.repeat(Math.max(0, no.length - 4))}${no.slice(-4)}`;

function ByCard({ contact, hospitalId }: { contact: Contact; hospitalId: string }) {
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
      <Pending
        remote={cards}
        loading="正在加载就诊卡..."
        failed="就诊卡加载失败"
        contactId={contact.contactId}
      />
    );
  }
  if (cards.data.length === 0) return <EmptyState text="该就诊人在本院暂无就诊卡" paddingTop={24} />;
  const card =
    cards.data.find((c) => c.cardId === chosen) ?? cards.data.find((c) => c.isDefault) ?? cards.data[0];
  return (
    <>
      <div className="fk-card">
        <ChoiceGroup
          label="选择就诊卡"
          name="card"
          row
          small
          value={card.cardId}
          onChange={setChosen}
          options={cards.data.map((c) => ({ value: c.cardId, text: maskCard(c.medicalCardNo) }))}
        />
      </div>
      <ExamList contact={contact} hospitalId={hospitalId} />
    </>
  );
}

/** 按卡查询体检报告 (/searchReportByCard): a contact, one of the contact's cards here, the exams of that person. */
export default function ExamByCardPage() {
  return (
    <div className="fk-page">
      <ContactGate what="体检报告">
        {(contact, hospitalId) => <ByCard contact={contact} hospitalId={hospitalId} />}
      </ContactGate>
    </div>
  );
}
