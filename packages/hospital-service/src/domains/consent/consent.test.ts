import type { ConsentRecord, LegalDocument, LegalDocumentSummary } from '@patient/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR } from '../../platform/clock.ts';
import { loginAgreement, startServer, type TestServer } from '../../test/harness.ts';
import { FIRST_VERSION } from './seed-data.ts';
import { consents, privacyDocuments } from './tables.ts';

/** 隐私与授权 over HTTP: public versioned documents; consents per account, current version only, withdrawn not deleted. */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

const allConsents = () => server.database.db.select().from(consents).orderBy(consents.id);

describe('documents', () => {
  it('lists each hospital’s current 隐私政策 and 用户协议 before login', async () => {
    const anonymous = server.client();
    const list = await anonymous.get<LegalDocumentSummary[]>('/v1/privacy/documents', { hospitalId: '1001' });
    expect(list.body, list.text).toMatchObject({ state: 200 });
    expect(list.body.results).toEqual([
      { kind: 'POLICY', title: '隐私政策', version: FIRST_VERSION },
      { kind: 'AGREEMENT', title: '用户协议', version: FIRST_VERSION },
    ]);
  });

  it('serves one document’s current text, the hospital’s own, with its version', async () => {
    const anonymous = server.client();
    const policy = await anonymous.get<LegalDocument>('/v1/privacy/documents/POLICY', { hospitalId: '1001' });
    const doc = policy.body.results!;
    expect(doc).toMatchObject({ kind: 'POLICY', hospitalId: '1001', version: FIRST_VERSION });
    expect(doc.publisher).toBe('郑州市第一人民医院');
    const text = doc.sections.flatMap((s) => [s.heading, ...s.paragraphs]).join('');
    for (const word of [
      '手机号',
      '身份证号',
      '报告',
      '证件照片',
      '个人信息保护法',
      '撤回',
      '郑州市第一人民医院',
    ])
      expect(text).toContain(word);
    const agreement = await anonymous.get<LegalDocument>('/v1/privacy/documents/AGREEMENT', {
      hospitalId: '1000',
    });
    expect(agreement.body.results?.title).toBe('用户协议');
    expect(agreement.body.results?.publisher).toBe('示范人民医院');
  });

  it('refuses an unknown kind or hospital', async () => {
    const anonymous = server.client();
    const kind = await anonymous.get('/v1/privacy/documents/COOKIES', { hospitalId: '1000' });
    expect(kind.status).toBe(400);
    expect(kind.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    const hospital = await anonymous.get('/v1/privacy/documents/POLICY', { hospitalId: '9999' });
    expect(hospital.body.state).toBe(404);
  });

  it('answers the greatest version once a new one is published', async () => {
    const local = await startServer();
    try {
      await local.database.db.insert(privacyDocuments).values({
        hospitalId: '1000',
        kind: 'AGREEMENT',
        version: '2027-01-01',
        title: '用户协议',
        sections: [{ heading: '一、服务内容', paragraphs: ['新版本'] }],
      });
      const list = await local
        .client()
        .get<LegalDocumentSummary[]>('/v1/privacy/documents', { hospitalId: '1000' });
      expect(list.body.results?.map((d) => d.version)).toEqual([FIRST_VERSION, '2027-01-01']);
    } finally {
      await local.close();
    }
  });
});

describe('consents', () => {
  it('records a consent to the current version with its time, lists it, and withdraws it keeping the row', async () => {
    const demo = await server.login('13700008801');
    const given = await demo.post<ConsentRecord>('/v1/privacy/consents', {
      hospitalId: '1000',
      kind: 'POLICY',
      version: FIRST_VERSION,
    });
    expect(given.body, given.text).toMatchObject({ state: 200 });
    const record = given.body.results!;
    expect(record).toMatchObject({
      hospitalId: '1000',
      kind: 'POLICY',
      version: FIRST_VERSION,
      current: true,
      agreedAt: server.clock.now().toISOString(),
      withdrawnAt: null,
    });
    // The same version again answers the standing consent.
    const again = await demo.post<ConsentRecord>('/v1/privacy/consents', {
      hospitalId: '1000',
      kind: 'POLICY',
      version: FIRST_VERSION,
    });
    expect(again.body.results?.consentId).toBe(record.consentId);
    const sensitive = await demo.post<ConsentRecord>('/v1/privacy/consents', {
      hospitalId: '1000',
      kind: 'SENSITIVE',
      version: FIRST_VERSION,
    });
    expect(sensitive.body.results?.kind).toBe('SENSITIVE');

    server.clock.advance(HOUR);
    const withdrawn = await demo.post<ConsentRecord>('/v1/privacy/consents/withdraw', {
      consentId: record.consentId,
    });
    expect(withdrawn.body.results?.withdrawnAt).toBe(server.clock.now().toISOString());
    // The login agreed to the policy: without it the session ends, and the next login asks again.
    expect((await demo.get('/v1/auth/session')).body.results).toBeNull();
    expect((await demo.get('/v1/privacy/consents', { hospitalId: '1000' })).status).toBe(401);
    await server.login('13700008801', demo);
    const list = await demo.get<ConsentRecord[]>('/v1/privacy/consents', { hospitalId: '1000' });
    // The new login's policy consent first; then the first login's agreement and policy (withdrawn), the
    // sensitive one (still standing: withdrawing the policy does not withdraw it).
    expect(list.body.results?.map((c) => [c.kind, c.withdrawnAt !== null])).toEqual([
      ['POLICY', false],
      ['SENSITIVE', false],
      ['AGREEMENT', false],
      ['POLICY', true],
    ]);
    // Withdrawn twice: a plain conflict, nothing changes.
    const twice = await demo.post('/v1/privacy/consents/withdraw', { consentId: record.consentId });
    expect(twice.body).toMatchObject({ state: 409, msg: '该授权已撤回' });
    // Consents are per hospital.
    const elsewhere = await demo.get<ConsentRecord[]>('/v1/privacy/consents', { hospitalId: '1001' });
    expect(elsewhere.body.results).toEqual([]);
  });

  it('accepts the current version only (409 with a Chinese message), and writes nothing', async () => {
    const client = await server.login('13700008802');
    const before = await allConsents();
    const stale = await client.post('/v1/privacy/consents', {
      hospitalId: '1000',
      kind: 'AGREEMENT',
      version: '2025-01-01',
    });
    expect(stale.body.state).toBe(409);
    expect(stale.body.msg).toContain(`已更新为 ${FIRST_VERSION} 版`);
    expect(await allConsents()).toEqual(before);
  });

  it('never shows or withdraws another account’s consent (404 like none, nothing changes)', async () => {
    const owner = await server.login('13700008803');
    const given = await owner.post<ConsentRecord>('/v1/privacy/consents', {
      hospitalId: '1000',
      kind: 'AGREEMENT',
      version: FIRST_VERSION,
    });
    const consentId = given.body.results!.consentId;
    const stranger = await server.login('13700008804');
    // The stranger sees their own consents only: the login's two and the harness's sensitive one.
    const theirList = (await stranger.get<ConsentRecord[]>('/v1/privacy/consents', { hospitalId: '1000' }))
      .body.results;
    expect(theirList).toHaveLength(3);
    expect(theirList?.map((c) => c.consentId)).not.toContain(consentId);
    const before = await allConsents();
    const theirs = await stranger.post('/v1/privacy/consents/withdraw', { consentId });
    expect(theirs.body).toMatchObject({ state: 404, msg: '授权记录不存在' });
    const none = await stranger.post('/v1/privacy/consents/withdraw', { consentId: '99999999' });
    expect(none.body).toMatchObject({ state: 404, msg: '授权记录不存在' });
    expect(await allConsents()).toEqual(before);
    const [row] = await server.database.db
      .select()
      .from(consents)
      .where(eq(consents.id, Number(consentId)));
    expect(row.withdrawnAt).toBeNull();
  });

  it('refuses bad input with 400 and a Chinese message, and needs a login', async () => {
    const client = await server.login('13700008805');
    const before = await allConsents();
    for (const body of [
      { hospitalId: '1000', kind: 'EVERYTHING', version: FIRST_VERSION },
      { hospitalId: '1000', kind: 'POLICY', version: 'latest' },
      { hospitalId: '../x', kind: 'POLICY', version: FIRST_VERSION },
      { hospitalId: '1000', kind: 'POLICY' },
    ]) {
      const answer = await client.post('/v1/privacy/consents', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.subMsg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await client.post('/v1/privacy/consents/withdraw', { consentId: '1 OR 1=1' })).status).toBe(400);
    expect((await client.get('/v1/privacy/consents', { hospitalId: '../x' })).status).toBe(400);
    expect(await allConsents()).toEqual(before);
    const anonymous = server.client();
    expect((await anonymous.get('/v1/privacy/consents', { hospitalId: '1000' })).status).toBe(401);
    expect(
      (
        await anonymous.post('/v1/privacy/consents', {
          hospitalId: '1000',
          kind: 'POLICY',
          version: FIRST_VERSION,
        })
      ).status,
    ).toBe(401);
  });
});

describe('the login agrees to the current 隐私政策 and 用户协议', () => {
  const codeFor = async (client: ReturnType<TestServer['client']>, phone: string) => {
    await client.post('/v1/auth/sendCode', { phone });
    return server.sms.latestCode(phone) as string;
  };

  it('records both consents with the login, once however often the account logs in', async () => {
    const phone = '13700008811';
    const client = server.client();
    const agreement = await loginAgreement(client);
    const login = await client.post('/v1/auth/bindPhone', {
      phone,
      code: await codeFor(client, phone),
      agreement,
    });
    expect(login.body.state, login.text).toBe(200);
    const list = await client.get<ConsentRecord[]>('/v1/privacy/consents', { hospitalId: '1000' });
    expect(list.body.results?.map((c) => [c.kind, c.version, c.current]).sort()).toEqual([
      ['AGREEMENT', FIRST_VERSION, true],
      ['POLICY', FIRST_VERSION, true],
    ]);
    server.clock.advance(2 * 60_000);
    const again = server.client();
    const second = await again.post('/v1/auth/bindPhone', {
      phone,
      code: await codeFor(again, phone),
      agreement,
    });
    expect(second.body.state, second.text).toBe(200);
    const after = await again.get<ConsentRecord[]>('/v1/privacy/consents', { hospitalId: '1000' });
    expect(after.body.results).toHaveLength(2);
  });

  it('refuses a login without the agreement (400) or to an old version (409), and keeps the code', async () => {
    const phone = '13700008812';
    const client = server.client();
    const code = await codeFor(client, phone);
    const before = await allConsents();
    const without = await client.post('/v1/auth/bindPhone', { phone, code });
    expect(without.status).toBe(400);
    expect(without.body.msg).toMatch(/^参数 agreement/);
    const old = await client.post('/v1/auth/bindPhone', {
      phone,
      code,
      agreement: { hospitalId: '1000', policyVersion: '2020-01-01', agreementVersion: FIRST_VERSION },
    });
    expect(old.body).toMatchObject({ state: 409 });
    expect(old.body.subMsg).toBe('隐私政策已更新，请阅读最新版本后再同意');
    const unknown = await client.post('/v1/auth/bindPhone', {
      phone,
      code,
      agreement: { hospitalId: '9999', policyVersion: FIRST_VERSION, agreementVersion: FIRST_VERSION },
    });
    expect(unknown.body.state).toBe(404);
    expect(await allConsents()).toEqual(before);
    expect((await client.get('/v1/auth/session')).body.results).toBeNull();
    // The code was not used up: the login with the current versions works with it.
    const login = await client.post('/v1/auth/bindPhone', {
      phone,
      code,
      agreement: await loginAgreement(client),
    });
    expect(login.body.state, login.text).toBe(200);
  });
});

describe('withdrawing', () => {
  it('the sensitive consent keeps the session; the policy or the agreement ends it', async () => {
    const client = await server.login('13700008821');
    const sensitive = await client.post<ConsentRecord>('/v1/privacy/consents', {
      hospitalId: '1000',
      kind: 'SENSITIVE',
      version: FIRST_VERSION,
    });
    await client.post('/v1/privacy/consents/withdraw', { consentId: sensitive.body.results?.consentId });
    expect((await client.get('/v1/auth/session')).body.results).not.toBeNull();
    const agreement = (
      await client.get<ConsentRecord[]>('/v1/privacy/consents', { hospitalId: '1000' })
    ).body.results?.find((c) => c.kind === 'AGREEMENT');
    const answer = await client.post('/v1/privacy/consents/withdraw', { consentId: agreement?.consentId });
    expect(answer.body.state, answer.text).toBe(200);
    expect((await client.get('/v1/auth/session')).body.results).toBeNull();
  });
});
