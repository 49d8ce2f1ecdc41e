import type { Endpoint, EndpointParsedInput } from '@patient/contract';
import * as z from 'zod/mini';
import { inputError } from './errors.ts';

type Issue = z.core.$ZodIssue;

const TYPE_NAMES: Record<string, string> = {
  string: '字符串',
  number: '数字',
  int: '整数',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  null: 'null',
};

/**
 * Plain-language hints for fields whose rule is a pattern; the pattern itself means nothing to a patient.
 * Keyed by the last path segment.
 */
const FORMAT_HINTS: Record<string, string> = {
  phone: '请输入正确的手机号码',
  code: '请输入6位数字验证码',
  number: '请输入6位数字验证码',
  birthDate: '日期格式应为 YYYY-MM-DD',
  medicalCardNo: '就诊卡号应为4至32位英文字母或数字',
  cardNo: '请输入4至32位就诊卡号或64位电子健康卡号',
  countyCode: '区县编码应为6位数字',
  sessionKey: '登录凭证格式不正确',
  returnPath: '返回地址应为本站以“/”开头的路径',
  ticket: '核身凭证格式不正确，请重新发起人脸识别验证',
};

const ID_FIELD = /(^id$|Id$)/;

/**
 * Characters no input may carry, whatever the field: NUL and every other C0 control (tab and line breaks
 * too: no input of the contract is multi-line text), DEL, the C1 controls, the Unicode line and paragraph
 * separators, the bidirectional embedding/override/isolate controls (they make text read differently from
 * what it is) and unpaired UTF-16 surrogates (no valid UTF-8 exists for them). NUL would otherwise reach
 * PostgreSQL, which cannot store it in text and fails the query.
 */
const FORBIDDEN_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const FORBIDDEN_TEXT_MESSAGE = '不能包含空字符、控制字符或无效的文字编码';

/** A key as it may appear in a message: forbidden characters written as \uXXXX, never raw. */
const printableKey = (key: string): string =>
  key.replace(
    new RegExp(FORBIDDEN_TEXT.source, 'g'),
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/**
 * The path to the first string (value or object key) in `data` holding a forbidden character, or null.
 * Iterative and linear in the size of `data` (a path is built only for the string found), so that deeply
 * nested JSON can neither exhaust the stack nor cost time quadratic in its depth.
 */
export function findForbiddenText(data: unknown): string[] | null {
  type Step = { value: unknown; key: string | null; parent: Step | null };
  const pathOf = (step: Step, last?: string): string[] => {
    const path = last === undefined ? [] : [last];
    for (let at: Step | null = step; at?.key != null; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const stack: Step[] = [{ value: data, key: null, parent: null }];
  while (stack.length > 0) {
    const step = stack.pop() as Step;
    const { value } = step;
    if (typeof value === 'string') {
      if (FORBIDDEN_TEXT.test(value)) return pathOf(step);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], key: String(i), parent: step });
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      for (const key of keys) if (FORBIDDEN_TEXT.test(key)) return pathOf(step, printableKey(key));
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push({ value: (value as Record<string, unknown>)[keys[i]], key: keys[i], parent: step });
      }
    }
  }
  return null;
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current = data;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** Chinese message for one zod issue; `value` is the offending input (never logged or echoed). */
function describe(issue: Issue, field: string, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) return `缺少必填参数`;
      if (value === null) return `不能为 null`;
      return `类型应为${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_big':
      if (issue.origin === 'string') return `长度不能超过 ${issue.maximum} 个字符`;
      if (issue.origin === 'array') return `最多 ${issue.maximum} 项`;
      return `不能大于 ${issue.maximum}`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? '不能为空' : `长度不能少于 ${issue.minimum} 个字符`;
      if (issue.origin === 'array') return `至少 ${issue.minimum} 项`;
      return `不能小于 ${issue.minimum}`;
    case 'invalid_format':
      if (FORMAT_HINTS[field]) return FORMAT_HINTS[field];
      if (ID_FIELD.test(field)) return '编号格式不正确（只能包含英文字母、数字、下划线和短横线）';
      return '格式不正确';
    case 'invalid_value':
      return `取值应为 ${issue.values.map(String).join('、')} 之一`;
    case 'invalid_union':
      return issue.errors.length > 0 && issue.errors[0]?.[0]?.code === 'invalid_value'
        ? `取值应为 ${(issue.errors[0][0] as z.core.$ZodIssueInvalidValue).values.map(String).join('、')} 之一`
        : '格式不正确';
    case 'unrecognized_keys':
      return `不支持的参数 ${issue.keys.join('、')}`;
    default:
      return '不正确';
  }
}

/** Validates one part of the request; throws a 400 ApiError naming the first bad field. */
export function parsePart<S extends z.ZodMiniType>(
  schema: S,
  data: unknown,
  location: 'params' | 'query' | 'body',
): z.output<S> {
  // A body is required unless the schema allows none (the upload calls: their parts are read by the handler).
  if (
    location === 'body' &&
    (data === undefined || data === null) &&
    !z.safeParse(schema, undefined).success
  ) {
    throw inputError(null, '请求体不能为空，请以 JSON 格式提交参数');
  }
  // Before the schema, whatever it allows: no input character reaches a handler (or a query) unchecked.
  const bad = findForbiddenText(data);
  if (bad) throw inputError(bad.length > 0 ? bad.join('.') : null, FORBIDDEN_TEXT_MESSAGE);
  const result = z.safeParse(schema, data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue.path.filter((key): key is string | number => typeof key !== 'symbol');
  if (path.length === 0) {
    if (location === 'body') throw inputError(null, '请求体格式不正确，应为 JSON 对象');
    throw inputError(null, '请求参数格式不正确');
  }
  const field = path.map(String).join('.');
  const last = String(path[path.length - 1]);
  throw inputError(field, describe(issue, last, valueAt(data, issue.path)));
}

/** Parses params, query and body of a request with the endpoint's schemas. */
export function parseInput<E extends Endpoint>(
  endpoint: E,
  raw: { params: unknown; query: unknown; body: unknown },
): EndpointParsedInput<E> {
  return {
    params: endpoint.params ? parsePart(endpoint.params, raw.params ?? {}, 'params') : undefined,
    query: endpoint.query ? parsePart(endpoint.query, raw.query ?? {}, 'query') : undefined,
    body: endpoint.body ? parsePart(endpoint.body, raw.body, 'body') : undefined,
  } as EndpointParsedInput<E>;
}
