import { api } from '@patient/api-client';
import { type Contact, editContact, type Region, updatePatientAddress } from '@patient/contract';
import { LoadingView, reloadContacts, useContacts } from '@patient/feature-kit';
import { EmptyState, toast, withLoading } from '@patient/ui-kit';
import { validateMainlandId } from '@patient/validation';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { loadPeopleDictionary, loadRegions, useDictionary } from '../contacts/dictionaries.ts';
import { InfoRow } from '../contacts/FormRow.tsx';
import { maskedDocument } from '../contacts/labels.ts';
import {
  type PersonDetails,
  type PersonDetailsField,
  PersonDetailsFields,
} from '../contacts/PersonDetailsFields.tsx';
import { isCompleteRegion, joinAddress } from '../contacts/RegionPicker.tsx';
import { HealthCardBanner, HealthCardGate } from '../health-card/HealthCardGate.tsx';
import { applyForHealthCard, isMissingDetailsError } from '../health-card/healthCard.ts';
import '@patient/feature-kit/base.css';
import '../contacts/contacts.css';
import '../health-card/health-card.css';

const MESSAGES = {
  ethnicity: '请选择民族',
  occupation: '请选择职业',
  region: '请选择完整的省、市、区县',
  detail: '请输入详细地址',
  tooLong: '住址不能超过100个字',
};

/** Whether two document numbers are the same (a 15-digit mainland ID equals its 18-character form). */
function sameNumber(a: string, b: string): boolean {
  const norm = (v: string) => validateMainlandId(v.trim()).id18 ?? v.trim().toUpperCase();
  return norm(a) === norm(b);
}

function detailsMessage(field: PersonDetailsField, value: PersonDetails, tree: readonly Region[]): string {
  if (field === 'ethnicity') return value.ethnicity ? '' : MESSAGES.ethnicity;
  if (field === 'occupation') return value.occupation ? '' : MESSAGES.occupation;
  if (!isCompleteRegion(tree, value.region)) return MESSAGES.region;
  if (!value.addressDetail.trim()) return MESSAGES.detail;
  return joinAddress(tree, value.region, value.addressDetail).length > 100 ? MESSAGES.tooLong : '';
}

/**
 * 完善健康卡信息 (/perfectHealthCard/:name/:idCard): the health-card platform wants the contact's ethnic
 * group, occupation and address. The route's name and ID number only find the contact among the account's
 * own contacts; the number is never shown in full. Saves, then applies for the card again.
 */
export default function PerfectHealthCardPage() {
  return <HealthCardGate>{(hospitalId) => <PerfectHealthCard hospitalId={hospitalId} />}</HealthCardGate>;
}

function PerfectHealthCard({ hospitalId }: { hospitalId: string }) {
  const { name = '', idCard = '' } = useParams();
  const { contacts, state, error, retry } = useContacts({ refresh: true });
  if (state !== 'ready') {
    return (
      <div className="fk-page">
        <LoadingView failed={state === 'error'} error={error} onRetry={retry} />
      </div>
    );
  }
  const contact = contacts.find(
    (c) => c.contactDO.name === name && sameNumber(c.contactDO.documentNumber, idCard),
  );
  if (!contact) {
    return (
      <div className="fk-page">
        <EmptyState text="未找到该就诊人，请返回重新选择" />
      </div>
    );
  }
  return <DetailsForm key={contact.contactId} contact={contact} hospitalId={hospitalId} />;
}

function DetailsForm({ contact, hospitalId }: { contact: Contact; hospitalId: string }) {
  const navigate = useNavigate();
  const c = contact.contactDO;
  const [values, setValues] = useState<PersonDetails>({
    ethnicity: c.ethnicity ?? '',
    occupation: c.occupation ?? '',
    region: [],
    addressDetail: c.address ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<PersonDetailsField, string>>>({});
  const [busy, setBusy] = useState(false);
  const regions = useDictionary(hospitalId, loadRegions);
  const people = useDictionary(hospitalId, loadPeopleDictionary);
  const tree = regions.data ?? [];
  const fields: PersonDetailsField[] = ['ethnicity', 'occupation', 'address'];

  const onChange = (patch: Partial<PersonDetails>) => {
    const next = { ...values, ...patch };
    setValues(next);
    setErrors((e) => {
      const updated = { ...e };
      for (const field of fields)
        if (e[field]) updated[field] = detailsMessage(field, next, tree) || undefined;
      return updated;
    });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found: Partial<Record<PersonDetailsField, string>> = {};
    for (const field of fields) {
      const message = detailsMessage(field, values, tree);
      if (message) found[field] = message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await withLoading(async () => {
        await api.request(editContact, {
          body: { contactId: contact.contactId, ethnicity: values.ethnicity, occupation: values.occupation },
        });
        await api.request(updatePatientAddress, {
          body: {
            contactId: contact.contactId,
            address: joinAddress(tree, values.region, values.addressDetail),
          },
        });
      }, '正在保存...');
      await reloadContacts().catch(() => undefined);
    } catch {
      setBusy(false);
      return;
    }
    try {
      await applyForHealthCard(contact.contactId, hospitalId);
      navigate('/healthCardDetail', { replace: true });
    } catch (error) {
      if (isMissingDetailsError(error)) void toast('信息已保存，但仍不完整，请核对后重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="fk-page">
      <HealthCardBanner />
      <p className="pt-intro">申领电子健康卡需要完善以下信息</p>
      <form className="pt-form" onSubmit={onSubmit} noValidate aria-label="完善健康卡信息">
        <section className="fk-group">
          <InfoRow label="姓名">{c.name}</InfoRow>
          <InfoRow label="证件号码">{maskedDocument(contact)}</InfoRow>
          <PersonDetailsFields
            idPrefix="perfect"
            value={values}
            onChange={onChange}
            onBlur={(field) =>
              setErrors((e) => ({ ...e, [field]: detailsMessage(field, values, tree) || undefined }))
            }
            errors={errors}
            regions={regions}
            people={people}
            savedAddress={c.address}
            required
          />
        </section>
        <div className="pt-actions">
          <button type="submit" className="fk-button fk-button--primary" disabled={busy}>
            {busy ? '提交中...' : '保存并申领'}
          </button>
        </div>
      </form>
    </div>
  );
}
