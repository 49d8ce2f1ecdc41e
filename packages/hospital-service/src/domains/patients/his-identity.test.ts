import { type CheckupApplication, type Contact, type HisCard, SUB_CODE } from '@patient/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../platform/clock.ts';
import { schema } from '../../schema.ts';
import {
  type Answer,
  addCertifiedContact,
  type Client,
  person,
  proveContact,
  startServer,
  type TestServer,
} from '../../test/harness.ts';
import { DEMO_PHONE } from '../accounts/index.ts';
import { filedBeforehand, hisPhoneOf } from './his.ts';
import { DEMO_CONTACTS } from './seed-data.ts';

const { checkupApplications, smsCodes } = schema;

/**
 * Knowing a person's name and ID number is not enough to see their hospital data: HIS cards and examination
 * requests show only for a proven contact (the code sent to the phone the HIS holds, the account's own phone
 * being that phone, or a face verification; see identity-proof.test.ts).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

let phoneCounter = 0;
const freshPhone = () => `1370004${String(++phoneCounter).padStart(4, '0')}`;

const hisPath = (c: Contact, hospitalId = '1000') =>
  `/his_cardInfo/hospital_id/${hospitalId}/identity_card/${c.contactDO.documentNumber}/name/${encodeURIComponent(c.contactDO.name)}`;
const requests = (client: Client, c: Contact, hospitalId = '1000') =>
  client.post<CheckupApplication[]>(`/v1/checkByHospital/getCheckApply/${hospitalId}`, {
    contactId: c.contactId,
  });
const sendCode = (client: Client, c: Contact) =>
  client.post<{ maskedPhone: string; resendAfterSeconds: number }>(
    `/v1/contact/${c.contactId}/hisIdentity/sms`,
  );
const verify = (client: Client, c: Contact, code: unknown) =>
  client.post<Contact>(`/v1/contact/${c.contactId}/hisIdentity`, { code });
const hisPhone = (c: Contact) =>
  hisPhoneOf({ identityCard: c.contactDO.documentNumber, name: c.contactDO.name });
const add = async (client: Client, body: Record<string, unknown>) => {
  const answer = await client.post<Contact>('/addPatient', body);
  expect(answer.body.state, answer.text).toBe(200);
  return answer.body.results as Contact;
};
const requestRows = async () =>
  (await server.database.db.select({ n: count() }).from(checkupApplications))[0].n;

function expectRefused(answer: Answer, contact: Contact) {
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({
    state: 403,
    msg: '请先验证就诊人身份',
    subMsg:
      '为保护就诊人隐私，查看其在医院的就诊卡、报告和费用等信息前，需先验证身份：向医院登记的手机号发送验证码，或进行人脸识别验证',
    subCode: SUB_CODE.HIS_IDENTITY_REQUIRED,
    results: { contactId: contact.contactId },
  });
}

/** The first person index whose person is (or is not) filed at the hospital beforehand. */
function personFiled(hospitalId: string, filed: boolean, from: number) {
  for (let n = from; ; n++) {
    const p = person(n);
    if (filedBeforehand({ hospitalId, identityCard: p.documentNumber, name: p.name }) === filed) return p;
  }
}

