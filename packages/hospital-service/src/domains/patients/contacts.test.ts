import type { AddressInfo } from 'node:net';
import type { Contact, MedicalCard } from '@patient/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { MINUTE } from '../../platform/clock.ts';
import {
  addCertifiedContact,
  Client,
  HEALTH_CARD_DETAILS,
  mainlandId,
  person,
  proveContact,
  startServer,
  TEST_SMS_LIMITS,
  type TestServer,
} from '../../test/harness.ts';
import { DEMO_PHONE } from '../accounts/index.ts';
import { filedBeforehand } from './his.ts';
import { certificationAttempts, contacts, healthCards, healthCodes, medicalCards } from './tables.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

let phoneCounter = 0;
const freshPhone = () => `1370001${String(++phoneCounter).padStart(4, '0')}`;

const add = (client: Client, body: Record<string, unknown>) => client.post<Contact>('/addPatient', body);
const list = async (client: Client) =>
  (await client.get<Contact[]>('/contacts', { time: Date.now() })).body.results ?? [];

describe('contacts', () => {
  it('lists the demo account with the default contact first', async () => {
    const demo = await server.login(DEMO_PHONE);
    const rows = await list(demo);
    expect(rows.map((c) => c.contactDO.name)).toEqual(['张伟', '王秀兰']);
    expect(rows[0].contactDO.isDefault).toBe(true);
    expect(rows[1].contactDO.isDefault).toBe(false);
  });

  it('adds a contact, deriving sex and birth date from the ID; the first becomes default', async () => {
    const client = await server.login(freshPhone());
    const answer = await add(client, person(1, { relation: 'SELF' }));
    expect(answer.body.state).toBe(200);
    const c = answer.body.results as Contact;
    expect(c.contactId).toMatch(/^\d+$/);
    expect(c.contactDO).toMatchObject({
      name: '王芳',
      documentType: 'IDENTITY_CARD',
      birthDate: '1990-02-02',
      relation: 'SELF',
      isDefault: true,
      phoneVerified: false,
      notify: true,
    });
    expect(['MALE', 'FEMALE']).toContain(c.contactDO.sex);

    const second = await add(client, person(2));
    expect(second.body.results?.contactDO.isDefault).toBe(false);
    expect((await client.get<Contact>(`/contact_id/${c.contactId}`)).body.results?.contactDO.name).toBe(
      '王芳',
    );
  });

  it('marks the phone verified when it is the account phone', async () => {
    const phone = freshPhone();
    const client = await server.login(phone);
    const answer = await add(client, person(3, { phone }));
    expect(answer.body.results?.contactDO.phoneVerified).toBe(true);
  });

  it('stores a 15-digit ID as 18 digits and refuses the same person twice', async () => {
    const client = await server.login(freshPhone());
    // 15-digit form of 110105 [19]490101 003 → 18-digit with check character.
    const answer = await add(client, person(4, { documentNumber: '110105490101003' }));
    expect(answer.body.state).toBe(200);
    expect(answer.body.results?.contactDO.documentNumber).toBe(mainlandId('11010519490101003'));

    const dup = await add(client, person(5, { documentNumber: mainlandId('11010519490101003') }));
    expect(dup.status).toBe(200);
    expect(dup.body).toMatchObject({ state: 409, msg: '该就诊人已存在' });

    // Same number under another document type is another person.
    const other = await add(
      client,
      person(5, { documentType: 'OTHER', documentNumber: mainlandId('11010519490101003') }),
    );
    expect(other.body.state).toBe(200);
  });

  it('refuses a sixth contact and a second SELF', async () => {
    const client = await server.login(freshPhone());
    for (let i = 0; i < 5; i++) {
      const answer = await add(client, person(10 + i, { relation: i === 0 ? 'SELF' : 'CHILD' }));
      expect(answer.body.state, answer.text).toBe(200);
    }
    const sixth = await add(client, person(20));
    expect(sixth.body).toMatchObject({ state: 409, msg: '最多只能添加5位就诊人' });
    expect(await list(client)).toHaveLength(5);

    const other = await server.login(freshPhone());
    await add(other, person(21, { relation: 'SELF' }));
    const secondSelf = await add(other, person(22, { relation: 'SELF' }));
    expect(secondSelf.body).toMatchObject({ state: 409, msg: '本人已添加' });
  });

  it('the limit holds under concurrent adds', async () => {
    const client = await server.login(freshPhone());
    const answers = await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map((i) => add(client, person(30 + i))));
    expect(answers.filter((a) => a.body.state === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.body.state === 409)).toHaveLength(3);
    expect(await list(client)).toHaveLength(5);
  });

  it('edits a contact with the same checks', async () => {
    const client = await server.login(freshPhone());
    const c = (await add(client, person(40))).body.results as Contact;
    const other = (await add(client, person(41))).body.results as Contact;

    const edited = await client.post<Contact>('/v1/contact/patientInformationEdit', {
      contactId: c.contactId,
      name: '李小娜',
      phone: '13912340000',
      address: '杭州市上城区解放路1号',
      relation: 'CHILD',
    });
    expect(edited.body.state).toBe(200);
    expect(edited.body.results?.contactDO).toMatchObject({
      name: '李小娜',
      phone: '13912340000',
      address: '杭州市上城区解放路1号',
      relation: 'CHILD',
      documentNumber: c.contactDO.documentNumber,
    });

    const badId = await client.post('/v1/contact/patientInformationEdit', {
      contactId: c.contactId,
      documentNumber: '110105198503152314',
    });
    expect(badId.status).toBe(400);
    expect(badId.body.msg).toBe('参数 documentNumber 不正确：身份证号码校验位不正确');

    const dup = await client.post('/v1/contact/patientInformationEdit', {
      contactId: c.contactId,
      documentNumber: other.contactDO.documentNumber,
    });
    expect(dup.body).toMatchObject({ state: 409, msg: '该就诊人已存在' });

    const badPhone = await client.post('/v1/contact/patientInformationEdit', {
      contactId: c.contactId,
      phone: '1234',
    });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.msg).toBe('参数 phone 不正确：请输入正确的手机号码');
  });

  it('saves relation, address and notification settings', async () => {
    const client = await server.login(freshPhone());
    const c = (await add(client, person(42))).body.results as Contact;
    const saved = await client.post<Contact>('/postContact', {
      contactId: c.contactId,
      relation: 'SPOUSE',
      address: '成都市武侯区',
    });
    expect(saved.body.results?.contactDO).toMatchObject({ relation: 'SPOUSE', address: '成都市武侯区' });
    const address = await client.post<Contact>('/v1/contact/updatePatientAddressInfo', {
      contactId: c.contactId,
      address: '  成都市锦江区春熙路  ',
    });
    expect(address.body.results?.contactDO.address).toBe('成都市锦江区春熙路');
    const notify = await client.post('/v1/contact/updateContactNotification', {
      contactId: c.contactId,
      notify: false,
    });
    expect(notify.body.results).toBe(true);
    expect((await client.get<Contact>(`/contact_id/${c.contactId}`)).body.results?.contactDO.notify).toBe(
      false,
    );
  });

  it('verifies a contact phone with an SMS code', async () => {
    const client = await server.login(freshPhone());
    const c = (await add(client, person(43))).body.results as Contact;
    const phone = '13811112222';
    expect((await client.get('/phone/sms', { phone })).body.state).toBe(200);
    const code = server.sms.latestCode(phone, 'contact_phone');
    const wrong = await client.get('/contact/phone', {
      contactId: c.contactId,
      phone,
      number: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.body).toMatchObject({ state: 400, msg: '验证码错误' });
    const right = await client.get('/contact/phone', {
      contactId: c.contactId,
      phone,
      number: code as string,
    });
    expect(right.body).toMatchObject({ state: 200, results: true });
    const after = (await client.get<Contact>(`/contact_id/${c.contactId}`)).body.results?.contactDO;
    expect(after).toMatchObject({ phone, phoneVerified: true });
  });

  it('refuses bad phone verification input and codes sent to another number, changing nothing', async () => {
    const client = await server.login(freshPhone());
    const c = (await add(client, person(47))).body.results as Contact;
    const badPhone = await client.get('/phone/sms', { phone: '1234' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.msg).toBe('参数 phone 不正确：请输入正确的手机号码');
    expect(server.sms.latestCode('1234', 'contact_phone')).toBeUndefined();
    await client.get('/phone/sms', { phone: '13811114444' });
    const code = server.sms.latestCode('13811114444', 'contact_phone') as string;
    const shortCode = await client.get('/contact/phone', {
      contactId: c.contactId,
      phone: '13811114444',
      number: '123',
    });
    expect(shortCode.status).toBe(400);
    expect(shortCode.body.msg).toBe('参数 number 不正确：请输入6位数字验证码');
    // A code sent to one number does not verify another.
    const otherPhone = await client.get('/contact/phone', {
      contactId: c.contactId,
      phone: '13811115555',
      number: code,
    });
    expect(otherPhone.body).toMatchObject({ state: 400, msg: '验证码已失效' });
    expect((await client.get<Contact>(`/contact_id/${c.contactId}`)).body.results?.contactDO).toMatchObject({
      phone: c.contactDO.phone,
      phoneVerified: false,
    });
  });

  it('deletes a contact with its cards and nothing else', async () => {
    const demo = await server.login(DEMO_PHONE);
    const [self, mother] = await list(demo);
    const selfCardsBefore = (await demo.get<MedicalCard[]>(`/cardInfo/${self.contactId}`)).body.results ?? [];
    expect(selfCardsBefore.length).toBeGreaterThan(0);

    const deleted = await demo.post(`/del/${mother.contactId}`);
    expect(deleted.body).toMatchObject({ state: 200, results: true });

    const motherCards = await server.database.db
      .select()
      .from(medicalCards)
      .where(eq(medicalCards.contactId, Number(mother.contactId)));
    expect(motherCards).toHaveLength(0);
    expect((await demo.get(`/contact_id/${mother.contactId}`)).body).toMatchObject({
      state: 404,
      msg: '就诊人不存在',
    });

    const remaining = await list(demo);
    expect(remaining).toEqual([self]);
    expect((await demo.get<MedicalCard[]>(`/cardInfo/${self.contactId}`)).body.results).toEqual(
      selfCardsBefore,
    );

    // Deleting the default leaves no default; the next contact added becomes it.
    const client = await server.login(freshPhone());
    const a = (await add(client, person(44))).body.results as Contact;
    const b = (await add(client, person(45))).body.results as Contact;
    await client.post(`/del/${a.contactId}`);
    expect((await list(client)).map((c) => c.contactDO.isDefault)).toEqual([false]);
    const c = (await add(client, person(46))).body.results as Contact;
    expect(c.contactDO.isDefault).toBe(true);
    expect((await list(client)).map((x) => x.contactId)).toEqual([c.contactId, b.contactId]);
  });

  it('set-default: one default, default listed first, isDefault=false clears it', async () => {
    const client = await server.login(freshPhone());
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(((await add(client, person(50 + i))).body.results as Contact).contactId);
    expect(
      (await client.get('/updateDefaultContact', { contactId: ids[2], isDefault: true })).body.results,
    ).toBe(true);
    let rows = await list(client);
    expect(rows[0].contactId).toBe(ids[2]);
    expect(rows.filter((c) => c.contactDO.isDefault)).toHaveLength(1);

    await client.get('/updateDefaultContact', { contactId: ids[2], isDefault: 'false' });
    rows = await list(client);
    expect(rows.filter((c) => c.contactDO.isDefault)).toHaveLength(0);
  });

  it('concurrent set-default calls leave exactly one default', async () => {
    const client = await server.login(freshPhone());
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(((await add(client, person(60 + i))).body.results as Contact).contactId);
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        [...ids, ...ids].map((id) => client.get('/updateDefaultContact', { contactId: id, isDefault: true })),
      );
      expect(answers.every((a) => a.body.state === 200)).toBe(true);
      const rows = await list(client);
      expect(rows.filter((c) => c.contactDO.isDefault)).toHaveLength(1);
      expect(rows[0].contactDO.isDefault).toBe(true);
    }
  });
});

