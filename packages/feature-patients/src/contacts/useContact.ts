import { api } from '@patient/api-client';
import { useAppState } from '@patient/app-state';
import { type Contact, getContact } from '@patient/contract';
import { type Remote, useRemote } from '@patient/feature-kit';

/** The hospital the app is opened for (app state), falling back to the build's configured id. */
export function useHospitalId(fallback: string | null): string | null {
  return useAppState((s) => s.hospitalId) ?? fallback;
}

/** One contact as the service has it now (getContact), for the screens that show or check its details. */
export function useContact(contactId: string): Remote<Contact> {
  return useRemote((signal) => api.request(getContact, { params: { contactId } }, { signal }), contactId);
}
