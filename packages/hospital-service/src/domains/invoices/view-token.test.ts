import type { InvoiceSummary } from '@patient/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../platform/clock.ts';
import { redactUrl } from '../../platform/logging/mask.ts';
import { newPatient, type Patient } from '../../test/booking.ts';
import { TEST_START } from '../../test/constants.ts';
import { proveContact, startServer, type TestServer } from '../../test/harness.ts';

/** An invoice's view token (001 §7 'Invoices' `POST {token}`): issued to the owner, short-lived, no session. */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());
afterEach(() => server.clock.set(TEST_START));

const H = '1000';
let phones = 0;

async function withInvoice(): Promise<Patient & { invoice: InvoiceSummary }> {
  const patient = await newPatient(server, `1370000${String(7380 + ++phones)}`, [H]);
  await proveContact(server, patient.client, patient.contactId);
  const [invoice] =
    (await patient.client.post<InvoiceSummary[]>(`/queryInvoice/${H}`, { contactId: patient.contactId })).body
      .results ?? [];
  expect(invoice).toBeDefined();
  return { ...patient, invoice };
}

type Issued = { token: string; expiresAt: string; path: string };

describe('invoice view token', () => {
  it('opens the owner’s invoice without a session, as pdfToImage shows it, until it expires', async () => {
    const { client, invoice } = await withInvoice();
    const issued = await client.post<Issued>('/v1/contact/invoiceViewToken', { fileId: invoice.fileId });
    expect(issued.body, issued.text).toMatchObject({ state: 200 });
    const { token, expiresAt, path } = issued.body.results as Issued;
    expect(new Date(expiresAt).getTime()).toBe(server.clock.now().getTime() + 10 * MINUTE);
    expect(path).toBe(`/hospital-service/v1/invoice/view/${token}`);

    const anonymous = server.client();
    const opened = await anonymous.post<{ invoice: InvoiceSummary }>(`/v1/invoice/view/${token}`);
    expect(opened.body, opened.text).toMatchObject({ state: 200, results: { invoice } });
    expect(opened.headers.get('cache-control')).toBe('no-store');
    const viewed = await client.get('/v1/contact/pdfToImage', { fileId: invoice.fileId });
    expect(opened.body.results).toEqual(viewed.body.results);
    // Opens again while it lives (a view), then not after ten minutes.
    expect((await anonymous.post(`/v1/invoice/view/${token}`)).body.state).toBe(200);
    server.clock.advance(10 * MINUTE);
    expect((await anonymous.post(`/v1/invoice/view/${token}`)).body).toMatchObject({
      state: 400,
      msg: '链接已失效',
    });
    expect(redactUrl(`/hospital-service/v1/invoice/view/${token}`)).toBe(
      '/hospital-service/v1/invoice/view/[REDACTED]',
    );
  });

  it('is issued to the owner only; a forged or altered token opens nothing; bad input 400', async () => {
    const owner = await withInvoice();
    const other = await withInvoice();
    expect(
      (await other.client.post('/v1/contact/invoiceViewToken', { fileId: owner.invoice.fileId })).body,
    ).toMatchObject({ state: 404 });
    expect(
      (await server.client().post('/v1/contact/invoiceViewToken', { fileId: owner.invoice.fileId })).status,
    ).toBe(401);
    const mine = (
      await other.client.post<Issued>('/v1/contact/invoiceViewToken', { fileId: other.invoice.fileId })
    ).body.results as Issued;
    const [, expires, mac] = mine.token.split('.');
    const ownerId = (
      await owner.client.post<Issued>('/v1/contact/invoiceViewToken', { fileId: owner.invoice.fileId })
    ).body.results?.token.split('.')[0];
    // Another invoice's number with my signature, or a later expiry: refused alike.
    for (const forged of [
      `${ownerId}.${expires}.${mac}`,
      `${mine.token.split('.')[0]}.${Number(expires) + MINUTE}.${mac}`,
    ]) {
      expect((await server.client().post(`/v1/invoice/view/${forged}`)).body).toMatchObject({
        state: 400,
        msg: '链接已失效',
      });
    }
    const bad = await server.client().post('/v1/invoice/view/not-a-token');
    expect(bad.status).toBe(400);
    expect(bad.body.results).toEqual({ field: 'token' });
    expect(bad.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    const badFile = await owner.client.post('/v1/contact/invoiceViewToken', { fileId: '../x' });
    expect(badFile.status).toBe(400);
  });
});