describe('ethnicity and occupation', () => {
  const edit = (client: Client, body: Record<string, unknown>) =>
    client.post<Contact>('/v1/contact/patientInformationEdit', body);

  it('are stored as the dictionary names, given by name or by code', async () => {
    const client = await server.login(freshPhone());
    const byName = await add(client, person(90, { ethnicity: '苗族', occupation: '学生' }));
    expect(byName.body.results?.contactDO).toMatchObject({ ethnicity: '苗族', occupation: '学生' });
    const byCode = await add(client, person(91, { ethnicity: '06', occupation: '2' }));
    expect(byCode.body.results?.contactDO).toMatchObject({ ethnicity: '苗族', occupation: '专业技术人员' });
    const without = await add(client, person(92));
    expect(without.body.results?.contactDO).toMatchObject({ ethnicity: null, occupation: null });
    const listed = await list(client);
    expect(listed.map((c) => c.contactDO.ethnicity)).toEqual(['苗族', '苗族', null]);
  });

  it('unknown values are refused with a message naming the field, and nothing is saved', async () => {
    const client = await server.login(freshPhone());
    const badEthnicity = await add(client, person(93, { ethnicity: '火星族' }));
    expect(badEthnicity.status).toBe(400);
    expect(badEthnicity.body).toMatchObject({
      state: 400,
      msg: '参数 ethnicity 不正确：民族不在民族字典中，请从列表中选择',
      results: { field: 'ethnicity' },
    });
    const badOccupation = await add(client, person(93, { occupation: '99' }));
    expect(badOccupation.status).toBe(400);
    expect(badOccupation.body.msg).toBe('参数 occupation 不正确：职业不在职业字典中，请从列表中选择');
    const tooLong = await add(client, person(93, { ethnicity: '汉'.repeat(21) }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.msg).toBe('参数 ethnicity 不正确：长度不能超过 20 个字符');
    expect(await list(client)).toEqual([]);
  });

  it('edit sets, keeps and clears them, and refuses unknown values without changing anything', async () => {
    const client = await server.login(freshPhone());
    const c = (await add(client, person(94))).body.results as Contact;
    const set = await edit(client, { contactId: c.contactId, ethnicity: '01', occupation: '离退休人员' });
    expect(set.body.results?.contactDO).toMatchObject({ ethnicity: '汉族', occupation: '离退休人员' });
    const kept = await edit(client, { contactId: c.contactId, address: '贵州省铜仁市万山区谢桥街道' });
    expect(kept.body.results?.contactDO).toMatchObject({ ethnicity: '汉族', occupation: '离退休人员' });
    const before = (await client.get<Contact>(`/contact_id/${c.contactId}`)).body.results;
    const refused = await edit(client, { contactId: c.contactId, name: '李大娜', occupation: '宇航员' });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('参数 occupation 不正确：职业不在职业字典中，请从列表中选择');
    expect((await client.get<Contact>(`/contact_id/${c.contactId}`)).body.results).toEqual(before);
    const cleared = await edit(client, { contactId: c.contactId, ethnicity: '', occupation: '' });
    expect(cleared.body.results?.contactDO).toMatchObject({ ethnicity: null, occupation: null });
  });
});

describe('contact rules', () => {
  it('the contact limit is the service setting MAX_CONTACTS', async () => {
    // A second app with the setting, over the same database.
    const small = buildApp({
      db: server.database,
      clock: server.clock,
      smsSender: server.sms,
      secret: 'test-secret',
      logger: false,
      maxContacts: 2,
      smsLimits: TEST_SMS_LIMITS,
    });
    await small.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = small.server.address() as AddressInfo;
      const client = await server.login(freshPhone(), new Client(`http://127.0.0.1:${port}`));
      expect((await add(client, person(100))).body.state).toBe(200);
      expect((await add(client, person(101))).body.state).toBe(200);
      const third = await add(client, person(102));
      expect(third.body).toMatchObject({
        state: 409,
        msg: '最多只能添加2位就诊人',
        subMsg: '每个账号最多添加2位就诊人，请先删除不再使用的就诊人',
      });
      expect(await list(client)).toHaveLength(2);
    } finally {
      await small.close();
    }
  });

  it('a certified contact keeps its name and document; other details can change', async () => {
    const client = await server.login(freshPhone());
    const c = await addCertifiedContact(client, person(103));
    const rename = await client.post('/v1/contact/patientInformationEdit', {
      contactId: c.contactId,
      name: '王小芳',
    });
    expect(rename.body).toMatchObject({ state: 409, msg: '已实名认证的就诊人不能修改姓名或证件信息' });
    const renumber = await client.post('/v1/contact/patientInformationEdit', {
      contactId: c.contactId,
      documentType: 'PASSPORT_NUMBER',
      documentNumber: 'E12345678',
    });
    expect(renumber.body.state).toBe(409);
    const phone = await client.post<Contact>('/v1/contact/patientInformationEdit', {
      contactId: c.contactId,
      phone: '13698765432',
      occupation: '军人',
    });
    expect(phone.body.results?.contactDO).toMatchObject({
      name: c.contactDO.name,
      documentNumber: c.contactDO.documentNumber,
      phone: '13698765432',
      occupation: '军人',
      certified: true,
    });
  });

  it('deleting a contact removes its cards, health card and health code, and nothing else', async () => {
    const client = await server.login(freshPhone());
    const db = server.database.db;
    const setUp = async (n: number) => {
      const c = await addCertifiedContact(client, person(n, HEALTH_CARD_DETAILS));
      const filed = await client.post<MedicalCard>('/contact/patientInformationFiling', {
        contactId: c.contactId,
        hospitalId: '1000',
      });
      if (filed.body.state === 409) {
        await proveContact(server, client, c.contactId);
        const [his] =
          (
            await client.get<{ medicalCardNo: string }[]>(
              `/his_cardInfo/hospital_id/1000/identity_card/${c.contactDO.documentNumber}/name/${encodeURIComponent(c.contactDO.name)}`,
            )
          ).body.results ?? [];
        await client.post('/cardInfo', {
          contactId: c.contactId,
          hospitalId: '1000',
          medicalCardNo: his.medicalCardNo,
        });
      }
      expect(
        (
          await client.post('/v1/contact/registerAndBindHealthCard', {
            contactId: c.contactId,
            hospitalId: '1000',
          })
        ).body.state,
      ).toBe(200);
      expect(
        (await client.post('/v1/contact/codeApply', undefined, { contactId: c.contactId })).body.state,
      ).toBe(200);
      return Number(c.contactId);
    };
    const gone = await setUp(104);
    const kept = await setUp(105);
    const rowsOf = async (contactId: number) => ({
      cards: await db.select().from(medicalCards).where(eq(medicalCards.contactId, contactId)),
      healthCards: await db.select().from(healthCards).where(eq(healthCards.contactId, contactId)),
      healthCodes: await db.select().from(healthCodes).where(eq(healthCodes.contactId, contactId)),
      contact: await db.select().from(contacts).where(eq(contacts.id, contactId)),
    });
    const keptBefore = await rowsOf(kept);
    const goneBefore = await rowsOf(gone);
    expect(goneBefore.cards.length).toBeGreaterThan(0);
    expect(goneBefore.healthCards).toHaveLength(1);
    expect(goneBefore.healthCodes).toHaveLength(1);
    const [{ userId }] = goneBefore.contact;
    const attemptsBefore = await db
      .select()
      .from(certificationAttempts)
      .where(eq(certificationAttempts.userId, userId))
      .orderBy(certificationAttempts.id);

    expect((await client.post(`/del/${gone}`)).body).toMatchObject({ state: 200, results: true });

    expect(await rowsOf(gone)).toEqual({ cards: [], healthCards: [], healthCodes: [], contact: [] });
    expect(await rowsOf(kept)).toEqual(keptBefore);
    expect(
      (await client.get<{ contactId: string }[]>('/v1/contact/healthCards')).body.results?.map(
        (h) => h.contactId,
      ),
    ).toEqual([String(kept)]);
    // The account's authentication attempts stay (they count towards its daily limit), without the contact.
    const attemptsAfter = await db
      .select()
      .from(certificationAttempts)
      .where(eq(certificationAttempts.userId, userId))
      .orderBy(certificationAttempts.id);
    expect(attemptsAfter.map((a) => a.id)).toEqual(attemptsBefore.map((a) => a.id));
    expect(attemptsAfter.filter((a) => a.contactId === gone)).toEqual([]);
  });
});

