import { type Contact, type HisCard, SUB_CODE } from '@patient/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../platform/clock.ts';
import { schema } from '../../schema.ts';
import {
  type Answer,
  type Client,
  person,
  proveContact,
  startServer,
  type TestServer,
} from '../../test/harness.ts';
import { filedBeforehand, hisPhoneOf } from './his.ts';

const { faceVerifications } = schema;

/**
 * A name and an ID number prove nothing (they are printed on every prescription): a stranger who adds someone
 * as 本人 and "certifies" them with the same name and number sees none of their hospital data.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

let phoneCounter = 0;
const freshPhone = () => `1370005${String(++phoneCounter).padStart(4, '0')}`;

/** The first test person from `from` on who is filed at the hospital beforehand. */
function filedPerson(hospitalId: string, from: number) {
  for (let n = from; ; n++) {
    const p = person(n);
    if (filedBeforehand({ hospitalId, identityCard: p.documentNumber, name: p.name })) return p;
  }
}

const hisPath = (c: Contact, hospitalId = '1000') =>
  `/his_cardInfo/hospital_id/${hospitalId}/identity_card/${c.contactDO.documentNumber}/name/${encodeURIComponent(c.contactDO.name)}`;

const add = async (client: Client, body: Record<string, unknown>) => {
  const answer = await client.post<Contact>('/addPatient', body);
  expect(answer.body.state, answer.text).toBe(200);
  return answer.body.results as Contact;
};
const contactOf = async (client: Client, c: Contact) =>
  (await client.get<Contact>(`/contact_id/${c.contactId}`)).body.results as Contact;
const hisPhoneOfPerson = (p: { documentNumber: string; name: string }) =>
  hisPhoneOf({ identityCard: p.documentNumber, name: p.name });

const startFace = (client: Client, c: Contact, returnPath: unknown = `/contact/${c.contactId}`) =>
  client.post<{ verifyUrl: string; ticket: string }>(`/v1/contact/${c.contactId}/hisIdentity/face`, {
    returnPath,
  });
const faceResult = (client: Client, c: Contact, ticket: unknown) =>
  client.post<Contact>(`/v1/contact/${c.contactId}/hisIdentity/face/result`, { ticket });

/** The tester on the simulated page: passes or fails the face; answers the page's redirect. */
async function decideOnPage(base: string, verifyUrl: string, outcome: 'pass' | 'fail') {
  const page = await fetch(new URL(verifyUrl, base));
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('人脸识别验证（模拟）');
  const action = new URL(verifyUrl, base);
  action.searchParams.set('outcome', outcome);
  return fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: '',
  });
}

function expectIdentityRequired(answer: Answer) {
  expect(answer.status, answer.text).toBe(200);
  expect(answer.body, answer.text).toMatchObject({ state: 403, subCode: SUB_CODE.HIS_IDENTITY_REQUIRED });
}

describe('the reported hole: a stranger as 本人, certified with the name and number', () => {
  it('lists no HIS cards, binds no card and reads no report', async () => {
    const stranger = await server.login(freshPhone());
    const victim = filedPerson('1000', 500);
    const added = await stranger.post<Contact>('/addPatient', { ...victim, relation: 'SELF' });
    expect(added.body.state, added.text).toBe(200);
    const contact = added.body.results as Contact;
    const certified = await stranger.post(`/v1/contact/${contact.contactId}/authentication`, {
      name: victim.name,
      documentNumber: victim.documentNumber,
    });
    expect(certified.body).toMatchObject({ state: 200, results: { certified: true } });
    expectIdentityRequired(await stranger.get<HisCard[]>(hisPath(contact)));
    expectIdentityRequired(await stranger.get<HisCard[]>(`${hisPath(contact)}/type/HOSPITAL_CARD`));
    // The card number is the HIS's (the stranger may have read it off a prescription too).
    const { cardsOfFiledPerson } = await import('./his.ts');
    const [card] = cardsOfFiledPerson({
      hospitalId: '1000',
      identityCard: victim.documentNumber,
      name: victim.name,
    });
    expectIdentityRequired(
      await stranger.post('/cardInfo', {
        contactId: contact.contactId,
        hospitalId: '1000',
        medicalCardNo: card.medicalCardNo,
      }),
    );
    expect((await stranger.get<unknown[]>(`/cardInfo/${contact.contactId}`)).body.results).toEqual([]);
    const after = (await stranger.get<Contact>(`/contact_id/${contact.contactId}`)).body.results as Contact;
    expect(after.contactDO).toMatchObject({ certified: true, hisVerified: false, hisVerifiedAt: null });
    expectIdentityRequired(await stranger.post('/v1/report/list/1000', { contactId: contact.contactId }));
  });
});

