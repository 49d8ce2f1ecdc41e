import { api } from '@patient/api-client';
import { type CheckupApplication, listCheckupApplications } from '@patient/contract';
import { ensureContacts } from '@patient/feature-kit';
import type { ApplicationKey } from './params.ts';

/** Navigation state the check-up screens pass on: the request being booked or shown, to paint at once. */
export interface ApplicationState {
  application: CheckupApplication;
}

const same = (a: ApplicationKey, b: ApplicationKey) =>
  a.applicationNo === b.applicationNo && a.orderItemId === b.orderItemId;

/** The request in navigation state, if it is the one of the route. */
export function applicationFromState(state: unknown, key: ApplicationKey): CheckupApplication | null {
  const application = (state as Partial<ApplicationState> | null)?.application;
  return application && typeof application === 'object' && same(application, key) ? application : null;
}

/**
 * Finds a request by its route key among the requests of the account's contacts at the hospital (there is
 * no call for one request). The contact of `hint` is asked first; contacts not proven for the hospital's
 * data are left out (except the hint's); null when none of them has it, which is also what another account's
 * request answers.
 */
export async function findApplication(
  hospitalId: string,
  key: ApplicationKey,
  hint: CheckupApplication | null,
  signal: AbortSignal,
): Promise<CheckupApplication | null> {
  const contacts = await ensureContacts(signal);
  // Only proven contacts have requests to show; the hint's is asked anyway (its refusal offers 验证身份).
  const ids = contacts
    .filter((c) => c.contactDO.hisVerified || c.contactId === hint?.contactId)
    .map((c) => c.contactId);
  const order =
    hint && ids.includes(hint.contactId)
      ? [hint.contactId, ...ids.filter((id) => id !== hint.contactId)]
      : ids;
  for (const contactId of order) {
    const list = await api.request(
      listCheckupApplications,
      { params: { hospitalId }, body: { contactId } },
      { signal },
    );
    const found = list.find((a) => same(a, key));
    if (found) return found;
  }
  return null;
}
