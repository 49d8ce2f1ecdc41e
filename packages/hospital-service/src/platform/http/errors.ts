import { type Envelope, SUB_CODE } from '@patient/contract';

/**
 * Every non-success answer is an ApiError: the HTTP status and the envelope it produces.
 * - input errors: HTTP 400, state 400;
 * - not logged in: HTTP 401, state 401;
 * - business errors (not found, conflict, rate limit, banned, session gone…): HTTP 200, state ≠ 200;
 * - unknown routes: HTTP 404; unexpected failures: HTTP 500 (built by the error handler).
 */
export class ApiError extends Error {
  readonly httpStatus: number;
  readonly envelope: Envelope;

  constructor(httpStatus: number, envelope: Envelope) {
    super(envelope.msg ?? 'ApiError');
    this.name = 'ApiError';
    this.httpStatus = httpStatus;
    this.envelope = envelope;
  }
}

/**
 * A business rule said no: HTTP 200 with `state` ≠ 200 (the app shows subMsg or msg as a toast).
 * `results` may carry details the app acts on (e.g. which fields are missing).
 */
export function businessError(
  state: number,
  msg: string,
  subMsg: string = msg,
  results: unknown = null,
): ApiError {
  return new ApiError(200, { state, msg, subMsg, subCode: null, results });
}

export const notFound = (what: string): ApiError =>
  businessError(404, `${what}不存在`, `${what}不存在或已被删除`);

export const conflict = (msg: string, subMsg: string = msg): ApiError => businessError(409, msg, subMsg);

export const tooManyRequests = (msg: string, subMsg: string = msg): ApiError =>
  businessError(429, msg, subMsg);

/** Bad input: HTTP 400, the msg names the field, subMsg is the plain message for the toast. */
export function inputError(field: string | null, message: string): ApiError {
  const msg = field ? `参数 ${field} 不正确：${message}` : message;
  return new ApiError(400, {
    state: 400,
    msg,
    subMsg: message,
    subCode: null,
    results: field ? { field } : null,
  });
}

export const notLoggedIn = (): ApiError =>
  new ApiError(401, {
    state: 401,
    msg: '请先登录',
    subMsg: '请先登录后再使用此功能',
    subCode: null,
    results: null,
  });

export const banned = (): ApiError =>
  new ApiError(200, {
    state: 403,
    msg: '账号已被封禁',
    subMsg: '您的账号因违规已被封禁，如有疑问请联系医院客服',
    subCode: SUB_CODE.BANNED,
    results: null,
  });

export const sessionGone = (): ApiError =>
  new ApiError(200, {
    state: 403,
    msg: '登录已失效',
    subMsg: '登录已过期或已退出，请重新登录',
    subCode: SUB_CODE.SESSION_GONE,
    results: null,
  });

export const loggedInElsewhere = (): ApiError =>
  new ApiError(200, {
    state: 403,
    msg: '账号已在其他设备登录',
    subMsg: '您的账号已在其他设备登录，如非本人操作，请重新登录并及时联系医院客服',
    subCode: SUB_CODE.LOGGED_IN_ELSEWHERE,
    results: null,
  });

export const notOpen = (what = '该功能'): ApiError =>
  businessError(501, `${what}暂未开放`, `${what}暂未开放，敬请期待`);

export const INTERNAL_ERROR: Envelope = {
  state: 500,
  msg: '服务器内部错误',
  subMsg: '服务器开小差了，请稍后再试',
  subCode: null,
  results: null,
};

export const ROUTE_NOT_FOUND: Envelope = {
  state: 404,
  msg: '接口不存在',
  subMsg: '请求的接口不存在，请检查地址',
  subCode: null,
  results: null,
};

export function ok<T>(results: T): Envelope<T> {
  return { state: 200, msg: 'success', subMsg: null, subCode: null, results };
}
