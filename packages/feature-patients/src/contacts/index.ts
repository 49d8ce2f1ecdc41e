/** Contact pieces shared by the screens of this package (not exported from the package itself). */
export { ContactBadges, ContactCard, ContactPicker } from './ContactCard.tsx';
export { LoadError, LoadingView } from './LoadError.tsx';
export {
  documentTypeLabel,
  maskedDocument,
  maskedPhone,
  RELATION_OPTIONS,
  type Relation,
  relationLabel,
  type Sex,
  sexLabel,
  sortContacts,
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
export {
  type ContactsView,
  reloadContacts,
  useContact,
  useContacts,
  useHospitalId,
} from './useContacts.ts';
export { useCountdown } from './useCountdown.ts';
