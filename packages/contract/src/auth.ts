import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { mobilePhone } from './primitives.ts';

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
  summary: '短信验证码登录（绑定手机号）',
  auth: false,
  body: z.object({ phone: mobilePhone(), code: z.string().check(z.regex(/^\d{6}$/)) }),
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
