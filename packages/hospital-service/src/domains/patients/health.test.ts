import type { Contact, HealthCard, HealthCode, Region } from '@patient/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, chinaDate, MINUTE } from '../../platform/clock.ts';
import {
  addCertifiedContact,
  type Client,
  guardianConsent,
  HEALTH_CARD_DETAILS,
  mainlandId,
  person,
  startServer,
  type TestServer,
} from '../../test/harness.ts';
import { DEMO_PHONE } from '../accounts/index.ts';
import { HOSPITALS } from '../hospitals/index.ts';
import { HEALTH_CODE_WATCHLIST } from './health-code-platform.ts';
import { certificationAttempts, contacts, healthCodes } from './tables.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

let phoneCounter = 0;
const freshPhone = () => `1370003${String(++phoneCounter).padStart(4, '0')}`;

const add = async (client: Client, body: Record<string, unknown>) => {
  const answer = await client.post<Contact>('/addPatient', body);
  if (answer.body.state !== 200) throw new Error(`addPatient failed: ${answer.text}`);
  return answer.body.results as Contact;
};
const certify = (client: Client, contactId: string, name: string, documentNumber: string) =>
  client.post<{ certified: boolean; certifiedAt: string }>(`/v1/contact/${contactId}/authentication`, {
    name,
    documentNumber,
  });
const contactRow = async (contactId: string) =>
  (
    await server.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, Number(contactId)))
  )[0];
const attemptsOf = async (contactId: string) =>
  (
    await server.database.db
      .select({ n: count() })
      .from(certificationAttempts)
      .where(eq(certificationAttempts.contactId, Number(contactId)))
  )[0].n;

/** The first instant of the next day in China. */
const nextChinaDay = () =>
  new Date(`${addDays(chinaDate(server.clock.now()), 1)}T00:00:00.000+08:00`).getTime() + 1000;

