export {
  ADDRESS_FORM_MESSAGES,
  type AddressField,
  type AddressFormInput,
  type AddressFormResult,
  validateAddressForm,
} from './address';
export { CAPITAL_AMOUNT_MESSAGES, toCapitalAmount, tryCapitalAmount } from './capital-amount';
export {
  CHINA_OFFSET_MS,
  chinaDate,
  chinaDateTime,
  chinaInstant,
  chinaIso,
  chinaTimeOfDay,
  chinaWallClock,
  type Instant,
} from './china-time';
export {
  ADDRESS_DETAIL_MAX_LENGTH,
  ADDRESS_NAME_MAX_LENGTH,
  CAPITAL_AMOUNT_LIMIT,
  CAPITAL_AMOUNT_MAX_DECIMALS,
  ID_CHECK_CHARS,
  ID_CHECK_WEIGHTS,
  ID_MAX_AGE,
  ID_MIN_AGE,
  PROVINCE_CODES,
} from './constants';
export { ageOn, GUARDIAN_CONSENT_AGE, needsGuardianConsent } from './guardian';
export {
  computeIdCheckChar,
  convertId15To18,
  MAINLAND_ID_MESSAGES,
  type MainlandIdFailure,
  type MainlandIdResult,
  validateMainlandId,
} from './id-card';
export {
  documentTypesFor,
  ID_DOCUMENT_MESSAGES,
  ID_DOCUMENT_TYPES,
  type IdDocumentCode,
  type IdDocumentType,
  type IdDocumentTypeInfo,
  isIdDocumentType,
  validateIdDocument,
} from './id-document';
export { maskIdCard, maskName, maskPhone } from './mask';
export { capitalAmountOfFen, FEN_MESSAGES, formatYuan, tryCapitalAmountOfFen } from './money';
export { isMobilePhone, PHONE_MESSAGES, validatePhone } from './phone';
export type { ValidationResult } from './shared';
export {
  checkUploadImage,
  sniffImageType,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
  type UploadImageType,
} from './upload';
