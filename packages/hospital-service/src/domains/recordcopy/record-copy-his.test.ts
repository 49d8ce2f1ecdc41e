import type { CopyableStay, ExpressAddress, UploadedFile } from '@patient/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPatient } from '../../test/booking.ts';
import { type Client, proveContact, startServer, type TestServer } from '../../test/harness.ts';
import { type SwitchablePort, switchablePort } from '../../test/outside.ts';
import { type RecordCopyHis, SimulatedRecordCopyHis } from './his.ts';
import { recordCopyOrders } from './tables.ts';

/** The HIS behind record copies failing or not answering: state 503 naming it, no application written. */
let server: TestServer;
let his: SwitchablePort<RecordCopyHis>;

beforeAll(async () => {
  his = switchablePort<RecordCopyHis>(new SimulatedRecordCopyHis());
  server = await startServer({ ports: { recordCopyHis: his.port } });
});
afterAll(() => server?.close());

const H = '1000';
const product = <T>(client: Client, method: string, path: string, body?: unknown) =>
  client.call<T>(method, `/product-service${path}`, { body });

async function photos(client: Client) {
  const form = new FormData();
  for (const seed of [1, 2]) {
    const bytes = Buffer.alloc(1024, seed);
    bytes.set([0xff, 0xd8, 0xff, 0xe0]);
    form.append('files', new Blob([bytes], { type: 'image/jpeg' }), 'photo.jpg');
  }
  const response = await fetch(new URL('/product-service/v1/file/uploads', client.base), {
    method: 'POST',
    body: form,
    headers: {
      channelType: 'H5',
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  });
  const files = ((await response.json()) as { results: UploadedFile[] }).results;
  return [
    { kind: 'ID_FRONT', fileId: files[0].fileId },
    { kind: 'ID_BACK', fileId: files[1].fileId },
  ];
}

describe('the HIS of record copies down', () => {
  it('lists no stays and writes no application while it fails or hangs (state 503); works again after', async () => {
    const patient = await newPatient(server, '13712340001', [H]);
    await proveContact(server, patient.client, patient.contactId);
    const cardId = patient.cards[H].cardId;
    const listed = await product<CopyableStay[]>(patient.client, 'PUT', '/inpatientInfoList', {
      hospitalId: H,
      cardId,
    });
    expect(listed.body.state, listed.text).toBe(200);
    const stays = listed.body.results as CopyableStay[];
    const address = (
      await patient.client.post<ExpressAddress>('/v1/express_address/add_express_address', {
        name: '张伟',
        phone: '13800138000',
        countyCode: '331004',
        detail: '银安街1号',
        postalCode: '318050',
      })
    ).body.results as ExpressAddress;
    const body = {
      hospitalId: H,
      cardId,
      applicant: 'SELF',
      stayIds: [stays[0].stayId],
      purpose: 'COMMERCIAL_INSURANCE',
      parts: ['LAB'],
      copies: 1,
      delivery: 'EXPRESS',
      addressId: address.addressId,
      photos: await photos(patient.client),
    };
    const orders = async () =>
      (
        await server.database.db
          .select({ n: count() })
          .from(recordCopyOrders)
          .where(eq(recordCopyOrders.contactId, Number(patient.contactId)))
      )[0].n;

    for (const down of [() => his.fail(), () => his.hang()]) {
      down();
      const list = await product(patient.client, 'PUT', '/inpatientInfoList', { hospitalId: H, cardId });
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({
        state: 503,
        msg: '医院信息系统（HIS）暂不可用',
        subMsg: expect.stringMatching(
          /^医院信息系统（HIS）(暂时无法访问|响应超时)，请稍后再试（本次操作未生效）$/,
        ),
      });
      const applied = await product(patient.client, 'POST', '/addMedicalRecord', body);
      expect(applied.body.state, applied.text).toBe(503);
      expect(await orders()).toBe(0);
    }

    his.restore();
    const applied = await product(patient.client, 'POST', '/addMedicalRecord', body);
    expect(applied.body.state, applied.text).toBe(200);
    expect(await orders()).toBe(1);
  });
});
