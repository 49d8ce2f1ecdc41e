import type { Contact, Region } from '@patient/contract';
import type { Relation } from '@patient/feature-kit';
import {
  type IdDocumentType,
  validateIdDocument,
  validateMainlandId,
  validatePhone,
} from '@patient/validation';
import type { Sex } from './labels.ts';
import { isCompleteRegion, joinAddress, type RegionPath } from './RegionPicker.tsx';

/** The fields of the contact form that can carry a message. */
export type ContactField = 'name' | 'relation' | 'documentNumber' | 'phone' | 'birthDate' | 'address';

/** What the contact form holds while the patient types: everything as text, full (unmasked) values. */
export interface ContactFormValues {
  name: string;
  relation: Relation | '';
  documentType: IdDocumentType;
  documentNumber: string;
  phone: string;
  sex: Sex | '';
  birthDate: string;
  ethnicity: string;
  occupation: string;
  region: RegionPath;
  addressDetail: string;
}

/** Messages of the contact form that @patient/validation does not give. */
export const CONTACT_FORM_MESSAGES = Object.freeze({
  nameEmpty: '请输入姓名',
  nameTooLong: '姓名不能超过30个字',
  nameChars: '姓名只能包含汉字、英文字母、空格和“·”',
  relation: '请选择与本人的关系',
  birthDateFuture: '出生日期不能晚于今天',
  regionIncomplete: '请选择完整的省、市、区县',
  addressTooLong: '住址不能超过100个字',
});

const NAME_MAX_LENGTH = 30;
const ADDRESS_MAX_LENGTH = 100;
/** The service's rule: Han characters or letters, then also spaces, '·', '.', apostrophes and hyphens. */
const NAME_PATTERN = /^[\p{Script=Han}A-Za-z][\p{Script=Han}A-Za-z·•.' -]*$/u;

export function emptyContactForm(
  documentType: IdDocumentType,
  relation: Relation | '' = '',
): ContactFormValues {
  return {
    name: '',
    relation,
    documentType,
    documentNumber: '',
    phone: '',
    sex: '',
    birthDate: '',
    ethnicity: '',
    occupation: '',
    region: [],
    addressDetail: '',
  };
}

/** The form filled with a saved contact; its address is all detail until the regions are known. */
export function contactFormFrom(contact: Contact): ContactFormValues {
  const c = contact.contactDO;
  return {
    name: c.name,
    relation: c.relation,
    documentType: c.documentType,
    documentNumber: c.documentNumber,
    phone: c.phone,
    sex: c.sex ?? '',
    birthDate: c.birthDate ?? '',
    ethnicity: c.ethnicity ?? '',
    occupation: c.occupation ?? '',
    region: [],
    addressDetail: c.address ?? '',
  };
}

/**
 * Birth date and sex read from a valid resident ID card number (digit 17: odd is male). null for other
 * document types — IDENTITY_CARD_MUM is the mother's card and says nothing about the newborn — and while the
 * number is not valid.
 */
export function derivedFromId(
  type: IdDocumentType,
  number: string,
  today: Date = new Date(),
): { birthDate: string; sex: Sex } | null {
  if (type !== 'IDENTITY_CARD') return null;
  const result = validateMainlandId(number, today);
  if (!result.valid || !result.id18 || !result.birthDate) return null;
  return { birthDate: result.birthDate, sex: Number(result.id18[16]) % 2 === 1 ? 'MALE' : 'FEMALE' };
}

function nameMessage(name: string): string {
  const value = name.trim();
  if (!value) return CONTACT_FORM_MESSAGES.nameEmpty;
  if (Array.from(value).length > NAME_MAX_LENGTH) return CONTACT_FORM_MESSAGES.nameTooLong;
  return NAME_PATTERN.test(value) ? '' : CONTACT_FORM_MESSAGES.nameChars;
}

function localDate(today: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
}

/** The message of one field ('' when it is fine). `regions` is the region tree, or [] when not loaded. */
export function contactFieldMessage(
  field: ContactField,
  values: ContactFormValues,
  regions: readonly Region[],
  today: Date = new Date(),
): string {
  switch (field) {
    case 'name':
      return nameMessage(values.name);
    case 'relation':
      return values.relation ? '' : CONTACT_FORM_MESSAGES.relation;
    case 'documentNumber':
      return validateIdDocument(values.documentType, values.documentNumber, today).message;
    case 'phone':
      return validatePhone(values.phone).message;
    case 'birthDate':
      if (derivedFromId(values.documentType, values.documentNumber, today) || !values.birthDate) return '';
      return values.birthDate > localDate(today) ? CONTACT_FORM_MESSAGES.birthDateFuture : '';
    case 'address':
      if (values.region.length > 0 && !isCompleteRegion(regions, values.region)) {
        return CONTACT_FORM_MESSAGES.regionIncomplete;
      }
      return joinAddress(regions, values.region, values.addressDetail).length > ADDRESS_MAX_LENGTH
        ? CONTACT_FORM_MESSAGES.addressTooLong
        : '';
  }
}

/** Fields in the order they appear, for validation and focusing the first problem. */
export const CONTACT_FIELDS: readonly ContactField[] = [
  'name',
  'relation',
  'documentNumber',
  'birthDate',
  'phone',
  'address',
];

/** Every field's message; empty when the form may be sent. */
export function validateContactForm(
  values: ContactFormValues,
  regions: readonly Region[],
  today: Date = new Date(),
): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  for (const field of CONTACT_FIELDS) {
    const message = contactFieldMessage(field, values, regions, today);
    if (message) errors[field] = message;
  }
  return errors;
}

/** The body of addContact (and, with contactId, editContact) for a valid form. */
export function contactPayload(
  values: ContactFormValues,
  regions: readonly Region[],
  today: Date = new Date(),
) {
  const derived = derivedFromId(values.documentType, values.documentNumber, today);
  const sex = derived ? undefined : values.sex || undefined;
  const birthDate = derived ? undefined : values.birthDate || undefined;
  return {
    name: values.name.trim(),
    relation: values.relation || undefined,
    documentType: values.documentType,
    documentNumber: values.documentNumber.trim(),
    phone: values.phone,
    sex,
    birthDate,
    address: joinAddress(regions, values.region, values.addressDetail),
    ethnicity: values.ethnicity,
    occupation: values.occupation,
  };
}
