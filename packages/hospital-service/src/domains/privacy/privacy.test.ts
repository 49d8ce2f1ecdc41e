import {
  BROWSER_CHANNEL,
  CHANNEL_HEADER,
  type Contact,
  type DataCopy,
  type DataCopyFile,
  type DeletionOverview,
} from '@patient/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/auth/tables.ts';
import { DAY } from '../../platform/clock.ts';
import { fieldCipher } from '../../platform/crypto/field-cipher.ts';
import { ERASED } from '../../platform/privacy/erasure.ts';
import { bookedOrder, freeSlot, notification, pendingOrder, tradeNoOf } from '../../test/booking.ts';
import { type Client, person, proveContact, startServer, type TestServer } from '../../test/harness.ts';
import { ERASED_ACCOUNT_PHONE } from '../accounts/index.ts';
import { appointmentOrders } from '../booking/index.ts';
import { outpatientCharges, outpatientOrders } from '../fees/index.ts';
import { eInvoices } from '../invoices/index.ts';
import { nucleicAcidOrders } from '../nucleicacid/index.ts';
import { cardsOfFiledPerson, contacts, filedBeforehand, medicalCards } from '../patients/index.ts';
import { payments } from '../payments/index.ts';
import { prepaidAccounts } from '../prepaid/index.ts';
import { recordCopyOrders } from '../recordcopy/index.ts';

/** 注销账号 and 个人信息副本 over HTTP, and what deletion leaves in every table. */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

const H = '1000';
let counter = 600;

/** Tables of outside systems the service simulates (the hospital's HIS patient index, the insurance centre). */
const OUTSIDE_SYSTEMS = /^(his_patients|sim_)/;

interface Holder {
  phone: string;
  client: Client;
  userId: number;
  contacts: { contactId: string; name: string; documentNumber: string; cardNo: string }[];
}

/** A contact filed at H under a distinctive name, with its card (written directly, as booking tests do). */
async function addContact(holder: Holder, name: string): Promise<Holder['contacts'][number]> {
  let p = person(++counter, { name, phone: holder.phone });
  while (!filedBeforehand({ hospitalId: H, identityCard: p.documentNumber, name })) {
    p = person(++counter, { name, phone: holder.phone });
  }
  const added = await holder.client.post<Contact>('/addPatient', p);
  expect(added.body, added.text).toMatchObject({ state: 200 });
  const contactId = (added.body.results as Contact).contactId;
  const [card] = cardsOfFiledPerson({ hospitalId: H, identityCard: p.documentNumber, name });
  await server.database.db.insert(medicalCards).values({
    userId: holder.userId,
    contactId: Number(contactId),
    hospitalId: H,
    medicalCardNo: card.medicalCardNo,
    type: card.type,
    isDefault: holder.contacts.length === 0,
    createdAt: server.clock.now(),
  });
  const contact = { contactId, name, documentNumber: p.documentNumber, cardNo: card.medicalCardNo };
  holder.contacts.push(contact);
  return contact;
}

async function holder(phone: string, names: string[]): Promise<Holder> {
  const client = await server.login(phone);
  const [user] = await server.database.db.select().from(users).where(eq(users.phone, phone));
  const h: Holder = { phone, client, userId: user.id, contacts: [] };
  for (const name of names) await addContact(h, name);
  return h;
}

