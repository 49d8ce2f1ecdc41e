import { readFileSync } from 'node:fs';
import type { HospitalStartup } from '@patient/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueImportError, csvRows, importCatalogue, validateCatalogue } from './catalogue-import.ts';
import { migrateSchema } from './demo-data.ts';
import { bookingRules, departments, doctors } from './domains/booking/index.ts';
import { hospitals, systemParams } from './domains/hospitals/index.ts';
import { priceItems } from './domains/information/index.ts';
import type { Database } from './platform/database/connect.ts';
import { freshDatabase, serve } from './test/fresh-database.ts';

const example = () =>
  JSON.parse(readFileSync(new URL('../examples/hospital-catalogue.json', import.meta.url), 'utf8')) as {
    hospital: Record<string, unknown>;
    bookingRules: Record<string, unknown>;
    systemParams: Record<string, string>;
    departments: Record<string, unknown>[];
    doctors: Record<string, unknown>[];
    prices: Record<string, unknown>[];
  };

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
  await migrateSchema(database);
});
afterAll(() => database?.close());

/** Every row the import writes, for comparing before and after. */
async function rows() {
  const db = database.db;
  return {
    hospitals: await db.select().from(hospitals).orderBy(asc(hospitals.id)),
    bookingRules: await db.select().from(bookingRules).orderBy(asc(bookingRules.hospitalId)),
    systemParams: await db.select().from(systemParams).orderBy(systemParams.hospitalId, systemParams.key),
    departments: await db.select().from(departments).orderBy(departments.id),
    doctors: await db.select().from(doctors).orderBy(doctors.id),
    prices: await db.select().from(priceItems).orderBy(priceItems.id),
  };
}

