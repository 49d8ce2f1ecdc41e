import { ApiError } from '@patient/api-client';
import type { Region } from '@patient/contract';
import { sortContacts } from '@patient/feature-kit';
import { describe, expect, it } from 'vitest';
import { healthCardUnavailable, isMissingDetailsError, maskCardNo } from '../health-card/healthCard.ts';
import { perfectHealthCardPath } from './paths.ts';
import { isCompleteRegion, joinAddress, regionsOf, splitAddress } from './RegionPicker.tsx';
import { ID_MAN, makeContact } from './testing.tsx';

const TREE: Region[] = [
  {
    code: '330000',
    name: '浙江省',
    children: [{ code: '331000', name: '台州市', children: [{ code: '331004', name: '路桥区' }] }],
  },
  { code: '810000', name: '香港特别行政区' },
];

describe('addresses', () => {
  it('joins region names and detail, and reads them back', () => {
    const address = joinAddress(TREE, ['330000', '331000', '331004'], ' 银安街1号 ');
    expect(address).toBe('浙江省台州市路桥区 银安街1号');
    expect(splitAddress(TREE, address)).toEqual({
      path: ['330000', '331000', '331004'],
      detail: '银安街1号',
    });
  });

  it('keeps an address that does not start with known regions as detail', () => {
    expect(splitAddress(TREE, '北京市朝阳区建国路8号')).toEqual({
      path: [],
      detail: '北京市朝阳区建国路8号',
    });
    expect(splitAddress([], '浙江省台州市')).toEqual({ path: [], detail: '浙江省台州市' });
  });

  it('a region is complete at a leaf, whatever its depth', () => {
    expect(isCompleteRegion(TREE, ['330000', '331000', '331004'])).toBe(true);
    expect(isCompleteRegion(TREE, ['330000', '331000'])).toBe(false);
    expect(isCompleteRegion(TREE, ['810000'])).toBe(true);
    expect(isCompleteRegion(TREE, ['999999'])).toBe(false);
    expect(regionsOf(TREE, ['330000', 'x']).map((r) => r.name)).toEqual(['浙江省']);
  });
});

describe('paths and labels', () => {
  const zhang = makeContact('7', '欧阳 娜娜', ID_MAN);
  it('encodes names in routes', () => {
    expect(perfectHealthCardPath(zhang)).toBe(
      `/perfectHealthCard/%E6%AC%A7%E9%98%B3%20%E5%A8%9C%E5%A8%9C/${ID_MAN}`,
    );
  });
  it('orders the default contact first and keeps the rest in order', () => {
    const list = [
      makeContact('1', 'A', ID_MAN),
      makeContact('2', 'B', ID_MAN, { isDefault: true }),
      makeContact('3', 'C', ID_MAN),
    ];
    expect(sortContacts(list).map((c) => c.contactId)).toEqual(['2', '1', '3']);
  });
});

describe('health card helpers', () => {
  it('recognises the "complete the details" answer only', () => {
    const state = (msg: string) => new ApiError('state', msg, { state: 400, msg, subMsg: null });
    expect(isMissingDetailsError(state('请完善就诊人信息'))).toBe(true);
    expect(isMissingDetailsError(state('本院暂未开通电子健康卡'))).toBe(false);
    expect(isMissingDetailsError(new ApiError('network', '请完善'))).toBe(false);
    expect(isMissingDetailsError(new Error('请完善'))).toBe(false);
  });
  it('explains who cannot apply, and masks card numbers', () => {
    const passport = makeContact('3', 'Anna', 'E12345678', { documentType: 'PASSPORT_NUMBER' });
    const card = {
      healthCardId: 'h',
      contactId: '1',
      cardNo: 'X',
      patientName: 'A',
      cardPackageOrderId: null,
    };
    expect(healthCardUnavailable(makeContact('1', 'A', ID_MAN), [card])).toBe('已申领电子健康卡');
    expect(healthCardUnavailable(passport, [card])).toBe('电子健康卡仅支持居民身份证办理');
    expect(healthCardUnavailable(makeContact('2', 'B', ID_MAN), [card])).toBeNull();
    expect(maskCardNo('A1B2C3D4E5F6')).toBe('A1B2 **** E5F6');
    expect(maskCardNo('12345678')).toBe('12345678');
  });
});
