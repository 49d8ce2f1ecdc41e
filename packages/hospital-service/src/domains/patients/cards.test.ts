import type { Contact, HisCard, MedicalCard } from '@patient/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../platform/clock.ts';
import { type Client, person, proveContact, startServer, type TestServer } from '../../test/harness.ts';
import { DEMO_PHONE } from '../accounts/index.ts';
import { cardsOfFiledPerson, filedBeforehand } from './his.ts';
import { DEMO_CONTACTS } from './seed-data.ts';

let server: TestServer;
let demo: Client;
let self: Contact;

beforeAll(async () => {
  server = await startServer();
  demo = await server.login(DEMO_PHONE);
  self = ((await demo.get<Contact[]>('/contacts')).body.results ?? [])[0];
});
afterAll(() => server?.close());

let phoneCounter = 0;
const freshPhone = () => `1370002${String(++phoneCounter).padStart(4, '0')}`;

const cardsOf = async (client: Client, contactId: string, hospitalId?: string) =>
  (await client.get<MedicalCard[]>(`/cardInfo/${contactId}`, hospitalId ? { hospitalId } : undefined)).body
    .results ?? [];
const hisPath = (hospitalId: string, c: Contact) =>
  `/his_cardInfo/hospital_id/${hospitalId}/identity_card/${c.contactDO.documentNumber}/name/${encodeURIComponent(c.contactDO.name)}`;

/** A person the simulated HIS does not know at the hospital (n = first such index from `from`). */
function unfiledPerson(hospitalId: string, from: number) {
  for (let n = from; ; n++) {
    const p = person(n);
    if (!filedBeforehand({ hospitalId, identityCard: p.documentNumber, name: p.name })) return p;
  }
}