describe('an unproven contact', () => {
  it('gets no HIS cards and no examination requests, filed or not: the same refusal, nothing created', async () => {
    const client = await server.login(freshPhone());
    // Someone who knows a stranger's name and ID number adds them (even certifying them as 母亲 is no proof).
    const filed = await addCertifiedContact(client, {
      ...personFiled('1000', true, 300),
      relation: 'PARENT',
    });
    const unfiled = await add(client, personFiled('1000', false, 300));
    expect(filed.contactDO).toMatchObject({ hisVerified: false, hisVerifiedAt: null });
    const rowsBefore = await requestRows();
    for (const c of [filed, unfiled]) {
      expectRefused(await client.get(hisPath(c)), c);
      expectRefused(await client.get(`${hisPath(c)}/type/HOSPITAL_CARD`), c);
      expectRefused(await requests(client, c), c);
    }
    expect(await requestRows()).toBe(rowsBefore);
    // People outside the account still answer [] (the HIS is not a directory).
    const stranger = await server.login(freshPhone());
    expect((await stranger.get(hisPath(filed))).body).toMatchObject({ state: 200, results: [] });
  });

  it('is proven by the code sent to the phone the HIS holds (masked in the answer), not the phone typed in', async () => {
    const client = await server.login(freshPhone());
    const c = await add(client, { ...personFiled('1000', true, 320), phone: '13699990000' });
    const phone = hisPhone(c);
    expect(phone).toMatch(/^1[3-9]\d{9}$/);
    expect(phone).not.toBe('13699990000');

    const sent = await sendCode(client, c);
    expect(sent.body).toMatchObject({
      state: 200,
      results: { maskedPhone: `${phone.slice(0, 3)}****${phone.slice(-4)}`, resendAfterSeconds: 60 },
    });
    expect(sent.body.results?.maskedPhone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(sent.text).not.toContain(phone);
    const code = server.sms.latestCode(phone, 'his_identity') as string;
    expect(code).toMatch(/^\d{6}$/);
    expect(server.sms.messagesFor('13699990000')).toEqual([]);
    expect(server.sms.messagesFor(phone)[0].text).toContain('有人申请查看您在医院的就诊卡和检查申请');

    const wrong = await verify(client, c, code === '000000' ? '111111' : '000000');
    expect(wrong.body).toMatchObject({ state: 400, msg: '验证码错误' });
    expect(
      (await client.get<Contact>(`/contact_id/${c.contactId}`)).body.results?.contactDO.hisVerified,
    ).toBe(false);
    const bad = await verify(client, c, '12ab56');
    expect(bad.status).toBe(400);

    const ok = await verify(client, c, code);
    expect(ok.body.state, ok.text).toBe(200);
    expect(ok.body.results?.contactDO).toMatchObject({
      hisVerified: true,
      hisVerifiedAt: server.clock.now().toISOString(),
      hisProof: 'SMS',
    });
    const cards = (await client.get<HisCard[]>(hisPath(c))).body;
    expect(cards.state).toBe(200);
    expect((cards.results ?? []).length).toBeGreaterThan(0);
    expect((await requests(client, c)).body.results?.length).toBeGreaterThan(0);
    // Proven once; asking again says so, verifying again answers the contact.
    expect((await sendCode(client, c)).body).toMatchObject({ state: 409, msg: '就诊人身份已验证' });
    expect((await verify(client, c, '123456')).body.results?.contactDO.hisVerified).toBe(true);
    // The contact list says so too.
    const listed = (await client.get<Contact[]>('/contacts')).body.results?.find(
      (x) => x.contactId === c.contactId,
    );
    expect(listed?.contactDO.hisVerified).toBe(true);
  });

  it('本人 is not proven by real-name certification: a name and an ID number prove nothing', async () => {
    const client = await server.login(freshPhone());
    const p = { ...personFiled('1000', true, 340), relation: 'SELF' };
    const self = await add(client, p);
    expectRefused(await client.get(hisPath(self)), self);
    await client.post(`/v1/contact/${self.contactId}/authentication`, {
      name: p.name,
      documentNumber: p.documentNumber,
    });
    const after = (await client.get<Contact>(`/contact_id/${self.contactId}`)).body.results as Contact;
    expect(after.contactDO).toMatchObject({
      certified: true,
      hisVerified: false,
      hisVerifiedAt: null,
      hisProof: null,
    });
    expectRefused(await client.get(hisPath(self)), self);
    expectRefused(await requests(client, self), self);
    // The HIS phone's code still proves them.
    expect((await sendCode(client, self)).body.state).toBe(200);
    const proven = await verify(client, self, server.sms.latestCode(hisPhone(self), 'his_identity'));
    expect(proven.body.results?.contactDO).toMatchObject({ hisVerified: true, hisProof: 'SMS' });
    expect((await client.get(hisPath(self))).body.state).toBe(200);
  });
});

describe('the code', () => {
  it('only proves the contact it was sent for, in the account that asked for it', async () => {
    const alice = await server.login(freshPhone());
    const bob = await server.login(freshPhone());
    const p = personFiled('1000', true, 360);
    const mine = await add(alice, p);
    const his = await add(bob, p);
    await sendCode(alice, mine);
    const code = server.sms.latestCode(hisPhone(mine), 'his_identity') as string;
    // Bob (the same person in his account) cannot use Alice's code.
    expect((await verify(bob, his, code)).body).toMatchObject({ state: 400, msg: '验证码已失效' });
    // A code sent before the contact's name changed does not prove the new name.
    server.clock.advance(MINUTE + 1000);
    await sendCode(alice, mine);
    const second = server.sms.latestCode(hisPhone(mine), 'his_identity') as string;
    const renamed = await alice.post<Contact>('/v1/contact/patientInformationEdit', {
      contactId: mine.contactId,
      name: `${p.name}华`,
    });
    expect(renamed.body.state).toBe(200);
    expect((await verify(alice, renamed.body.results as Contact, second)).body.state).toBe(400);
  });

  it('goes to the demo phone for the demo account’s mother, so the demo can prove her', async () => {
    const demo = await server.login(DEMO_PHONE);
    const [self, mother] = (await demo.get<Contact[]>('/contacts')).body.results as Contact[];
    expect(self.contactDO).toMatchObject({ name: '张伟', hisVerified: true, hisProof: 'ACCOUNT_PHONE' });
    expect(mother.contactDO).toMatchObject({
      name: DEMO_CONTACTS[1].name,
      hisVerified: false,
      hisProof: null,
    });
    expect(hisPhone(mother)).toBe(DEMO_PHONE);
    expectRefused(await requests(demo, mother), mother);
    expect((await sendCode(demo, mother)).body.results?.maskedPhone).toBe('138****8000');
    const proven = await verify(demo, mother, server.sms.latestCode(DEMO_PHONE, 'his_identity'));
    expect(proven.body.results?.contactDO.hisVerified).toBe(true);
    expect((await requests(demo, mother)).body.results?.length).toBeGreaterThan(0);
  });

  it('is limited like every code: per HIS phone once a minute, and counted for the account', async () => {
    const client = await server.login(freshPhone());
    const c = await add(client, personFiled('1000', true, 380));
    expect((await sendCode(client, c)).body.state).toBe(200);
    expect((await sendCode(client, c)).body).toMatchObject({ state: 429, msg: '验证码发送过于频繁' });
    const rows = await server.database.db
      .select()
      .from(smsCodes)
      .where(eq(smsCodes.phone, hisPhone(c)));
    expect(rows.at(-1)).toMatchObject({ purpose: 'his_identity', clientIp: '127.0.0.1' });
    expect(rows.at(-1)?.userId).toBeGreaterThan(0);
  });
});

describe('losing the proof', () => {
  it('changing the name or document of a proven contact needs a new proof; listed requests are refused too', async () => {
    const client = await server.login(freshPhone());
    const p = personFiled('1000', true, 400);
    const c = await add(client, p);
    await proveContact(server, client, c.contactId);
    const [first] = (await requests(client, c)).body.results as CheckupApplication[];
    const rule = () =>
      client.post('/check/cancel_OrderInfo/1000', {
        applicationNo: first.applicationNo,
        orderItemId: first.orderItemId,
      });
    expect((await rule()).body.state).toBe(200);

    const edited = await client.post<Contact>('/v1/contact/patientInformationEdit', {
      contactId: c.contactId,
      name: `${p.name}华`,
    });
    expect(edited.body.results?.contactDO).toMatchObject({ hisVerified: false, hisVerifiedAt: null });
    expectRefused(await client.get(hisPath(edited.body.results as Contact)), c);
    expectRefused(await rule(), c);
    // Other details change nothing.
    const proven = await proveContact(server, client, c.contactId);
    expect(proven.contactDO.hisVerified).toBe(true);
    const moved = await client.post<Contact>('/v1/contact/patientInformationEdit', {
      contactId: c.contactId,
      address: '浙江省台州市路桥区 银安街2号',
    });
    expect(moved.body.results?.contactDO.hisVerified).toBe(true);
  });
});