async function uploadPhoto(client: Client, seed: number): Promise<string> {
  const bytes = Buffer.alloc(1024, seed);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await fetch(new URL('/product-service/v1/file/upload', client.base), {
    method: 'POST',
    body: form,
    headers: {
      [CHANNEL_HEADER]: BROWSER_CHANNEL,
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  });
  const body = (await response.json()) as { results: { fileId: string } };
  return body.results.fileId;
}

/** An account with two contacts, cards, an address, a paid appointment, a photo, a complaint and a consent. */
async function busyHolder(phone: string, names: string[]) {
  const h = await holder(phone, names);
  const [first] = h.contacts;
  const last = h.contacts[h.contacts.length - 1];
  const [cardId] = (
    await server.database.db
      .select({ id: medicalCards.id })
      .from(medicalCards)
      .where(eq(medicalCards.contactId, Number(first.contactId)))
  ).map((c) => String(c.id));
  const slot = await freeSlot(h.client, H);
  const orderId = await bookedOrder(
    server,
    {
      client: h.client,
      contactId: first.contactId,
      cards: { [H]: { cardId } as never },
    },
    H,
    slot.source.sourceId,
  );
  const address = await h.client.post('/v1/express_address/add_express_address', {
    name: last.name,
    phone,
    countyCode: '331004',
    detail: '路桥街道银安街1号3幢201室',
    postalCode: '318050',
  });
  expect(address.body, address.text).toMatchObject({ state: 200 });
  const fileId = await uploadPhoto(h.client, counter);
  const feedback = await h.client.post('/v1/feed_back', {
    hospitalId: H,
    kind: 'COMPLAINT',
    category: '环境设施',
    content: [`${last.name}反映门诊三楼卫生间地面湿滑。`],
    phone,
    photos: [fileId],
  });
  expect(feedback.body, feedback.text).toMatchObject({ state: 200 });
  const policy = await h.client.get<{ version: string }>('/v1/privacy/documents/POLICY', { hospitalId: H });
  const consent = await h.client.post('/v1/privacy/consents', {
    hospitalId: H,
    kind: 'POLICY',
    version: policy.body.results?.version,
  });
  expect(consent.body, consent.text).toMatchObject({ state: 200 });
  return { ...h, orderId, fileId };
}

/** Pays an order of any kind through the sandbox provider and its signed notification. */
async function paid(client: Client, orderType: string, orderId: string): Promise<void> {
  const started = await client.post<{ payment: { paymentId: string; amount: number } }>(
    '/v1/pay_orders/js_pay',
    { orderType, orderId, channel: 'SANDBOX' },
  );
  expect(started.body, started.text).toMatchObject({ state: 200 });
  const payment = started.body.results?.payment as { paymentId: string; amount: number };
  const notified = await server
    .client()
    .post('/v1/pay_orders/notify', notification(payment, await tradeNoOf(server, payment.paymentId)));
  expect(notified.body, notified.text).toMatchObject({ state: 200, results: { applied: true } });
}

/**
 * The rest of what money buys, for the holder's first contact (proven) and second: outpatient fees merged and
 * paid, the invoices (the window's, and one of the paid appointment), a record copy applied for with ID photos
 * and paid, a nucleic acid test paid. Returns the ids, to find them detached after a deletion.
 */
async function moreOrders(h: Awaited<ReturnType<typeof busyHolder>>) {
  const [first, second] = h.contacts;
  const { client } = h;
  await proveContact(server, client, first.contactId);

  const unpaid = await client.post<{ orderId: string }[]>(`/v1/outpatient/officeCharges/${H}`, {
    contactId: first.contactId,
  });
  expect(unpaid.body, unpaid.text).toMatchObject({ state: 200 });
  const feeOrderIds = (unpaid.body.results ?? []).slice(0, 2).map((o) => o.orderId);
  const merged = await client.post<{ chargeId: string }>('/v1/interOfficePayment/orderUniformly', {
    hospitalId: H,
    contactId: first.contactId,
    orderIds: feeOrderIds,
  });
  expect(merged.body, merged.text).toMatchObject({ state: 200 });
  const chargeId = merged.body.results?.chargeId as string;
  await paid(client, 'OUTPATIENT_FEE', chargeId);

  const issued = await client.post<unknown[]>(`/queryInvoice/${H}`, { contactId: first.contactId });
  expect(issued.body, issued.text).toMatchObject({ state: 200 });
  const open = await client.post<{ settlementId: string; type: string }[]>(`/v1/contact/${H}/selectInvoice`, {
    contactId: first.contactId,
  });
  const registration = (open.body.results ?? []).find((x) => x.type === 'REGISTRATION');
  expect(registration, open.text).toBeDefined();
  const invoice = await client.post<{ fileId: string }>(`/v1/contact/${H}/mergePrintInvoice`, {
    contactId: first.contactId,
    settlementIds: [registration?.settlementId],
  });
  expect(invoice.body, invoice.text).toMatchObject({ state: 200 });

  const [card] = await server.database.db
    .select({ id: medicalCards.id })
    .from(medicalCards)
    .where(eq(medicalCards.contactId, Number(first.contactId)));
  const product = <T>(method: string, path: string, body?: unknown) =>
    client.call<T>(method, `/product-service${path}`, { body });
  const stays = await product<{ stayId: string }[]>('PUT', '/inpatientInfoList', {
    hospitalId: H,
    cardId: String(card.id),
  });
  expect(stays.body.results?.length, stays.text).toBeGreaterThan(0);
  const address = await client.post<{ addressId: string }>('/v1/express_address/add_express_address', {
    name: first.name,
    phone: h.phone,
    countyCode: '331004',
    detail: '路桥街道银安街2号',
    postalCode: '318050',
  });
  const photos = [await uploadPhoto(client, ++counter), await uploadPhoto(client, ++counter)];
  const copy = await product<{ orderId: string }>('POST', '/addMedicalRecord', {
    hospitalId: H,
    cardId: String(card.id),
    applicant: 'SELF',
    stayIds: [stays.body.results?.[0].stayId],
    purpose: 'COMMERCIAL_INSURANCE',
    parts: ['LAB'],
    copies: 1,
    delivery: 'EXPRESS',
    addressId: address.body.results?.addressId,
    photos: [
      { kind: 'ID_FRONT', fileId: photos[0] },
      { kind: 'ID_BACK', fileId: photos[1] },
    ],
  });
  expect(copy.body, copy.text).toMatchObject({ state: 200 });
  const recordCopyId = copy.body.results?.orderId as string;
  await paid(client, 'RECORD_COPY', recordCopyId);

  const test = await client.post<{ orderId: string }>('/v1/natOrder', {
    hospitalId: H,
    contactId: (second ?? first).contactId,
    type: 'SINGLE',
  });
  expect(test.body, test.text).toMatchObject({ state: 200 });
  const nucleicAcidId = test.body.results?.orderId as string;
  await paid(client, 'NUCLEIC_ACID', nucleicAcidId);

  return {
    feeOrderIds,
    chargeId,
    invoiceFileId: invoice.body.results?.fileId as string,
    recordCopyId,
    nucleicAcidId,
  };
}

/** Every row of every table of the service's schema (outside systems' simulated tables excepted), as text. */
async function everyRow(): Promise<{ table: string; row: string }[]> {
  const tables = (await server.database.db.execute(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  )) as unknown as { rows: { tablename: string }[] };
  const out: { table: string; row: string }[] = [];
  for (const { tablename } of tables.rows) {
    if (OUTSIDE_SYSTEMS.test(tablename)) continue;
    const rows = (await server.database.db.execute(
      sql`SELECT t::text AS row FROM ${sql.identifier(tablename)} t`,
    )) as unknown as { rows: { row: string }[] };
    // Encrypted fields are searched as what they hold, not as their ciphertext.
    const plain = (row: string) =>
      row.replace(/enc:v1:[A-Za-z0-9]+:[A-Z0-9]+:[A-Za-z0-9_-]+/g, (value) => fieldCipher().decrypt(value));
    for (const r of rows.rows) out.push({ table: tablename, row: plain(r.row) });
  }
  return out;
}

/** The tables with a user_id column that hold a row of the account. */
async function tablesNaming(userId: number): Promise<string[]> {
  const columns = (await server.database.db.execute(
    sql`SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'user_id'`,
  )) as unknown as { rows: { table_name: string }[] };
  const found: string[] = [];
  for (const { table_name } of columns.rows) {
    const rows = (await server.database.db.execute(
      sql`SELECT 1 FROM ${sql.identifier(table_name)} WHERE user_id = ${userId} LIMIT 1`,
    )) as unknown as { rows: unknown[] };
    if (rows.rows.length > 0) found.push(table_name);
  }
  return found;
}

const overview = async (client: Client) => {
  const answer = await client.get<DeletionOverview>('/v1/account/deletion');
  expect(answer.body, answer.text).toMatchObject({ state: 200 });
  return answer.body.results as DeletionOverview;
};

async function deletionCode(h: { client: Client; phone: string }): Promise<string> {
  const sent = await h.client.post('/v1/account/deletion/sendCode');
  expect(sent.body, sent.text).toMatchObject({ state: 200 });
  return server.sms.latestCode(h.phone, 'account_deletion') as string;
}

describe('account deletion', () => {
  it('says what goes and what the law keeps, and needs the code sent to the account’s phone', async () => {
    const h = await holder('13700009101', []);
    const o = await overview(h.client);
    expect(o.phone).toMatch(/^\*+9101$|^137\*{4}9101$/);
    expect(o.erased.join('')).toMatch(/就诊人.*就诊卡.*收货地址.*照片/s);
    expect(o.kept.map((k) => `${k.what}${k.period}${k.rule}`).join('')).toMatch(
      /电子票据.*30 年.*会计档案管理办法/s,
    );
    expect(o.blockers).toEqual([]);
    const wrong = await h.client.post('/v1/account/deletion', { code: '000000' });
    expect(wrong.body.state).toBe(400);
    const malformed = await h.client.post('/v1/account/deletion', { code: '12' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    const code = await deletionCode(h);
    const other = await holder('13700009102', []);
    // Another account cannot use it: the code belongs to the account that asked for it.
    expect((await other.client.post('/v1/account/deletion', { code })).body.state).toBe(400);
    expect((await server.client().post('/v1/account/deletion', { code })).body.state).not.toBe(200);
  });

  it('leaves no personal data in any table; what the law keeps is detached and nameless', async () => {
    const a = await busyHolder('13700009111', ['欧阳思远', '司马静怡']);
    const b = await busyHolder('13700009112', ['诸葛明轩']);
    // Outpatient fees, invoices, a record copy and a nucleic acid test, all paid (proves the first contact).
    const more = await moreOrders(a);
    // A prepaid account with nothing in it (it holds the contact's card number): closed and kept, nameless.
    const opened = await a.client.post(`/v1/account/${H}/patientCreatAccount`, {
      contactId: a.contacts[0].contactId,
    });
    expect(opened.body, opened.text).toMatchObject({ state: 200 });
    const code = await deletionCode(a);
    const deleted = await a.client.post<boolean>('/v1/account/deletion', { code });
    expect(deleted.body, deleted.text).toMatchObject({ state: 200, results: true });
    // The session is gone and its cookie cleared.
    expect(deleted.headers.getSetCookie().join(';')).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await a.client.get('/v1/auth/session')).body.results).toBeNull();

    const needles = [a.phone, ...a.contacts.flatMap((c) => [c.name, c.documentNumber, c.cardNo])];
    const rows = await everyRow();
    for (const needle of needles) {
      const hits = rows.filter((r) => r.row.includes(needle));
      expect(hits, needle).toEqual([]);
    }
    expect(await tablesNaming(a.userId)).toEqual([]);
    // B is untouched.
    for (const needle of [b.phone, b.contacts[0].name, b.contacts[0].documentNumber]) {
      expect(
        rows.some((r) => r.row.includes(needle)),
        needle,
      ).toBe(true);
    }

    // Kept: the paid appointment and its payment, on the shared detached account, without the name.
    const [detached] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.phone, ERASED_ACCOUNT_PHONE));
    const [order] = await server.database.db
      .select()
      .from(appointmentOrders)
      .where(eq(appointmentOrders.id, Number(a.orderId)));
    expect(order).toMatchObject({
      userId: detached.id,
      contactId: null,
      patientName: ERASED,
      medicalCardNo: null,
    });
    const [payment] = await server.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, Number(a.orderId)));
    expect(payment).toMatchObject({ userId: detached.id, status: 'PAID' });
    const [account] = await server.database.db
      .select()
      .from(prepaidAccounts)
      .where(eq(prepaidAccounts.userId, detached.id));
    expect(account).toMatchObject({ status: 'CLOSED', cardNo: ERASED, balance: 0 });
    // The outpatient fees, their charge, the invoices, the record copy and the nucleic acid test: kept, detached.
    const db = server.database.db;
    const [nobody] = await db.select().from(contacts).where(eq(contacts.userId, detached.id));
    const kept = { userId: detached.id, contactId: nobody.id };
    const fees = await db.select().from(outpatientOrders).where(eq(outpatientOrders.userId, detached.id));
    expect(fees.map((o) => String(o.id))).toEqual(expect.arrayContaining(more.feeOrderIds));
    for (const fee of fees) expect(fee).toMatchObject(kept);
    const [charge] = await db
      .select()
      .from(outpatientCharges)
      .where(eq(outpatientCharges.id, Number(more.chargeId)));
    expect(charge).toMatchObject(kept);
    const invoices = await db.select().from(eInvoices).where(eq(eInvoices.userId, detached.id));
    expect(invoices.map((i) => i.fileId)).toContain(more.invoiceFileId);
    expect(invoices.length).toBeGreaterThan(1);
    for (const invoice of invoices) expect(invoice).toMatchObject({ ...kept, payerName: ERASED });
    const [copy] = await db
      .select()
      .from(recordCopyOrders)
      .where(eq(recordCopyOrders.id, Number(more.recordCopyId)));
    expect(copy).toMatchObject(kept);
    const [test] = await db
      .select()
      .from(nucleicAcidOrders)
      .where(eq(nucleicAcidOrders.id, Number(more.nucleicAcidId)));
    expect(test).toMatchObject(kept);
    const paidKept = await db.select().from(payments).where(eq(payments.userId, detached.id));
    expect(paidKept.map((p) => p.orderType)).toEqual(
      expect.arrayContaining(['APPOINTMENT', 'OUTPATIENT_FEE', 'RECORD_COPY', 'NUCLEIC_ACID']),
    );

    // The phone registers again and starts clean.
    const again = await server.login(a.phone);
    expect((await again.get<unknown[]>('/contacts')).body.results ?? []).toEqual([]);
    const [fresh] = await server.database.db.select().from(users).where(eq(users.phone, a.phone));
    expect(fresh.id).not.toBe(a.userId);
    // Only what the new login writes: its session and its consents to the two documents.
    expect(await tablesNaming(fresh.id)).toEqual(['sessions', 'consents']);
    // The detached account cannot log in.
    expect((await server.client().post('/v1/auth/sendCode', { phone: ERASED_ACCOUNT_PHONE })).status).toBe(
      400,
    );
  });

  it('is refused, naming the reason, while a prepaid balance or an unpaid hold exists; nothing changes', async () => {
    const prepaid = await holder('13700009121', ['欧阳预付']);
    await proveContact(server, prepaid.client, prepaid.contacts[0].contactId);
    const opened = await prepaid.client.post<{ accountId: string }>(`/v1/account/${H}/patientCreatAccount`, {
      contactId: prepaid.contacts[0].contactId,
    });
    expect(opened.body, opened.text).toMatchObject({ state: 200 });
    // A balance, as the HIS ledger would hold it after a recharge (set-up: recharging has its own tests).
    await server.database.db.execute(
      sql`UPDATE prepaid_accounts SET balance = 12345 WHERE id = ${Number(opened.body.results?.accountId)}`,
    );
    const o = await overview(prepaid.client);
    expect(o.blockers).toEqual([
      { kind: 'PREPAID_BALANCE', message: expect.stringMatching(/预交金账户.*余额 ¥123\.45.*注销该账户/) },
    ]);
    const code = await deletionCode(prepaid);
    const refused = await prepaid.client.post('/v1/account/deletion', { code });
    expect(refused.body).toMatchObject({ state: 409, msg: '暂时无法注销账号' });
    expect(refused.body.subMsg).toMatch(/预交金账户.*余额 ¥123\.45/);
    // Its contact cannot be deleted either, for the same reason.
    const contactRefused = await prepaid.client.post(`/del/${prepaid.contacts[0].contactId}`);
    expect(contactRefused.body).toMatchObject({ state: 409, msg: '暂时无法删除就诊人' });
    expect(contactRefused.body.subMsg).toMatch(/余额 ¥123\.45/);
    const [still] = await server.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.userId, prepaid.userId));
    expect(still.name).toBe('欧阳预付');
    expect((await prepaid.client.get('/v1/auth/session')).body.results).not.toBeNull();

    const holding = await holder('13700009122', ['欧阳挂号']);
    const [cardId] = (
      await server.database.db
        .select({ id: medicalCards.id })
        .from(medicalCards)
        .where(eq(medicalCards.userId, holding.userId))
    ).map((c) => String(c.id));
    const slot = await freeSlot(holding.client, H);
    await pendingOrder(
      {
        client: holding.client,
        contactId: holding.contacts[0].contactId,
        cards: { [H]: { cardId } as never },
      },
      H,
      slot.source.sourceId,
    );
    const held = await overview(holding.client);
    expect(held.blockers.map((x) => x.kind)).toContain('UNPAID_ORDER');
    expect(held.blockers.map((x) => x.message).join('')).toMatch(/挂号订单.*尚未支付/);
    const refusedHold = await holding.client.post('/v1/account/deletion', {
      code: await deletionCode(holding),
    });
    expect(refusedHold.body).toMatchObject({ state: 409 });
    expect(refusedHold.body.subMsg).toMatch(/挂号订单/);
  });
});

