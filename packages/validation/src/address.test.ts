import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADDRESS_FORM_MESSAGES, type AddressFormInput, validateAddressForm } from './address';

const VALID: AddressFormInput = {
  name: '张三',
  phone: '13912345678',
  area: '浙江省 杭州市 西湖区',
  detail: '文三路100号',
  postalCode: '310012',
};

const withField = (patch: Partial<AddressFormInput>) => validateAddressForm({ ...VALID, ...patch });

describe('validateAddressForm', () => {
  it('accepts a complete form', () => {
    expect(validateAddressForm(VALID)).toEqual({ valid: true, errors: {} });
  });

  it('has the five default messages', () => {
    expect(ADDRESS_FORM_MESSAGES).toMatchObject({
      name: '请填写收货人姓名',
      phone: '请填写正确的手机号码',
      area: '请选择所在地区',
      detail: '请填写详细地址',
      postalCode: '请填写正确的邮政编码',
    });
  });

  it('reports every empty required field at once', () => {
    expect(validateAddressForm({ name: '', phone: '', area: '', detail: '', postalCode: '' })).toEqual({
      valid: false,
      errors: {
        name: '请填写收货人姓名',
        phone: '请填写正确的手机号码',
        area: '请选择所在地区',
        detail: '请填写详细地址',
      },
    });
  });

  it.each([' ', '\t', '\u3000'])('treats a blank name, area and detail (%j) as empty', (blank) => {
    expect(withField({ name: blank, area: blank, detail: blank }).errors).toEqual({
      name: '请填写收货人姓名',
      area: '请选择所在地区',
      detail: '请填写详细地址',
    });
  });

  it('limits the name to 20 characters after trimming', () => {
    expect(withField({ name: '张'.repeat(20) }).valid).toBe(true);
    expect(withField({ name: ` ${'a'.repeat(20)} ` }).valid).toBe(true);
    expect(withField({ name: '张'.repeat(21) })).toEqual({
      valid: false,
      errors: { name: '收货人姓名不能超过20个字' },
    });
  });

  it('limits the detail to 100 characters after trimming', () => {
    expect(withField({ detail: '路'.repeat(100) }).valid).toBe(true);
    expect(withField({ detail: '路'.repeat(101) })).toEqual({
      valid: false,
      errors: { detail: '详细地址不能超过100个字' },
    });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(withField({ name: '𠮷'.repeat(20) }).valid).toBe(true);
  });

  it.each(['', '1391234567', '23912345678', '139 1234 5678'])('rejects phone %j', (phone) => {
    expect(withField({ phone }).errors).toEqual({ phone: '请填写正确的手机号码' });
  });

  it('accepts a 10-digit number starting with 09', () => {
    expect(withField({ phone: '0912345678' }).valid).toBe(true);
  });

  it('accepts the area as selected parts', () => {
    expect(withField({ area: ['浙江省', '杭州市', '西湖区'] }).valid).toBe(true);
    expect(withField({ area: [] }).errors).toEqual({ area: '请选择所在地区' });
    expect(withField({ area: ['', ' '] }).errors).toEqual({ area: '请选择所在地区' });
  });

  it.each([undefined, null, '', '  '])('treats postal code %j as not given', (postalCode) => {
    expect(withField({ postalCode }).valid).toBe(true);
  });

  it.each(['31001', '3100123', '31001a', '310 012', '３１００１２'])(
    'rejects postal code %j',
    (postalCode) => {
      expect(withField({ postalCode }).errors).toEqual({ postalCode: '请填写正确的邮政编码' });
    },
  );

  it('accepts every 6-digit postal code', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6}$/), (postalCode) => {
        expect(withField({ postalCode }).valid).toBe(true);
      }),
    );
  });

  it('is valid exactly when there are no errors', () => {
    const input = fc.record({
      name: fc.oneof(fc.constant(''), fc.string({ maxLength: 25 })),
      phone: fc.oneof(fc.constant('13912345678'), fc.string({ maxLength: 12 })),
      area: fc.oneof(fc.string({ maxLength: 5 }), fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 })),
      detail: fc.string({ maxLength: 110 }),
      postalCode: fc.oneof(fc.constant(undefined), fc.stringMatching(/^\d{5,7}$/)),
    });
    fc.assert(
      fc.property(input, (form) => {
        const result = validateAddressForm(form);
        expect(result.valid).toBe(Object.keys(result.errors).length === 0);
        for (const message of Object.values(result.errors)) {
          expect(Object.values(ADDRESS_FORM_MESSAGES)).toContain(message);
        }
      }),
    );
  });
});