describe('medical cards', () => {
  it('lists the demo cards, default first, filtered by hospital', async () => {
    const all = await cardsOf(demo, self.contactId);
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(all[0].isDefault).toBe(true);
    expect(all.filter((c) => c.isDefault)).toHaveLength(1);
    expect(
      all.every((c) => c.patientName === '张伟' && c.identityCard === DEMO_CONTACTS[0].documentNumber),
    ).toBe(true);
    const at1001 = await cardsOf(demo, self.contactId, '1001');
    expect(at1001.map((c) => c.hospitalId)).toEqual(['1001']);
    expect(at1001[0].type).toBe('HOSPITAL_CARD');
    expect((await demo.get(`/cardInfo/${self.contactId}`, { hospitalId: '4242' })).body).toMatchObject({
      state: 404,
      msg: '医院不存在',
    });
  });

  it('finds HIS cards of an own contact and marks the bound ones', async () => {
    const at1000 = (await demo.get<HisCard[]>(hisPath('1000', self))).body.results ?? [];
    expect(at1000.length).toBeGreaterThan(0);
    expect(at1000.every((c) => c.bound)).toBe(true);
    const at1002 = (await demo.get<HisCard[]>(hisPath('1002', self))).body.results ?? [];
    expect(at1002[0]).toMatchObject({
      type: 'HOSPITAL_CARD',
      hospitalId: '1002',
      patientName: '张伟',
      bound: false,
    });
    expect(at1002[0].medicalCardNo).toMatch(/^1002\d{8}$/);
    const byType =
      (await demo.get<HisCard[]>(`${hisPath('1002', self)}/type/HOSPITAL_CARD`)).body.results ?? [];
    expect(byType.every((c) => c.type === 'HOSPITAL_CARD')).toBe(true);
    expect((await demo.get<HisCard[]>(`${hisPath('1002', self)}/type/HEALTH_CARD`)).body.results).toEqual([]);
    // The same number answers the same cards every time (the HIS is deterministic).
    expect((await demo.get<HisCard[]>(hisPath('1002', self))).body.results).toEqual(at1002);
    // Bad type → 400; unknown hospital → business error.
    expect((await demo.get(`${hisPath('1002', self)}/type/BUS_CARD`)).status).toBe(400);
    expect((await demo.get(hisPath('4242', self))).body).toMatchObject({ state: 404, msg: '医院不存在' });
  });

  it('binds a card by number, once', async () => {
    const [his] = (await demo.get<HisCard[]>(hisPath('1002', self))).body.results ?? [];
    const bound = await demo.post<MedicalCard>('/cardInfo', {
      contactId: self.contactId,
      hospitalId: '1002',
      medicalCardNo: his.medicalCardNo,
      type: 'HOSPITAL_CARD',
    });
    expect(bound.body.state).toBe(200);
    expect(bound.body.results).toMatchObject({
      hospitalId: '1002',
      medicalCardNo: his.medicalCardNo,
      isDefault: false,
    });
    const again = await demo.post('/cardInfo', {
      contactId: self.contactId,
      hospitalId: '1002',
      medicalCardNo: his.medicalCardNo,
    });
    expect(again.body).toMatchObject({ state: 409, msg: '该就诊卡已绑定' });
    const unknown = await demo.post('/cardInfo', {
      contactId: self.contactId,
      hospitalId: '1002',
      medicalCardNo: '100299999999',
    });
    expect(unknown.body).toMatchObject({ state: 404, msg: '未查询到该就诊卡' });
    const [his3] = (await demo.get<HisCard[]>(hisPath('1003', self))).body.results ?? [];
    const wrongType = await demo.post('/cardInfo', {
      contactId: self.contactId,
      hospitalId: '1003',
      medicalCardNo: his3.medicalCardNo,
      type: 'INSURANCE_CARD',
    });
    expect(wrongType.body).toMatchObject({ state: 400, msg: '卡类型不符' });
    const badNo = await demo.post('/cardInfo', {
      contactId: self.contactId,
      hospitalId: '1003',
      medicalCardNo: '12-34',
    });
    expect(badNo.status).toBe(400);
    expect(badNo.body.msg).toBe('参数 medicalCardNo 不正确：就诊卡号应为4至32位英文字母或数字');
  });

  it('sets the default card (one per contact) and removes cards', async () => {
    const before = await cardsOf(demo, self.contactId);
    const target = before[before.length - 1];
    const set = await demo.post('/updateDefaultCard', undefined, {
      contactId: self.contactId,
      medicalCardNo: target.medicalCardNo,
    });
    expect(set.body).toMatchObject({ state: 200, results: true });
    const after = await cardsOf(demo, self.contactId);
    expect(after[0].cardId).toBe(target.cardId);
    expect(after.filter((c) => c.isDefault)).toHaveLength(1);

    const missing = await demo.post('/updateDefaultCard', undefined, {
      contactId: self.contactId,
      medicalCardNo: 'NOPE1234',
    });
    expect(missing.body).toMatchObject({ state: 404, msg: '就诊卡不存在' });

    const removed = await demo.post(`/remove/cardInfo/card_id/${target.cardId}`);
    expect(removed.body).toMatchObject({ state: 200, results: true });
    expect((await cardsOf(demo, self.contactId)).map((c) => c.cardId)).not.toContain(target.cardId);
    expect((await demo.post(`/remove/cardInfo/card_id/${target.cardId}`)).body).toMatchObject({
      state: 404,
      msg: '就诊卡不存在',
    });
  });
});

describe('default card', () => {
  it('concurrent set-default calls leave exactly one default card', async () => {
    const client = await server.login(freshPhone());
    const c = (await client.post<Contact>('/addPatient', person(120))).body.results as Contact;
    await proveContact(server, client, c.contactId);
    // One card at each of four hospitals: bound from the HIS, or issued by filing.
    for (const hospitalId of ['1000', '1001', '1002', '1003']) {
      const [his] = (await client.get<HisCard[]>(hisPath(hospitalId, c))).body.results ?? [];
      const answer = his
        ? await client.post('/cardInfo', {
            contactId: c.contactId,
            hospitalId,
            medicalCardNo: his.medicalCardNo,
          })
        : await client.post('/contact/patientInformationFiling', { contactId: c.contactId, hospitalId });
      expect(answer.body.state, answer.text).toBe(200);
    }
    const cards = await cardsOf(client, c.contactId);
    expect(cards).toHaveLength(4);
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        [...cards, ...cards].map((card) =>
          client.post('/updateDefaultCard', undefined, {
            contactId: c.contactId,
            medicalCardNo: card.medicalCardNo,
          }),
        ),
      );
      expect(answers.every((a) => a.body.state === 200)).toBe(true);
      const after = await cardsOf(client, c.contactId);
      expect(after.filter((x) => x.isDefault)).toHaveLength(1);
      expect(after[0].isDefault).toBe(true);
    }
  });
});

