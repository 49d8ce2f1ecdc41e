import type { InvoiceSummary, PaidSettlement, Recharge } from '@patient/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookedOrder,
  freeSlot,
  newPatient,
  notification,
  type Patient,
  tradeNoOf,
} from '../../test/booking.ts';
import { type Client, proveContact, startServer, type TestServer } from '../../test/harness.ts';

/** Electronic invoices over HTTP: the HIS's settlements, this app's paid orders, merge-printing, page images. */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

const H = '1000';
let phones = 0;

async function provenPatient(): Promise<Patient> {
  const patient = await newPatient(server, `1370000${String(7300 + ++phones)}`, [H]);
  await proveContact(server, patient.client, patient.contactId);
  return patient;
}

const invoices = (client: Client, contactId: string) =>
  client.post<InvoiceSummary[]>(`/queryInvoice/${H}`, { contactId });
const invoiceable = (client: Client, contactId: string) =>
  client.post<PaidSettlement[]>(`/v1/contact/${H}/selectInvoice`, { contactId });
const preview = (client: Client, contactId: string, settlementIds: string[]) =>
  client.post<{ amount: number; capital: string; lines: { name: string; amount: number }[] }>(
    `/v1/contact/${H}/queryMergeCashInfo`,
    { contactId, settlementIds },
  );
const merge = (client: Client, contactId: string, settlementIds: string[]) =>
  client.post<InvoiceSummary>(`/v1/contact/${H}/mergePrintInvoice`, { contactId, settlementIds });
const pages = (client: Client, fileId: string) =>
  client.get<{
    invoice: InvoiceSummary;
    capital: string;
    fileName: string;
    pages: { width: number; height: number; image: string }[];
  }>('/v1/contact/pdfToImage', { fileId });

const svgOf = (image: string) =>
  Buffer.from(image.replace('data:image/svg+xml;base64,', ''), 'base64').toString('utf8');

