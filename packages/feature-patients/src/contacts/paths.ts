import type { Contact } from '@patient/contract';

/* Routes of the contact and health-card screens; the card screens' routes are in cards/routeParams.ts. */

/** The contactId of /contactDetail that opens the empty form for a new contact. */
export const NEW_CONTACT_ID = 'new';

export const contactDetailPath = (contactId: string) => `/contactDetail/${encodeURIComponent(contactId)}`;
export const newContactPath = () => contactDetailPath(NEW_CONTACT_ID);
export const authenticationPath = (contactId: string) => `/authentication/${encodeURIComponent(contactId)}`;

/** Where to finish the electronic health card's details for a contact (001 §2 /perfectHealthCard/…). */
export function perfectHealthCardPath(contact: Contact): string {
  const { name, documentNumber } = contact.contactDO;
  return `/perfectHealthCard/${encodeURIComponent(name)}/${encodeURIComponent(documentNumber)}`;
}

/** Applying for an electronic health card for a contact. */
export const addHealthCardPath = (contactId?: string) =>
  contactId ? `/addHealthCard?contactId=${encodeURIComponent(contactId)}` : '/addHealthCard';