describe('real-name authentication (certifyContact)', () => {
  it('certifies when name and ID number match, compared normalised; again answers the same time', async () => {
    const client = await server.login(freshPhone());
    const c = await add(client, person(130));
    const id18 = c.contactDO.documentNumber;
    const id15 = id18.slice(0, 6) + id18.slice(8, 17);
    const answer = await certify(client, c.contactId, `  ${c.contactDO.name} `, id15);
    expect(answer.body).toMatchObject({
      state: 200,
      results: { certified: true, certifiedAt: server.clock.now().toISOString() },
    });
    expect((await client.get<Contact>(`/contact_id/${c.contactId}`)).body.results?.contactDO.certified).toBe(
      true,
    );
    server.clock.advance(MINUTE);
    const again = await certify(client, c.contactId, c.contactDO.name, id18);
    expect(again.body.results).toEqual(answer.body.results);
  });

  it('takes a lower-case x and foreign names in any case', async () => {
    const client = await server.login(freshPhone());
    let idX = '';
    for (let seq = 100; !idX.endsWith('X'); seq++) idX = mainlandId(`11010519800101${seq}`);
    const c = await add(client, person(131, { name: 'Anna Maria', documentNumber: idX }));
    expect((await certify(client, c.contactId, 'ANNA  MARIA', idX.toLowerCase())).body.state).toBe(200);
  });

  it('refuses a mismatch, counts it, and changes nothing', async () => {
    const client = await server.login(freshPhone());
    const c = await add(client, person(132));
    const wrongName = await certify(client, c.contactId, '别人', c.contactDO.documentNumber);
    expect(wrongName.status).toBe(200);
    expect(wrongName.body).toMatchObject({
      state: 400,
      msg: '姓名与证件号码不一致',
      subMsg: '姓名与证件号码不一致，请核对后重试（今日还可尝试4次）',
    });
    const otherId = mainlandId('11010519850315231');
    const wrongNumber = await certify(client, c.contactId, c.contactDO.name, otherId);
    expect(wrongNumber.body).toMatchObject({ state: 400, msg: '姓名与证件号码不一致' });
    expect(await attemptsOf(c.contactId)).toBe(2);
    expect(await contactRow(c.contactId)).toMatchObject({ certified: false, certifiedAt: null });
  });

  it('refuses bad input with a 400 and does not count it', async () => {
    const client = await server.login(freshPhone());
    const c = await add(client, person(133));
    const badChecksum = `${c.contactDO.documentNumber.slice(0, 17)}${c.contactDO.documentNumber[17] === '0' ? '1' : '0'}`;
    const invalid = await certify(client, c.contactId, c.contactDO.name, badChecksum);
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({
      state: 400,
      msg: '参数 documentNumber 不正确：身份证号码校验位不正确',
      results: { field: 'documentNumber' },
    });
    const noName = await client.post(`/v1/contact/${c.contactId}/authentication`, {
      documentNumber: c.contactDO.documentNumber,
    });
    expect(noName.status).toBe(400);
    expect(noName.body.msg).toBe('参数 name 不正确：缺少必填参数');
    const badId = await client.post('/v1/contact/a%20b/authentication', {
      name: c.contactDO.name,
      documentNumber: c.contactDO.documentNumber,
    });
    expect(badId.status).toBe(400);
    expect(await attemptsOf(c.contactId)).toBe(0);
    expect((await contactRow(c.contactId)).certified).toBe(false);
    expect((await server.client().post(`/v1/contact/${c.contactId}/authentication`, {})).status).toBe(401);
  });

  it('only resident ID cards can be certified', async () => {
    const client = await server.login(freshPhone());
    const passport = await add(
      client,
      person(134, { documentType: 'PASSPORT_NUMBER', documentNumber: 'E1234567' }),
    );
    const newborn = await add(
      client,
      person(135, { documentType: 'IDENTITY_CARD_MUM', guardianConsent: await guardianConsent(client) }),
    );
    for (const c of [passport, newborn]) {
      expect(
        (await certify(client, c.contactId, c.contactDO.name, mainlandId('11010519850315231'))).body,
      ).toEqual({
        state: 400,
        msg: '暂不支持该证件类型',
        subMsg: '实名认证目前仅支持使用居民身份证的就诊人',
        subCode: null,
        results: null,
      });
      expect(await attemptsOf(c.contactId)).toBe(0);
    }
  });

  it('locks a contact for the day after 5 failures', async () => {
    const client = await server.login(freshPhone());
    const c = await add(client, person(136));
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await certify(client, c.contactId, '别人', c.contactDO.documentNumber));
    expect(answers.map((a) => a.body.subMsg)).toEqual([
      '姓名与证件号码不一致，请核对后重试（今日还可尝试4次）',
      '姓名与证件号码不一致，请核对后重试（今日还可尝试3次）',
      '姓名与证件号码不一致，请核对后重试（今日还可尝试2次）',
      '姓名与证件号码不一致，请核对后重试（今日还可尝试1次）',
      '姓名与证件号码不一致，今日尝试次数已用完，请明天再试',
    ]);
    const locked = await certify(client, c.contactId, c.contactDO.name, c.contactDO.documentNumber);
    expect(locked.body).toMatchObject({
      state: 429,
      msg: '实名认证失败次数过多',
      subMsg: '该就诊人今日实名认证已失败5次，为保护您的信息安全，请明天再试',
    });
    expect(await attemptsOf(c.contactId)).toBe(5);
    expect((await contactRow(c.contactId)).certified).toBe(false);

    // The session (one day from login) is still alive at midnight.
    server.clock.set(nextChinaDay());
    expect(
      (await certify(client, c.contactId, c.contactDO.name, c.contactDO.documentNumber)).body.state,
    ).toBe(200);
  });

  it('the limit holds under concurrent attempts', async () => {
    const client = await server.login(freshPhone());
    const c = await add(client, person(139));
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => certify(client, c.contactId, '别人', c.contactDO.documentNumber)),
    );
    expect(answers.filter((a) => a.body.state === 400)).toHaveLength(5);
    expect(answers.filter((a) => a.body.state === 429)).toHaveLength(3);
    expect(await attemptsOf(c.contactId)).toBe(5);
  });

  it('locks the account after 10 failures in a day, also for contacts deleted and added again', async () => {
    const phone = freshPhone();
    const client = await server.login(phone);
    const a = await add(client, person(137));
    const b = await add(client, person(138));
    for (const c of [a, b]) {
      for (let i = 0; i < 5; i++) await certify(client, c.contactId, '别人', c.contactDO.documentNumber);
    }
    await client.post(`/del/${a.contactId}`);
    const again = await add(client, person(137));
    const refused = await certify(
      client,
      again.contactId,
      again.contactDO.name,
      again.contactDO.documentNumber,
    );
    expect(refused.body).toMatchObject({
      state: 429,
      subMsg: '您的账号今日实名认证失败次数过多，请明天再试',
    });
    expect(await attemptsOf(again.contactId)).toBe(0);
  });
});

