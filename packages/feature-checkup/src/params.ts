import { CHECKUP_GLOSSARY } from '@patient/contract';

/**
 * The one place where the HIS abbreviations of the check-up route parameters (001 §2: brsqhm, czyhid, …)
 * meet the contract's readable names (CHECKUP_GLOSSARY of @patient/contract, explained in the README).
 * Screens read their parameters with checkupParams and build links with the *Path functions; nothing else
 * in the package names a HIS field.
 */

export type HisName = keyof typeof CHECKUP_GLOSSARY;
export type ReadableName = (typeof CHECKUP_GLOSSARY)[HisName];

/** The value type of a readable name: the count of places is a number, everything else text. */
type ValueOf<R extends ReadableName> = R extends 'available' ? number : string;

/** The readable values of the HIS names K. */
export type ReadableParams<K extends HisName> = {
  [H in K as (typeof CHECKUP_GLOSSARY)[H]]: ValueOf<(typeof CHECKUP_GLOSSARY)[H]>;
};

const code = (max: number) => (v: string) => new RegExp(`^[A-Za-z0-9_-]{1,${max}}$`).test(v);

function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
}

const TIME = '([01]\\d|2[0-3]):[0-5]\\d';
const TIME_RANGE = new RegExp(`^${TIME}-${TIME}$`);

/** How each value is checked, and its Chinese name for the message. Limits follow the contract. */
const RULES: Record<ReadableName, { label: string; valid(value: string): boolean }> = {
  applicationNo: { label: '检查申请单号', valid: code(32) },
  orderItemId: { label: '检查医嘱', valid: code(32) },
  visitType: { label: '就诊类型', valid: code(4) },
  itemCode: { label: '检查项目', valid: code(32) },
  urgentFlag: { label: '加急标志', valid: code(4) },
  emergencySchedule: { label: '急诊排班标志', valid: code(4) },
  itemTypeId: { label: '检查类别', valid: code(8) },
  date: { label: '预约日期', valid: isIsoDate },
  available: { label: '可预约数量', valid: (v) => /^\d{1,6}$/.test(v) },
  workNo: { label: '排班编号', valid: code(32) },
  batchId: { label: '预约时段', valid: code(32) },
  timeRange: { label: '预约时间段', valid: (v) => TIME_RANGE.test(v) },
};

/**
 * react-router decodes a segment once; a value still holding '%' was encoded twice (decoded here) or is
 * malformed (null). '' when missing.
 */
function decode(raw: string | undefined): string | null {
  if (raw === undefined) return '';
  try {
    return (raw.includes('%') ? decodeURIComponent(raw) : raw).trim();
  } catch {
    return null;
  }
}

export type CheckupParamsResult<K extends HisName> =
  | { ok: true; values: ReadableParams<K> }
  | { ok: false; message: string };

const isHisName = (key: string): key is HisName =>
  Object.prototype.hasOwnProperty.call(CHECKUP_GLOSSARY, key);

/**
 * Maps route parameters with HIS names to the contract's readable names, checking each value: `names` are
 * required (default: every HIS name present). The first missing or malformed one gives a Chinese message,
 * and the screen sends nothing.
 */
export function checkupParams<K extends HisName>(
  routeParams: Readonly<Record<string, string | undefined>>,
  names?: readonly K[],
): CheckupParamsResult<K> {
  const wanted = (names ?? Object.keys(routeParams).filter(isHisName)) as readonly K[];
  const values: Record<string, string | number> = {};
  for (const his of wanted) {
    const readable = CHECKUP_GLOSSARY[his];
    const rule = RULES[readable];
    const value = decode(routeParams[his]);
    if (value === '') {
      return { ok: false, message: `页面链接缺少${rule.label}，请返回检查预约列表重新进入` };
    }
    if (value === null || !rule.valid(value)) {
      return { ok: false, message: `页面链接中的${rule.label}有误，请返回检查预约列表重新进入` };
    }
    values[readable] = readable === 'available' ? Number(value) : value;
  }
  return { ok: true, values: values as ReadableParams<K> };
}

