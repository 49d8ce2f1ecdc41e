import { api, serverNow } from '@patient/api-client';
import { useAppState } from '@patient/app-state';
import { addContact, type Contact, editContact, listLegalDocuments } from '@patient/contract';
import { RELATION_OPTIONS, type Relation, reloadContacts, useRemote } from '@patient/feature-kit';
import { useHospitalConfig } from '@patient/hospital-config';
import { withLoading } from '@patient/ui-kit';
import {
  chinaDate,
  GUARDIAN_CONSENT_AGE,
  type IdDocumentType,
  needsGuardianConsent,
} from '@patient/validation';
import { type FormEvent, useState } from 'react';
import {
  CONTACT_FIELDS,
  type ContactField,
  type ContactFormValues,
  contactFieldMessage,
  contactFormFrom,
  contactPayload,
  derivedFromId,
  emptyContactForm,
  validateContactForm,
} from './contactForm.ts';
import { loadPeopleDictionary, loadRegions, useDictionary } from './dictionaries.ts';
import { documentTypesOf } from './documentTypes.ts';
import { FormRow, fieldAria } from './FormRow.tsx';
import { documentTypeLabel, SEX_OPTIONS, sexLabel } from './labels.ts';
import { type PersonDetails, PersonDetailsFields } from './PersonDetailsFields.tsx';
import { useHospitalId } from './useContact.ts';
import '@patient/feature-kit/base.css';
import './contacts.css';

export interface ContactFormProps {
  /** The contact to edit; without it the form adds a new contact. */
  contact?: Contact;
  /** Called with the saved contact, after app state's contacts were reloaded. */
  onSaved(contact: Contact): void;
  onCancel?(): void;
}

const GUARDIAN_MESSAGE = `就诊人未满${GUARDIAN_CONSENT_AGE}周岁，请确认您是其父母或其他监护人并勾选同意`;

const FIELD_IDS: Record<ContactField, string> = {
  name: 'contact-name',
  relation: 'contact-relation',
  documentNumber: 'contact-document-number',
  phone: 'contact-phone',
  birthDate: 'contact-birth-date',
  address: 'contact-address',
};

/**
 * The contact form (add and edit). Every field is checked with the shared rules; a message shows beside each
 * bad field and nothing is sent while any is left. Full values are shown here only, never in lists.
 */