describe("another user's ids are answered exactly like missing ones", () => {
  let owner: Client;
  let ownerId: number;
  let intruder: Client;
  let contact: Contact;
  let card: MedicalCard;
  let healthCardId: string;

  /** Everything of the owner's account, to prove that nothing changed. */
  const ownerRows = async () => {
    const db = server.database.db;
    return {
      contacts: await db.select().from(contacts).where(eq(contacts.userId, ownerId)).orderBy(contacts.id),
      cards: await db
        .select()
        .from(medicalCards)
        .where(eq(medicalCards.userId, ownerId))
        .orderBy(medicalCards.id),
      healthCards: await db.select().from(healthCards).where(eq(healthCards.userId, ownerId)),
      healthCodes: await db.select().from(healthCodes).where(eq(healthCodes.userId, ownerId)),
      attempts: await db
        .select()
        .from(certificationAttempts)
        .where(eq(certificationAttempts.userId, ownerId)),
    };
  };

  beforeAll(async () => {
    owner = await server.login(freshPhone());
    intruder = await server.login(freshPhone());
    await add(intruder, person(71));
    // A person the simulated HIS knows, so that the owner can bind a real card (once proven).
    for (let i = 0; ; i++) {
      const p = person(80 + i, { relation: 'SELF', ...HEALTH_CARD_DETAILS });
      if (!filedBeforehand({ hospitalId: '1000', identityCard: p.documentNumber, name: p.name })) continue;
      contact = await addCertifiedContact(owner, p);
      await proveContact(server, owner, contact.contactId);
      const his = await owner.get<{ medicalCardNo: string }[]>(
        `/his_cardInfo/hospital_id/1000/identity_card/${contact.contactDO.documentNumber}/name/${encodeURIComponent(contact.contactDO.name)}`,
      );
      if ((his.body.results ?? []).length > 0) {
        card = (
          await owner.post<MedicalCard>('/cardInfo', {
            contactId: contact.contactId,
            hospitalId: '1000',
            medicalCardNo: (his.body.results ?? [])[0].medicalCardNo,
          })
        ).body.results as MedicalCard;
        break;
      }
      await owner.post(`/del/${contact.contactId}`);
    }
    const registered = await owner.post<{ healthCardId: string }>('/v1/contact/registerAndBindHealthCard', {
      hospitalId: '1000',
      contactId: contact.contactId,
    });
    expect(registered.body.state, registered.text).toBe(200);
    healthCardId = registered.body.results?.healthCardId as string;
    const applied = await owner.post('/v1/contact/codeApply', undefined, { contactId: contact.contactId });
    expect(applied.body.state, applied.text).toBe(200);
    expect(card.cardId).toMatch(/^\d+$/);
    ownerId = (
      await server.database.db
        .select()
        .from(contacts)
        .where(eq(contacts.id, Number(contact.contactId)))
    )[0].userId;
  });

  /** Every call that takes an id, as [label, call(client, contactId, cardId, cardNo, healthCardId)]. */
  const calls: [
    string,
    (
      c: Client,
      contactId: string,
      cardId: string,
      cardNo: string,
      healthId: string,
    ) => Promise<{ body: unknown }>,
  ][] = [
    ['getContact', (c, id) => c.get(`/contact_id/${id}`)],
    ['editContact', (c, id) => c.post('/v1/contact/patientInformationEdit', { contactId: id, name: '张三' })],
    ['deleteContact', (c, id) => c.post(`/del/${id}`)],
    ['setDefaultContact', (c, id) => c.get('/updateDefaultContact', { contactId: id, isDefault: true })],
    ['saveContact', (c, id) => c.post('/postContact', { contactId: id, relation: 'OTHER' })],
    [
      'updatePatientAddress',
      (c, id) => c.post('/v1/contact/updatePatientAddressInfo', { contactId: id, address: '某地' }),
    ],
    [
      'updateContactNotification',
      (c, id) => c.post('/v1/contact/updateContactNotification', { contactId: id, notify: false }),
    ],
    [
      'verifyContactPhone',
      (c, id) => c.get('/contact/phone', { contactId: id, phone: '13811113333', number: '123456' }),
    ],
    ['listMedicalCards', (c, id) => c.get(`/cardInfo/${id}`)],
    [
      'addMedicalCard',
      (c, id, _card, no) => c.post('/cardInfo', { contactId: id, hospitalId: '1000', medicalCardNo: no }),
    ],
    ['removeMedicalCard', (c, _id, cardId) => c.post(`/remove/cardInfo/card_id/${cardId}`)],
    [
      'setDefaultMedicalCard',
      (c, id, _card, no) => c.post('/updateDefaultCard', undefined, { contactId: id, medicalCardNo: no }),
    ],
    [
      'hasPatientRecord',
      (c, id) => c.get(`/v1/contact/${id}/hasPatientRecord`, { name: '李娜', idCard: '110105198503152313' }),
    ],
    [
      'filePatientRecord',
      (c, id) => c.post('/contact/patientInformationFiling', { contactId: id, hospitalId: '1001' }),
    ],
    ['getPatientCode', (c, id) => c.post('/contact/qrCode', { contactId: id })],
    [
      'registerAndBindHealthCard',
      (c, id) => c.post('/v1/contact/registerAndBindHealthCard', { contactId: id, hospitalId: '1000' }),
    ],
    ['getHealthCardQRCode', (c, _id, _card, _no, h) => c.get(`/v1/contact/healthCardQRCode/${h}`)],
    ['addHealthCardToPackage', (c, _id, _card, _no, h) => c.post(`/v1/contact/cardPackageOrderId/${h}`)],
    ['getHealthCardInfo', (c, id, _card, _no, h) => c.get(`/v1/contact/${id}/healthCardInfo/${h}`)],
    [
      'certifyContact',
      (c, id) =>
        c.post(`/v1/contact/${id}/authentication`, {
          name: contact.contactDO.name,
          documentNumber: contact.contactDO.documentNumber,
        }),
    ],
    ['applyHealthCode', (c, id) => c.post('/v1/contact/codeApply', undefined, { contactId: id })],
    ['sendHisIdentityCode', (c, id) => c.post(`/v1/contact/${id}/hisIdentity/sms`)],
    ['verifyHisIdentity', (c, id) => c.post(`/v1/contact/${id}/hisIdentity`, { code: '123456' })],
    [
      'startFaceVerification',
      (c, id) => c.post(`/v1/contact/${id}/hisIdentity/face`, { returnPath: '/contactManagement' }),
    ],
    [
      'verifyFaceResult',
      (c, id) => c.post(`/v1/contact/${id}/hisIdentity/face/result`, { ticket: 'SIMFACE0123456789' }),
    ],
    ['getVirtualCardCode', (c, id) => c.get('/v1/contact/getVirtualCardCode', { contactId: id })],
  ];

  for (const [label, call] of calls) {
    it(label, async () => {
      const before = await ownerRows();
      const theirs = await call(intruder, contact.contactId, card.cardId, card.medicalCardNo, healthCardId);
      const missing = await call(intruder, '999999', '999999', card.medicalCardNo, '999999');
      expect(theirs.body).toEqual(missing.body);
      expect((theirs.body as { state: number }).state).toBe(404);
      expect(await ownerRows()).toEqual(before);
    });
  }

  it('lists only the own electronic health cards', async () => {
    expect((await intruder.get('/v1/contact/healthCards')).body).toMatchObject({ state: 200, results: [] });
    const mine = (await owner.get<{ healthCardId: string }[]>('/v1/contact/healthCards')).body.results;
    expect(mine?.map((h) => h.healthCardId)).toEqual([healthCardId]);
  });

  it('HIS lookups never reveal other accounts’ people', async () => {
    const path = `/his_cardInfo/hospital_id/1000/identity_card/${contact.contactDO.documentNumber}/name/${encodeURIComponent(contact.contactDO.name)}`;
    expect((await intruder.get(path)).body).toMatchObject({ state: 200, results: [] });
    expect((await intruder.get(`${path}/type/HOSPITAL_CARD`)).body).toMatchObject({
      state: 200,
      results: [],
    });
    expect(((await owner.get<unknown[]>(path)).body.results ?? []).length).toBeGreaterThan(0);
  });

  it('the owner still has everything', async () => {
    expect((await owner.get(`/contact_id/${contact.contactId}`)).body.state).toBe(200);
    const rows = await ownerRows();
    expect(rows.cards.map((c) => String(c.id))).toEqual([card.cardId]);
    expect(rows.healthCards.map((h) => String(h.id))).toEqual([healthCardId]);
    expect(rows.healthCodes).toHaveLength(1);
    expect(
      (await owner.get('/v1/contact/getVirtualCardCode', { contactId: contact.contactId })).body.state,
    ).toBe(200);
    server.clock.advance(MINUTE);
  });
});
