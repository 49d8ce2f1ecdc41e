import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCertifiedContact,
  HEALTH_CARD_DETAILS,
  person,
  startServer,
  type TestServer,
} from '../../test/harness.ts';
import { SimulatedHealthCardPlatform } from './health-code-platform.ts';
import { filedBeforehand, memoryFilings, SimulatedPatientIndex } from './his.ts';
import { contacts, healthCards, hisPatients, medicalCards } from './tables.ts';

/**
 * The HIS's patient index and the health card platform are outside systems: one that fails or does not answer
 * in time gives the patient a 503 in Chinese and writes nothing (no filing, no card, no health card).
 */
class ControlledPatientIndex extends SimulatedPatientIndex {
  readonly timeoutMs = 200;
  mode: 'ok' | 'hang' | 'fail' = 'ok';

  constructor() {
    super(memoryFilings());
  }

  private async gate() {
    if (this.mode === 'hang') await new Promise<never>(() => {});
    if (this.mode === 'fail') throw new Error('ECONNRESET');
  }

  override async isFiled(p: Parameters<SimulatedPatientIndex['isFiled']>[0]) {
    await this.gate();
    return super.isFiled(p);
  }

  override async file(p: Parameters<SimulatedPatientIndex['file']>[0]) {
    await this.gate();
    return super.file(p);
  }

  override async phoneOf(p: Parameters<SimulatedPatientIndex['phoneOf']>[0]) {
    await this.gate();
    return super.phoneOf(p);
  }
}

class FailingHealthPlatform extends SimulatedHealthCardPlatform {
  readonly timeoutMs = 200;
  override async registerCard(): Promise<never> {
    throw new Error('502 Bad Gateway');
  }
}

const index = new ControlledPatientIndex();
let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    ports: { patientIndex: index, healthCardPlatform: new FailingHealthPlatform() },
  });
});
afterAll(() => server?.close());

/** A new contact of the account that the HIS has not filed at 1000. */
async function unfiledContact(n: number) {
  const client = await server.login(`1370013${String(7000 + n).slice(-4)}`);
  let p = person(n, HEALTH_CARD_DETAILS);
  while (filedBeforehand({ hospitalId: '1000', identityCard: p.documentNumber, name: p.name })) {
    p = person(++n, HEALTH_CARD_DETAILS);
  }
  const contact = await addCertifiedContact(client, p);
  return { client, contact, p };
}

const hisRows = () => server.database.db.select().from(hisPatients);

describe('a patient index that fails', () => {
  it('filing (建档): 503 in Chinese, nothing filed, no card; the same call works once the HIS answers', async () => {
    const { client, contact } = await unfiledContact(401);
    const before = (await hisRows()).length;
    for (const mode of ['hang', 'fail'] as const) {
      index.mode = mode;
      const answer = await client.post('/contact/patientInformationFiling', {
        contactId: contact.contactId,
        hospitalId: '1000',
      });
      expect(answer.body).toMatchObject({
        state: 503,
        msg: '医院信息系统（HIS）暂不可用',
        subMsg:
          mode === 'hang'
            ? '医院信息系统（HIS）响应超时，请稍后再试（本次操作未生效）'
            : '医院信息系统（HIS）暂时无法访问，请稍后再试（本次操作未生效）',
      });
    }
    const cards = () =>
      server.database.db
        .select()
        .from(medicalCards)
        .where(eq(medicalCards.contactId, Number(contact.contactId)));
    expect(await cards()).toEqual([]);
    expect((await hisRows()).length).toBe(before);
    index.mode = 'ok';
    const filed = await client.post('/contact/patientInformationFiling', {
      contactId: contact.contactId,
      hospitalId: '1000',
    });
    expect(filed.body).toMatchObject({ state: 200, results: { type: 'HOSPITAL_CARD' } });
    expect(await cards()).toHaveLength(1);
    // Filed in the port given (its own book), not in the simulation's table.
    expect((await hisRows()).length).toBe(before);
    const again = await client.post('/contact/patientInformationFiling', {
      contactId: contact.contactId,
      hospitalId: '1000',
    });
    expect(again.body).toMatchObject({ state: 409, msg: '该就诊人已在本院建档' });
  });

  it('the code to the HIS phone: 503, no code sent; adding a contact still works, without a proof', async () => {
    const { client, contact } = await unfiledContact(431);
    index.mode = 'fail';
    const sent = await client.post(`/v1/contact/${contact.contactId}/hisIdentity/sms`);
    expect(sent.body).toMatchObject({ state: 503, msg: '医院信息系统（HIS）暂不可用' });
    const added = await client.post('/addPatient', person(461));
    expect(added.body).toMatchObject({ state: 200, results: { contactDO: { hisVerified: false } } });
    index.mode = 'ok';
  });

  it('the health card platform that fails: 503, no health card', async () => {
    const { client, contact } = await unfiledContact(491);
    const answer = await client.post('/v1/contact/registerAndBindHealthCard', {
      hospitalId: '1000',
      contactId: contact.contactId,
    });
    expect(answer.body).toMatchObject({ state: 503, msg: '电子健康卡平台暂不可用' });
    const rows = await server.database.db
      .select()
      .from(healthCards)
      .where(eq(healthCards.contactId, Number(contact.contactId)));
    expect(rows).toEqual([]);
    const [row] = await server.database.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(eq(contacts.id, Number(contact.contactId)));
    expect(row).toBeDefined();
  });
});
