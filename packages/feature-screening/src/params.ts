import { validateMainlandId } from '@patient/validation';

/** Our ids in links: digits (a street or community); anything else loads nothing. */
export const isRecordId = (value: string | undefined): value is string => !!value && /^\d{1,10}$/.test(value);

/** The links' names (街道, 社区, a person): 1–30 characters without markup or line breaks. */
export const isLinkName = (value: string | undefined): value is string =>
  !!value && value.trim().length > 0 && value.length <= 30 && !/[<>\n\r]/.test(value);

/** The form's path after personal information, for a community. */
export const healthFormPath = (communityId: string, name: string) =>
  `/healthInfoForm/${communityId}/${encodeURIComponent(name)}`;
export const personalFormPath = (communityId: string, name: string) =>
  `/personalInfoForm/${communityId}/${encodeURIComponent(name)}`;
export const answerListPath = (identityCard: string, name: string) =>
  `/questionnaire/list/${encodeURIComponent(identityCard)}/${encodeURIComponent(name)}`;

/** The ID number of a link, checked as a form checks it: its 18-character form, or the message. */
export function linkIdentity(value: string | undefined): { id18: string } | { message: string } {
  const checked = validateMainlandId((value ?? '').trim());
  return checked.valid && checked.id18 ? { id18: checked.id18 } : { message: checked.message };
}
