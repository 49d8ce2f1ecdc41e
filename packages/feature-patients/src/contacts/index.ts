/** Contact pieces shared by the screens of this package (not exported from the package itself). */
export { ContactBadges, ContactCard, ContactPicker } from './ContactCard.tsx';
export {
  documentTypeLabel,
  maskedDocument,
  maskedPhone,
  type Sex,
  sexLabel,
} from './labels.ts';
export { NoContacts } from './NoContacts.tsx';
export {
  addHealthCardPath,
  authenticationPath,
  contactDetailPath,
  NEW_CONTACT_ID,
  newContactPath,
  perfectHealthCardPath,
} from './paths.ts';
export { RequireCertified } from './RequireCertified.tsx';
export { Toggle } from './Toggle.tsx';
export { useContact, useHospitalId } from './useContact.ts';