describe('deleting one contact', () => {
  it('removes its data everywhere; its paid order stays with the account, nameless; the other contact stays', async () => {
    const a = await busyHolder('13700009141', ['慕容清风', '令狐晓月']);
    const [gone, kept] = a.contacts;
    const deleted = await a.client.post(`/del/${gone.contactId}`);
    expect(deleted.body, deleted.text).toMatchObject({ state: 200, results: true });
    const rows = await everyRow();
    for (const needle of [gone.name, gone.documentNumber, gone.cardNo]) {
      expect(
        rows.filter((r) => r.row.includes(needle)),
        needle,
      ).toEqual([]);
    }
    const [order] = await server.database.db
      .select()
      .from(appointmentOrders)
      .where(eq(appointmentOrders.id, Number(a.orderId)));
    expect(order).toMatchObject({
      userId: a.userId,
      contactId: null,
      patientName: ERASED,
      medicalCardNo: null,
    });
    expect(rows.some((r) => r.table === 'contacts' && r.row.includes(kept.documentNumber))).toBe(true);
    expect(rows.some((r) => r.table === 'medical_cards' && r.row.includes(kept.cardNo))).toBe(true);
    expect((await a.client.post(`/del/${gone.contactId}`)).body.state).toBe(404);
  });
});

describe('a copy of one’s data', () => {
  it('holds every contact, card, order and upload of the account and nothing of another; owner only, 7 days', async () => {
    const a = await busyHolder('13700009131', ['上官文博', '东方雨桐']);
    const b = await busyHolder('13700009132', ['皇甫子墨']);
    const asked = await a.client.post<DataCopy>('/v1/account/dataCopy');
    expect(asked.body, asked.text).toMatchObject({ state: 200 });
    const copy = asked.body.results as DataCopy;
    expect(new Date(copy.expiresAt).getTime() - new Date(copy.createdAt).getTime()).toBe(7 * DAY);
    expect((await a.client.get<DataCopy[]>('/v1/account/dataCopy')).body.results).toEqual([copy]);

    const json = await a.client.get<DataCopyFile>(`/v1/account/dataCopy/${copy.copyId}`, { format: 'json' });
    expect(json.body, json.text).toMatchObject({ state: 200, results: { mimeType: 'application/json' } });
    const text = Buffer.from(json.body.results?.data as string, 'base64').toString('utf8');
    const data = JSON.parse(text) as Record<string, Record<string, unknown>[]>;
    expect(data.contacts.map((c) => c.name).sort()).toEqual(['上官文博', '东方雨桐'].sort());
    for (const c of a.contacts) {
      expect(text).toContain(c.documentNumber);
      expect(data.medicalCards.map((x) => x.medicalCardNo)).toContain(c.cardNo);
    }
    expect(data.appointmentOrders.map((o) => String(o.id))).toEqual([a.orderId]);
    expect(data.payments).toHaveLength(1);
    expect(data.uploads.map((u) => String(u.id))).toEqual([a.fileId]);
    expect(data.uploads[0]).not.toHaveProperty('storageKey');
    expect(data.addresses).toHaveLength(1);
    // The login's consents to the policy and the agreement (agreeing to the policy again kept the standing
    // one) and the sensitive consent given after it.
    expect(data.consents).toHaveLength(3);
    expect(data.feedback).toHaveLength(1);
    expect((data.account as unknown as { phone: string }).phone).toBe(a.phone);
    for (const needle of [b.phone, b.contacts[0].name, b.contacts[0].documentNumber, b.orderId]) {
      expect(text.includes(`"${needle}"`), needle).toBe(false);
    }

    const pdf = await a.client.get<DataCopyFile>(`/v1/account/dataCopy/${copy.copyId}`, { format: 'pdf' });
    expect(pdf.body, pdf.text).toMatchObject({ state: 200, results: { mimeType: 'application/pdf' } });
    expect(
      Buffer.from(pdf.body.results?.data as string, 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Another account: 404 like none; so is an expired copy.
    expect((await b.client.get(`/v1/account/dataCopy/${copy.copyId}`, { format: 'json' })).body.state).toBe(
      404,
    );
    expect((await b.client.get<DataCopy[]>('/v1/account/dataCopy')).body.results).toEqual([]);
    expect((await a.client.get(`/v1/account/dataCopy/${copy.copyId}`, { format: 'xml' })).status).toBe(400);
    server.clock.advance(7 * DAY + 1000);
    await server.login(a.phone, a.client);
    expect((await a.client.get(`/v1/account/dataCopy/${copy.copyId}`, { format: 'json' })).body.state).toBe(
      404,
    );
    expect((await a.client.get<DataCopy[]>('/v1/account/dataCopy')).body.results).toEqual([]);
  });
});