describe('electronic health cards of the account (listHealthCards)', () => {
  it('lists the account’s cards, the default contact’s first', async () => {
    const client = await server.login(freshPhone());
    expect((await client.get('/v1/contact/healthCards')).body).toMatchObject({ state: 200, results: [] });
    const first = await add(client, person(140, HEALTH_CARD_DETAILS));
    const second = await add(client, person(141, HEALTH_CARD_DETAILS));
    for (const c of [first, second]) {
      const answer = await client.post('/v1/contact/registerAndBindHealthCard', {
        hospitalId: '1001',
        contactId: c.contactId,
      });
      expect(answer.body.state).toBe(200);
    }
    const listOf = async () =>
      ((await client.get<HealthCard[]>('/v1/contact/healthCards')).body.results ?? []).map(
        (h) => h.contactId,
      );
    expect(await listOf()).toEqual([first.contactId, second.contactId]);
    await client.get('/updateDefaultContact', { contactId: second.contactId, isDefault: true });
    expect(await listOf()).toEqual([second.contactId, first.contactId]);
    const [card] = (await client.get<HealthCard[]>('/v1/contact/healthCards')).body.results ?? [];
    expect(card).toMatchObject({ patientName: second.contactDO.name, cardPackageOrderId: null });
    expect(card.cardNo).toMatch(/^[0-9A-F]{64}$/);
    expect((await server.client().get('/v1/contact/healthCards')).status).toBe(401);
  });
});

