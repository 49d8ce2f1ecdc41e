/**
 * Test helpers of the cards and codes screens (not used by the app): answers of the loopback service, fixtures
 * and the options of the harness (setupFeature).
 */
import type { Received, Reply } from '@patient/api-client/testing';
import type { Contact, MedicalCard } from '@patient/contract';
import { type FeatureOptions, makeContact, servicePath } from '@patient/feature-kit/testing';

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

/**
 * The options of the card tests' harness (setupFeature): hospital 1000 named 示范人民医院, contacts not loaded;
 * each test gives the server its answers (`server.handle(routes({ … }))`).
 */
export const harness = { seed: { contacts: null, hospitalName: '示范人民医院' } } satisfies FeatureOptions;

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