describe('patient records (filing) and patient code', () => {
  it('checks the record, files once, and issues the hospital card', async () => {
    const client = await server.login(freshPhone());
    const p = unfiledPerson('1001', 100);
    const c = (await client.post<Contact>('/addPatient', p)).body.results as Contact;
    await proveContact(server, client, c.contactId);
    const record = (hospitalId?: string) =>
      client.get<boolean>(`/v1/contact/${c.contactId}/hasPatientRecord`, {
        name: c.contactDO.name,
        idCard: c.contactDO.documentNumber,
        ...(hospitalId ? { hospitalId } : {}),
      });
    expect((await record('1001')).body).toMatchObject({ state: 200, results: false });
    expect((await client.get<HisCard[]>(hisPath('1001', c))).body.results).toEqual([]);

    const mismatch = await client.get(`/v1/contact/${c.contactId}/hasPatientRecord`, {
      name: '别人',
      idCard: c.contactDO.documentNumber,
    });
    expect(mismatch.body).toMatchObject({ state: 400, msg: '就诊人信息不一致' });

    const filed = await client.post<MedicalCard>('/contact/patientInformationFiling', {
      contactId: c.contactId,
      hospitalId: '1001',
    });
    expect(filed.body.state).toBe(200);
    const expectedNo = cardsOfFiledPerson({
      hospitalId: '1001',
      identityCard: c.contactDO.documentNumber,
      name: c.contactDO.name,
    })[0].medicalCardNo;
    expect(filed.body.results).toMatchObject({
      hospitalId: '1001',
      type: 'HOSPITAL_CARD',
      medicalCardNo: expectedNo,
      isDefault: true,
    });
    expect((await record('1001')).body.results).toBe(true);
    expect((await record()).body.results).toBe(true);
    expect(((await client.get<HisCard[]>(hisPath('1001', c))).body.results ?? [])[0]).toMatchObject({
      bound: true,
    });

    const again = await client.post('/contact/patientInformationFiling', {
      contactId: c.contactId,
      hospitalId: '1001',
    });
    expect(again.body).toMatchObject({ state: 409, msg: '该就诊人已在本院建档' });
    const unknownHospital = await client.post('/contact/patientInformationFiling', {
      contactId: c.contactId,
      hospitalId: '7777',
    });
    expect(unknownHospital.body).toMatchObject({ state: 404, msg: '医院不存在' });
  });

  it('refuses to change the name or ID of a contact with cards', async () => {
    const edit = await demo.post('/v1/contact/patientInformationEdit', {
      contactId: self.contactId,
      name: '张大伟',
    });
    expect(edit.body).toMatchObject({ state: 409, msg: '该就诊人已绑定就诊卡' });
  });

  it('gives a patient code that changes every minute', async () => {
    const first = await demo.post<{ code: string; expiresAt: string }>('/contact/qrCode', {
      contactId: self.contactId,
    });
    expect(first.body.results?.code).toMatch(/^HZ\d{18}$/);
    const expires = new Date(first.body.results?.expiresAt as string).getTime();
    const now = server.clock.now().getTime();
    expect(expires).toBeGreaterThan(now);
    expect(expires - now).toBeLessThanOrEqual(MINUTE);
    const same = await demo.post<{ code: string }>('/contact/qrCode', { contactId: self.contactId });
    expect(same.body.results?.code).toBe(first.body.results?.code);
    server.clock.advance(MINUTE);
    const next = await demo.post<{ code: string }>('/contact/qrCode', { contactId: self.contactId });
    expect(next.body.results?.code).not.toBe(first.body.results?.code);
  });
});

