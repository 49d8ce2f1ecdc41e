/** Every user-facing text of the client (000 §8), in Chinese. */
export const MESSAGES = {
  /** Title of the 40300 dialog. */
  bannedTitle: '封禁提示',
  /** Body of the 40300 dialog when the answer carries no subMsg. */
  bannedFallback: '您的账号已被封禁',
  bannedConfirm: '我知道了',
  /** Title of the 40302 dialog. */
  offlineTitle: '下线通知',
  /** Body of the 40302 dialog when the answer carries no subMsg. */
  offlineFallback: '您的账号已在其他设备登录，请重新登录',
  offlineConfirm: '重新登录',
  /** Error message (never shown) of 40301 and HTTP 401. */
  sessionExpired: '登录已失效，请重新登录',
  staffSignIn: '请以医院工作人员身份登录',
  sensitiveConsent: '需要您同意处理敏感个人信息后才能查看',
  notFound: '网络资源未找到',
  serverError: '服务器请求异常',
  requestFailed: '请求失败，请稍后重试',
  networkError: '网络连接失败，请检查网络后重试',
  /** A 2xx answer whose body is not an envelope. */
  badResponse: '服务器响应异常，请稍后重试',
  /** Cancelled by cancelPending (route change). */
  cancelled: '页面已切换，请求已取消',
  /** Cancelled through the caller's own AbortSignal. */
  aborted: '请求已取消',
} as const;

/** Toast durations in ms (000 §9). */
export const TOAST_MS = { default: 2000, serverError: 5000 } as const;

/** Where the session reactions of 000 §8 lead. */
export const LOGIN_PATH = '/login';

/** Where a staff call without a staff session (subCode 40320) leads: the nurse side's home, which signs staff in. */
export const STAFF_SIGN_IN_PATH = '/bedReservation/nurse/index';

/**
 * The login screen that sends the patient back to `from` (path and query) once logged in; plain /login from
 * the homepage, the root or the login screen itself.
 */
export function loginPath(from?: string): string {
  if (!from || from === '/' || from === '/homepage' || from.startsWith(LOGIN_PATH)) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(from)}`;
}
