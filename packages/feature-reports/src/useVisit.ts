import { api } from '@patient/api-client';
import { getVisit, type VisitDetail } from '@patient/contract';
import { type Remote, useRemote } from '@patient/feature-kit';
import { isCode } from './format.ts';

/** One visit of a contact at a hospital, from the link's parameters; `valid` false (nothing sent) for a bad link. */
export function useVisit(
  hospitalId: string | null | undefined,
  contactId: string | null | undefined,
  visitNo: string | null | undefined,
): { valid: boolean; visit: Remote<VisitDetail> } {
  const valid = isCode(hospitalId) && isCode(contactId) && isCode(visitNo);
  const visit = useRemote(
    valid
      ? (signal) =>
          api.request(getVisit, { params: { hospitalId }, body: { contactId, visitNo } }, { signal })
      : null,
    `${hospitalId}/${contactId}/${visitNo}`,
  );
  return { valid, visit };
}
