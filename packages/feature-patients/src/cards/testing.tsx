/**
 * Test helpers of the cards and codes screens (not used by the app): the loopback service, fixtures, a
 * router around one screen, and the confirm dialog's buttons.
 */
import type { Received, Reply, TestServer } from '@patient/api-client/testing';
import { appStore } from '@patient/app-state';
import type { Contact, MedicalCard } from '@patient/contract';
import { makeContact, renderScreen, servicePath, setupLoopback } from '@patient/feature-kit/testing';
import type { ReactElement } from 'react';

export { answerDialog, bodyShows, fail, ok, sent } from '@patient/feature-kit/testing';

export type Routes = Record<string, (request: Received) => Reply>;

/** A handler answering 'METHOD /path' (path without the service prefix, decoded); anything else is a 404. */
export function routes(table: Routes) {
  return (request: Received): Reply => {
    const path = servicePath(request);
    const answer = table[`${request.method} ${path}`];
    return answer ? answer(request) : { status: 404, body: { state: 404, msg: '接口不存在' } };
  };
}

/** Starts the loopback service for the file and resets it, the app state and the screen after each test. */
export function setupService(): { server: TestServer; toasts: string[] } {
  const hospital = () =>
    appStore.getState().update((s) => {
      s.hospitalId = '1000';
      s.hospitalName = '示范人民医院';
    });
  hospital();
  return setupLoopback({ prepare: hospital });
}

export const ID_ZHANG = '110105198503152313';
export const ID_WANG = '410102195806120026';

/** A certified contact of one's own with this ID number (feature-kit's makeContact). */
export const contact = (
  contactId: string,
  name: string,
  documentNumber: string,
  extra: Partial<Contact['contactDO']> = {},
): Contact => makeContact(contactId, name, { documentNumber, ...extra });

export function card(cardId: string, medicalCardNo: string, extra: Partial<MedicalCard> = {}): MedicalCard {
  return {
    cardId,
    contactId: '1',
    medicalCardNo,
    hospitalId: '1000',
    identityCard: ID_ZHANG,
    patientName: '张伟',
    type: 'HOSPITAL_CARD',
    isDefault: false,
    ...extra,
  };
}

/** Renders `element` at `path` (pattern `pattern`), after the history entries `before`; other paths show ELSEWHERE. */
export function renderAt(
  pattern: string,
  element: ReactElement,
  path: string,
  state?: unknown,
  before: string[] = [],
) {
  return renderScreen({ [pattern]: element }, path, { state, before });
}
