import type {
  CompanionCard,
  CompanionDeclaration,
  CompanionInpatient,
  CompanionPass,
  PassCheck,
} from '@patient/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newPatient } from '../../test/booking.ts';
import { TEST_START } from '../../test/constants.ts';
import { type Client, mainlandId, proveContact, startServer, type TestServer } from '../../test/harness.ts';
import { PASS_WINDOW_MS } from './pass.ts';
import { companionCards } from './tables.ts';

/**
 * Companion cards over HTTP: the inpatients one may accompany (the fees domain's stays), the declaration, the
 * application with its checks, the ward's review (development route), withdraw and cancel, the rotating pass
 * and the door's check, one card per companion per stay (also for two applications at once), other accounts.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());
afterEach(() => server.clock.set(TEST_START));

const H = '1000';
const COMPANION_ID = mainlandId('11010519800101001');
const OTHER_ID = mainlandId('11010519850202002');
const ANSWERS = [
  { code: 'FEVER', answer: false },
  { code: 'CONTACT', answer: false },
  { code: 'TRAVEL', answer: false },
  { code: 'HEALTHY', answer: true },
];

/** A new account whose contact is proven (so the HIS's stay in progress shows), with that stay. */
async function family(phone: string) {
  const patient = await newPatient(server, phone, [H]);
  await proveContact(server, patient.client, patient.contactId);
  const inpatients = await patient.client.get<CompanionInpatient[]>('/v1/chaperonage/getChaperonageList', {
    hospitalId: H,
  });
  expect(inpatients.body.state, inpatients.text).toBe(200);
  const stays = inpatients.body.results as CompanionInpatient[];
  expect(stays).toHaveLength(1);
  return { ...patient, stay: stays[0] };
}
type Family = Awaited<ReturnType<typeof family>>;

const applyBody = (who: Family, extra: Record<string, unknown> = {}) => ({
  hospitalId: H,
  stayId: who.stay.stayId,
  companionName: '王小明',
  companionIdCard: COMPANION_ID,
  companionPhone: '13912345678',
  relation: 'CHILD',
  answers: ANSWERS,
  promised: true,
  ...extra,
});

const applyRaw = (who: Family, extra: Record<string, unknown> = {}) =>
  who.client.post<CompanionCard>('/v1/chaperonage/addChaperonageInfo', applyBody(who, extra));

async function apply(who: Family, extra: Record<string, unknown> = {}) {
  const answer = await applyRaw(who, extra);
  expect(answer.body.state, answer.text).toBe(200);
  return answer.body.results as CompanionCard;
}

const review = (cardId: string, reject?: string) =>
  server
    .client()
    .call<{ status: string }>('POST', '/__dev/companion-card/review', { body: { cardId, reject } });

const detail = async (client: Client, cardId: string) =>
  (await client.get<CompanionCard>('/v1/chaperonage/getChaperonageDO', { cardId })).body
    .results as CompanionCard;

const passOf = (client: Client, cardId: string) =>
  client.get<CompanionPass>('/v1/chaperonage/qrCode', { cardId });

const verify = async (token: string) =>
  (await server.client(null).post<PassCheck>('/v1/chaperonage/verifyPass', { token })).body;

describe('the inpatients and the declaration', () => {
  it('lists only proven contacts in hospital now, and the hospital’s questions', async () => {
    const patient = await newPatient(server, '13700250001', [H]);
    const before = await patient.client.get('/v1/chaperonage/getChaperonageList', { hospitalId: H });
    expect(before.body).toMatchObject({ state: 200, results: [] });
    await proveContact(server, patient.client, patient.contactId);
    const after = await patient.client.get<CompanionInpatient[]>('/v1/chaperonage/getChaperonageList', {
      hospitalId: H,
    });
    expect(after.body.results).toEqual([
      expect.objectContaining({
        contactId: patient.contactId,
        department: '心血管内科',
        bed: expect.any(String),
      }),
    ]);
    const declaration = await patient.client.get<CompanionDeclaration>('/v1/chaperonage/declaration', {
      hospitalId: H,
    });
    expect(declaration.body.results?.questions.map((q) => q.code)).toEqual([
      'FEVER',
      'CONTACT',
      'TRAVEL',
      'HEALTHY',
    ]);
    expect(declaration.body.results?.notice.length).toBeGreaterThan(0);
    const unknown = await patient.client.get('/v1/chaperonage/declaration', { hospitalId: '9999' });
    expect(unknown.body.state).not.toBe(200);
    const anonymous = await server.client().get('/v1/chaperonage/getChaperonageList', { hospitalId: H });
    expect(anonymous.status).toBe(401);
  });
});

