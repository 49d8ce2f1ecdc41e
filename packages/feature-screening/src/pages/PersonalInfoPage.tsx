import type { Contact, ScreeningForm } from '@patient/contract';
import { ContactPicker, ContactsPending, useContacts } from '@patient/feature-kit';
import { validateMainlandId, validatePhone } from '@patient/validation';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { CommunityFrame, Steps } from '../community.tsx';
import { type PersonDraft, readDraft, writeDraft } from '../draft.ts';
import { Field } from '../Field.tsx';
import { healthFormPath } from '../params.ts';
import '@patient/feature-kit/base.css';
import '../screening.css';

type Problems = Partial<Record<keyof PersonDraft, string>>;

const fromContact = (c: Contact, address: string): PersonDraft => ({
  contactId: c.contactId,
  name: c.contactDO.name,
  identityCard: c.contactDO.documentType === 'IDENTITY_CARD' ? c.contactDO.documentNumber : '',
  phone: c.contactDO.phone,
  address: c.contactDO.address ?? address,
});

/** What is wrong with the personal information, by field (the account's contacts decide whose ID it may be). */
export function personProblems(p: PersonDraft, contacts: readonly Contact[]): Problems {
  const out: Problems = {};
  const name = p.name.trim();
  if (!name) out.name = '请填写姓名';
  else if (name.length > 30) out.name = '姓名不能超过30个字';
  const id = validateMainlandId(p.identityCard.trim());
  if (!id.valid) out.identityCard = id.message;
  const phone = validatePhone(p.phone.trim());
  if (!phone.valid) out.phone = phone.message;
  const address = p.address.trim();
  if (address.length < 5) out.address = '请填写详细住址（至少5个字）';
  else if (address.length > 100) out.address = '住址不能超过100个字';
  if (id.valid && id.id18) {
    const contact = contacts.find(
      (c) => c.contactDO.documentType === 'IDENTITY_CARD' && c.contactDO.documentNumber === id.id18,
    );
    if (!contact) out.identityCard = '该身份证号不是本账号的就诊人，请先添加就诊人';
    else if (!out.name && contact.contactDO.name !== name) out.name = '姓名与身份证号不一致，请核对';
  }
  return out;
}

function PersonForm({ form, contacts }: { form: ScreeningForm; contacts: Contact[] }) {
  const navigate = useNavigate();
  const { communityId, name: communityName } = form.community;
  const saved = readDraft(communityId);
  const [person, setPerson] = useState<PersonDraft>(
    () => saved?.person ?? fromContact(contacts.find((c) => c.contactDO.isDefault) ?? contacts[0], ''),
  );
  const [problems, setProblems] = useState<Problems>({});
  const set = (field: keyof PersonDraft) => (value: string) => {
    setPerson((p) => ({ ...p, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined }));
  };
  const next = () => {
    const found = personProblems(person, contacts);
    setProblems(found);
    const first = (Object.keys(found) as (keyof PersonDraft)[])[0];
    if (first) {
      document.getElementById(`person-${first}`)?.focus();
      return;
    }
    const id18 = validateMainlandId(person.identityCard.trim()).id18 ?? person.identityCard;
    const contact = contacts.find((c) => c.contactDO.documentNumber === id18);
    writeDraft({
      communityId,
      communityName,
      person: {
        contactId: contact?.contactId ?? null,
        name: person.name.trim(),
        identityCard: id18,
        phone: person.phone.trim(),
        address: person.address.trim(),
      },
      health: saved?.health ?? null,
    });
    navigate(healthFormPath(communityId, communityName));
  };
  return (
    <div className="fk-page">
      <Steps current={0} />
      <p className="fk-notice">
        {form.street.name} · {communityName}：请填写参加筛查的居民本人信息，仅用于本次筛查和医生随访。
      </p>
      <h2 className="fk-section-title">选择就诊人快速填写</h2>
      <ContactPicker
        contacts={contacts}
        value={person.contactId ?? ''}
        onChange={(contactId) => {
          const c = contacts.find((x) => x.contactId === contactId);
          if (c) {
            setPerson((p) => fromContact(c, p.address));
            setProblems({});
          }
        }}
      />
      <h2 className="fk-section-title">个人信息</h2>
      <div className="fk-card">
        <Field
          id="person-name"
          label="姓名"
          value={person.name}
          onChange={set('name')}
          problem={problems.name}
        />
        <Field
          id="person-identityCard"
          label="身份证号"
          value={person.identityCard}
          onChange={set('identityCard')}
          problem={problems.identityCard}
          maxLength={18}
          autoComplete="off"
        />
        <Field
          id="person-phone"
          label="手机号"
          type="tel"
          inputMode="numeric"
          maxLength={11}
          value={person.phone}
          onChange={set('phone')}
          problem={problems.phone}
        />
        <Field
          id="person-address"
          label="现住址"
          placeholder="小区、楼栋、单元、门牌号"
          maxLength={100}
          value={person.address}
          onChange={set('address')}
          problem={problems.address}
        />
      </div>
      <p className="sc-hint">参加筛查的居民须为本账号的就诊人；每位居民每次筛查只能提交一次。</p>
      <div className="fk-actions">
        <button type="button" className="fk-button fk-button--primary fk-button--block" onClick={next}>
          下一步
        </button>
      </div>
    </div>
  );
}

/**
 * 填写个人信息 (/personalInfoForm/:communityId/:communityName): whom the screening is for — one of the account's
 * contacts (chips fill the form), name, ID number (checked by @patient/validation, and it must be a contact's),
 * phone and address, each message beside its field; 下一步 keeps them on this device → /healthInfoForm.
 */
export default function PersonalInfoPage() {
  const { streetId, streetName } = useParams();
  const people = useContacts();
  return (
    <CommunityFrame communityId={streetId} communityName={streetName}>
      {(form) =>
        people.state === 'ready' && people.contacts.length > 0 ? (
          <PersonForm form={form} contacts={people.contacts} />
        ) : (
          <ContactsPending people={people} text="请先添加参加筛查的居民为就诊人" />
        )
      }
    </CommunityFrame>
  );
}
