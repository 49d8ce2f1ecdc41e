import { ID_DOCUMENT_TYPES } from '@patient/validation';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  addContact,
  addMedicalCard,
  buildPath,
  fullPath,
  getHospitalDescription,
  healthCard,
  ID_DOCUMENT_TYPE_KEYS,
  idDocumentType,
  openApiDocument,
  paymentNotification,
  preSettlement,
  searchReportsByCard,
  setDefaultContact,
} from './index.ts';
import { ALL_ENDPOINTS } from './registry.ts';

describe('endpoints', () => {
  it('have unique ids and unique method + path pairs', () => {
    const ids = ALL_ENDPOINTS.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = ALL_ENDPOINTS.map((e) => `${e.method} ${fullPath(e)}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('declare a schema for every path parameter', () => {
    for (const e of ALL_ENDPOINTS) {
      const names = [...e.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
      const shape = (e.params as z.ZodMiniObject | undefined)?.def.shape ?? {};
      expect(Object.keys(shape).sort(), e.id).toEqual(names.sort());
    }
  });

  it('send GET and DELETE input as query, never as a body', () => {
    for (const e of ALL_ENDPOINTS.filter((x) => x.method === 'GET' || x.method === 'DELETE')) {
      expect(e.body, e.id).toBeUndefined();
    }
  });
});

describe('buildPath', () => {
  it('fills and encodes parameters', () => {
    expect(buildPath('/his/:name/x/:id', { name: '张三', id: '7' })).toBe('/his/%E5%BC%A0%E4%B8%89/x/7');
  });

  it('refuses a missing parameter', () => {
    expect(() => buildPath('/contact_id/:contactId', {})).toThrow('缺少路径参数 contactId');
  });

  it('prefixes the service base path', () => {
    expect(fullPath(getHospitalDescription)).toBe('/hospital-service/v1/hospital/:hospitalId/description');
  });
});

describe('schemas', () => {
  it('take the ID document types of @patient/validation, all and in its order', () => {
    expect(ID_DOCUMENT_TYPE_KEYS).toEqual(ID_DOCUMENT_TYPES.map((t) => t.key));
    for (const { key } of ID_DOCUMENT_TYPES) expect(z.safeParse(idDocumentType, key).success, key).toBe(true);
    expect(z.safeParse(idDocumentType, 'DRIVING_LICENCE').success).toBe(false);
  });

  it('parse query booleans from text', () => {
    const parsed = z.parse(setDefaultContact.query, { contactId: '12', isDefault: 'true' });
    expect(parsed.isDefault).toBe(true);
  });

  it('take amounts as integer fen and refuse yuan text', () => {
    const split = { total: 2500, insurancePays: 1000, fundPays: 800, accountPays: 200, selfPays: 1500 };
    expect(z.parse(preSettlement.results, split)).toEqual(split);
    for (const total of ['25.00', '25', 25.5, -1, 1e12, Number.NaN]) {
      expect(z.safeParse(preSettlement.results, { ...split, total }).success, String(total)).toBe(false);
    }
    const notice = { paymentId: '1', tradeNo: 'T1', signature: 'a'.repeat(64) };
    expect(z.safeParse(paymentNotification.body, { ...notice, amount: 2500 }).success).toBe(true);
    expect(z.safeParse(paymentNotification.body, { ...notice, amount: '25.00' }).success).toBe(false);
  });

  it('describe amounts as integers in OpenAPI', () => {
    const doc = openApiDocument(ALL_ENDPOINTS, { title: 'hospital-service', version: '1' });
    const notify = doc.paths['/hospital-service/v1/pay_orders/notify'].post as {
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
    };
    expect(notify.requestBody.content['application/json'].schema.properties.amount).toMatchObject({
      type: 'integer',
      minimum: 0,
    });
  });

  it('reject bad contact input', () => {
    const result = z.safeParse(addContact.body, {
      name: '',
      documentType: 'NOPE',
      documentNumber: '1',
      phone: '123',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path[0]).sort()).toEqual(['documentType', 'name', 'phone']);
  });
});

describe('openApiDocument', () => {
  it('describes every endpoint with its envelope', () => {
    const doc = openApiDocument(ALL_ENDPOINTS, { title: 'hospital-service', version: '1' });
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p)) as { operationId: string }[];
    expect(operations.map((o) => o.operationId).sort()).toEqual(ALL_ENDPOINTS.map((e) => e.id).sort());
    const contactById = doc.paths['/hospital-service/contact_id/{contactId}'].get as {
      parameters: { name: string; in: string }[];
    };
    expect(contactById.parameters).toEqual([
      expect.objectContaining({ name: 'channelType', in: 'header', required: true }),
      expect.objectContaining({ name: 'contactId', in: 'path' }),
    ]);
    // The payment provider's notification is not an app call: no channel header.
    const notify = doc.paths['/hospital-service/v1/pay_orders/notify'].post as { parameters: unknown[] };
    expect(notify.parameters).toEqual([]);
  });

  it('marks only the provider’s notification, the follow-up platform’s calls and the ward door’s pass check as called by a server', () => {
    expect(ALL_ENDPOINTS.filter((e) => e.caller !== 'app').map((e) => e.id)).toEqual([
      'paymentNotification',
      'followUpUserRegister',
      'followUpDisposableLoginCode',
      'verifyCompanionPass',
    ]);
  });
});

describe('card numbers', () => {
  const searchable = (cardNo: string) =>
    z.safeParse(searchReportsByCard.body as z.ZodMiniType, {
      cardNo,
      name: '张伟',
      startDate: '2025-01-01',
      endDate: '2025-03-01',
    }).success;
  const hex = (n: number) =>
    Array.from({ length: n }, (_, i) => '0123456789ABCDEF'[(i * 7 + n) % 16]).join('');

  it('every card the product issues or binds can be searched for reports', () => {
    const issued = [hex(64), 'F'.repeat(64), '0'.repeat(64)];
    for (const cardNo of issued) {
      expect(z.safeParse(healthCard.shape.cardNo, cardNo).success, cardNo).toBe(true);
      expect(searchable(cardNo), cardNo).toBe(true);
    }
    const bound = ['1000', '100083920174', 'YB1234567890', 'a'.repeat(32)];
    const bindCardNo = (addMedicalCard.body as z.ZodMiniObject).shape.medicalCardNo as z.ZodMiniType;
    for (const cardNo of bound) {
      expect(z.safeParse(bindCardNo, cardNo).success, cardNo).toBe(true);
      expect(searchable(cardNo), cardNo).toBe(true);
    }
  });

  it('refuses what no card can be', () => {
    for (const cardNo of ['', '123', 'a'.repeat(33), hex(63), hex(65), `${hex(63)}G`, '1000-1', '卡号1234']) {
      expect(searchable(cardNo), cardNo).toBe(false);
    }
  });
});
