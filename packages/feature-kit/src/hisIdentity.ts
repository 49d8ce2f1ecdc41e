import { ApiError } from '@patient/api-client';
import { SUB_CODE } from '@patient/contract';

/**
 * A contact's hospital data (HIS cards, examination requests) is shown only once the contact is proven:
 * 本人 with real-name certification, or the code the service sends to the phone the hospital holds for the
 * person. feature-patients owns the step (its VerifyIdentityPage and inline form); other features send the
 * patient there.
 */

/** The 验证身份 step for a contact; after it the patient comes back (history) to where they were. */
export const verifyIdentityPath = (contactId: string) => `/verifyIdentity/${encodeURIComponent(contactId)}`;

/** The service's refusal of a contact's hospital data until the contact is proven (state 403, subCode 40310). */
export function isHisIdentityRequired(error: unknown): boolean {
  return error instanceof ApiError && error.state === 403 && error.subCode === SUB_CODE.HIS_IDENTITY_REQUIRED;
}