/** The reverse: readable values to route parameters with the HIS names (text, not yet encoded). */
export function hisParams(
  values: Partial<Record<ReadableName, string | number>>,
): Partial<Record<HisName, string>> {
  const out: Partial<Record<HisName, string>> = {};
  for (const his of Object.keys(CHECKUP_GLOSSARY) as HisName[]) {
    const value = values[CHECKUP_GLOSSARY[his]];
    if (value !== undefined) out[his] = String(value);
  }
  return out;
}

/** The HIS names of each route, in path order. */
export const ROUTE_PARAMS = {
  chooseDate: ['brsqhm', 'czyhid', 'brjzlx', 'zlxmbm', 'cretbz', 'sfjzpb', 'xmlxid'],
  confirm: ['brsqhm', 'czyhid', 'bryyrq', 'kyzysl', 'pbgzbh', 'pbpcid', 'pbsjfw'],
  application: ['brsqhm', 'czyhid'],
} as const satisfies Record<string, readonly HisName[]>;

/** Route patterns (the same as the feature's route table). */
export const CHECKUP_ROUTES = {
  list: '/checkAppoint/list',
  chooseDate: `/checkAppoint/chooseDate/${ROUTE_PARAMS.chooseDate.map((p) => `:${p}`).join('/')}`,
  confirm: `/checkAppoint/sureCheck/${ROUTE_PARAMS.confirm.map((p) => `:${p}`).join('/')}`,
  success: `/checkAppoint/checkSuccess/${ROUTE_PARAMS.application.map((p) => `:${p}`).join('/')}`,
  detail: `/checkAppoint/detail/${ROUTE_PARAMS.application.map((p) => `:${p}`).join('/')}`,
  reminder: '/checkAppointRemind/:id',
} as const;

function build(
  base: string,
  names: readonly HisName[],
  values: Partial<Record<ReadableName, string | number>>,
) {
  const his = hisParams(values);
  return `${base}/${names.map((name) => encodeURIComponent(his[name] ?? '')).join('/')}`;
}

export type ChooseDateValues = ReadableParams<(typeof ROUTE_PARAMS.chooseDate)[number]>;
export type ConfirmValues = ReadableParams<(typeof ROUTE_PARAMS.confirm)[number]>;
export type ApplicationKey = ReadableParams<(typeof ROUTE_PARAMS.application)[number]>;

/** /checkAppoint/chooseDate/:brsqhm/:czyhid/:brjzlx/:zlxmbm/:cretbz/:sfjzpb/:xmlxid */
export const chooseDatePath = (v: ChooseDateValues) =>
  build('/checkAppoint/chooseDate', ROUTE_PARAMS.chooseDate, v);

/** /checkAppoint/sureCheck/:brsqhm/:czyhid/:bryyrq/:kyzysl/:pbgzbh/:pbpcid/:pbsjfw (time range encoded). */
export const confirmPath = (v: ConfirmValues) => build('/checkAppoint/sureCheck', ROUTE_PARAMS.confirm, v);

/** /checkAppoint/checkSuccess/:brsqhm/:czyhid */
export const successPath = (v: ApplicationKey) =>
  build('/checkAppoint/checkSuccess', ROUTE_PARAMS.application, v);

/** /checkAppoint/detail/:brsqhm/:czyhid */
export const detailPath = (v: ApplicationKey) => build('/checkAppoint/detail', ROUTE_PARAMS.application, v);

/** /checkAppointRemind/:id, where id is the examination type (xmlxid: CT, MR, US, ES) or GENERAL. */
export const reminderPath = (id: string) => `/checkAppointRemind/${encodeURIComponent(id)}`;

export const LIST_PATH = CHECKUP_ROUTES.list;
