import * as z from 'zod/mini';

/** Application-level codes carried in `subCode` (000 §8). */
export const SUB_CODE = {
  /** The user is banned: dialog 'ban notice' with subMsg, then /login. */
  BANNED: 40300,
  /** The session is gone: straight to /login. */
  SESSION_GONE: 40301,
  /** Logged in on another device: dialog 'offline notice', then /login. */
  LOGGED_IN_ELSEWHERE: 40302,
  /**
   * (state 403) The contact's hospital data (HIS cards, examination requests) needs the contact proven first:
   * the app offers 验证身份: the code sent to the phone the HIS holds (sendHisIdentityCode, then verifyHisIdentity)
   * or a face verification (startFaceVerification, then verifyFaceResult). Not a session problem.
   */
  HIS_IDENTITY_REQUIRED: 40310,
  /**
   * (HTTP 401) A staff call (nurse side of bed reservation) without a staff session: the app opens the staff
   * sign-in (/bedReservation/nurse/index), not the patient's /login.
   */
  STAFF_SIGN_IN_REQUIRED: 40320,
  /**
   * (state 403) A `sensitive` call (ID numbers, ID photos, medical data) while the account has no standing
   * SENSITIVE consent to the hospital's current 隐私政策: the app asks for that consent (giveConsent, kind
   * SENSITIVE) and, once given, makes the call again. Nothing was read or changed.
   */
  SENSITIVE_CONSENT_REQUIRED: 40330,
} as const;

/**
 * Response header with the service's time (ms since the epoch) on every response. Clients count down holds
 * and decide 'today' on it, not on the phone's clock, which is often minutes or hours off.
 */
export const SERVER_TIME_HEADER = 'x-server-time';

/**
 * Request header naming the host the page runs in (000 §6): a mini-program, WeChat's browser, or
 * {@link BROWSER_CHANNEL}. api-client sends it on every call; the service refuses the apps' calls without it,
 * because no other site can make a browser send it (a cross-site link or form cannot set headers, and a
 * cross-site script needs a CORS preflight, which the service never grants).
 */
export const CHANNEL_HEADER = 'channelType';

/** The channel header's value from an ordinary browser (the spec names only the mini-programs and WeChat). */
export const BROWSER_CHANNEL = 'H5';

/** The only `state` that counts as success. Other states carry an error in msg/subMsg. */
export const STATE_OK = 200;

/** The response envelope of every call. */
export function envelopeOf<T extends z.ZodMiniType>(results: T) {
  return z.object({
    state: z.number(),
    msg: z.optional(z.nullable(z.string())),
    subMsg: z.optional(z.nullable(z.string())),
    subCode: z.optional(z.nullable(z.number())),
    results: z.optional(z.nullable(results)),
  });
}

/** The envelope with any results, as both sides see it on the wire. */
export const envelope = envelopeOf(z.unknown());

export interface Envelope<T = unknown> {
  state: number;
  msg?: string | null;
  subMsg?: string | null;
  subCode?: number | null;
  results?: T | null;
}
