import {
  getHospitalDescription,
  getSession,
  type HospitalDescription,
  listContacts,
  type SessionUser,
  setDefaultMedicalCard,
} from '@patient/contract';
import { describe, expectTypeOf, it } from 'vitest';
import type { ApiClient } from './client.ts';

/** Checked by `tsc` (pnpm typecheck); at run time it only declares the functions. */
describe('types', () => {
  it('infers results and inputs from the endpoint', () => {
    const check = (client: ApiClient) => {
      expectTypeOf(
        client.request(getHospitalDescription, { params: { hospitalId: '1' } }),
      ).resolves.toEqualTypeOf<HospitalDescription>();
      expectTypeOf(client.request(getSession, {})).resolves.toEqualTypeOf<SessionUser | null>();
      expectTypeOf(
        client.request(setDefaultMedicalCard, { query: { contactId: 'c', medicalCardNo: 'n' } }),
      ).resolves.toEqualTypeOf<boolean>();
      expectTypeOf(client.request(listContacts, { query: {} })).resolves.items.toHaveProperty('contactDO');

      // @ts-expect-error params are required
      client.request(getHospitalDescription, {});
      // @ts-expect-error the hospital description takes no body
      client.request(getHospitalDescription, { params: { hospitalId: '1' }, body: {} });
      // @ts-expect-error query values are typed
      client.request(listContacts, { query: { time: 1 } });
    };
    expectTypeOf(check).toBeFunction();
  });
});
