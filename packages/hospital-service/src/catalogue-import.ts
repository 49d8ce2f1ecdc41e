import { and, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { bookingRules, departments, doctors, spell } from './domains/booking/index.ts';
import { hospitals, systemParams } from './domains/hospitals/index.ts';
import { priceItems } from './domains/information/index.ts';
import type { Db, DbOrTx } from './platform/database/connect.ts';

/**
 * A hospital's own catalogue (issue 27): the hospital, its system parameters, booking rules, departments (two
 * levels, pinyin computed as the seed does), doctors and prices, loaded from one JSON file (format: README 'Importing a
 * hospital's catalogue', example: examples/hospital-catalogue.json). Validated as a whole before anything is
 * written; written in one transaction; rows are matched by the hospital's own codes, so importing the same
 * file again changes nothing and an edited file updates what changed. Rows absent from the file are kept.
 */

/** Issue texts, completed with the row and field by {@link CatalogueImportError}. */
const EMPTY = '不能为空';
const requiredText = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? EMPTY : '应为文字') })
    .check(z.trim(), z.minLength(1, { error: EMPTY }), z.maxLength(max, { error: `不能超过 ${max} 个字` }));
const optionalText = (max: number) =>
  z._default(
    z.string({ error: '应为文字' }).check(z.trim(), z.maxLength(max, { error: `不能超过 ${max} 个字` })),
    '',
  );
const code = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? EMPTY : '应为文字') })
  .check(
    z.trim(),
    z.minLength(1, { error: EMPTY }),
    z.regex(/^[A-Za-z0-9_.-]{1,32}$/, { error: '只能由字母、数字和 _ . - 组成，最多 32 个字符' }),
  );
const sortOrder = z._default(
  z.int({ error: '应为整数' }).check(z.gte(0, { error: '不能小于 0' }), z.lte(100000, { error: '太大' })),
  0,
);
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || String(issue.input).trim() === ''
        ? EMPTY
        : `应为 ${values.join('、')} 之一`,
  });

const hospitalSchema = z.object({
  id: z.string({ error: EMPTY }).check(z.regex(/^\d{1,10}$/, { error: '应为 1 到 10 位数字' })),
  key: z
    .string({ error: EMPTY })
    .check(z.regex(/^[a-z][a-z0-9-]{0,31}$/, { error: '应为小写字母开头的字母、数字或 -，最多 32 个字符' })),
  name: requiredText(50),
  originCode: requiredText(32),
  mdid: requiredText(32),
  canGoToHealthCard: z._default(z.boolean({ error: '应为 true 或 false' }), true),
});

const departmentSchema = z.object({
  code,
  name: requiredText(30),
  parentCode: z.optional(z.nullable(code)),
  intro: optionalText(2000),
  location: optionalText(100),
  sortOrder,
});

export const DOCTOR_TITLES = ['主任医师', '副主任医师', '主治医师', '住院医师', '医师'] as const;

const doctorSchema = z.object({
  code,
  departmentCode: code,
  name: requiredText(20),
  sex: oneOf(['男', '女']),
  title: oneOf(DOCTOR_TITLES),
  speciality: optionalText(500),
  intro: optionalText(2000),
  sortOrder,
});

const priceSchema = z.object({
  kind: oneOf(['DRUG', 'SERVICE']),
  code,
  name: requiredText(100),
  specification: optionalText(100),
  unit: requiredText(10),
  price: z
    .int({ error: (issue) => (issue.input === undefined ? EMPTY : '应为整数（单位：分）') })
    .check(z.gte(0, { error: '不能小于 0' }), z.lte(100_000_000, { error: '太大' })),
  insuranceCategory: oneOf(['A', 'B', 'SELF']),
  manufacturer: z.optional(z.nullable(optionalText(100))),
});

/** China wall-clock time 'HH:mm' (00:00–23:59). */
const timeOfDay = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? EMPTY : '应为文字') })
  .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: '应为 HH:mm 格式的时间，如 08:00' }));
const wholeNumber = (min: number, max: number) =>
  z
    .int({ error: (issue) => (issue.input === undefined ? EMPTY : '应为整数') })
    .check(
      z.gte(min, { error: `应在 ${min} 到 ${max} 之间` }),
      z.lte(max, { error: `应在 ${min} 到 ${max} 之间` }),
    );