describe('applying', () => {
  it('refuses bad input with a Chinese message and stores nothing', async () => {
    const who = await family('13700250002');
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ companionIdCard: '110105198001010010' }, 400, /校验码|身份证/],
      [{ companionIdCard: '12345' }, 400, /身份证/],
      // Born 2010-01-01: 15 on the test day.
      [{ companionIdCard: mainlandId('11010520100101001') }, 400, /陪护人须年满18周岁/],
      [{ companionPhone: '12345678901' }, 400, /companionPhone/],
      [{ companionName: '' }, 400, /companionName/],
      [{ relation: 'BOSS' }, 400, /relation/],
      [{ answers: ANSWERS.slice(0, 3) }, 400, /请回答全部健康申报问题/],
      [{ answers: [...ANSWERS, { code: 'FEVER', answer: false }] }, 400, /请回答全部健康申报问题/],
      [{ promised: false }, 400, /承诺/],
      [{ stayId: 'abc!' }, 400, /stayId/],
    ];
    for (const [extra, state, message] of cases) {
      const answer = await applyRaw(who, extra);
      expect(answer.body.state, JSON.stringify(extra)).toBe(state);
      expect(`${answer.body.msg} ${answer.body.subMsg}`, JSON.stringify(extra)).toMatch(message);
    }
    const unhealthy = await applyRaw(who, {
      answers: ANSWERS.map((a) => (a.code === 'FEVER' ? { ...a, answer: true } : a)),
    });
    expect(unhealthy.body).toMatchObject({ state: 400, msg: '健康申报未通过' });
    expect(unhealthy.body.subMsg).toContain('发热');
    const rows = await server.database.db
      .select()
      .from(companionCards)
      .where(eq(companionCards.admissionNo, who.stay.admissionNo));
    expect(rows).toHaveLength(0);
  });

  it('answers 404 for another account’s stay, and refuses a discharged patient', async () => {
    const owner = await family('13700250003');
    const stranger = await family('13700250004');
    const theirs = await applyRaw(stranger, { stayId: owner.stay.stayId });
    expect(theirs.body.state).toBe(404);
    const discharged = await server
      .client()
      .call('POST', '/__dev/inpatient/discharge', { body: { inpatientId: owner.stay.stayId } });
    expect(discharged.body.state, discharged.text).toBe(200);
    const late = await applyRaw(owner);
    expect(late.body).toMatchObject({ state: 400, subMsg: '患者已出院，不能再申请陪护证' });
    const list = await owner.client.get('/v1/chaperonage/getChaperonageList', { hospitalId: H });
    expect(list.body.results).toEqual([]);
  });

  it('keeps the application waiting, with the ID number and phone masked', async () => {
    const who = await family('13700250005');
    const card = await apply(who);
    expect(card).toMatchObject({
      status: 'APPLYING',
      patientName: who.stay.patientName,
      admissionNo: who.stay.admissionNo,
      companion: {
        name: '王小明',
        relation: 'CHILD',
        phone: '*******5678',
        idCard: `${COMPANION_ID.slice(0, 5)}*************`,
      },
      canWithdraw: true,
      canCancel: false,
    });
    expect(JSON.stringify(card)).not.toContain(COMPANION_ID);
    expect(JSON.stringify(card)).not.toContain('13912345678');
    expect(card.declaration).toHaveLength(4);
    const status = await who.client.get('/v1/chaperonage/queryChaperonageStatus', { cardId: card.cardId });
    expect(status.body.results).toEqual({ cardId: card.cardId, status: 'APPLYING' });
    for (const cardId of ['abc!', '']) {
      const bad = await who.client.get('/v1/chaperonage/queryChaperonageStatus', { cardId });
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});

describe('one card per companion per stay', () => {
  it('refuses a second application for the same companion and stay, until the first is withdrawn', async () => {
    const who = await family('13700250006');
    const first = await apply(who);
    const again = await applyRaw(who, { companionName: '王小明', companionPhone: '13912340000' });
    expect(again.body).toMatchObject({ state: 409, msg: '不能重复申请' });
    expect(again.body.subMsg).toContain('该陪护人本次住院已有审核中或已生效的陪护证');
    // A 15-digit number of the same person is the same companion.
    const old15 = `${COMPANION_ID.slice(0, 6)}${COMPANION_ID.slice(8, 17)}`;
    expect((await applyRaw(who, { companionIdCard: old15 })).body.state).toBe(409);
    // Another companion may apply for the same stay.
    await apply(who, { companionName: '李华', companionIdCard: OTHER_ID, relation: 'CARER' });
    await who.client.get('/v1/chaperonage/cancelApplying', { cardId: first.cardId });
    const renewed = await apply(who);
    expect(renewed.status).toBe('APPLYING');
    // Effective holds the place too.
    expect((await review(renewed.cardId)).body.state).toBe(200);
    expect((await applyRaw(who)).body.state).toBe(409);
  });

  it('lets only one of two applications made at the same moment through', async () => {
    const who = await family('13700250007');
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => applyRaw(who)));
    const states = answers.map((a) => a.body.state).sort();
    expect(states).toEqual([200, 409, 409, 409, 409]);
    const rows = await server.database.db
      .select()
      .from(companionCards)
      .where(eq(companionCards.admissionNo, who.stay.admissionNo));
    expect(rows).toHaveLength(1);
  });

  it('is held by the database’s unique index even past the service’s own check', async () => {
    const who = await family('13700250008');
    const card = await apply(who);
    const [row] = await server.database.db
      .select()
      .from(companionCards)
      .where(eq(companionCards.id, Number(card.cardId)));
    const { id: _id, createdAt: _c, ...copy } = row;
    await expect(server.database.db.insert(companionCards).values(copy)).rejects.toThrow();
    await server.database.db.insert(companionCards).values({ ...copy, status: 'WITHDRAWN' });
  });
});

