import type { Contact } from '@patient/contract';
import { LoadingView } from '@patient/feature-kit';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ContactPicker } from '../contacts/ContactCard.tsx';
import { InfoRow } from '../contacts/FormRow.tsx';
import { documentTypeLabel, maskedDocument, maskedPhone } from '../contacts/labels.ts';
import { NoContacts } from '../contacts/NoContacts.tsx';
import { perfectHealthCardPath } from '../contacts/paths.ts';
import { HealthCardBanner, HealthCardGate } from '../health-card/HealthCardGate.tsx';
import {
  applyForHealthCard,
  healthCardUnavailable,
  isMissingDetailsError,
  selectHealthCard,
} from '../health-card/healthCard.ts';
import { useHealthCards } from '../health-card/useHealthCards.ts';
import '@patient/feature-kit/base.css';
import '../contacts/contacts.css';
import '../health-card/health-card.css';

/**
 * 申领电子健康卡 (/addHealthCard?contactId=…): register and bind a card for the chosen contact. Without a
 * contactId (or with an unknown one) the patient picks the contact here first.
 */
export default function AddHealthCardPage() {
  return <HealthCardGate>{(hospitalId) => <AddHealthCard hospitalId={hospitalId} />}</HealthCardGate>;
}

function AddHealthCard({ hospitalId }: { hospitalId: string }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const data = useHealthCards();
  const [busy, setBusy] = useState(false);

  if (data.state !== 'ready') {
    return (
      <div className="fk-page">
        <LoadingView failed={data.state === 'error'} error={data.error} onRetry={data.retry} />
      </div>
    );
  }

  const { contacts, cards } = data;
  const contactId = params.get('contactId');
  const contact = contacts.find((c) => c.contactId === contactId);

  if (contacts.length === 0) {
    return (
      <div className="fk-page">
        <HealthCardBanner />
        <NoContacts text="添加就诊人后即可申领电子健康卡" paddingTop={40} />
      </div>
    );
  }

  if (!contact) {
    return (
      <div className="fk-page">
        <HealthCardBanner />
        <p className="pt-intro">
          {contactId ? '未找到该就诊人，请重新选择' : '请选择申领电子健康卡的就诊人'}
        </p>
        <ContactPicker
          contacts={contacts}
          onPick={(picked: Contact) => setParams({ contactId: picked.contactId }, { replace: true })}
          unavailable={(c) => healthCardUnavailable(c, cards)}
        />
      </div>
    );
  }

  const existing = cards.find((card) => card.contactId === contact.contactId);
  const reason = existing ? null : healthCardUnavailable(contact, cards);

  const apply = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await applyForHealthCard(contact.contactId, hospitalId);
      navigate('/healthCardDetail', { replace: true });
    } catch (error) {
      if (isMissingDetailsError(error)) navigate(perfectHealthCardPath(contact));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="fk-page">
      <HealthCardBanner />
      <section className="fk-group" aria-label="申领人">
        <InfoRow
          label="就诊人"
          action={
            <button type="button" className="fk-text-button" onClick={() => setParams({}, { replace: true })}>
              更换
            </button>
          }
        >
          {contact.contactDO.name}
        </InfoRow>
        <InfoRow label={documentTypeLabel(contact.contactDO.documentType)}>{maskedDocument(contact)}</InfoRow>
        <InfoRow label="手机号">{maskedPhone(contact)}</InfoRow>
      </section>
      {existing ? (
        <>
          <p className="pt-intro">该就诊人已申领电子健康卡。</p>
          <div className="pt-actions">
            <button
              type="button"
              className="fk-button fk-button--primary"
              onClick={() => {
                selectHealthCard(existing);
                navigate('/healthCardDetail', { replace: true });
              }}
            >
              查看电子健康卡
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="pt-intro">{reason ?? '申领后即可在本院就诊时出示电子健康卡二维码。'}</p>
          <div className="pt-actions">
            <button
              type="button"
              className="fk-button fk-button--primary"
              disabled={busy || reason !== null}
              onClick={apply}
            >
              {busy ? '申领中...' : '立即申领'}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