/**
 * The hospital's booking rules (booking domain's `booking_rules`, read by its rules.ts): the whole row, so that a
 * new hospital can book. The cancel deadline is either a time the day before (DAY_BEFORE + cancelTime) or hours
 * before the half-day starts (HOURS_BEFORE + cancelHours).
 */
const bookingRulesSchema = z
  .object({
    daysAhead: wholeNumber(1, 30),
    releaseTime: timeOfDay,
    sameDayCutoffAm: timeOfDay,
    sameDayCutoffPm: timeOfDay,
    cancelRule: oneOf(['DAY_BEFORE', 'HOURS_BEFORE']),
    cancelTime: z.optional(z.nullable(timeOfDay)),
    cancelHours: z.optional(z.nullable(wholeNumber(0, 168))),
    holdMinutes: wholeNumber(1, 1440),
    dailyLimit: wholeNumber(1, 50),
    paymentAppId: z
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? EMPTY : '应为文字') })
      .check(z.regex(/^wx[0-9a-f]{16}$/, { error: '应为公众号/小程序的 AppID（wx 开头，共 18 位）' })),
  })
  .check(
    z.refine((r) => r.cancelRule !== 'DAY_BEFORE' || Boolean(r.cancelTime), {
      error: '退号规则为 DAY_BEFORE 时不能为空',
      path: ['cancelTime'],
    }),
    z.refine((r) => r.cancelRule !== 'HOURS_BEFORE' || (r.cancelHours ?? null) !== null, {
      error: '退号规则为 HOURS_BEFORE 时不能为空',
      path: ['cancelHours'],
    }),
    z.refine((r) => r.sameDayCutoffAm < r.sameDayCutoffPm, {
      error: '应早于下午当日挂号截止时间',
      path: ['sameDayCutoffAm'],
    }),
  );

const catalogueSchema = z.object({
  hospital: hospitalSchema,
  bookingRules: z.optional(bookingRulesSchema),
  systemParams: z._default(
    z.record(
      z.string().check(z.regex(/^[A-Z][A-Z0-9_]{0,63}$/, { error: '参数名应为大写字母、数字和 _' })),
      z.string({ error: '应为文字' }).check(z.maxLength(4000, { error: '不能超过 4000 个字' })),
    ),
    {},
  ),
  departments: z._default(z.array(departmentSchema), []),
  doctors: z._default(z.array(doctorSchema), []),
  prices: z._default(z.array(priceSchema), []),
});

/** The import file, as validated. */
export type Catalogue = z.output<typeof catalogueSchema>;

const SECTION: Record<string, string> = {
  hospital: '医院',
  systemParams: '系统参数',
  bookingRules: '预约规则',
  departments: '科室',
  doctors: '医生',
  prices: '价格',
};

const FIELD: Record<string, string> = {
  id: '编号',
  key: '标识',
  name: '名称',
  originCode: '机构编码',
  mdid: '区域平台编码',
  canGoToHealthCard: '电子健康卡',
  code: '编码',
  parentCode: '上级科室编码',
  intro: '简介',
  location: '位置',
  sortOrder: '排序',
  departmentCode: '科室编码',
  sex: '性别',
  title: '职称',
  speciality: '擅长',
  kind: '类别',
  specification: '规格',
  unit: '单位',
  price: '单价',
  insuranceCategory: '医保类别',
  manufacturer: '生产厂家',
  daysAhead: '可预约天数',
  releaseTime: '放号时间',
  sameDayCutoffAm: '上午当日挂号截止时间',
  sameDayCutoffPm: '下午当日挂号截止时间',
  cancelRule: '退号规则',
  cancelTime: '退号截止时间',
  cancelHours: '退号提前小时数',
  holdMinutes: '锁号分钟数',
  dailyLimit: '每日预约上限',
  paymentAppId: '支付AppID',
};

/** A rejected file: every problem, each naming its row (1-based within its list) and field. Nothing was written. */
export class CatalogueImportError extends Error {
  constructor(readonly problems: string[]) {
    super(`导入文件有 ${problems.length} 处错误，未导入任何数据：\n${problems.join('\n')}`);
  }
}