describe('status rules', () => {
  it('withdraws only while waiting, cancels only when effective (each twice is the same answer)', async () => {
    const who = await family('13700250009');
    const waiting = await apply(who);
    const notYet = await who.client.get('/v1/chaperonage/cancellationChaperonage', {
      cardId: waiting.cardId,
    });
    expect(notYet.body).toMatchObject({ state: 400, msg: '不能注销' });
    const withdrawn = await who.client.get<CompanionCard>('/v1/chaperonage/cancelApplying', {
      cardId: waiting.cardId,
    });
    expect(withdrawn.body.results).toMatchObject({
      status: 'WITHDRAWN',
      canWithdraw: false,
      withdrawnAt: expect.any(String),
    });
    const twice = await who.client.get<CompanionCard>('/v1/chaperonage/cancelApplying', {
      cardId: waiting.cardId,
    });
    expect(twice.body.results?.status).toBe('WITHDRAWN');
    expect((await review(waiting.cardId)).body.state).toBe(400);

    const card = await apply(who);
    expect((await review(card.cardId)).body.results).toMatchObject({ status: 'EFFECTIVE' });
    expect((await review(card.cardId)).body.state).toBe(400);
    const effective = await detail(who.client, card.cardId);
    expect(effective).toMatchObject({
      status: 'EFFECTIVE',
      canCancel: true,
      canWithdraw: false,
      reviewedAt: expect.any(String),
    });
    const late = await who.client.get('/v1/chaperonage/cancelApplying', { cardId: card.cardId });
    expect(late.body).toMatchObject({ state: 400, msg: '不能撤回' });
    const cancelled = await who.client.get<CompanionCard>('/v1/chaperonage/cancellationChaperonage', {
      cardId: card.cardId,
    });
    expect(cancelled.body.results).toMatchObject({
      status: 'CANCELLED',
      canCancel: false,
      cancelledAt: expect.any(String),
    });
    expect(
      (
        await who.client.get<CompanionCard>('/v1/chaperonage/cancellationChaperonage', {
          cardId: card.cardId,
        })
      ).body.results?.status,
    ).toBe('CANCELLED');
  });

  it('shows a rejection with its reason, and expires waiting and effective cards at discharge', async () => {
    const who = await family('13700250010');
    const rejected = await apply(who);
    expect((await review(rejected.cardId, '陪护人年龄不符合要求')).body.state).toBe(200);
    expect(await detail(who.client, rejected.cardId)).toMatchObject({
      status: 'REJECTED',
      rejectReason: '陪护人年龄不符合要求',
    });
    const effective = await apply(who);
    await review(effective.cardId);
    const waiting = await apply(who, { companionName: '李华', companionIdCard: OTHER_ID });
    await server
      .client()
      .call('POST', '/__dev/inpatient/discharge', { body: { inpatientId: who.stay.stayId } });
    expect((await detail(who.client, effective.cardId)).status).toBe('EXPIRED');
    expect((await detail(who.client, waiting.cardId)).status).toBe('EXPIRED');
    expect((await detail(who.client, rejected.cardId)).status).toBe('REJECTED');
    expect(
      (await who.client.get('/v1/chaperonage/cancellationChaperonage', { cardId: effective.cardId })).body
        .state,
    ).toBe(400);
    expect((await review(waiting.cardId)).body.state).toBe(400);
  });

  it('lists the account’s cards newest first, a page at a time, filtered by status', async () => {
    const who = await family('13700250011');
    const a = await apply(who);
    server.clock.advance(1000);
    const b = await apply(who, { companionName: '李华', companionIdCard: OTHER_ID });
    await review(b.cardId);
    const list = (body: Record<string, unknown>) =>
      who.client.post<{ list: CompanionCard[]; total: number }>(
        '/v1/chaperonage/userChaperonageListForPage',
        {
          hospitalId: H,
          pageNum: 1,
          pageSize: 10,
          ...body,
        },
      );
    expect((await list({})).body.results?.list.map((c) => c.cardId)).toEqual([b.cardId, a.cardId]);
    const page2 = (await list({ pageSize: 1, pageNum: 2 })).body.results;
    expect(page2).toMatchObject({ total: 2, list: [{ cardId: a.cardId }] });
    expect((await list({ statuses: ['EFFECTIVE'] })).body.results).toMatchObject({
      total: 1,
      list: [{ cardId: b.cardId }],
    });
    expect((await list({ pageSize: 0 })).body.state).toBe(400);
    expect((await list({ statuses: ['NOPE'] })).body.state).toBe(400);
  });
});

