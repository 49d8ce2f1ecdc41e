import { Writable } from 'node:stream';
import type { Contact } from '@patient/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person, startServer, type TestServer } from '../../test/harness.ts';
import { createLogger } from './logger.ts';
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