/** 第 12 行 医生 职称 不能为空 — from a path such as ['doctors', 11, 'title']. */
function describe(path: readonly PropertyKey[], message: string, row: RowNumber): string {
  const [section, second, third] = path;
  const sectionName = SECTION[String(section)] ?? String(section ?? '文件');
  if (typeof second === 'number') {
    const field = third === undefined ? '' : ` ${FIELD[String(third)] ?? String(third)}`;
    const what = sectionName === '医生' && third === 'name' ? ' 姓名' : field;
    return `第 ${row(String(section), second)} 行 ${sectionName}${what} ${message}`;
  }
  if (second === undefined) return `${sectionName} ${message}`;
  return `${sectionName} ${FIELD[String(second)] ?? String(second)} ${message}`;
}

/** The lists a CSV file may give instead of the JSON's. */
export type CsvList = 'departments' | 'doctors' | 'prices';

/** The row number a problem names: 1-based in a JSON list; the file's line (header = 1) for a CSV list. */
type RowNumber = (list: string, index: number) => number;

/**
 * Checks a parsed import file (shape, then codes across rows); throws {@link CatalogueImportError}.
 * `csvLists`: the lists that came from CSV files (their problems name the file's line).
 */
export function validateCatalogue(input: unknown, csvLists: readonly CsvList[] = []): Catalogue {
  const row: RowNumber = (list, index) => index + 1 + (csvLists.includes(list as CsvList) ? 1 : 0);
  const parsed = z.safeParse(catalogueSchema, input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => describe(issue.path, issue.message, row));
    throw new CatalogueImportError([...new Set(problems)]);
  }
  const catalogue = parsed.data;
  const problems: string[] = [];
  const rowOf = new Map<string, number>();
  catalogue.departments.forEach((d, i) => {
    const first = rowOf.get(d.code);
    if (first !== undefined)
      problems.push(
        `第 ${row('departments', i)} 行 科室 编码 ${d.code} 与第 ${row('departments', first)} 行重复`,
      );
    else rowOf.set(d.code, i);
  });
  catalogue.departments.forEach((d, i) => {
    if (!d.parentCode) return;
    const parent = catalogue.departments[rowOf.get(d.parentCode) ?? -1];
    if (!parent)
      problems.push(`第 ${row('departments', i)} 行 科室 上级科室编码 ${d.parentCode} 不在科室列表中`);
    else if (parent.parentCode) {
      problems.push(
        `第 ${row('departments', i)} 行 科室 上级科室编码 ${d.parentCode} 本身是二级科室（科室最多两级）`,
      );
    }
  });
  const doctorRows = new Map<string, number>();
  catalogue.doctors.forEach((d, i) => {
    const first = doctorRows.get(d.code);
    if (first !== undefined)
      problems.push(`第 ${row('doctors', i)} 行 医生 编码 ${d.code} 与第 ${row('doctors', first)} 行重复`);
    else doctorRows.set(d.code, i);
    if (!rowOf.has(d.departmentCode)) {
      problems.push(`第 ${row('doctors', i)} 行 医生 科室编码 ${d.departmentCode} 不在科室列表中`);
    }
  });
  const priceRows = new Map<string, number>();
  catalogue.prices.forEach((p, i) => {
    const key = `${p.kind}:${p.code}`;
    const first = priceRows.get(key);
    if (first !== undefined)
      problems.push(`第 ${row('prices', i)} 行 价格 编码 ${p.code} 与第 ${row('prices', first)} 行重复`);
    else priceRows.set(key, i);
  });
  if (problems.length > 0) throw new CatalogueImportError(problems);
  return catalogue;
}

/** Counts of what one import did per list. */
export interface ImportCounts {
  added: number;
  updated: number;
  unchanged: number;
}

export interface ImportSummary {
  hospitalId: string;
  hospital: 'added' | 'updated' | 'unchanged';
  /** absent: the file has no booking rules (the hospital's, if any, are kept). */
  bookingRules: 'added' | 'updated' | 'unchanged' | 'absent';
  systemParams: ImportCounts;
  departments: ImportCounts;
  doctors: ImportCounts;
  prices: ImportCounts;
}

