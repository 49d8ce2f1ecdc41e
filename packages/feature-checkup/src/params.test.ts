import { CHECKUP_GLOSSARY } from '@patient/contract';
import { describe, expect, it } from 'vitest';
import { checkupFeature } from './index.ts';
import {
  CHECKUP_ROUTES,
  checkupParams,
  chooseDatePath,
  confirmPath,
  detailPath,
  hisParams,
  ROUTE_PARAMS,
  reminderPath,
  successPath,
} from './params.ts';

const application = {
  applicationNo: 'SQ100012345678',
  orderItemId: 'YZ00001234',
  visitType: '1',
  itemCode: 'CT001',
  urgentFlag: '0',
  emergencySchedule: '0',
  itemTypeId: 'CT',
};
const slot = {
  applicationNo: 'SQ100012345678',
  orderItemId: 'YZ00001234',
  date: '2030-05-14',
  available: 3,
  workNo: 'CT20300514',
  batchId: 'B01',
  timeRange: '08:00-09:00',
};

/** What react-router gives a screen for `path` under `pattern`: each segment decoded once. */
function routeParamsOf(pattern: string, path: string): Record<string, string> {
  const names = pattern.split('/');
  const parts = path.split('/');
  expect(parts).toHaveLength(names.length);
  return Object.fromEntries(
    names.flatMap((name, i) => (name.startsWith(':') ? [[name.slice(1), decodeURIComponent(parts[i])]] : [])),
  );
}

describe('checkupParams', () => {
  it('maps the HIS names of the choose-date route to the readable names', () => {
    const raw = {
      brsqhm: 'SQ1',
      czyhid: 'YZ2',
      brjzlx: '1',
      zlxmbm: 'CT001',
      cretbz: '0',
      sfjzpb: '0',
      xmlxid: 'CT',
    };
    expect(checkupParams(raw)).toEqual({
      ok: true,
      values: {
        applicationNo: 'SQ1',
        orderItemId: 'YZ2',
        visitType: '1',
        itemCode: 'CT001',
        urgentFlag: '0',
        emergencySchedule: '0',
        itemTypeId: 'CT',
      },
    });
  });

  it('reads the count of places as a number and checks the date and the time range', () => {
    const raw = {
      brsqhm: 'SQ1',
      czyhid: 'YZ2',
      bryyrq: '2030-05-14',
      kyzysl: '12',
      pbgzbh: 'W1',
      pbpcid: 'B01',
      pbsjfw: '14:00-15:30',
    };
    const result = checkupParams(raw, ROUTE_PARAMS.confirm);
    expect(result).toEqual({
      ok: true,
      values: {
        applicationNo: 'SQ1',
        orderItemId: 'YZ2',
        date: '2030-05-14',
        available: 12,
        workNo: 'W1',
        batchId: 'B01',
        timeRange: '14:00-15:30',
      },
    });
  });

  it('refuses a missing or malformed value with a Chinese message naming it', () => {
    const good = {
      brsqhm: 'SQ1',
      czyhid: 'YZ2',
      bryyrq: '2030-05-14',
      kyzysl: '3',
      pbgzbh: 'W1',
      pbpcid: 'B01',
      pbsjfw: '08:00-09:00',
    };
    const check = (changes: Record<string, string | undefined>) =>
      checkupParams({ ...good, ...changes }, ROUTE_PARAMS.confirm);
    expect(check({ brsqhm: undefined })).toEqual({
      ok: false,
      message: '页面链接缺少检查申请单号，请返回检查预约列表重新进入',
    });
    expect(check({ brsqhm: '  ' })).toEqual({
      ok: false,
      message: '页面链接缺少检查申请单号，请返回检查预约列表重新进入',
    });
    expect(check({ brsqhm: 'SQ 1' })).toEqual({
      ok: false,
      message: '页面链接中的检查申请单号有误，请返回检查预约列表重新进入',
    });
    expect(check({ czyhid: '<script>' })).toMatchObject({
      message: '页面链接中的检查医嘱有误，请返回检查预约列表重新进入',
    });
    expect(check({ bryyrq: '2030-02-30' })).toMatchObject({
      message: '页面链接中的预约日期有误，请返回检查预约列表重新进入',
    });
    expect(check({ bryyrq: '20300514' })).toMatchObject({ ok: false });
    expect(check({ kyzysl: '-1' })).toMatchObject({
      message: '页面链接中的可预约数量有误，请返回检查预约列表重新进入',
    });
    expect(check({ kyzysl: '1.5' })).toMatchObject({ ok: false });
    expect(check({ pbsjfw: '08:00' })).toMatchObject({
      message: '页面链接中的预约时间段有误，请返回检查预约列表重新进入',
    });
    expect(check({ pbsjfw: '25:00-26:00' })).toMatchObject({ ok: false });
    expect(check({ pbsjfw: '08%3A00-09%3A00' })).toMatchObject({
      ok: true,
      values: { timeRange: '08:00-09:00' },
    });
    expect(check({ pbgzbh: '%E4%B8%AD' })).toMatchObject({
      message: '页面链接中的排班编号有误，请返回检查预约列表重新进入',
    });
    expect(check({ pbpcid: '%ZZ' })).toMatchObject({
      message: '页面链接中的预约时段有误，请返回检查预约列表重新进入',
    });
    expect(checkupParams({ cretbz: '12345' }, ['cretbz'])).toMatchObject({ ok: false });
    expect(checkupParams({ xmlxid: 'ABCDEFGHI' }, ['xmlxid'])).toMatchObject({ ok: false });
  });

  it('ignores route parameters that are not HIS names', () => {
    expect(checkupParams({ id: 'CT', brsqhm: 'SQ1' })).toEqual({
      ok: true,
      values: { applicationNo: 'SQ1' },
    });
  });

  it('has a rule and a Chinese name for every name of the glossary', () => {
    for (const his of Object.keys(CHECKUP_GLOSSARY)) {
      const result = checkupParams({ [his]: '' }, [his as keyof typeof CHECKUP_GLOSSARY]);
      expect(result.ok).toBe(false);
      expect(result.ok ? '' : result.message).toMatch(/^页面链接缺少[\u4e00-\u9fa5]+，/);
    }
  });
});

