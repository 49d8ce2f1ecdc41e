import * as z from 'zod/mini';
import { documentVersion } from './consent.ts';
import { endpoint } from './endpoint.ts';
import { id, mobilePhone } from './primitives.ts';

/** SMS login (001 §7 'Login'). logout and session are additions of ours. */
export const sendLoginCode = endpoint({
  id: 'sendLoginCode',
  method: 'POST',
  path: '/v1/auth/sendCode',
  summary: '发送登录短信验证码',
  auth: false,
  body: z.object({ phone: mobilePhone() }),
  results: z.object({ resendAfterSeconds: z.number() }),
});

export const sessionUser = z.object({
  userId: z.string(),
  /** Masked, e.g. *******1234. */
  phone: z.string(),
});
export type SessionUser = z.output<typeof sessionUser>;

export const bindPhone = endpoint({
  id: 'bindPhone',
  method: 'POST',
  path: '/v1/auth/bindPhone',
  summary: '短信验证码登录（绑定手机号），同时同意医院当前版本的用户协议与隐私政策',
  auth: false,
  body: z.object({
    phone: mobilePhone(),
    code: z.string().check(z.regex(/^\d{6}$/)),
    /**
     * Ours, beyond 001 §7 (个人信息保护法 §13–14: consent before processing): the versions of the hospital's
     * 隐私政策 and 用户协议 the patient read and ticked on the login screen; both must be current, and the login
     * records the consents.
     */
    agreement: z.object({
      hospitalId: id(),
      policyVersion: documentVersion(),
      agreementVersion: documentVersion(),
    }),
  }),
  results: sessionUser,
});

export const getSession = endpoint({
  id: 'getSession',
  method: 'GET',
  path: '/v1/auth/session',
  summary: '当前登录用户（未登录时为 null）',
  auth: false,
  results: z.nullable(sessionUser),
});

export const logout = endpoint({
  id: 'logout',
  method: 'POST',
  path: '/v1/auth/logout',
  summary: '退出登录',
  auth: false,
  results: z.boolean(),
});

/**
 * The business error GET /v1/test/order/error always answers (HTTP 200, this state, msg and subMsg, results null).
 * State 409 is an ordinary business refusal (not a session code, not an input error), so the app's general rule
 * applies: a toast of subMsg or msg.
 */
export const TEST_ORDER_ERROR = {
  state: 409,
  msg: '测试：订单异常',
  subMsg: '这是用于检验错误提示的测试订单错误，未做任何操作',
} as const;

/**
 * GET /v1/test/order/error (001 §7 'Login'; the specification names it without its answer). Our decision: a
 * probe that never succeeds and always answers the well-formed business error {@link TEST_ORDER_ERROR}, so a
 * client (or support with a customer's phone) can check that order errors reach the user as a toast. It is safe
 * in production: no login needed, no parameters read, no database access, no state change, no personal data, the
 * same answer for everybody (so no rate limit of its own is needed, like /healthz) and never cached (no-store).
 * It is not a view of real order errors: those would be other users' data.
 */
export const testOrderError = endpoint({
  id: 'testOrderError',
  method: 'GET',
  path: '/v1/test/order/error',
  summary: '测试接口：总是返回一个订单业务错误（用于检验客户端错误处理，无任何副作用）',
  auth: false,
  results: z.literal(null),
});