describe('what proves a contact', () => {
  it('the account’s own login phone being the HIS phone: recorded on adding, and on an edit to that person', async () => {
    const p = filedPerson('1000', 520);
    const client = await server.login(hisPhoneOfPerson(p));
    const c = await add(client, { ...p, relation: 'PARENT' });
    expect(c.contactDO).toMatchObject({
      hisVerified: true,
      hisProof: 'ACCOUNT_PHONE',
      hisVerifiedAt: server.clock.now().toISOString(),
    });
    expect((await client.get<HisCard[]>(hisPath(c))).body.state).toBe(200);

    // Another person's phone: not proven; edited into the person whose HIS phone is the account's: proven.
    const other = filedPerson('1000', 540);
    const second = await server.login(hisPhoneOfPerson(other));
    const wrong = await add(second, { ...p, name: p.name === '王芳' ? '李娜' : '王芳' });
    expect(wrong.contactDO).toMatchObject({ hisVerified: false, hisProof: null });
    const edited = await second.post<Contact>('/v1/contact/patientInformationEdit', {
      contactId: wrong.contactId,
      name: other.name,
      documentNumber: other.documentNumber,
    });
    expect(edited.body.results?.contactDO).toMatchObject({ hisVerified: true, hisProof: 'ACCOUNT_PHONE' });
  });

  it('the code sent to the HIS phone (SMS)', async () => {
    const client = await server.login(freshPhone());
    const c = await add(client, { ...filedPerson('1000', 560), relation: 'SELF' });
    expectIdentityRequired(await client.post('/v1/report/list/1000', { contactId: c.contactId }));
    const proven = await proveContact(server, client, c.contactId);
    expect(proven.contactDO).toMatchObject({ hisVerified: true, hisProof: 'SMS' });
    expect((await client.post('/v1/report/list/1000', { contactId: c.contactId })).body.state).toBe(200);
  });

  it('a face verification (simulated platform): started for the contact, passed on its page, then the result', async () => {
    const client = await server.login(freshPhone());
    const c = await add(client, filedPerson('1000', 580));
    const started = await startFace(client, c);
    expect(started.body.state, started.text).toBe(200);
    const { verifyUrl, ticket } = started.body.results as { verifyUrl: string; ticket: string };
    expect(verifyUrl).toMatch(/^\/hospital-service\/sandbox\/face\/verify\?ticket=/);
    // Not finished yet: nothing changes.
    expect((await faceResult(client, c, ticket)).body).toMatchObject({ state: 409, msg: '人脸识别尚未完成' });
    expect((await contactOf(client, c)).contactDO.hisVerified).toBe(false);

    const back = await decideOnPage(server.base, verifyUrl, 'pass');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/contact/${c.contactId}`);
    const proven = await faceResult(client, c, ticket);
    expect(proven.body.results?.contactDO, proven.text).toMatchObject({
      hisVerified: true,
      hisProof: 'FACE',
      hisVerifiedAt: server.clock.now().toISOString(),
    });
    expect((await client.get<HisCard[]>(hisPath(c))).body.state).toBe(200);
    // Proven: starting again says so.
    expect((await startFace(client, c)).body).toMatchObject({ state: 409, msg: '就诊人身份已验证' });
  });

  it('a failed face, another account’s or contact’s ticket, an old ticket and bad input prove nothing', async () => {
    const client = await server.login(freshPhone());
    const c = await add(client, filedPerson('1000', 600));
    const failed = (await startFace(client, c)).body.results as { verifyUrl: string; ticket: string };
    expect((await decideOnPage(server.base, failed.verifyUrl, 'fail')).status).toBe(303);
    expect((await faceResult(client, c, failed.ticket)).body).toMatchObject({
      state: 400,
      msg: '人脸识别验证未通过',
    });

    const passed = (await startFace(client, c)).body.results as { verifyUrl: string; ticket: string };
    await decideOnPage(server.base, passed.verifyUrl, 'pass');
    // Bound to the account and the contact.
    const intruder = await server.login(freshPhone());
    const theirs = await add(intruder, filedPerson('1000', 600));
    expect((await faceResult(intruder, theirs, passed.ticket)).body).toMatchObject({
      state: 400,
      msg: '人脸识别验证已失效',
    });
    const sibling = await add(client, filedPerson('1000', 601));
    expect((await faceResult(client, sibling, passed.ticket)).body).toMatchObject({ state: 400 });
    // Bad input: a clear message, nothing changes.
    const bad = await faceResult(client, c, 'ab');
    expect(bad.status).toBe(400);
    expect(bad.body.subMsg).toBe('核身凭证格式不正确，请重新发起人脸识别验证');
    const badReturn = await startFace(client, c, 'https://evil.example/x');
    expect(badReturn.status).toBe(400);
    expect(badReturn.body.subMsg).toBe('返回地址应为本站以“/”开头的路径');
    // Too late: 30 minutes after the start.
    server.clock.advance(31 * MINUTE);
    expect((await faceResult(client, c, passed.ticket)).body).toMatchObject({ msg: '人脸识别验证已失效' });
    for (const x of [c, theirs, sibling]) {
      const now = await contactOf(x === theirs ? intruder : client, x);
      expect(now.contactDO).toMatchObject({ hisVerified: false, hisProof: null });
    }
  });

  it('an edit between the start and the result resets the face verification', async () => {
    const client = await server.login(freshPhone());
    const p = filedPerson('1000', 620);
    const c = await add(client, p);
    const started = (await startFace(client, c)).body.results as { verifyUrl: string; ticket: string };
    await decideOnPage(server.base, started.verifyUrl, 'pass');
    await client.post('/v1/contact/patientInformationEdit', { contactId: c.contactId, name: `${p.name}华` });
    expect((await faceResult(client, c, started.ticket)).body).toMatchObject({
      state: 409,
      msg: '就诊人信息已变更',
    });
    expect((await contactOf(client, c)).contactDO.hisVerified).toBe(false);
    const [row] = await server.database.db.select().from(faceVerifications);
    expect(row).toBeDefined();
  });

  it('name and document edits lose any proof', async () => {
    const client = await server.login(freshPhone());
    const p = filedPerson('1000', 640);
    const c = await add(client, p);
    await proveContact(server, client, c.contactId);
    const edited = await client.post<Contact>('/v1/contact/patientInformationEdit', {
      contactId: c.contactId,
      name: `${p.name}华`,
    });
    expect(edited.body.results?.contactDO).toMatchObject({
      hisVerified: false,
      hisProof: null,
      hisVerifiedAt: null,
    });
    expectIdentityRequired(await client.post('/v1/report/list/1000', { contactId: c.contactId }));
  });
});

describe('face verification in production', () => {
  it('is refused while no real platform is configured: 人脸核身暂未开通, and the page does not exist', async () => {
    const production = await startServer({ production: true });
    try {
      const client = await production.login(freshPhone());
      const c = await add(client, filedPerson('1000', 660));
      const answer = await startFace(client, c);
      expect(answer.body).toMatchObject({
        state: 503,
        msg: '人脸核身暂未开通',
        subMsg: '人脸识别验证暂未开通，请使用医院登记手机号验证',
      });
      expect((await faceResult(client, c, 'SIMFACE0123456789')).body).toMatchObject({ state: 503 });
      expect(
        (await fetch(new URL('/hospital-service/sandbox/face/verify?ticket=x', production.base))).status,
      ).toBe(404);
    } finally {
      await production.close();
    }
  });
});
