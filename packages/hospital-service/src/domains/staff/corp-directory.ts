import { randomBytes } from 'node:crypto';
import { MINUTE } from '../../platform/clock.ts';

/**
 * The corporate-messaging platform (企业微信) as the service needs it for staff sign-in (OAuth 2 web
 * authorisation, scope snsapi_base): where to send the browser, and the exchange of the code it comes back with
 * for the member's userid.
 */
export interface CorpDirectory {
  readonly kind: 'wecom' | 'simulated';
  /** The authorisation page that returns to `redirectUri` with `code` and `state`. */
  authorizeUrl(input: { hospitalId: string; redirectUri: string; state: string }): string;
  /** The member's userid for a code, or null when the platform refuses the code (used, expired, not a member). */
  userIdOf(code: string): Promise<string | null>;
}

/** Why the platform could not be asked (not a refused code): the sign-in answers 502. */
export class CorpDirectoryError extends Error {}

export interface WeComConfig {
  corpId: string;
  corpSecret: string;
  agentId: string;
  /** Default https://qyapi.weixin.qq.com (tests: a local fake). */
  apiBase?: string;
  now?: () => number;
}

interface WeComAnswer {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  expires_in?: number;
  userid?: string;
  UserId?: string;
}

/** Errors of an access token that is no longer good: fetch a new one and ask again, once. */
const TOKEN_ERRORS = new Set([40014, 42001]);

/**
 * The real adapter: `GET /cgi-bin/gettoken?corpid&corpsecret` (the token is kept until 5 minutes before it
 * expires) and `GET /cgi-bin/auth/getuserinfo?access_token&code`. A code of someone outside the corporation
 * answers an openid without userid: refused like an invalid code (errcode 40029).
 */
export class WeComDirectory implements CorpDirectory {
  readonly kind = 'wecom' as const;
  private token: { value: string; until: number } | null = null;
  private readonly base: string;
  private readonly now: () => number;

  constructor(private readonly config: WeComConfig) {
    this.base = (config.apiBase ?? 'https://qyapi.weixin.qq.com').replace(/\/$/, '');
    this.now = config.now ?? Date.now;
  }

  authorizeUrl({ redirectUri, state }: { hospitalId: string; redirectUri: string; state: string }): string {
    const q = new URLSearchParams({
      appid: this.config.corpId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'snsapi_base',
      state,
      agentid: this.config.agentId,
    });
    return `https://open.weixin.qq.com/connect/oauth2/authorize?${q}#wechat_redirect`;
  }

  private async get(path: string, query: Record<string, string>): Promise<WeComAnswer> {
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}?${new URLSearchParams(query)}`, {
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new CorpDirectoryError(`企业微信接口无法访问：${(error as Error).message}`);
    }
    if (!response.ok) throw new CorpDirectoryError(`企业微信接口返回 HTTP ${response.status}`);
    try {
      return (await response.json()) as WeComAnswer;
    } catch {
      throw new CorpDirectoryError('企业微信接口的应答不是 JSON');
    }
  }

  private async accessToken(fresh: boolean): Promise<string> {
    if (!fresh && this.token && this.token.until > this.now()) return this.token.value;
    const answer = await this.get('/cgi-bin/gettoken', {
      corpid: this.config.corpId,
      corpsecret: this.config.corpSecret,
    });
    if (answer.errcode || !answer.access_token) {
      throw new CorpDirectoryError(
        `获取企业微信 access_token 失败：${answer.errcode} ${answer.errmsg ?? ''}`,
      );
    }
    const seconds = answer.expires_in ?? 7200;
    this.token = { value: answer.access_token, until: this.now() + seconds * 1000 - 5 * MINUTE };
    return answer.access_token;
  }

  async userIdOf(code: string): Promise<string | null> {
    for (const fresh of [false, true]) {
      const answer = await this.get('/cgi-bin/auth/getuserinfo', {
        access_token: await this.accessToken(fresh),
        code,
      });
      const errcode = answer.errcode ?? 0;
      if (errcode === 0) return answer.userid ?? answer.UserId ?? null;
      if (TOKEN_ERRORS.has(errcode) && !fresh) continue;
      if (errcode === 40029 || errcode === 50001 || errcode === 60011) return null;
      throw new CorpDirectoryError(`企业微信换取成员身份失败：${errcode} ${answer.errmsg ?? ''}`);
    }
    return null;
  }
}

/** Where the simulated authorisation page is served (outside production only). */
export const SIMULATED_AUTHORIZE_PATH = '/wxcorp-service/__dev/wecom/authorize';

/**
 * The simulated platform for development and the browser tests: its authorisation page (dev-page.ts) lists the
 * hospital's seeded staff; choosing one issues a one-time code (5 minutes) that `userIdOf` takes once.
 */
export class SimulatedCorpDirectory implements CorpDirectory {
  readonly kind = 'simulated' as const;
  readonly simulated = true;
  private readonly codes = new Map<string, { userId: string; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  authorizeUrl({
    hospitalId,
    redirectUri,
    state,
  }: {
    hospitalId: string;
    redirectUri: string;
    state: string;
  }) {
    const q = new URLSearchParams({ hospitalId, redirect_uri: redirectUri, state });
    return `${SIMULATED_AUTHORIZE_PATH}?${q}`;
  }

  /** A code for the member, as the platform gives the browser after authorisation. */
  issueCode(userId: string): string {
    const code = `SIM${randomBytes(16).toString('base64url')}`;
    this.codes.set(code, { userId, until: this.now() + 5 * MINUTE });
    return code;
  }

  async userIdOf(code: string): Promise<string | null> {
    const found = this.codes.get(code);
    this.codes.delete(code);
    return found && found.until > this.now() ? found.userId : null;
  }
}

/**
 * The platform configured by WECOM_CORP_ID, WECOM_CORP_SECRET, WECOM_AGENT_ID (and WECOM_API_BASE), else the
 * simulated one — outside production only; production without them has no staff sign-in (null).
 */
export function corpDirectoryFrom(
  env: NodeJS.ProcessEnv,
  production: boolean,
  now: () => number,
): CorpDirectory | null {
  const { WECOM_CORP_ID, WECOM_CORP_SECRET, WECOM_AGENT_ID, WECOM_API_BASE } = env;
  if (WECOM_CORP_ID && WECOM_CORP_SECRET && WECOM_AGENT_ID) {
    return new WeComDirectory({
      corpId: WECOM_CORP_ID,
      corpSecret: WECOM_CORP_SECRET,
      agentId: WECOM_AGENT_ID,
      apiBase: WECOM_API_BASE,
      now,
    });
  }
  return production ? null : new SimulatedCorpDirectory(now);
}
