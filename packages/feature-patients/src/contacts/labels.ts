import type { Contact } from '@patient/contract';
import { ID_DOCUMENT_TYPES, maskIdCard, maskPhone } from '@patient/validation';

export type Sex = NonNullable<Contact['contactDO']['sex']>;

export const SEX_OPTIONS: readonly { value: Sex; label: string }[] = [
  { value: 'MALE', label: '男' },
  { value: 'FEMALE', label: '女' },
];

/** 男 / 女, or '' when unknown. */
export function sexLabel(sex: Sex | null | undefined): string {
  return SEX_OPTIONS.find((o) => o.value === sex)?.label ?? '';
}

/** Chinese label of an ID document type (居民身份证, 护照 …). */
export function documentTypeLabel(type: string): string {
  return ID_DOCUMENT_TYPES.find((t) => t.key === type)?.label ?? '证件';
}

/** The contact's document number as it may be listed or shown: masked. */
export function maskedDocument(contact: Contact): string {
  return maskIdCard(contact.contactDO.documentNumber);
}

/** The contact's phone as it may be listed or shown: masked. */
export function maskedPhone(contact: Contact): string {
  return maskPhone(contact.contactDO.phone);
}
