import { Writable } from 'node:stream';
import type { Contact } from '@patient/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person, startServer, type TestServer } from '../../test/harness.ts';
import { createLogger, safeError } from './logger.ts';
import { redactUrl, scrubText } from './mask.ts';

const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ logger: createLogger({ stream, level: 'debug' }) });
});
afterAll(() => server?.close());

describe('logs', () => {
  it('never contain phone numbers, ID numbers, names from URLs, session tokens or codes', async () => {
    const phone = '13755556666';
    const client = await server.login(phone);
    const token = client.cookies.get('SESSION') as string;
    const p = person(7, { phone: '13912348888' });
    const contact = (await client.post<Contact>('/addPatient', p)).body.results as Contact;
    await client.get(
      `/his_cardInfo/hospital_id/1000/identity_card/${p.documentNumber}/name/${encodeURIComponent(p.name)}`,
    );
    await client.get(`/v1/contact/${contact.contactId}/hasPatientRecord`, {
      name: p.name,
      idCard: p.documentNumber,
    });
    await client.get('/phone/sms', { phone: '13912348888' });
    const contactCode = server.sms.latestCode('13912348888', 'contact_phone') as string;
    await client.get('/contact/phone', {
      contactId: contact.contactId,
      phone: '13912348888',
      number: contactCode,
    });
    await client.post(`/v1/contact/${contact.contactId}/authentication`, {
      name: p.name,
      documentNumber: p.documentNumber,
    });
    await server.client().get('/contacts', { sessionKey: token });
    await client.post('/addPatient', { ...p, documentNumber: `${p.documentNumber.slice(0, 17)}0` });
    await server.client().call('GET', '/__dev/sms-outbox', { query: { phone } });

    const log = lines.join('\n');
    const loginCode = server.sms.latestCode(phone) as string;
    expect(log).toContain('request completed');
    for (const secret of [phone, '13912348888', p.documentNumber, token, encodeURIComponent(p.name)]) {
      expect(log).not.toContain(secret);
    }
    // The dev SMS sender is the one place a code appears, and only in its own line.
    const withCodes = lines.filter((l) => l.includes(loginCode) || l.includes(contactCode));
    expect(withCodes.length).toBeGreaterThanOrEqual(2);
    for (const line of withCodes) expect(JSON.parse(line).sms.devCode).toMatch(/^\d{6}$/);
    expect(lines.some((l) => l.includes('"endpoint":"bindPhone"') && l.includes('"state":200'))).toBe(true);
  });

  it('redactUrl and scrubText remove personal data', () => {
    expect(redactUrl('/hospital-service/phone/sms?phone=13800138000&time=1')).toBe(
      '/hospital-service/phone/sms?phone=[REDACTED]&time=1',
    );
    expect(redactUrl('/x/identity_card/110105198503152313/name/%E5%BC%A0%E4%BC%9F/type/HOSPITAL_CARD')).toBe(
      '/x/identity_card/[REDACTED]/name/[REDACTED]/type/HOSPITAL_CARD',
    );
    expect(redactUrl('/c?sessionKey=abc&idCard=1&name=x&number=123456')).toBe(
      '/c?sessionKey=[REDACTED]&idCard=[REDACTED]&name=[REDACTED]&number=[REDACTED]',
    );
    expect(scrubText('call 13800138000 about 11010519850315231X')).toBe('call [PHONE] about [ID]');
  });
});

describe('the log line of an unexpected error', () => {
  it('carries no SQL parameters and no personal data when the database fails on them', async () => {
    const { db } = server.database;
    // The database refuses the row and says why with the values themselves, as PostgreSQL messages do
    // (`Failing row contains (…)`, `invalid input syntax …: "…"`); the driver adds the parameters.
    await db.execute(sql`
      CREATE FUNCTION refuse_contact() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'refused % % %', NEW.name, NEW.document_number, NEW.phone
          USING DETAIL = 'Failing row contains (' || NEW.address || ')', HINT = NEW.name;
      END $$`);
    await db.execute(
      sql`CREATE TRIGGER refuse_contact BEFORE INSERT ON contacts FOR EACH ROW EXECUTE FUNCTION refuse_contact()`,
    );
    try {
      const client = await server.login('13755557777');
      const address = '浙江省台州市路桥区银安街77号';
      const p = { ...person(11, { phone: '13955554444' }), address };
      const from = lines.length;
      const answer = await client.post('/addPatient', p);
      expect(answer.status).toBe(500);
      expect(answer.body.msg).toBe('服务器内部错误');

      const logged = lines.slice(from).join('\n');
      const errorLine = lines.slice(from).find((l) => l.includes('未处理的异常'));
      expect(errorLine, logged).toBeTruthy();
      const entry = JSON.parse(errorLine as string);
      expect(entry.err.errCode).toBe('P0001');
      expect(entry.err.type).toBeTruthy();
      for (const secret of [p.name, p.documentNumber, p.phone, address, '13755557777', '77号', '银安街']) {
        expect(logged).not.toContain(secret);
      }
      expect(logged).not.toMatch(/params|Failing row|refused/);
    } finally {
      await db.execute(sql`DROP TRIGGER refuse_contact ON contacts`);
      await db.execute(sql`DROP FUNCTION refuse_contact()`);
    }
  });

  it('keeps only what is safe of any error shape', () => {
    const values = ['张三丰', '110105198503152313', '13912345678', '银安街1号'];
    const shapes: unknown[] = [
      Object.assign(
        new Error(`Failed query: insert into contacts values ($1, $2)\nparams: ${values.join(',')}`),
        {
          query: 'insert into contacts values ($1, $2)',
          params: values,
          cause: Object.assign(new Error(`invalid input syntax for type date: "${values[0]}"`), {
            code: '22007',
            severity: 'ERROR',
            detail: `Key (name)=(${values[0]}) already exists.`,
            where: `PL/pgSQL function with ${values[3]}`,
            table: 'contacts',
            constraint: 'contacts_user_document',
          }),
        },
      ),
      { message: `plain object ${values.join(' ')}`, params: values, code: 'XX000', severity: 'ERROR' },
      Object.assign(new Error('outer'), {
        cause: { cause: { message: values.join('|'), severity: 'ERROR', code: '23505' } },
      }),
      `a string ${values[2]}`,
      null,
      new AggregateError([new Error(values[0])], `several: ${values[1]}`),
    ];
    for (const shape of shapes) {
      const safe = safeError(shape);
      const text = JSON.stringify(safe);
      for (const value of values) expect(text, text).not.toContain(value);
      expect(text).not.toContain('params');
      expect(safeError(safe)).toBe(safe);
    }
    const first = safeError(shapes[0]);
    expect(first).toMatchObject({
      errCode: '22007',
      table: 'contacts',
      constraint: 'contacts_user_document',
    });
    expect(first.message).toContain('insert into contacts values ($1, $2)');
    expect(safeError(new TypeError("Cannot read properties of undefined (reading 'id')")).message).toBe(
      "Cannot read properties of undefined (reading 'id')",
    );
  });
});