describe("a hospital's own catalogue import", { timeout: 60_000 }, () => {
  it('imports the example: hospital, parameters, two-level departments with pinyin, doctors, prices', async () => {
    const summary = await importCatalogue(database.db, example());
    expect(summary).toEqual({
      hospitalId: '2001',
      hospital: 'added',
      bookingRules: 'added',
      systemParams: { added: 5, updated: 0, unchanged: 0 },
      departments: { added: 5, updated: 0, unchanged: 0 },
      doctors: { added: 4, updated: 0, unchanged: 0 },
      prices: { added: 3, updated: 0, unchanged: 0 },
    });
    const db = database.db;
    const [clinic] = await db.select().from(departments).where(eq(departments.code, 'D0101'));
    const [top] = await db.select().from(departments).where(eq(departments.code, 'D01'));
    expect(clinic).toMatchObject({
      hospitalId: '2001',
      parentId: top.id,
      name: '心血管内科',
      pinyin: 'xinxueguanneike',
      initials: 'xxgnk',
      location: '门诊楼3层A区',
    });
    const [doctor] = await db.select().from(doctors).where(eq(doctors.code, 'E1001'));
    expect(doctor).toMatchObject({ departmentId: clinic.id, name: '李建国', title: '主任医师', sex: '男' });
    const [drug] = await db.select().from(priceItems).where(eq(priceItems.code, 'YP0001'));
    expect(drug).toMatchObject({ kind: 'DRUG', price: 1250, initials: 'amxljn', insuranceCategory: 'A' });
    const [rules] = await db.select().from(bookingRules).where(eq(bookingRules.hospitalId, '2001'));
    expect(rules).toEqual({
      hospitalId: '2001',
      daysAhead: 7,
      releaseTime: '08:00',
      sameDayCutoffAm: '11:30',
      sameDayCutoffPm: '17:00',
      cancelRule: 'DAY_BEFORE',
      cancelTime: '18:00',
      cancelHours: null,
      holdMinutes: 10,
      dailyLimit: 3,
      paymentAppId: 'wx3f2a9c0d81b7e645',
    });
    // The apps start on it, and booking reads its rules.
    const server = await serve(database);
    try {
      const answer = await server.client.get<HospitalStartup>('/v1/hospital/2001/startup');
      expect(answer.body).toMatchObject({
        state: 200,
        results: {
          description: { hospitalId: '2001', hospitalName: '新乡市中心医院' },
          systemParamMap: { THEME_CONFIG: 'blue', HOTLINE: '0373-2048000' },
        },
      });
      const appId = await server.client.get('/v1/orders/query/appid', { hospitalId: '2001' });
      expect(appId.body).toMatchObject({ state: 200, results: { appId: 'wx3f2a9c0d81b7e645' } });
    } finally {
      await server.close();
    }
  });

  it('importing the same file again changes nothing', async () => {
    const before = await rows();
    expect(await importCatalogue(database.db, example())).toEqual({
      hospitalId: '2001',
      hospital: 'unchanged',
      bookingRules: 'unchanged',
      systemParams: { added: 0, updated: 0, unchanged: 5 },
      departments: { added: 0, updated: 0, unchanged: 5 },
      doctors: { added: 0, updated: 0, unchanged: 4 },
      prices: { added: 0, updated: 0, unchanged: 3 },
    });
    expect(await rows()).toEqual(before);
  });

  it("an edited file updates by the hospital's own codes", async () => {
    const file = example();
    file.departments[1].name = '心内科';
    file.doctors[0].title = '副主任医师';
    file.doctors[0].departmentCode = 'D0102';
    file.prices[0].price = 1300;
    file.systemParams.HOTLINE = '0373-2048001';
    const before = await rows();
    const summary = await importCatalogue(database.db, file);
    expect(summary).toMatchObject({
      bookingRules: 'unchanged',
      systemParams: { updated: 1, added: 0 },
      departments: { updated: 1, added: 0 },
      doctors: { updated: 1, added: 0 },
      prices: { updated: 1, added: 0 },
    });
    const after = await rows();
    const clinic = after.departments.find((d) => d.code === 'D0101');
    expect(clinic).toMatchObject({
      id: before.departments.find((d) => d.code === 'D0101')?.id,
      name: '心内科',
      pinyin: 'xinneike',
      initials: 'xnk',
    });
    expect(after.doctors.find((d) => d.code === 'E1001')).toMatchObject({
      id: before.doctors.find((d) => d.code === 'E1001')?.id,
      title: '副主任医师',
      departmentId: after.departments.find((d) => d.code === 'D0102')?.id,
    });
    expect(after.doctors).toHaveLength(4);
  });

  it('a bad row: nothing changed, and the message names the row', async () => {
    const before = await rows();
    const file = example();
    file.hospital.name = '新名字不该写入';
    file.doctors.push(
      ...Array.from({ length: 8 }, (_, i) => ({
        code: `E30${i}`,
        departmentCode: 'D0201',
        name: `医生${i}`,
        sex: '女',
        title: '主治医师',
      })),
    );
    // The 12th doctor has no title.
    expect(file.doctors).toHaveLength(12);
    file.doctors[11].title = '';
    file.prices[1].price = 'abc';
    const failure = await importCatalogue(database.db, file).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CatalogueImportError);
    expect((failure as CatalogueImportError).problems).toEqual([
      '第 12 行 医生 职称 不能为空',
      '第 2 行 价格 单价 应为整数（单位：分）',
    ]);
    expect(await rows()).toEqual(before);
  });

  it('takes a list from CSV; its problems name the CSV line', async () => {
    const csv = readFileSync(new URL('../examples/doctors.csv', import.meta.url), 'utf8');
    const file = { ...example(), doctors: csvRows('doctors', csv) };
    // The example's CSV holds the JSON's doctors (the test above moved E1001: back it goes).
    expect((await importCatalogue(database.db, file, ['doctors'])).doctors).toEqual({
      added: 0,
      updated: 1,
      unchanged: 3,
    });
    expect((await importCatalogue(database.db, file, ['doctors'])).doctors).toEqual({
      added: 0,
      updated: 0,
      unchanged: 4,
    });
    const quoted = csvRows(
      'doctors',
      'code,departmentCode,name,sex,title,speciality\r\nE9,D01,"王,五",男,医师,"说""好"""\r\n\r\n',
    );
    expect(quoted).toEqual([
      { code: 'E9', departmentCode: 'D01', name: '王,五', sex: '男', title: '医师', speciality: '说"好"' },
    ]);
    const before = await rows();
    const lines = csv.trimEnd().split('\n');
    lines[3] = lines[3].replace('主治医师', '');
    const text = `${lines.join('\n')}\nE9,D0101,钱七,男,医师,,,x\n`;
    const failure = await importCatalogue(database.db, { ...example(), doctors: csvRows('doctors', text) }, [
      'doctors',
    ]).catch((e: unknown) => e);
    expect((failure as CatalogueImportError).problems).toEqual([
      '第 4 行 医生 职称 不能为空',
      '第 6 行 医生 排序 应为整数',
    ]);
    expect(await rows()).toEqual(before);
  });

  it('booking rules: changed in place, the other cancel rule cleared; left out, kept as they are', async () => {
    const file = example();
    file.bookingRules = {
      ...file.bookingRules,
      daysAhead: 14,
      releaseTime: '07:30',
      cancelRule: 'HOURS_BEFORE',
      cancelHours: 2,
      dailyLimit: 2,
    };
    expect((await importCatalogue(database.db, file)).bookingRules).toBe('updated');
    const [rules] = await database.db.select().from(bookingRules).where(eq(bookingRules.hospitalId, '2001'));
    expect(rules).toMatchObject({
      daysAhead: 14,
      releaseTime: '07:30',
      cancelRule: 'HOURS_BEFORE',
      cancelTime: null,
      cancelHours: 2,
      dailyLimit: 2,
    });
    expect((await importCatalogue(database.db, file)).bookingRules).toBe('unchanged');
    const before = await rows();
    const { bookingRules: _left, ...withoutRules } = example();
    expect((await importCatalogue(database.db, withoutRules)).bookingRules).toBe('absent');
    expect((await rows()).bookingRules).toEqual(before.bookingRules);
    // Back to the example's rules for the tests after this one.
    expect((await importCatalogue(database.db, example())).bookingRules).toBe('updated');
  });

  it('bad booking rules name the field; nothing is written', async () => {
    const before = await rows();
    const file = example();
    file.hospital.name = '新名字不该写入';
    file.bookingRules = {
      ...file.bookingRules,
      daysAhead: 0,
      releaseTime: '8:00',
      holdMinutes: 'ten',
      paymentAppId: 'abc',
    };
    const failure = await importCatalogue(database.db, file).catch((e: unknown) => e);
    expect((failure as CatalogueImportError).problems).toEqual([
      '预约规则 可预约天数 应在 1 到 30 之间',
      '预约规则 放号时间 应为 HH:mm 格式的时间，如 08:00',
      '预约规则 锁号分钟数 应为整数',
      '预约规则 支付AppID 应为公众号/小程序的 AppID（wx 开头，共 18 位）',
    ]);
    const dayBefore = { ...example().bookingRules, cancelTime: undefined };
    expect(() => validateCatalogue({ ...example(), bookingRules: dayBefore })).toThrow(
      '预约规则 退号截止时间 退号规则为 DAY_BEFORE 时不能为空',
    );
    const hoursBefore = { ...example().bookingRules, cancelRule: 'HOURS_BEFORE' };
    expect(() => validateCatalogue({ ...example(), bookingRules: hoursBefore })).toThrow(
      '预约规则 退号提前小时数 退号规则为 HOURS_BEFORE 时不能为空',
    );
    const cutoffs = { ...example().bookingRules, sameDayCutoffAm: '17:00', sameDayCutoffPm: '12:00' };
    expect(() => validateCatalogue({ ...example(), bookingRules: cutoffs })).toThrow(
      '预约规则 上午当日挂号截止时间 应早于下午当日挂号截止时间',
    );
    expect(() => validateCatalogue({ ...example(), bookingRules: { daysAhead: 7 } })).toThrow(
      '预约规则 放号时间 不能为空',
    );
    expect(await rows()).toEqual(before);
  });

  it('names a missing field, an unknown department and a duplicate code by row', () => {
    const file = example();
    delete file.doctors[2].title;
    file.doctors[3].departmentCode = 'D99';
    file.departments[4].code = 'D0101';
    const problems = (() => {
      try {
        validateCatalogue(file);
        return [];
      } catch (e) {
        return (e as CatalogueImportError).problems;
      }
    })();
    expect(problems).toEqual(['第 3 行 医生 职称 不能为空']);
    file.doctors[2].title = '主治医师';
    file.doctors[0].title = '护士';
    expect(() => validateCatalogue(file)).toThrow(
      '第 1 行 医生 职称 应为 主任医师、副主任医师、主治医师、住院医师、医师 之一',
    );
    file.doctors[0].title = '主任医师';
    expect(() => validateCatalogue(file)).toThrow(
      '导入文件有 2 处错误，未导入任何数据：\n' +
        '第 5 行 科室 编码 D0101 与第 2 行重复\n' +
        '第 4 行 医生 科室编码 D99 不在科室列表中',
    );
  });
});
