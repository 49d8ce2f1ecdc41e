import { api } from '@patient/api-client';
import { type Contact, listMedicalCards } from '@patient/contract';
import { ChoiceGroup, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ContactGate } from '../ContactGate.tsx';
import { NO_FILE_REPORT, resultListPath } from '../format.ts';
import { Pending } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../reports.css';

const CARD_TYPE: Record<string, string> = {
  HOSPITAL_CARD: '就诊卡',
  INSURANCE_CARD: '医保卡',
  HEALTH_CARD: '电子健康卡',
};

/** Masks a card number but its last 4: '********0174'. */
const maskCard = (no: string) => `${'*'.repeat(Math.max(0, no.length - 4))}${no.slice(-4)}`;

function Cards({ contact, hospitalId }: { contact: Contact; hospitalId: string }) {
  const navigate = useNavigate();
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
            text: `${CARD_TYPE[c.type] ?? '就诊卡'} ${maskCard(c.medicalCardNo)}`,
            meta: c.isDefault ? '默认' : undefined,
          }))}
        />
      </div>
      <button
        type="button"
        className="fk-button fk-button--primary fk-button--block"
        onClick={() => navigate(resultListPath(card.cardId, hospitalId, contact.contactId))}
      >
        查询报告
      </button>
    </>
  );
}

/**
 * 报告查询 (/searchReport, loads patients): a contact, then one of the contact's cards at this hospital → the
 * report list. A contact without a card here → how to get one. Also: 其他医院报告 (gapReport), 电子健康卡查询.
 */
export default function ReportSearchPage() {
  return (
    <div className="fk-page">
      <ContactGate what="报告">
        {(contact, hospitalId) => <Cards contact={contact} hospitalId={hospitalId} />}
      </ContactGate>
      <h2 className="fk-section-title">更多查询方式</h2>
      <div className="fk-card rp-actions">
        <Link className="fk-link" to="/searchReportHealthCard">
          电子健康卡查询
        </Link>
        <Link className="fk-link" to="/gapReport">
          跨院报告查询
        </Link>
      </div>
    </div>
  );
}
