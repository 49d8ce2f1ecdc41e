import type { HospitalConfig } from '@patient/hospital-config';
import { documentTypesFor, type IdDocumentTypeInfo } from '@patient/validation';

/**
 * The ID document types this hospital offers in the contact form, in spec order: all but the config's
 * `excludedDocumentTypes` (luqiao drops FOREIGNER_NUMBER). Lives here, not in hospital-config, so that the
 * homepage (which reads the config) does not carry @patient/validation.
 */
export function documentTypesOf(
  config: Pick<HospitalConfig, 'excludedDocumentTypes'>,
): readonly IdDocumentTypeInfo[] {
  return documentTypesFor(config.excludedDocumentTypes);
}
