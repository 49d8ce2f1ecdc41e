import { addMedicalCard, getHospitalDescription, listContacts, uploadFile } from '@patient/contract';
import { describe, expect, it } from 'vitest';
import { buildRequestConfig, serializeQuery } from './request-config.ts';

/**
 * Credentials cannot be observed by a Node server (the node http adapter ignores withCredentials), so they
 * are asserted here on the config the client hands to axios; credentials.test.ts checks them in jsdom.
 */
describe('buildRequestConfig', () => {
  it('sets credentials, no timeout, JSON content type and the channel header', () => {
    const config = buildRequestConfig(
      getHospitalDescription,
      { params: { hospitalId: '1' } },
      { channel: 'ALIPAY_MINI_PROGRAM' },
    );
    expect(config).toMatchObject({
      method: 'GET',
      url: '/hospital-service/v1/hospital/1/description',
      withCredentials: true,
      timeout: 0,
      headers: { 'Content-Type': 'application/json', channelType: 'ALIPAY_MINI_PROGRAM' },
    });
    expect(config.data).toBeUndefined();
  });

  it('sends a FormData body as multipart: no JSON content type, the channel header kept', () => {
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.jpg');
    const config = buildRequestConfig(uploadFile, { body: form }, {});
    expect(config.url).toBe('/product-service/v1/file/upload');
    expect(config.data).toBe(form);
    expect(config.headers).not.toHaveProperty('Content-Type');
    expect(config.headers).toHaveProperty('channelType');
  });

  it('sends the channel header as H5 from an ordinary browser (the service refuses calls without it)', () => {
    for (const channel of [null, undefined]) {
      const config = buildRequestConfig(listContacts, {}, { channel });
      expect(config.headers).toEqual({ 'Content-Type': 'application/json', channelType: 'H5' });
    }
  });

  it('resolves every status so that the client applies the error catalogue itself', () => {
    const config = buildRequestConfig(listContacts, {}, {});
    expect([200, 401, 404, 500].map((s) => config.validateStatus?.(s))).toEqual([true, true, true, true]);
  });

  it('joins baseURL without a double slash', () => {
    const config = buildRequestConfig(addMedicalCard, { body: {} }, { baseURL: 'https://h5.example.com/' });
    expect(config.url).toBe('https://h5.example.com/hospital-service/cardInfo');
    expect(config.data).toEqual({});
  });
});

describe('serializeQuery', () => {
  it('leaves out null and undefined, repeats array keys and sends dates as ISO', () => {
    expect(
      serializeQuery({
        a: 1,
        b: undefined,
        c: null,
        d: ['x', 'y'],
        e: true,
        f: new Date(Date.UTC(2024, 0, 2)),
        g: '张 三&',
      }),
    ).toBe('?a=1&d=x&d=y&e=true&f=2024-01-02T00%3A00%3A00.000Z&g=%E5%BC%A0+%E4%B8%89%26');
  });

  it('is empty without values', () => {
    expect(serializeQuery(undefined)).toBe('');
    expect(serializeQuery({ a: undefined })).toBe('');
  });
});