describe('withdraw and cancel: the spec’s state-changing GETs', () => {
  /** What a browser sends for a link clicked on another site: the Lax cookie goes along, no channel header. */
  const NAVIGATION = {
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-dest': 'document',
  };

  it('are refused from another site (and without the channel header) and change nothing', async () => {
    const who = await family('13700250021');
    const waiting = await apply(who);
    const effective = await apply(who, { companionName: '李华', companionIdCard: OTHER_ID });
    await review(effective.cardId);
    const cases: [string, string][] = [
      ['/v1/chaperonage/cancelApplying', waiting.cardId],
      ['/v1/chaperonage/cancellationChaperonage', effective.cardId],
    ];
    for (const [path, cardId] of cases) {
      const viaLink = await who.client.call('GET', `/hospital-service${path}`, {
        query: { cardId },
        channel: null,
        headers: NAVIGATION,
      });
      expect(viaLink.status, path).toBe(403);
      expect(viaLink.body).toMatchObject({ state: 403, msg: '请求来源不被允许', results: null });
      expect(viaLink.body.subMsg).toMatch(/其他网站/);
      // A script of another site that somehow sends the header is still refused by the browser's word.
      const crossSite = await who.client.call('GET', `/hospital-service${path}`, {
        query: { cardId },
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.status, path).toBe(403);
      // An older browser (no Sec-Fetch-Site): without the channel header, refused too.
      const noHeader = await who.client.call('GET', `/hospital-service${path}`, {
        query: { cardId },
        channel: null,
      });
      expect(noHeader.status, path).toBe(403);
      expect(noHeader.body.subMsg).toMatch(/缺少 channelType 请求头/);
      // The former POST is gone.
      expect((await who.client.post(path, { cardId })).status, path).toBe(404);
    }
    expect((await detail(who.client, waiting.cardId)).status).toBe('APPLYING');
    expect((await detail(who.client, effective.cardId)).status).toBe('EFFECTIVE');
    // The app's own call (same site, with the header) does it, and no cache keeps the answer.
    const withdrawn = await who.client.get<CompanionCard>(cases[0][0], { cardId: waiting.cardId });
    expect(withdrawn.body.results?.status).toBe('WITHDRAWN');
    expect(withdrawn.headers.get('cache-control')).toBe('no-store');
    expect(
      (await who.client.get<CompanionCard>(cases[1][0], { cardId: effective.cardId })).body.results?.status,
    ).toBe('CANCELLED');
  });

  it('answer bad input with 400 and a Chinese message naming the field, changing nothing', async () => {
    const who = await family('13700250022');
    const waiting = await apply(who);
    for (const path of ['/v1/chaperonage/cancelApplying', '/v1/chaperonage/cancellationChaperonage']) {
      for (const query of [{}, { cardId: 'x y' }, { cardId: '' }] as Record<string, string>[]) {
        const answer = await who.client.get(path, query);
        expect(answer.status, `${path} ${JSON.stringify(query)}`).toBe(400);
        expect(answer.body.msg).toMatch(/^参数 cardId 不正确/);
      }
    }
    expect((await detail(who.client, waiting.cardId)).status).toBe('APPLYING');
  });
});

describe('another account', () => {
  it('gets 404 for every call on a card not its own, and nothing changes', async () => {
    const owner = await family('13700250012');
    const stranger = await family('13700250013');
    const card = await apply(owner);
    const calls = [
      stranger.client.get('/v1/chaperonage/getChaperonageDO', { cardId: card.cardId }),
      stranger.client.get('/v1/chaperonage/queryChaperonageStatus', { cardId: card.cardId }),
      stranger.client.get('/v1/chaperonage/qrCode', { cardId: card.cardId }),
      stranger.client.get('/v1/chaperonage/cancelApplying', { cardId: card.cardId }),
      stranger.client.get('/v1/chaperonage/cancellationChaperonage', { cardId: card.cardId }),
      stranger.client.get('/v1/chaperonage/getChaperonageDO', { cardId: '999999' }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.body.state, answer.text).toBe(404);
    const theirList = await stranger.client.post<{ total: number }>(
      '/v1/chaperonage/userChaperonageListForPage',
      {
        hospitalId: H,
        pageNum: 1,
        pageSize: 10,
      },
    );
    expect(theirList.body.results?.total).toBe(0);
    expect((await detail(owner.client, card.cardId)).status).toBe('APPLYING');
  });
});

describe('the pass', () => {
  it('rotates every 30 seconds; the door accepts a current code and refuses old, forged and cancelled ones', async () => {
    const who = await family('13700250014');
    const card = await apply(who);
    const early = await passOf(who.client, card.cardId);
    expect(early.body).toMatchObject({ state: 400, msg: '陪护证不可用' });
    await review(card.cardId);

    const first = (await passOf(who.client, card.cardId)).body.results as CompanionPass;
    expect(first.token).toMatch(/^PC1\./);
    expect(first.refreshInSeconds).toBeGreaterThan(0);
    expect(first.refreshInSeconds).toBeLessThanOrEqual(30);
    const ok = await verify(first.token);
    expect(ok).toMatchObject({
      state: 200,
      results: {
        valid: true,
        reason: 'OK',
        card: { cardId: card.cardId, companionName: '王**', ward: who.stay.ward },
      },
    });

    server.clock.advance(PASS_WINDOW_MS);
    const second = (await passOf(who.client, card.cardId)).body.results as CompanionPass;
    expect(second.token).not.toBe(first.token);
    expect((await verify(first.token)).results?.valid).toBe(true);
    server.clock.advance(PASS_WINDOW_MS);
    expect((await verify(first.token)).results).toMatchObject({
      valid: false,
      reason: 'EXPIRED',
      card: null,
    });
    expect((await verify(second.token)).results?.valid).toBe(true);

    const [prefix, id, window, signature] = second.token.split('.');
    const forged = `${prefix}.${id}.${window}.${signature.slice(1)}A`;
    expect((await verify(forged)).results).toMatchObject({ valid: false, reason: 'INVALID' });
    const otherCard = `${prefix}.${Number(id) + 1}.${window}.${signature}`;
    expect((await verify(otherCard)).results).toMatchObject({ valid: false, reason: 'INVALID' });
    expect((await verify('hello')).results).toMatchObject({ valid: false, reason: 'INVALID' });
    const empty = await server.client(null).post('/v1/chaperonage/verifyPass', { token: '' });
    expect(empty.body.state).toBe(400);

    await who.client.get('/v1/chaperonage/cancellationChaperonage', { cardId: card.cardId });
    expect((await verify(second.token)).results).toMatchObject({ valid: false, reason: 'CANCELLED' });
    expect((await passOf(who.client, card.cardId)).body.state).toBe(400);
  });

  it('stops opening the door when the patient is discharged', async () => {
    const who = await family('13700250015');
    const card = await apply(who);
    await review(card.cardId);
    const pass = (await passOf(who.client, card.cardId)).body.results as CompanionPass;
    await server
      .client()
      .call('POST', '/__dev/inpatient/discharge', { body: { inpatientId: who.stay.stayId } });
    expect((await verify(pass.token)).results).toMatchObject({ valid: false, reason: 'DISCHARGED' });
  });
});

describe('changeSpecialUserIuid: handing the card to the companion’s own account', () => {
  const transfer = (client: Client, cardId: unknown) =>
    client.post<CompanionCard>('/v1/chaperonage/changeSpecialUserIuid', { cardId });
  const ownerOf = async (cardId: string) =>
    (
      await server.database.db
        .select()
        .from(companionCards)
        .where(eq(companionCards.id, Number(cardId)))
    )[0].userId;

  it('moves a waiting or effective card to the account of the companion phone; only once, only its owner', async () => {
    const owner = await family('13700250031');
    const companionPhone = '13700250032';
    const card = await apply(owner, { companionPhone });
    const before = await ownerOf(card.cardId);

    // The companion has not logged in yet: refused, nothing changes.
    const early = await transfer(owner.client, card.cardId);
    expect(early.body).toMatchObject({ state: 409, msg: '陪护人尚未登录' });
    expect(early.body.subMsg).toContain('*******0032');
    expect(await ownerOf(card.cardId)).toBe(before);

    const companion = await server.login(companionPhone);
    // Another account (the companion included) cannot move a card that is not its own: 404, nothing changes.
    const stranger = await family('13700250033');
    for (const client of [stranger.client, companion]) {
      expect((await transfer(client, card.cardId)).body.state).toBe(404);
    }
    expect((await transfer(owner.client, '999999')).body.state).toBe(404);
    expect(await ownerOf(card.cardId)).toBe(before);

    expect((await review(card.cardId)).status).toBe(200);
    const moved = await transfer(owner.client, card.cardId);
    expect(moved.body.state, moved.text).toBe(200);
    expect(moved.body.results).toMatchObject({ cardId: card.cardId, status: 'EFFECTIVE' });
    expect(moved.body.results?.companion.phone).toBe('*******0032');

    // Now the companion's: their list, detail and pass; the applicant's no longer.
    expect((await detail(companion, card.cardId)).status).toBe('EFFECTIVE');
    expect((await passOf(companion, card.cardId)).body.state).toBe(200);
    expect((await passOf(owner.client, card.cardId)).body.state).toBe(404);
    const list = await companion.post<{ total: number }>('/v1/chaperonage/userChaperonageListForPage', {
      hospitalId: H,
      pageNum: 1,
      pageSize: 10,
    });
    expect(list.body.results?.total).toBe(1);
    // Again: the applicant no longer owns it (404); the companion already holds it (409).
    expect((await transfer(owner.client, card.cardId)).body.state).toBe(404);
    expect((await transfer(companion, card.cardId)).body).toMatchObject({ state: 409, msg: '无需转交' });
  });

  it('refuses a withdrawn card, and bad input with 400 and a Chinese message', async () => {
    const owner = await family('13700250034');
    const companionPhone = '13700250035';
    await server.login(companionPhone);
    const card = await apply(owner, { companionPhone });
    expect(
      (await owner.client.get('/v1/chaperonage/cancelApplying', { cardId: card.cardId })).body.state,
    ).toBe(200);
    expect((await transfer(owner.client, card.cardId)).body).toMatchObject({ state: 409, msg: '不能转交' });
    for (const cardId of [undefined, '', '1;drop', 12]) {
      const answer = await transfer(owner.client, cardId);
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toMatch(/^参数 cardId 不正确/);
    }
    expect((await detail(owner.client, card.cardId)).status).toBe('WITHDRAWN');
  });
});
