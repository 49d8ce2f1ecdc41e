import {
  BROWSER_CHANNEL,
  CHANNEL_HEADER,
  fullPath,
  SERVER_TIME_HEADER,
  uploadFile,
  uploadFiles,
} from '@patient/contract';
import { ALL_ENDPOINTS } from '@patient/contract/registry';
import { UPLOAD_LIMITS } from '@patient/validation';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { FIRST_VERSION } from './domains/consent/seed-data.ts';
import type { Db } from './platform/database/connect.ts';
import { DevSmsSender, type SmsSender, WebhookSmsSender } from './platform/sms.ts';
import { schema } from './schema.ts';
import { type Client, loginAgreement, person, startServer, type TestServer } from './test/harness.ts';

const { contacts, smsCodes, uploadedFiles } = schema;

let server: TestServer;
let alice: Client;

beforeAll(async () => {
  server = await startServer();
  alice = await server.login('13700000001');
});
afterAll(() => server?.close());

const contactCount = async () => (await server.database.db.select({ n: count() }).from(contacts))[0].n;
const codeCount = async () => (await server.database.db.select({ n: count() }).from(smsCodes))[0].n;

function expectEnvelope(answer: { body: object }) {
  expect(Object.keys(answer.body).sort()).toEqual(['msg', 'results', 'state', 'subCode', 'subMsg']);
}