const counts = (): ImportCounts => ({ added: 0, updated: 0, unchanged: 0 });

/** Whether every field of `wanted` equals the row's. */
const same = (row: Record<string, unknown>, wanted: Record<string, unknown>) =>
  Object.entries(wanted).every(([k, v]) => row[k] === v);

/**
 * Loads or updates the catalogue in one transaction (validateCatalogue first: a bad row writes nothing).
 * Refuses a hospital id whose `key` belongs to another hospital.
 */
export async function importCatalogue(
  db: Db,
  input: unknown,
  csvLists: readonly CsvList[] = [],
): Promise<ImportSummary> {
  const catalogue = validateCatalogue(input, csvLists);
  return db.transaction((tx) => writeCatalogue(tx, catalogue));
}

async function writeCatalogue(tx: DbOrTx, c: Catalogue): Promise<ImportSummary> {
  const h = c.hospital;
  const summary: ImportSummary = {
    hospitalId: h.id,
    hospital: 'unchanged',
    bookingRules: 'absent',
    systemParams: counts(),
    departments: counts(),
    doctors: counts(),
    prices: counts(),
  };
  const [byKey] = await tx.select().from(hospitals).where(eq(hospitals.key, h.key)).limit(1);
  if (byKey && byKey.id !== h.id) {
    throw new CatalogueImportError([`医院 标识 ${h.key} 已被编号为 ${byKey.id} 的医院使用`]);
  }
  const [existing] = await tx.select().from(hospitals).where(eq(hospitals.id, h.id)).limit(1);
  if (!existing) {
    await tx.insert(hospitals).values(h);
    summary.hospital = 'added';
  } else if (!same(existing, h)) {
    await tx.update(hospitals).set(h).where(eq(hospitals.id, h.id));
    summary.hospital = 'updated';
  }

  if (c.bookingRules) {
    const r = c.bookingRules;
    const wanted = {
      daysAhead: r.daysAhead,
      releaseTime: r.releaseTime,
      sameDayCutoffAm: r.sameDayCutoffAm,
      sameDayCutoffPm: r.sameDayCutoffPm,
      cancelRule: r.cancelRule,
      // The other rule's field is cleared, as the seed writes it (and the table's CHECK needs one of them).
      cancelTime: r.cancelRule === 'DAY_BEFORE' ? (r.cancelTime ?? null) : null,
      cancelHours: r.cancelRule === 'HOURS_BEFORE' ? (r.cancelHours ?? null) : null,
      holdMinutes: r.holdMinutes,
      dailyLimit: r.dailyLimit,
      paymentAppId: r.paymentAppId,
    };
    const [row] = await tx.select().from(bookingRules).where(eq(bookingRules.hospitalId, h.id)).limit(1);
    if (!row) {
      await tx.insert(bookingRules).values({ hospitalId: h.id, ...wanted });
      summary.bookingRules = 'added';
    } else if (!same(row, wanted)) {
      await tx.update(bookingRules).set(wanted).where(eq(bookingRules.hospitalId, h.id));
      summary.bookingRules = 'updated';
    } else summary.bookingRules = 'unchanged';
  }

  const params = new Map(
    (await tx.select().from(systemParams).where(eq(systemParams.hospitalId, h.id))).map((r) => [r.key, r]),
  );
  for (const [key, value] of Object.entries(c.systemParams)) {
    const row = params.get(key);
    if (!row) {
      await tx.insert(systemParams).values({ hospitalId: h.id, key, value });
      summary.systemParams.added++;
    } else if (row.value !== value) {
      await tx
        .update(systemParams)
        .set({ value })
        .where(and(eq(systemParams.hospitalId, h.id), eq(systemParams.key, key)));
      summary.systemParams.updated++;
    } else summary.systemParams.unchanged++;
  }

  // First-level departments before their clinics, so that a clinic finds its parent's id.
  const departmentIds = new Map(
    (await tx.select().from(departments).where(eq(departments.hospitalId, h.id))).map((r) => [r.code, r]),
  );
  const ordered = [
    ...c.departments.filter((d) => !d.parentCode),
    ...c.departments.filter((d) => d.parentCode),
  ];
  for (const d of ordered) {
    const wanted = {
      parentId: d.parentCode ? (departmentIds.get(d.parentCode)?.id ?? null) : null,
      name: d.name,
      intro: d.intro,
      location: d.location,
      sortOrder: d.sortOrder,
      ...spell(d.name),
    };
    const row = departmentIds.get(d.code);
    if (!row) {
      const [added] = await tx
        .insert(departments)
        .values({ hospitalId: h.id, code: d.code, ...wanted })
        .returning();
      departmentIds.set(d.code, added);
      summary.departments.added++;
    } else if (!same(row, wanted)) {
      const [updated] = await tx
        .update(departments)
        .set(wanted)
        .where(eq(departments.id, row.id))
        .returning();
      departmentIds.set(d.code, updated);
      summary.departments.updated++;
    } else summary.departments.unchanged++;
  }

  const doctorRows = new Map(
    (await tx.select().from(doctors).where(eq(doctors.hospitalId, h.id))).map((r) => [r.code, r]),
  );
  for (const d of c.doctors) {
    const wanted = {
      departmentId: departmentIds.get(d.departmentCode)?.id as number,
      name: d.name,
      sex: d.sex,
      title: d.title,
      speciality: d.speciality,
      intro: d.intro,
      sortOrder: d.sortOrder,
    };
    const row = doctorRows.get(d.code);
    if (!row) {
      await tx.insert(doctors).values({ hospitalId: h.id, code: d.code, ...wanted });
      summary.doctors.added++;
    } else if (!same(row, wanted)) {
      await tx.update(doctors).set(wanted).where(eq(doctors.id, row.id));
      summary.doctors.updated++;
    } else summary.doctors.unchanged++;
  }

  const priceRows = new Map(
    (await tx.select().from(priceItems).where(eq(priceItems.hospitalId, h.id))).map((r) => [
      `${r.kind}:${r.code}`,
      r,
    ]),
  );
  for (const p of c.prices) {
    const wanted = {
      name: p.name,
      specification: p.specification,
      unit: p.unit,
      price: p.price,
      insuranceCategory: p.insuranceCategory,
      manufacturer: p.manufacturer || null,
      ...spell(p.name),
    };
    const row = priceRows.get(`${p.kind}:${p.code}`);
    if (!row) {
      await tx.insert(priceItems).values({ hospitalId: h.id, kind: p.kind, code: p.code, ...wanted });
      summary.prices.added++;
    } else if (!same(row, wanted)) {
      await tx.update(priceItems).set(wanted).where(eq(priceItems.id, row.id));
      summary.prices.updated++;
    } else summary.prices.unchanged++;
  }
  return summary;
}

