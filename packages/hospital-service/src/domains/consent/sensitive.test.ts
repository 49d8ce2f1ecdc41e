import {
  BROWSER_CHANNEL,
  CHANNEL_HEADER,
  type ConsentRecord,
  type Contact,
  SUB_CODE,
} from '@patient/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, mainlandId, person, startServer, type TestServer } from '../../test/harness.ts';
import { DEMO_PHONE } from '../accounts/index.ts';
import { FIRST_VERSION } from './seed-data.ts';
import { privacyDocuments } from './tables.ts';

/**
 * The separate consent to sensitive personal information (个人信息保护法 §28–29) gates every `sensitive` call:
 * without a standing SENSITIVE consent to the hospital's current 隐私政策 the call answers subCode
 * SENSITIVE_CONSENT_REQUIRED and reads or writes nothing. And a contact under 14 needs the account holder's
 * consent as parent or guardian (§31). The clock starts on 2025-03-10.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

const refusedForConsent = (answer: {
  body: { state: number; subCode?: number | null; subMsg?: string | null };
}) => {
  expect(answer.body).toMatchObject({ state: 403, subCode: SUB_CODE.SENSITIVE_CONSENT_REQUIRED });
  expect(answer.body.subMsg).toMatch(/敏感个人信息/);
};

const agreeSensitive = (client: Client, hospitalId = '1000', version = FIRST_VERSION) =>
  client.post<ConsentRecord>('/v1/privacy/consents', { hospitalId, kind: 'SENSITIVE', version });

async function uploadPhoto(client: Client) {
  const bytes = Buffer.alloc(1024, 7);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'id-card.jpg');
  const response = await fetch(new URL('/product-service/v1/file/upload', client.base), {
    method: 'POST',
    body: form,
    headers: {
      [CHANNEL_HEADER]: BROWSER_CHANNEL,
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  });
  return {
    body: (await response.json()) as { state: number; subCode?: number | null; subMsg?: string | null },
  };
}

describe('sensitive personal information', () => {
  it('refuses contacts with ID numbers, reports, records and photo uploads until the consent is given, then serves them', async () => {
    const client = await server.login('13700001001', undefined, { sensitiveConsent: false });
    const added = await client.post('/addPatient', person(1));
    refusedForConsent(added);
    refusedForConsent(await client.post('/v1/report/list/1000', { contactId: '1' }));
    refusedForConsent(await client.post('/v1/patient/visits/1000', { contactId: '1' }));
    refusedForConsent(
      await client.post('/v1/medical-examination/report/list', { hospitalId: '1000', contactId: '1' }),
    );
    refusedForConsent(await uploadPhoto(client));
    // Nothing was written.
    expect((await client.get<Contact[]>('/contacts')).body.results).toEqual([]);
    // Calls that hold no sensitive data are not gated.
    expect((await client.get('/v1/privacy/consents', { hospitalId: '1000' })).body.state).toBe(200);

    expect((await agreeSensitive(client)).body.state).toBe(200);
    expect((await client.post('/addPatient', person(1))).body.state).toBe(200);
    expect((await uploadPhoto(client)).body.state).toBe(200);
  });

  it('shows the demo account’s reports and visits once agreed; a consent to one hospital does not cover another’s', async () => {
    const demo = await server.login(DEMO_PHONE, undefined, { sensitiveConsent: false });
    const [self] = (await demo.get<Contact[]>('/contacts')).body.results ?? [];
    refusedForConsent(await demo.post('/v1/report/list/1000', { contactId: self.contactId }));
    refusedForConsent(await demo.post('/v1/patient/visits/1000', { contactId: self.contactId }));

    expect((await agreeSensitive(demo)).body.state).toBe(200);
    const reports = await demo.post<unknown[]>('/v1/report/list/1000', { contactId: self.contactId });
    expect(reports.body.state, reports.text).toBe(200);
    expect(reports.body.results?.length).toBeGreaterThan(0);
    expect((await demo.post('/v1/patient/visits/1000', { contactId: self.contactId })).body.state).toBe(200);
    // Another hospital's data needs that hospital's consent.
    const other = await demo.post('/v1/report/list/1001', { contactId: self.contactId });
    refusedForConsent(other);
    expect(other.body).toMatchObject({ results: { hospitalId: '1001' } });
    // An unknown hospital is 404 as the call itself answers (nothing to consent to).
    const unknown = await demo.post('/v1/report/list/4242', { contactId: self.contactId });
    expect(unknown.body).toMatchObject({ state: 404, msg: '医院不存在' });
  });

  it('asks again after a withdrawal, and after a new 隐私政策 version', async () => {
    const local = await startServer();
    try {
      const client = await local.login('13700001002', undefined, { sensitiveConsent: false });
      const given = await agreeSensitive(client);
      expect((await client.post('/addPatient', person(2))).body.state).toBe(200);

      const withdrawn = await client.post('/v1/privacy/consents/withdraw', {
        consentId: given.body.results?.consentId,
      });
      expect(withdrawn.body.state).toBe(200);
      // Withdrawing the sensitive consent keeps the session; its calls stop.
      refusedForConsent(await client.post('/addPatient', person(3)));

      expect((await agreeSensitive(client)).body.state).toBe(200);
      expect((await client.post('/addPatient', person(3))).body.state).toBe(200);

      await local.database.db.insert(privacyDocuments).values({
        hospitalId: '1000',
        kind: 'POLICY',
        version: '2027-01-01',
        title: '隐私政策',
        sections: [{ heading: '二、敏感个人信息', paragraphs: ['新版本'] }],
      });
      refusedForConsent(await client.post('/addPatient', person(4)));
      // The old version can no longer be agreed to; the new one can.
      expect((await agreeSensitive(client)).body.state).toBe(409);
      expect((await agreeSensitive(client, '1000', '2027-01-01')).body.state).toBe(200);
      expect((await client.post('/addPatient', person(4))).body.state).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('guardian consent for a contact under 14', () => {
  const child = (overrides: Record<string, unknown> = {}) =>
    person(5, {
      name: '王小宝',
      documentNumber: mainlandId('33010220150601123'),
      relation: 'CHILD',
      ...overrides,
    });

  it('refuses a child without the guardian’s consent, records it with version and time, and ignores it for adults', async () => {
    const client = await server.login('13700001003');
    const refused = await client.post('/addPatient', child());
    expect(refused.status).toBe(400);
    expect(refused.body.subMsg).toBe(
      '就诊人未满14周岁，需由您确认是其父母或其他监护人，并同意代其授权处理个人信息',
    );
    expect((await client.get<Contact[]>('/contacts')).body.results).toEqual([]);

    const outdated = await client.post(
      '/addPatient',
      child({ guardianConsent: { hospitalId: '1000', version: '2020-01-01' } }),
    );
    expect(outdated.body.state).toBe(409);
    const unknown = await client.post(
      '/addPatient',
      child({ guardianConsent: { hospitalId: '9999', version: FIRST_VERSION } }),
    );
    expect(unknown.body.state).toBe(404);

    const added = await client.post<Contact>(
      '/addPatient',
      child({ guardianConsent: { hospitalId: '1000', version: FIRST_VERSION } }),
    );
    expect(added.body.state, added.text).toBe(200);
    expect(added.body.results?.contactDO.guardianConsent).toEqual({
      version: FIRST_VERSION,
      agreedAt: server.clock.now().toISOString(),
    });

    // 14 on 2025-03-10 (born 2011-03-10): no guardian consent asked, none recorded.
    const teenager = await client.post<Contact>(
      '/addPatient',
      person(6, {
        documentNumber: mainlandId('33010220110310123'),
        guardianConsent: { hospitalId: '1000', version: FIRST_VERSION },
      }),
    );
    expect(teenager.body.state, teenager.text).toBe(200);
    expect(teenager.body.results?.contactDO.guardianConsent).toBeNull();
  });

  it("asks again when an adult contact's document is changed to a child's; a newborn on the mother's ID always", async () => {
    const client = await server.login('13700001004');
    const adult = (await client.post<Contact>('/addPatient', person(7))).body.results as Contact;
    const edit = { contactId: adult.contactId, documentNumber: mainlandId('33010220200101123') };
    const refused = await client.post('/v1/contact/patientInformationEdit', edit);
    expect(refused.status).toBe(400);
    const edited = await client.post<Contact>('/v1/contact/patientInformationEdit', {
      ...edit,
      guardianConsent: { hospitalId: '1000', version: FIRST_VERSION },
    });
    expect(edited.body.state, edited.text).toBe(200);
    expect(edited.body.results?.contactDO.guardianConsent?.version).toBe(FIRST_VERSION);

    const newborn = await client.post('/addPatient', {
      ...person(8),
      documentType: 'IDENTITY_CARD_MUM',
      relation: 'CHILD',
    });
    expect(newborn.status).toBe(400);
  });
});