describe('service basics', () => {
  it('answers /healthz', async () => {
    const answer = await server.client().call('GET', '/healthz');
    expect(answer.status).toBe(200);
    expect(answer.body.state).toBe(200);
  });

  it('sends its own clock on every answer, errors included, so apps need not trust the phone’s clock', async () => {
    for (const path of ['/healthz', '/hospital-service/nope']) {
      const answer = await server.client().call('GET', path);
      expect(Number(answer.headers.get(SERVER_TIME_HEADER))).toBe(server.clock.now().getTime());
    }
    server.clock.advance(90_000);
    const later = await server.client().call('GET', '/healthz');
    expect(Number(later.headers.get(SERVER_TIME_HEADER))).toBe(server.clock.now().getTime());
  });

  it('answers unknown routes with a 404 envelope', async () => {
    for (const [method, path] of [
      ['GET', '/hospital-service/nope'],
      ['POST', '/hospital-service/v1/hospital/1000/description'],
      ['GET', '/somewhere/else'],
    ]) {
      const answer = await server.client().call(method, path);
      expect(answer.status).toBe(404);
      expectEnvelope(answer);
      expect(answer.body).toMatchObject({ state: 404, msg: '接口不存在' });
    }
  });

  it('serves an OpenAPI document listing every contract endpoint', async () => {
    const answer = await server.client().call('GET', '/openapi.json');
    expect(answer.status).toBe(200);
    const doc = JSON.parse(answer.text) as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId}`),
    );
    for (const e of ALL_ENDPOINTS) {
      expect(operations).toContain(`${e.method} ${fullPath(e).replace(/:(\w+)/g, '{$1}')} ${e.id}`);
    }
    expect(operations).toHaveLength(ALL_ENDPOINTS.length);
  });

  it('serves a self-contained Chinese API reference at /docs', async () => {
    const answer = await server.client().call('GET', '/docs');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/text\/html/);
    expect(answer.text).toContain('就诊人');
    expect(answer.text).toContain('登录与会话');
    for (const e of ALL_ENDPOINTS) expect(answer.text).toContain(e.id);
    expect(answer.text).not.toMatch(/<script|https?:\/\/cdn/i);
  });

  it('mounts every contract endpoint (none answers 404)', async () => {
    for (const e of ALL_ENDPOINTS) {
      const path = fullPath(e).replace(/:(\w+)/g, 'x1');
      const answer = await server.client().call(e.method, path);
      expect(answer.status, `${e.id}`).not.toBe(404);
      expectEnvelope(answer);
    }
  });
});

describe('bad input: HTTP 400 envelope naming the field, nothing changes', () => {
  it('rejects a wrong phone with a Chinese message naming the field', async () => {
    const answer = await server.client().post('/v1/auth/sendCode', { phone: '12345' });
    expect(answer.status).toBe(400);
    expectEnvelope(answer);
    expect(answer.body).toMatchObject({
      state: 400,
      msg: '参数 phone 不正确：请输入正确的手机号码',
      subMsg: '请输入正确的手机号码',
    });
  });

  const valid = person(1);
  const cases: [string, { body?: unknown; rawBody?: string; contentType?: string }, RegExp][] = [
    ['broken JSON', { rawBody: '{"name": "李娜", ' }, /合法的 JSON/],
    ['JSON that is not an object', { rawBody: '"text"' }, /JSON 对象/],
    ['an array body', { body: [valid] }, /JSON 对象/],
    [
      'wrong content type',
      { rawBody: 'name=x', contentType: 'application/x-www-form-urlencoded' },
      /application\/json/,
    ],
    ['text/plain', { rawBody: JSON.stringify(valid), contentType: 'text/plain' }, /application\/json/],
    ['no body at all', {}, /请求体不能为空/],
    ['a missing field', { body: { ...valid, name: undefined } }, /参数 name 不正确：缺少必填参数/],
    [
      'a number instead of a string',
      { body: { ...valid, phone: 13500001001 } },
      /参数 phone 不正确：类型应为字符串/,
    ],
    ['null', { body: { ...valid, documentNumber: null } }, /参数 documentNumber 不正确：不能为 null/],
    [
      'an oversized name',
      { body: { ...valid, name: '李'.repeat(31) } },
      /参数 name 不正确：长度不能超过 30 个字符/,
    ],
    ['an oversized address', { body: { ...valid, address: '路'.repeat(101) } }, /参数 address 不正确/],
    ['an empty name', { body: { ...valid, name: '   ' } }, /参数 name 不正确：不能为空/],
    [
      'an unknown enum value',
      { body: { ...valid, documentType: 'CARD' } },
      /参数 documentType 不正确：取值应为/,
    ],
    ['a boolean for an enum', { body: { ...valid, sex: true } }, /参数 sex 不正确/],
    [
      'a malformed date',
      { body: { ...valid, birthDate: '1990/01/01' } },
      /参数 birthDate 不正确：日期格式应为 YYYY-MM-DD/,
    ],
    [
      'an invalid ID number',
      { body: { ...valid, documentNumber: '110105198503152314' } },
      /参数 documentNumber 不正确：身份证号码校验位不正确/,
    ],
    [
      'an invalid passport',
      { body: { ...valid, documentType: 'PASSPORT_NUMBER', documentNumber: 'E1' } },
      /护照号码应为5至17位/,
    ],
    ['a name with digits', { body: { ...valid, name: '李娜1' } }, /参数 name 不正确：姓名只能包含/],
  ];

  for (const [label, request, message] of cases) {
    it(`addContact with ${label}`, async () => {
      const before = await contactCount();
      const answer = await alice.call('POST', '/hospital-service/addPatient', request);
      expect(answer.status, answer.text).toBe(400);
      expectEnvelope(answer);
      expect(answer.body.state).toBe(400);
      expect(answer.body.msg).toMatch(message);
      expect(answer.text).not.toMatch(/at .*\.ts|stack|Error:/);
      expect(await contactCount()).toBe(before);
    });
  }

  it('rejects oversized bodies with a 400 envelope', async () => {
    const before = await contactCount();
    const answer = await alice.call('POST', '/hospital-service/addPatient', {
      body: { ...valid, address: 'x'.repeat(70 * 1024) },
    });
    expect(answer.status).toBe(400);
    expectEnvelope(answer);
    expect(answer.body.msg).toMatch(/请求体过大/);
    expect(await contactCount()).toBe(before);
  });

  it('rejects bad path and query parameters', async () => {
    const longId = await alice.call('GET', `/hospital-service/contact_id/${'9'.repeat(100)}`);
    expect(longId.status).toBe(400);
    expect(longId.body.msg).toMatch(/参数 contactId 不正确：长度不能超过 64 个字符/);

    const badChars = await alice.call('GET', '/hospital-service/contact_id/a%20b');
    expect(badChars.status).toBe(400);
    expect(badChars.body.msg).toMatch(/参数 contactId 不正确：编号格式不正确/);

    const missing = await alice.get('/updateDefaultContact', { isDefault: true });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('参数 contactId 不正确：缺少必填参数');

    const badBool = await alice.get('/updateDefaultContact', { contactId: '1', isDefault: 'maybe' });
    expect(badBool.status).toBe(400);
    expect(badBool.body.msg).toMatch(/参数 isDefault 不正确/);

    const repeated = await alice.call(
      'GET',
      '/hospital-service/phone/sms?phone=13500001001&phone=13500001002',
    );
    expect(repeated.status).toBe(400);
    expect(repeated.body.msg).toMatch(/参数 phone 不正确/);
  });

  it('rejects a malformed code and changes nothing', async () => {
    const before = await codeCount();
    for (const code of ['12345', '1234567', 'abcdef', 123456]) {
      const answer = await server.client().post('/v1/auth/bindPhone', {
        phone: '13700000001',
        code,
        agreement: await loginAgreement(server.client()),
      });
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toMatch(/^参数 code 不正确/);
    }
    expect(await codeCount()).toBe(before);
  });

  it('checks authentication before the fields (401 for an anonymous, well-formed but invalid body)', async () => {
    const answer = await server.client().post('/addPatient', { name: 1 });
    expect(answer.status).toBe(401);
    // Broken JSON is refused while reading the body, before anything else.
    const broken = await server.client().call('POST', '/hospital-service/addPatient', { rawBody: '{oops' });
    expect(broken.status).toBe(400);
  });

  it('answers a malformed URL with a 400 envelope', async () => {
    const answer = await server.client().call('GET', '/hospital-service/contact_id/%E0%A4%A');
    expect(answer.status).toBe(400);
    expectEnvelope(answer);
  });
});

describe('unexpected errors and production mode', () => {
  it('answers HTTP 500 with 服务器内部错误 and no stack when the database fails', async () => {
    const broken = new Proxy({} as Db, {
      get() {
        return () => {
          throw new Error('connection refused at 13800138000 secret stack');
        };
      },
    });
    const app = buildApp({ db: broken, logger: false });
    const answer = await app.inject({ method: 'GET', url: '/healthz' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({
      state: 500,
      msg: '服务器内部错误',
      subMsg: '服务器开小差了，请稍后再试',
      subCode: null,
      results: null,
    });
    await app.close();
  });

  it('refuses to start in production without a real SMS sender', () => {
    expect(() => buildApp({ db: server.database, production: true, logger: false })).toThrow(
      /SMS_WEBHOOK_URL/,
    );
  });

  it('has no dev routes in production and marks the cookie Secure', async () => {
    const codes: string[] = [];
    const realSender: SmsSender = {
      kind: 'real',
      async send(message) {
        codes.push(message.code);
      },
    };
    const app = buildApp({ db: server.database, production: true, logger: false, smsSender: realSender });
    const outbox = await app.inject({ method: 'GET', url: '/__dev/sms-outbox?phone=13700000009' });
    expect(outbox.statusCode).toBe(404);
    expect(outbox.json()).toMatchObject({ state: 404 });
    const ban = await app.inject({
      method: 'POST',
      url: '/__dev/users/ban',
      payload: { phone: '13700000009' },
    });
    expect(ban.statusCode).toBe(404);

    const phone = '13700000009';
    const channel = { channeltype: 'H5' };
    await app.inject({
      method: 'POST',
      url: '/hospital-service/v1/auth/sendCode',
      headers: channel,
      payload: { phone },
    });
    const login = await app.inject({
      method: 'POST',
      url: '/hospital-service/v1/auth/bindPhone',
      headers: channel,
      payload: {
        phone,
        code: codes[0],
        agreement: { hospitalId: '1000', policyVersion: FIRST_VERSION, agreementVersion: FIRST_VERSION },
      },
    });
    expect(login.json()).toMatchObject({ state: 200 });
    const cookie = String(login.headers['set-cookie']);
    expect(cookie).toMatch(/^SESSION=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/HttpOnly/);
    await app.close();
  });

  it('refuses the dev sender in production', () => {
    expect(() =>
      buildApp({ db: server.database, production: true, logger: false, smsSender: new DevSmsSender() }),
    ).toThrow(/生产环境/);
    expect(new WebhookSmsSender('http://127.0.0.1:9/').kind).toBe('real');
  });

  it('serves the dev outbox outside production, validating the phone', async () => {
    const bad = await server.client().call('GET', '/__dev/sms-outbox', { query: { phone: 'x' } });
    expect(bad.status).toBe(400);
    const good = await server.client().call<{ code: string }[]>('GET', '/__dev/sms-outbox', {
      query: { phone: '13700000001' },
    });
    expect(good.body.state).toBe(200);
    expect(good.body.results?.[0].code).toMatch(/^\d{6}$/);
  });
});

describe('control characters: refused centrally with 400, nothing reaches the database', () => {
  const CONTROL = /^参数 .+ 不正确：不能包含空字符、控制字符或无效的文字编码$/;

  it('refuses a NUL byte in a path parameter (the HIS look-up), in production too', async () => {
    const path = '/his_cardInfo/hospital_id/1000/identity_card/%00/name/x';
    const answer = await alice.get(path);
    expect(answer.status, answer.text).toBe(400);
    expectEnvelope(answer);
    expect(answer.body).toMatchObject({ state: 400, results: { field: 'identityCard' } });
    expect(answer.body.msg).toMatch(CONTROL);

    const production = await startServer({ production: true });
    try {
      const client = await production.login('13700000011');
      const inProduction = await client.get(path);
      expect(inProduction.status, inProduction.text).toBe(400);
      expect(inProduction.body.msg).toMatch(CONTROL);
      const byType = await client.get(`${path}/type/HOSPITAL_CARD`);
      expect(byType.status, byType.text).toBe(400);
    } finally {
      await production.close();
    }
  });

  it('refuses control characters in query parameters and body fields, changing nothing', async () => {
    const before = await contactCount();
    const cases: [string, () => ReturnType<Client['call']>, string][] = [
      ['query', () => alice.get('/contacts', { time: 'a\u0000b' }), 'time'],
      ['query, other control', () => alice.get('/contacts', { time: 'a\u001bb' }), 'time'],
      ['body name', () => alice.post('/addPatient', { ...person(3), name: '李\u0000娜' }), 'name'],
      ['body address', () => alice.post('/addPatient', { ...person(3), address: '路\u0000' }), 'address'],
      ['body, DEL', () => alice.post('/addPatient', { ...person(3), address: '路\u007f' }), 'address'],
      ['body, C1', () => alice.post('/addPatient', { ...person(3), address: '路\u0085' }), 'address'],
      [
        'body, lone surrogate',
        () =>
          alice.call('POST', '/hospital-service/addPatient', {
            rawBody: JSON.stringify({ ...person(3), address: 'x' }).replace('"x"', '"\\ud800"'),
          }),
        'address',
      ],
      ['body, line break', () => alice.post('/addPatient', { ...person(3), name: '李\n娜' }), 'name'],
      ['body, tab', () => alice.post('/addPatient', { ...person(3), address: '银安街\t1号' }), 'address'],
      [
        'body, bidi override',
        () => alice.post('/addPatient', { ...person(3), address: '银安街\u202e1号' }),
        'address',
      ],
      ['an unknown key', () => alice.post('/addPatient', { ...person(3), 'x\u0000': 1 }), 'x\\u0000'],
      [
        'query of a POST',
        () => alice.post('/updateDefaultCard', undefined, { contactId: '1', medicalCardNo: 'A\u0000' }),
        'medicalCardNo',
      ],
    ];
    for (const [label, send, field] of cases) {
      const answer = await send();
      expect(answer.status, `${label}: ${answer.text}`).toBe(400);
      expectEnvelope(answer);
      expect(answer.body.msg, label).toMatch(CONTROL);
      expect((answer.body.results as { field: string }).field, label).toBe(field);
    }
    expect(await contactCount()).toBe(before);
  });
});

describe('odd input never answers 500', () => {
  const ODD = [
    '\u0000',
    'a\u0000b',
    '\u001b[31m',
    "'",
    '"',
    '\\',
    '%',
    '-1',
    '0',
    '2147483648',
    '99999999999999999999',
    '1e5',
    ' ',
    '😀',
    '张三',
    'a'.repeat(64),
    'null',
    '2025-02-30',
    '00:00-99:99',
  ];
  const keysOf = (schema: unknown): string[] =>
    Object.keys((schema as { _zod?: { def?: { shape?: object } } } | undefined)?._zod?.def?.shape ?? {});

  /** A plausible value for a field, so that the odd value of another field is what gets looked at. */
  const plausible = (key: string): unknown => {
    if (key === 'hospitalId') return '1000';
    if (/(^id$|Id$)/.test(key)) return '1';
    if (/phone/i.test(key)) return '13700000001';
    if (/date/i.test(key)) return '2025-03-11';
    if (/identityCard|idCard|documentNumber/.test(key)) return person(1).documentNumber;
    if (/name/i.test(key)) return '李娜';
    if (key === 'type') return 'HOSPITAL_CARD';
    if (key === 'documentType') return 'IDENTITY_CARD';
    if (/^(isDefault|notify|sameDay)$/.test(key)) return true;
    return 'x';
  };

  let sent = 0;
  // One test per endpoint: a failure names the call, and no single test has to outlast the whole contract.
  it.each(ALL_ENDPOINTS.map((endpoint) => [endpoint.id, endpoint] as const))(
    '%s: in any path parameter, query parameter or body field, one field at a time',
    async (_id, endpoint) => {
      const failures: string[] = [];
      const parts = {
        params: keysOf(endpoint.params),
        query: keysOf(endpoint.query),
        body: endpoint.method === 'GET' ? [] : keysOf(endpoint.body),
      };
      const fill = (keys: string[], odd: { key: string; value: unknown } | null) =>
        Object.fromEntries(keys.map((k) => [k, odd?.key === k ? odd.value : plausible(k)]));
      for (const [part, keys] of Object.entries(parts)) {
        for (const key of keys) {
          for (const value of [...ODD, ...ODD.slice(0, 3).map((odd) => [odd])]) {
            const odd = { key, value };
            const params = fill(parts.params, part === 'params' ? odd : null);
            const path = fullPath(endpoint).replace(/:(\w+)/g, (_, k: string) =>
              encodeURIComponent(String(params[k])),
            );
            const query = fill(parts.query, part === 'query' ? odd : null) as Record<string, string>;
            const body =
              endpoint.method === 'GET' ? undefined : fill(parts.body, part === 'body' ? odd : null);
            const answer = await alice.call(endpoint.method, path, { query, body });
            sent++;
            if (answer.status >= 500) {
              failures.push(`${part}.${key}=${JSON.stringify(value)}: ${answer.text}`);
            }
          }
        }
      }
      expect(failures).toEqual([]);
    },
    60_000,
  );

  describe('odd upload bodies: 400 with a Chinese message, nothing stored', () => {
    const jpegBytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
    const part = (field: string, options: { filename?: string | null; type?: string; bytes?: Buffer } = {}) =>
      Buffer.concat([
        Buffer.from(
          `Content-Disposition: form-data; name="${field}"` +
            (options.filename === null ? '' : `; filename="${options.filename ?? 'a.jpg'}"`) +
            `\r\nContent-Type: ${options.type ?? 'image/jpeg'}\r\n\r\n`,
        ),
        options.bytes ?? jpegBytes,
      ]);
    /** A multipart body of these parts between `boundary` lines, closed unless `open`. */
    const form = (boundary: string, parts: Buffer[], open = false) =>
      Buffer.concat([
        ...parts.flatMap((p) => [Buffer.from(`--${boundary}\r\n`), p, Buffer.from('\r\n')]),
        Buffer.from(open ? '' : `--${boundary}--\r\n`),
      ]);
    const cases = (field: string): [string, string, Buffer][] => [
      ['JSON under a multipart type', 'multipart/form-data; boundary=x', Buffer.from('{"file":"x"}')],
      ['multipart without a boundary', 'multipart/form-data', form('x', [part(field)])],
      ['an empty boundary', 'multipart/form-data; boundary=', form('x', [part(field)])],
      ['a truncated part', 'multipart/form-data; boundary=x', form('x', [part(field)], true).subarray(0, 90)],
      [
        'a part cut after its headers',
        'multipart/form-data; boundary=x',
        Buffer.from(`--x\r\nContent-Disposition: form-data; name="${field}"; filename="a.jpg"\r\n`),
      ],
      ['an empty body', 'multipart/form-data; boundary=x', Buffer.alloc(0)],
      ['only the closing boundary', 'multipart/form-data; boundary=x', Buffer.from('--x--\r\n')],
      ['a boundary mismatch', 'multipart/form-data; boundary=x', form('y', [part(field)])],
      ['a wrong field name', 'multipart/form-data; boundary=x', form('x', [part('other')])],
      [
        'a part without filename',
        'multipart/form-data; boundary=x',
        form('x', [part(field, { filename: null })]),
      ],
      [
        'text declared as an image',
        'multipart/form-data; boundary=x',
        form('x', [part(field, { type: 'image/jpeg', bytes: Buffer.from('just some text') })]),
      ],
      [
        'an oversize file',
        'multipart/form-data; boundary=x',
        form('x', [part(field, { bytes: Buffer.concat([jpegBytes, Buffer.alloc(UPLOAD_LIMITS.maxBytes)]) })]),
      ],
      ['a garbage preamble only', 'multipart/form-data; boundary=x', Buffer.from('\u0000\u0001garbage')],
    ];
    const fileCount = async () => (await server.database.db.select({ n: count() }).from(uploadedFiles))[0].n;

    for (const [path, field] of [
      [fullPath(uploadFile), 'file'],
      [fullPath(uploadFiles), 'files'],
    ] as const) {
      it(`${path}`, async () => {
        const before = await fileCount();
        const failures: string[] = [];
        for (const [label, contentType, body] of cases(field)) {
          const response = await fetch(new URL(path, server.base), {
            method: 'POST',
            headers: {
              [CHANNEL_HEADER]: BROWSER_CHANNEL,
              'content-type': contentType,
              cookie: [...alice.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
            },
            body,
          });
          const text = await response.text();
          const envelope = JSON.parse(text) as { state: number; msg: string };
          if (response.status !== 400 || envelope.state !== 400 || !/[\u4e00-\u9fff]/.test(envelope.msg)) {
            failures.push(`${label}: ${response.status} ${text}`);
          }
        }
        expect(failures).toEqual([]);
        expect(await fileCount()).toBe(before);
      });
    }
  });

  it('tried every endpoint with thousands of odd values in all', () => {
    expect(sent).toBeGreaterThan(3000);
  });
});