describe('building routes', () => {
  it('writes the readable values under their HIS names', () => {
    expect(hisParams(slot)).toEqual({
      brsqhm: 'SQ100012345678',
      czyhid: 'YZ00001234',
      bryyrq: '2030-05-14',
      kyzysl: '3',
      pbgzbh: 'CT20300514',
      pbpcid: 'B01',
      pbsjfw: '08:00-09:00',
    });
    expect(chooseDatePath(application)).toBe(
      '/checkAppoint/chooseDate/SQ100012345678/YZ00001234/1/CT001/0/0/CT',
    );
    expect(confirmPath(slot)).toBe(
      '/checkAppoint/sureCheck/SQ100012345678/YZ00001234/2030-05-14/3/CT20300514/B01/08%3A00-09%3A00',
    );
    expect(successPath(slot)).toBe('/checkAppoint/checkSuccess/SQ100012345678/YZ00001234');
    expect(detailPath(slot)).toBe('/checkAppoint/detail/SQ100012345678/YZ00001234');
    expect(reminderPath('US')).toBe('/checkAppointRemind/US');
  });

  it('round-trips: a built path reads back as the same values', () => {
    expect(checkupParams(routeParamsOf(CHECKUP_ROUTES.chooseDate, chooseDatePath(application)))).toEqual({
      ok: true,
      values: application,
    });
    expect(
      checkupParams(routeParamsOf(CHECKUP_ROUTES.confirm, confirmPath(slot)), ROUTE_PARAMS.confirm),
    ).toEqual({
      ok: true,
      values: slot,
    });
  });

  it('uses the route patterns of the feature', () => {
    expect(checkupFeature.routes.map((r) => r.path)).toEqual([
      CHECKUP_ROUTES.list,
      CHECKUP_ROUTES.chooseDate,
      CHECKUP_ROUTES.confirm,
      CHECKUP_ROUTES.success,
      CHECKUP_ROUTES.detail,
      CHECKUP_ROUTES.reminder,
    ]);
  });
});