describe('electronic health cards', () => {
  it('registers once, gives a QR code, joins the card package, shows details', async () => {
    const registered = await demo.post<{
      healthCardId: string;
      cardNo: string;
      cardPackageOrderId: string | null;
    }>('/v1/contact/registerAndBindHealthCard', {
      hospitalId: '1000',
      contactId: self.contactId,
      wechatCode: 'abc',
    });
    expect(registered.body.state).toBe(200);
    const card = registered.body.results as {
      healthCardId: string;
      cardNo: string;
      cardPackageOrderId: string | null;
    };
    expect(card.cardNo).toMatch(/^[0-9A-F]{64}$/);
    expect(card.cardPackageOrderId).toBeNull();
    const again = await demo.post('/v1/contact/registerAndBindHealthCard', {
      hospitalId: '1000',
      contactId: self.contactId,
    });
    expect(again.body.results).toEqual(card);

    const qr = await demo.get<{ qrCode: string; expiresAt: string }>(
      `/v1/contact/healthCardQRCode/${card.healthCardId}`,
    );
    expect(qr.body.results?.qrCode).toMatch(/^[0-9A-F]{16}:\d{20}$/);

    const pkg = await demo.post<{ cardPackageOrderId: string }>(
      `/v1/contact/cardPackageOrderId/${card.healthCardId}`,
    );
    const orderId = pkg.body.results?.cardPackageOrderId;
    expect(orderId).toMatch(/^CP\d+$/);
    const pkgAgain = await demo.post<{ cardPackageOrderId: string }>(
      `/v1/contact/cardPackageOrderId/${card.healthCardId}`,
    );
    expect(pkgAgain.body.results?.cardPackageOrderId).toBe(orderId);

    const info = await demo.get(`/v1/contact/${self.contactId}/healthCardInfo/${card.healthCardId}`);
    expect(info.body.results).toEqual({ ...card, cardPackageOrderId: orderId, patientName: '张伟' });
  });

  it('asks for what the health card needs before registering, and saves nothing until then', async () => {
    const client = await server.login(freshPhone());
    const register = (contactId: string) =>
      client.post('/v1/contact/registerAndBindHealthCard', { hospitalId: '1000', contactId });
    const bare = (await client.post<Contact>('/addPatient', person(121))).body.results as Contact;
    const refused = await register(bare.contactId);
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({
      state: 400,
      msg: '请先完善健康卡信息',
      subMsg: '办理电子健康卡还需要：民族、职业、住址',
      subCode: null,
      results: { missing: ['ethnicity', 'occupation', 'address'] },
    });
    const passport = (
      await client.post<Contact>('/addPatient', {
        ...person(122),
        documentType: 'PASSPORT_NUMBER',
        documentNumber: 'E98765432',
        ethnicity: '汉族',
      })
    ).body.results as Contact;
    expect((await register(passport.contactId)).body).toMatchObject({
      state: 400,
      msg: '请先完善健康卡信息',
      subMsg: '办理电子健康卡还需要：居民身份证号码、职业、住址',
      results: { missing: ['documentNumber', 'occupation', 'address'] },
    });
    expect((await client.get('/v1/contact/healthCards')).body.results).toEqual([]);

    // /perfectHealthCard fills the gaps; then the card is issued.
    await client.post('/v1/contact/patientInformationEdit', {
      contactId: bare.contactId,
      ethnicity: '汉族',
      occupation: '学生',
    });
    expect((await register(bare.contactId)).body).toMatchObject({
      state: 400,
      subMsg: '办理电子健康卡还需要：住址',
    });
    await client.post('/v1/contact/updatePatientAddressInfo', {
      contactId: bare.contactId,
      address: '河南省郑州市金水区经八路街道1号',
    });
    const issued = await register(bare.contactId);
    expect(issued.body.state).toBe(200);
    expect(issued.body.results).toMatchObject({
      contactId: bare.contactId,
      patientName: bare.contactDO.name,
    });
  });

  it('is refused where the hospital has no health card service', async () => {
    const answer = await demo.post('/v1/contact/registerAndBindHealthCard', {
      hospitalId: '1008',
      contactId: self.contactId,
    });
    expect(answer.body).toMatchObject({ state: 403, msg: '本院暂未开通电子健康卡' });
  });
});