describe('health code (codeApply, getVirtualCardCode)', () => {
  const apply = (client: Client, contactId: string) =>
    client.post<HealthCode>('/v1/contact/codeApply', undefined, { contactId });
  const qr = (client: Client, contactId: string) =>
    client.get<{ qrCode: string; color: string; expiresAt: string }>('/v1/contact/getVirtualCardCode', {
      contactId,
    });
  const codeRows = async (contactId: string) =>
    server.database.db
      .select()
      .from(healthCodes)
      .where(eq(healthCodes.contactId, Number(contactId)));

  it('needs a certified contact with a resident ID card; nothing is issued before', async () => {
    const client = await server.login(freshPhone());
    const c = await add(client, person(150));
    expect((await apply(client, c.contactId)).body).toEqual({
      state: 400,
      msg: '请先完成实名认证',
      subMsg: '申领健康码前，请先完成该就诊人的实名认证',
      subCode: null,
      results: null,
    });
    const passport = await add(
      client,
      person(151, { documentType: 'PASSPORT_NUMBER', documentNumber: 'G7654321' }),
    );
    expect((await apply(client, passport.contactId)).body).toMatchObject({
      state: 400,
      msg: '暂不支持该证件类型',
      subMsg: '健康码目前仅支持使用居民身份证的就诊人',
    });
    expect((await qr(client, c.contactId)).body).toMatchObject({
      state: 404,
      msg: '尚未申领健康码',
      subMsg: '该就诊人尚未申领健康码，请先申领',
    });
    expect(await codeRows(c.contactId)).toEqual([]);
    const noId = await client.post('/v1/contact/codeApply', undefined, {});
    expect(noId.status).toBe(400);
    expect(noId.body.msg).toBe('参数 contactId 不正确：缺少必填参数');
    expect((await qr(client, '../1')).status).toBe(400);
  });

  it('issues a green code once, and a QR code that changes every minute', async () => {
    const client = await server.login(freshPhone());
    const c = await addCertifiedContact(client, person(152));
    const issued = await apply(client, c.contactId);
    expect(issued.body.state).toBe(200);
    const code = issued.body.results as HealthCode;
    expect(code).toEqual({
      contactId: c.contactId,
      healthCodeId: expect.stringMatching(/^HC\d{18}$/),
      patientName: c.contactDO.name,
      color: 'GREEN',
      issuedAt: server.clock.now().toISOString(),
    });
    server.clock.advance(MINUTE);
    expect((await apply(client, c.contactId)).body.results).toEqual(code);
    expect(await codeRows(c.contactId)).toHaveLength(1);

    const first = (await qr(client, c.contactId)).body.results;
    expect(first?.color).toBe('GREEN');
    expect(first?.qrCode).toMatch(new RegExp(`^${code.healthCodeId}:\\d{20}$`));
    const expires = new Date(first?.expiresAt as string).getTime();
    const now = server.clock.now().getTime();
    expect(expires).toBeGreaterThan(now);
    expect(expires - now).toBeLessThanOrEqual(MINUTE);
    expect((await qr(client, c.contactId)).body.results).toEqual(first);
    server.clock.advance(MINUTE);
    const next = (await qr(client, c.contactId)).body.results;
    expect(next?.qrCode).not.toBe(first?.qrCode);
    expect(next?.qrCode.startsWith(`${code.healthCodeId}:`)).toBe(true);
  });

  it('gives the watch-list people yellow and red codes; one person has one code id in every account', async () => {
    const client = await server.login(freshPhone());
    const colours: string[] = [];
    for (const [documentNumber, colour] of [...HEALTH_CODE_WATCHLIST].slice(0, 4)) {
      const c = await addCertifiedContact(client, person(153 + colours.length, { documentNumber }));
      expect((await apply(client, c.contactId)).body.results?.color).toBe(colour);
      expect((await qr(client, c.contactId)).body.results?.color).toBe(colour);
      colours.push(colour);
    }
    expect(new Set(colours)).toEqual(new Set(['YELLOW', 'RED']));

    const [documentNumber] = [...HEALTH_CODE_WATCHLIST.keys()];
    const other = await server.login(freshPhone());
    const c = await addCertifiedContact(other, person(160, { documentNumber }));
    const mine = (await client.get<Contact[]>('/contacts')).body.results?.find(
      (x) => x.contactDO.documentNumber === documentNumber,
    ) as Contact;
    expect((await apply(other, c.contactId)).body.results?.healthCodeId).toBe(
      (await apply(client, mine.contactId)).body.results?.healthCodeId,
    );
  });

  it('the demo account’s certified contact can apply straight away', async () => {
    const demo = await server.login(DEMO_PHONE);
    const [self] = (await demo.get<Contact[]>('/contacts')).body.results ?? [];
    expect(self.contactDO).toMatchObject({ name: '张伟', certified: true, ethnicity: '汉族' });
    expect((await apply(demo, self.contactId)).body.results?.color).toBe('GREEN');
  });
});