/** Columns of each CSV list that hold whole numbers (converted when they look like one; else left for zod to name). */
const NUMBER_COLUMNS: Record<CsvList, readonly string[]> = {
  departments: ['sortOrder'],
  doctors: ['sortOrder'],
  prices: ['price'],
};

/**
 * A CSV file of one list (UTF-8, optional BOM; first line the JSON field names, e.g.
 * `code,departmentCode,name,sex,title,speciality`; fields quoted with `"` when they hold a comma, quote or line
 * break) as the JSON rows: an empty cell is a missing field.
 */
export function csvRows(list: CsvList, text: string): Record<string, unknown>[] {
  const records = parseCsv(text.replace(/^\uFEFF/, ''));
  const [header, ...data] = records;
  if (!header) return [];
  const names = header.map((h) => h.trim());
  // Trailing empty lines are no rows; an empty line between rows is a row with every field missing.
  while (data.length > 0 && (data.at(-1) ?? []).every((c) => c.trim() === '')) data.pop();
  return data.map((cells) => {
    const row: Record<string, unknown> = {};
    names.forEach((name, i) => {
      const cell = (cells[i] ?? '').trim();
      if (cell === '') return;
      row[name] = NUMBER_COLUMNS[list].includes(name) && /^-?\d+$/.test(cell) ? Number(cell) : cell;
    });
    return row;
  });
}

/** RFC 4180 records (CRLF or LF); blank lines are kept as empty records so line numbers stay true. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