describe('invoices', () => {
  it('lists the invoices issued at the window and the settlements not invoiced yet, this app’s paid appointment included (not with other kinds)', async () => {
    const patient = await provenPatient();
    const unproven = await newPatient(server, '13700007399', [H]);
    expect((await invoices(unproven.client, unproven.contactId)).body.state).toBe(403);

    const issued = (await invoices(patient.client, patient.contactId)).body.results ?? [];
    expect(issued.map((i) => i.type)).toEqual(['INPATIENT', 'OUTPATIENT']);
    for (const invoice of issued) {
      expect(invoice.invoiceCode).toMatch(/^3300\d{2}0[12]$/);
      expect(invoice.invoiceNumber).toMatch(/^\d{10}$/);
      expect(invoice.payerName).toMatch(/^.\*+$/);
      expect(invoice.settlementCount).toBe(1);
    }
    // Listing again issues nothing twice.
    expect((await invoices(patient.client, patient.contactId)).body.results).toEqual(issued);

    const slot = await freeSlot(patient.client, H);
    const orderId = await bookedOrder(server, patient, H, slot.source.sourceId);
    // A prepaid recharge is not invoiced when paid.
    const account = (
      await patient.client.post<{ accountId: string }>(`/v1/account/${H}/patientCreatAccount`, {
        contactId: patient.contactId,
      })
    ).body.results as { accountId: string };
    const order = (
      await patient.client.post<Recharge>('/v1/account/pay', {
        hospitalId: H,
        accountId: account.accountId,
        amount: 10_000,
      })
    ).body.results as Recharge;
    const started = await patient.client.post<{ payment: { paymentId: string; amount: number } }>(
      '/v1/pay_orders/js_pay',
      { orderType: 'ACCOUNT_RECHARGE', orderId: order.rechargeId, channel: 'SANDBOX' },
    );
    const payment = started.body.results?.payment as { paymentId: string; amount: number };
    await server
      .client()
      .post('/v1/pay_orders/notify', notification(payment, await tradeNoOf(server, payment.paymentId)));

    const open = (await invoiceable(patient.client, patient.contactId)).body.results ?? [];
    expect(open.map((s) => [s.type, s.source])).toEqual([
      ['REGISTRATION', 'APP'],
      ['OUTPATIENT', 'HIS'],
      ['OUTPATIENT', 'HIS'],
    ]);
    expect(open[0].title).toMatch(/^预约挂号/);
    expect(open[0].amount).toBeGreaterThan(0);
    expect(orderId).toBeTruthy();

    // A registration and an outpatient settlement are invoiced apart.
    const mixed = await merge(patient.client, patient.contactId, [
      open[0].settlementId,
      open[1].settlementId,
    ]);
    expect(mixed.status).toBe(400);
    expect(mixed.body.msg).toBe(
      '参数 settlementIds 不正确：门诊、住院和挂号费用须分别开票，请选择同一类费用',
    );
    const registration = await merge(patient.client, patient.contactId, [open[0].settlementId]);
    expect(registration.body, registration.text).toMatchObject({
      state: 200,
      results: { type: 'REGISTRATION', amount: open[0].amount, settlementCount: 1 },
    });
  });

  it('merges several settlements of one kind into one invoice, once; refuses repeats and others’ settlements', async () => {
    const patient = await provenPatient();
    const stranger = await provenPatient();
    const [first, second] = (await invoiceable(patient.client, patient.contactId)).body.results ?? [];
    const ids = [first.settlementId, second.settlementId];

    const previewed = (await preview(patient.client, patient.contactId, ids)).body.results;
    expect(previewed?.amount).toBe(first.amount + second.amount);
    expect(previewed?.capital).toMatch(/^[零壹贰叁肆伍陆柒捌玖拾佰仟万亿元角分整]+$/);
    expect(previewed?.lines.reduce((s, l) => s + l.amount, 0)).toBe(previewed?.amount);

    for (const [body, message] of [
      [[first.settlementId, first.settlementId], '所选费用有重复，请重新选择'],
      [[], null],
    ] as const) {
      const answer = await merge(patient.client, patient.contactId, [...body]);
      expect(answer.status).toBe(400);
      if (message) expect(answer.body.msg).toBe(`参数 settlementIds 不正确：${message}`);
    }
    // Another contact's settlement, or one that does not exist, is not there; another user cannot merge these.
    const theirs = (await invoiceable(stranger.client, stranger.contactId)).body.results?.[0].settlementId;
    for (const answer of [
      await merge(patient.client, patient.contactId, [first.settlementId, theirs as string]),
      await merge(patient.client, patient.contactId, ['H-1000-999999-1']),
      await preview(stranger.client, patient.contactId, ids),
    ]) {
      expect(answer.body.state).toBe(404);
    }

    const merged = await merge(patient.client, patient.contactId, ids);
    expect(merged.body, merged.text).toMatchObject({
      state: 200,
      results: { type: 'OUTPATIENT', amount: first.amount + second.amount, settlementCount: 2 },
    });
    expect((await merge(patient.client, patient.contactId, ids)).body).toMatchObject({
      state: 409,
      msg: '已开具电子票据',
    });
    expect((await invoiceable(patient.client, patient.contactId)).body.results).toEqual([]);
    const list = (await invoices(patient.client, patient.contactId)).body.results ?? [];
    expect(list[0]).toEqual(merged.body.results);
    expect(list).toHaveLength(3);
    // The stranger's own settlements are untouched.
    expect((await invoiceable(stranger.client, stranger.contactId)).body.results).toHaveLength(2);
  });

  it('renders an invoice as a page image with its numbers and the capital amount, only for its owner', async () => {
    const patient = await provenPatient();
    const stranger = await provenPatient();
    const [invoice] = (await invoices(patient.client, patient.contactId)).body.results ?? [];
    const answer = await pages(patient.client, invoice.fileId);
    expect(answer.body, answer.text).toMatchObject({ state: 200, results: { invoice } });
    const result = answer.body.results;
    expect(result?.fileName).toBe(`电子票据-${invoice.invoiceCode}-${invoice.invoiceNumber}.svg`);
    expect(result?.pages).toHaveLength(1);
    const svg = svgOf(result?.pages[0].image ?? '');
    expect(svg).toContain('医疗住院收费票据（电子）');
    expect(svg).toContain(`票据代码：${invoice.invoiceCode}`);
    expect(svg).toContain(`票据号码：${invoice.invoiceNumber}`);
    expect(svg).toMatch(/校验码：[0-9A-F]{6}/);
    expect(svg).toContain(`金额合计（大写）：${result?.capital}`);
    expect(svg).toContain(`交款人：${invoice.payerName}`);
    expect(svg).toContain('床位费');
    // The check QR code is drawn (modules as one path).
    expect(svg).toMatch(/<g transform="translate\(40 32\) scale\([\d.]+\)"><path d="M\d+ \d+h1v1h-1z/);
    const contact = (
      await patient.client.get<{ contactDO: { name: string } }>(`/contact_id/${patient.contactId}`)
    ).body.results;
    expect(svg).not.toContain(contact?.contactDO.name as string);

    expect((await pages(stranger.client, invoice.fileId)).body).toMatchObject({
      state: 404,
      msg: '电子票据不存在',
    });
    expect((await pages(patient.client, '../x')).status).toBe(400);
    expect((await invoices(stranger.client, patient.contactId)).body).toMatchObject({
      state: 404,
      msg: '就诊人不存在',
    });
    const empty = await merge(patient.client, patient.contactId, []);
    expect(empty.body.msg).toMatch(/^参数 settlementIds 不正确/);
  });
});