describe('region and people enumerations', () => {
  const regions = async (hospitalId = '1000') =>
    (await server.client().get<Region[]>(`/v1/hisEnumAll/${hospitalId}/getProCountiesInfo`)).body.results ??
    [];

  /** The regions whose names start an address, top down (how the address form reads one back). */
  function regionPath(tree: readonly Region[], address: string): Region[] {
    const path: Region[] = [];
    let rest = address;
    let level: readonly Region[] | undefined = tree;
    while (level?.length) {
      const found: Region | undefined = level.find((r) => rest.startsWith(r.name));
      if (!found) break;
      path.push(found);
      rest = rest.slice(found.name.length);
      level = found.children;
    }
    return path;
  }

  it('answer anonymously, for every hospital; each hospital’s own address resolves to a county with streets', async () => {
    const tree = await regions();
    expect(tree.map((p) => p.name)).toEqual(
      expect.arrayContaining(['北京市', '河南省', '贵州省', '浙江省', '海南省']),
    );
    for (const h of HOSPITALS) {
      expect(await regions(h.id)).toEqual(tree);
      const path = regionPath(tree, h.address);
      const county = path.at(-1) as Region;
      expect(county.children, h.key).toBeUndefined();
      const streets = await server
        .client()
        .get<{ code: string; name: string }[]>(`/v1/hisEnumAll/${h.id}/getStreetsVillagesInfo`, {
          countyCode: county.code,
        });
      expect(streets.body.state).toBe(200);
      expect(streets.body.results?.length, h.key).toBeGreaterThan(0);
      for (const s of streets.body.results ?? []) expect(s.code.startsWith(county.code)).toBe(true);
      // Where the address names its street, the street is in the list.
      const rest = h.address.slice(path.map((r) => r.name).join('').length);
      const named = /^(.+?(街道|镇|乡))/.exec(rest)?.[1];
      if (named) expect(streets.body.results?.map((s) => s.name)).toContain(named);
    }
    const zhengzhou = tree.find((p) => p.code === '410000')?.children?.find((c) => c.code === '410100');
    expect(zhengzhou?.children?.map((c) => c.name)).toContain('金水区');
    expect(regionPath(tree, '北京市朝阳区示范路1号').map((r) => r.code)).toEqual(['110000', '110105']);
  });

  it('streets: known county with streets, county without street data, unknown county, bad code', async () => {
    const streets = (countyCode: string, hospitalId = '1007') =>
      server
        .client()
        .get<{ code: string; name: string }[]>(`/v1/hisEnumAll/${hospitalId}/getStreetsVillagesInfo`, {
          countyCode,
        });
    const luqiao = await streets('331004');
    expect(luqiao.body.results?.map((s) => s.name)).toEqual([
      '路南街道',
      '路桥街道',
      '路北街道',
      '螺洋街道',
      '桐屿街道',
      '峰江街道',
      '新桥镇',
      '横街镇',
      '金清镇',
      '蓬街镇',
    ]);
    expect((await streets('331002')).body).toMatchObject({ state: 200, results: [] });
    for (const code of ['330000', '331000', '999999']) {
      expect((await streets(code)).body, code).toMatchObject({ state: 404, msg: '区县不存在' });
    }
    const bad = await streets('33100');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('参数 countyCode 不正确：区县编码应为6位数字');
    expect((await streets('331004', '4242')).body).toMatchObject({ state: 404, msg: '医院不存在' });
  });

  it('nationalities, the 56 ethnic groups and occupations', async () => {
    const answer = await server.client().get<{
      nationalities: { code: string; name: string }[];
      ethnicities: { code: string; name: string }[];
      occupations: { code: string; name: string }[];
    }>('/v1/hisEnumAll/1004/getNatEthOccInfo');
    expect(answer.body.state).toBe(200);
    const { nationalities, ethnicities, occupations } = answer.body.results ?? {
      nationalities: [],
      ethnicities: [],
      occupations: [],
    };
    expect(nationalities.slice(0, 4)).toEqual([
      { code: 'CHN', name: '中国' },
      { code: 'HKG', name: '中国香港' },
      { code: 'MAC', name: '中国澳门' },
      { code: 'TWN', name: '中国台湾' },
    ]);
    expect(ethnicities.filter((e) => /^(0[1-9]|[1-4]\d|5[0-6])$/.test(e.code))).toHaveLength(56);
    expect(ethnicities[0]).toEqual({ code: '01', name: '汉族' });
    expect(ethnicities.find((e) => e.code === '56')?.name).toBe('基诺族');
    expect(occupations.slice(0, 8).map((o) => o.code)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    for (const path of ['getNatEthOccInfo', 'getProCountiesInfo']) {
      expect((await server.client().get(`/v1/hisEnumAll/4242/${path}`)).body).toMatchObject({
        state: 404,
        msg: '医院不存在',
      });
    }
  });
});
