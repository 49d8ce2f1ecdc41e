import type { Contact } from '@patient/contract';
import { ID_DOCUMENT_TYPES, maskIdCard, maskPhone } from '@patient/validation';

export type Relation = Contact['contactDO']['relation'];
export type Sex = NonNullable<Contact['contactDO']['sex']>;

/** Relations in the order the form offers them. */
export const RELATION_OPTIONS: readonly { value: Relation; label: string }[] = [
  { value: 'SELF', label: '本人' },
  { value: 'PARENT', label: '父母' },
  { value: 'CHILD', label: '子女' },
  { value: 'SPOUSE', label: '配偶' },
  { value: 'RELATIVE', label: '亲属' },
  { value: 'FRIEND', label: '朋友' },
  { value: 'OTHER', label: '其他' },
];

/** Chinese label of a relation (本人, 父母 …). */
export function relationLabel(relation: Relation): string {
  return RELATION_OPTIONS.find((o) => o.value === relation)?.label ?? '其他';
}

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

/** Default contact first, otherwise the order given (the service's: oldest first). */
export function sortContacts(contacts: readonly Contact[]): Contact[] {
  return [...contacts].sort((a, b) => Number(b.contactDO.isDefault) - Number(a.contactDO.isDefault));
}
