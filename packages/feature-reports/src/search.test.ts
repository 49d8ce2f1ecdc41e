import { describe, expect, it } from 'vitest';
import { checkCardSearch, defaultRange } from './search.ts';

describe('search by card', () => {
  const good = { name: '张伟', cardNo: '100083920174', startDate: '2030-01-01', endDate: '2030-03-01' };

  it('accepts a name, a card number and a range of at most a year', () => {
    expect(checkCardSearch(good)).toEqual({});
    expect(checkCardSearch({ ...good, startDate: '2029-03-01' })).toEqual({});
  });

  it('says each field’s mistake in Chinese', () => {
    expect(checkCardSearch({ name: ' ', cardNo: '', startDate: '', endDate: 'x' })).toEqual({
      name: '请输入姓名',
      cardNo: '请输入卡号',
      startDate: '请选择开始日期',
      endDate: '请选择结束日期',
    });
    expect(checkCardSearch({ ...good, cardNo: '12 34<' }).cardNo).toBe('卡号应为4-32位字母或数字');
    expect(checkCardSearch({ ...good, endDate: '2029-12-31' }).endDate).toBe('结束日期不能早于开始日期');
    expect(checkCardSearch({ ...good, startDate: '2028-12-01' }).endDate).toBe('查询时间跨度不能超过366天');
  });

  it('starts with the last three months (China dates)', () => {
    expect(defaultRange(new Date('2030-05-10T20:00:00Z'))).toEqual(['2030-02-10', '2030-05-11']);
  });
});