export function ContactForm({ contact, onSaved, onCancel }: ContactFormProps) {
  const config = useHospitalConfig();
  const hospitalId = useHospitalId(config.id);
  const contacts = useAppState((s) => s.contacts);
  const documentTypes = documentTypesOf(config);
  const selfTaken = contacts.some(
    (c) => c.contactDO.relation === 'SELF' && c.contactId !== contact?.contactId,
  );
  const [values, setValues] = useState<ContactFormValues>(() =>
    contact
      ? contactFormFrom(contact)
      : emptyContactForm(documentTypes[0]?.key ?? 'IDENTITY_CARD', contacts.length === 0 ? 'SELF' : ''),
  );
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [busy, setBusy] = useState(false);
  const regions = useDictionary(hospitalId, loadRegions);
  const people = useDictionary(hospitalId, loadPeopleDictionary);
  const tree = regions.data ?? [];
  const derived = derivedFromId(values.documentType, values.documentNumber);
  const typeOffered = documentTypes.some((t) => t.key === values.documentType);
  // The service keeps a certified contact's name and document as they were verified.
  const identityLocked = contact?.contactDO.certified === true;
  const lockedHint = identityLocked ? '已实名认证，不能修改' : undefined;

  // A child under 14 (个人信息保护法 §31): the account holder consents as parent or guardian, to the policy's
  // current version — for a new contact, or when an edit makes it another (a child's) document.
  const identityEdited =
    !contact ||
    values.documentType !== contact.contactDO.documentType ||
    values.documentNumber.trim().toUpperCase() !== contact.contactDO.documentNumber;
  const guardianNeeded =
    identityEdited &&
    needsGuardianConsent(values.documentType, values.documentNumber, chinaDate(serverNow()));
  const [guardianAgreed, setGuardianAgreed] = useState(false);
  const [guardianError, setGuardianError] = useState<string | null>(null);
  const documents = useRemote(
    guardianNeeded && hospitalId
      ? (signal) => api.request(listLegalDocuments, { query: { hospitalId } }, { signal, silent: true })
      : null,
    `${hospitalId}:${guardianNeeded}`,
  );
  const policyVersion = documents.data?.find((d) => d.kind === 'POLICY')?.version ?? null;

  const check = (field: ContactField, next: ContactFormValues = values) =>
    setErrors((e) => ({ ...e, [field]: contactFieldMessage(field, next, tree) || undefined }));

  const change = (patch: Partial<ContactFormValues>, field?: ContactField) => {
    const next = { ...values, ...patch };
    setValues(next);
    // Once a field shows a message, it follows the typing so the patient sees when it is right.
    if (field && errors[field]) check(field, next);
    if (patch.documentType && errors.documentNumber) check('documentNumber', next);
  };

  const changeDetails = (patch: Partial<PersonDetails>) => change(patch, 'address');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateContactForm(values, tree);
    setErrors(found);
    const first = CONTACT_FIELDS.find((f) => found[f]);
    if (first) {
      document.getElementById(FIELD_IDS[first])?.focus();
      return;
    }
    if (guardianNeeded && (!guardianAgreed || !policyVersion || !hospitalId)) {
      setGuardianError(policyVersion ? GUARDIAN_MESSAGE : '隐私政策加载失败，请检查网络后重试');
      document.getElementById('contact-guardian')?.focus();
      if (!policyVersion) documents.reload();
      return;
    }
    setBusy(true);
    try {
      const body = {
        ...contactPayload(values, tree),
        ...(guardianNeeded && policyVersion && hospitalId
          ? { guardianConsent: { hospitalId, version: policyVersion } }
          : {}),
      };
      const saved = await withLoading(
        () =>
          contact
            ? api.request(editContact, { body: { ...body, contactId: contact.contactId } })
            : api.request(addContact, { body }),
        '正在保存...',
      );
      await reloadContacts().catch(() => undefined);
      onSaved(saved);
    } catch {
      // api-client has shown why (duplicate, limit reached, cards bound …); the input stays as typed.
    } finally {
      setBusy(false);
    }
  };

  const text = (
    field: 'name' | 'documentNumber' | 'phone',
    props: {
      label: string;
      placeholder: string;
      maxLength: number;
      type?: string;
      inputMode?: 'numeric';
      readOnly?: boolean;
    },
  ) => (
    <FormRow
      id={FIELD_IDS[field]}
      label={props.label}
      error={errors[field]}
      hint={props.readOnly ? lockedHint : undefined}
      required
    >
      <input
        id={FIELD_IDS[field]}
        name={field}
        className="pt-input"
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        readOnly={props.readOnly}
        autoComplete="off"
        placeholder={props.placeholder}
        value={values[field]}
        onChange={(e) =>
          change({ [field]: field === 'phone' ? e.target.value.replace(/\s/g, '') : e.target.value }, field)
        }
        onBlur={() => (values[field] || errors[field]) && check(field)}
        {...fieldAria(FIELD_IDS[field], errors[field])}
      />
    </FormRow>
  );

  return (
    <form
      className="pt-form"
      onSubmit={onSubmit}
      noValidate
      aria-label={contact ? '编辑就诊人' : '添加就诊人'}
    >
      <section className="fk-group">
        {text('name', {
          label: '姓名',
          placeholder: '请输入就诊人姓名',
          maxLength: 30,
          readOnly: identityLocked,
        })}
        <FormRow id={FIELD_IDS.relation} label="关系" error={errors.relation} required>
          <select
            id={FIELD_IDS.relation}
            className="pt-select"
            value={values.relation}
            onChange={(e) => change({ relation: e.target.value as Relation | '' }, 'relation')}
            {...fieldAria(FIELD_IDS.relation, errors.relation)}
          >
            <option value="">请选择与本人的关系</option>
            {RELATION_OPTIONS.map((o) => (
              <option key={o.value} value={o.value} disabled={o.value === 'SELF' && selfTaken}>
                {o.value === 'SELF' && selfTaken ? `${o.label}（已添加）` : o.label}
              </option>
            ))}
          </select>
        </FormRow>
        <FormRow id="contact-document-type" label="证件类型" required>
          <select
            id="contact-document-type"
            className="pt-select"
            value={values.documentType}
            disabled={identityLocked}
            onChange={(e) => change({ documentType: e.target.value as IdDocumentType })}
          >
            {!typeOffered && (
              <option value={values.documentType}>{documentTypeLabel(values.documentType)}</option>
            )}
            {documentTypes.map((t) => (
              <option key={t.key} value={t.key}>
                {t.label}
              </option>
            ))}
          </select>
        </FormRow>
        {text('documentNumber', {
          label: '证件号码',
          placeholder: '请输入证件号码',
          maxLength: 32,
          readOnly: identityLocked,
        })}
        {values.documentType === 'IDENTITY_CARD' ? (
          <>
            <FormRow
              id="contact-birth-date"
              label="出生日期"
              hint={derived ? undefined : '根据身份证号码自动识别'}
            >
              <output id="contact-birth-date" className="pt-readonly">
                {derived?.birthDate ?? '—'}
              </output>
            </FormRow>
            <FormRow id="contact-sex" label="性别">
              <output id="contact-sex" className="pt-readonly">
                {derived ? sexLabel(derived.sex) : '—'}
              </output>
            </FormRow>
          </>
        ) : (
          <>
            <FormRow id={FIELD_IDS.birthDate} label="出生日期" error={errors.birthDate}>
              <input
                id={FIELD_IDS.birthDate}
                className="pt-input"
                type="date"
                value={values.birthDate}
                onChange={(e) => change({ birthDate: e.target.value }, 'birthDate')}
                onBlur={() => check('birthDate')}
                {...fieldAria(FIELD_IDS.birthDate, errors.birthDate)}
              />
            </FormRow>
            <FormRow id="contact-sex" label="性别">
              <select
                id="contact-sex"
                className="pt-select"
                value={values.sex}
                onChange={(e) => change({ sex: e.target.value as ContactFormValues['sex'] })}
              >
                <option value="">请选择性别</option>
                {SEX_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </FormRow>
          </>
        )}
        {text('phone', {
          label: '手机号',
          placeholder: '请输入手机号码',
          maxLength: 11,
          type: 'tel',
          inputMode: 'numeric',
        })}
      </section>
      <section className="fk-group" aria-labelledby="contact-extra-title">
        <h2 className="pt-group__title" id="contact-extra-title">
          选填信息
        </h2>
        <PersonDetailsFields
          idPrefix="contact"
          value={values}
          onChange={changeDetails}
          onBlur={(field) => field === 'address' && check('address')}
          errors={{ address: errors.address }}
          regions={regions}
          people={people}
          savedAddress={contact?.contactDO.address}
        />
      </section>
      {guardianNeeded && (
        <section className="fk-group" aria-labelledby="contact-guardian-title">
          <h2 className="pt-group__title" id="contact-guardian-title">
            监护人同意
          </h2>
          <p className="pt-note">
            该就诊人未满{GUARDIAN_CONSENT_AGE}
            周岁。依据《个人信息保护法》第三十一条，处理不满十四周岁未成年人的个人信息，须取得其父母或其他监护人的同意。
          </p>
          <label className="pt-guardian">
            <input
              id="contact-guardian"
              type="checkbox"
              checked={guardianAgreed}
              onChange={(e) => {
                setGuardianAgreed(e.target.checked);
                if (e.target.checked) setGuardianError(null);
              }}
              aria-invalid={guardianError ? true : undefined}
              aria-describedby={guardianError ? 'contact-guardian-error' : undefined}
            />
            <span>
              我是该就诊人的父母或其他监护人，同意代其授权医院按《隐私政策》
              {policyVersion ? `（版本 ${policyVersion}）` : ''}处理其个人信息
            </span>
          </label>
          {guardianError && (
            <p id="contact-guardian-error" className="pt-row__error" role="alert">
              {guardianError}
            </p>
          )}
        </section>
      )}
      <p className="pt-note">就诊人信息仅用于本院就诊服务，我们会严格保护您的个人信息。</p>
      <div className="pt-actions">
        {onCancel && (
          <button type="button" className="fk-button" onClick={onCancel} disabled={busy}>
            取消
          </button>
        )}
        <button type="submit" className="fk-button fk-button--primary" disabled={busy}>
          {busy ? '保存中...' : '保存'}
        </button>
      </div>
    </form>
  );
}
