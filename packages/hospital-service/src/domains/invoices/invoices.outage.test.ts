import type { InvoiceSummary, PaidSettlement } from '@patient/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPatient } from '../../test/booking.ts';
import { type Client, proveContact, startServer, type TestServer } from '../../test/harness.ts';
import { type SwitchablePort, switchablePort } from '../../test/outside.ts';
import {
  type EInvoicePlatform,
  type HisSettlements,
  SimulatedEInvoicePlatform,
  SimulatedHisSettlements,
} from './index.ts';
import { eInvoices, invoicedSettlements } from './tables.ts';

/** The HIS's settlements or the e-invoice platform fail or hang: 503 in Chinese, and no invoice is written. */
let server: TestServer;
let his: SwitchablePort<HisSettlements>;
let platform: SwitchablePort<EInvoicePlatform>;

beforeAll(async () => {
  his = switchablePort<HisSettlements>(new SimulatedHisSettlements(), 300);
  platform = switchablePort<EInvoicePlatform>(new SimulatedEInvoicePlatform(), 300);
  server = await startServer({ ports: { hisSettlements: his.port, eInvoicePlatform: platform.port } });
});
afterAll(() => server?.close());

const H = '1000';
const down = (system: string) => ({
  state: 503,
  msg: `${system}暂不可用`,
  subMsg: `${system}暂时无法访问，请稍后再试（本次操作未生效）`,
});
const slow = (system: string) => ({
  state: 503,
  msg: `${system}暂不可用`,
  subMsg: `${system}响应超时，请稍后再试（本次操作未生效）`,
});

let phones = 0;
async function provenPatient() {
  const patient = await newPatient(server, `1370000${String(7800 + ++phones)}`, [H]);
  await proveContact(server, patient.client, patient.contactId);
  return patient;
}

const invoices = (client: Client, contactId: string) =>
  client.post<InvoiceSummary[]>(`/queryInvoice/${H}`, { contactId });
const invoiceable = (client: Client, contactId: string) =>
  client.post<PaidSettlement[]>(`/v1/contact/${H}/selectInvoice`, { contactId });
const merge = (client: Client, contactId: string, settlementIds: string[]) =>
  client.post<InvoiceSummary>(`/v1/contact/${H}/mergePrintInvoice`, { contactId, settlementIds });

const invoiceRows = (contactId: string) =>
  server.database.db
    .select()
    .from(eInvoices)
    .where(eq(eInvoices.contactId, Number(contactId)));

describe('invoice systems outage', () => {
  it('the HIS’s settlements down or hanging → 503, and no window invoice is written', async () => {
    const patient = await provenPatient();
    his.fail();
    expect((await invoices(patient.client, patient.contactId)).body).toMatchObject(
      down('医院结算系统（HIS）'),
    );
    his.hang();
    expect((await invoiceable(patient.client, patient.contactId)).body).toMatchObject(
      slow('医院结算系统（HIS）'),
    );
    expect(await invoiceRows(patient.contactId)).toEqual([]);
    his.restore();
  });

  it('the platform down while issuing → 503, nothing invoiced; hanging while rendering → 503', async () => {
    const patient = await provenPatient();
    platform.fail();
    // The window invoices of the first listing cannot be issued either.
    expect((await invoices(patient.client, patient.contactId)).body).toMatchObject(down('医疗电子票据平台'));
    expect(await invoiceRows(patient.contactId)).toEqual([]);
    platform.restore();
    const [first, second] = (await invoiceable(patient.client, patient.contactId)).body.results ?? [];
    const windowIssued = await invoiceRows(patient.contactId);

    platform.fail();
    const refused = await merge(patient.client, patient.contactId, [first.settlementId, second.settlementId]);
    expect(refused.body).toMatchObject(down('医疗电子票据平台'));
    expect(await invoiceRows(patient.contactId)).toEqual(windowIssued);
    const marked = await server.database.db
      .select()
      .from(invoicedSettlements)
      .where(eq(invoicedSettlements.settlementId, first.settlementId));
    expect(marked).toEqual([]);

    platform.restore();
    const issued = await merge(patient.client, patient.contactId, [first.settlementId, second.settlementId]);
    expect(issued.body, issued.text).toMatchObject({ state: 200 });
    platform.hang();
    const page = await patient.client.get('/v1/contact/pdfToImage', {
      fileId: issued.body.results?.fileId as string,
    });
    expect(page.body).toMatchObject(slow('医疗电子票据平台'));
    platform.restore();
  });
});
