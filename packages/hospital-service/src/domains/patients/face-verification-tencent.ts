import { CommonClient } from 'tencentcloud-sdk-nodejs-common';
import { isSafeReturnPath } from '../../platform/http/html-page.ts';
import {
  type TencentCloudEndpoint,
  tencentCloudCode,
  tencentCloudProfile,
} from '../../platform/tencent-cloud.ts';
import {
  type FaceVerification,
  FaceVerificationError,
  type FaceVerificationRequest,
  type FaceVerificationResult,
  SimulatedFaceVerification,
} from './face-verification.ts';

/** What a hospital supplies for Tencent Cloud FaceID (人脸核身, TENCENT_FACEID_*). */
export interface TencentFaceIdConfig extends Partial<TencentCloudEndpoint> {
  secretId: string;
  secretKey: string;
  /** The business flow (RuleId) created and approved in the FaceID console. */
  ruleId: string;
  /**
   * The apps' origins (`https://h5.hospital.cn`) the platform may send the patient back to; the first is the
   * default, another one is used when the request came from it.
   */
  redirectOrigins: readonly string[];
  /** Default `ap-guangzhou` (FaceID does not need one; the SDK sends it). */
  region?: string;
}

const RESIDENT_ID = /^\d{17}[\dX]$/;
const TICKET = /^[A-Za-z0-9_-]{8,128}$/;
/** Answer codes of a BizToken the platform does not know (any more): the result is UNKNOWN. */
const UNKNOWN_TOKEN = /^(InvalidParameterValue\.BizToken(Expired|Illegal)|ResourceNotFound)/;

/**
 * Face verification on Tencent Cloud FaceID's H5 flow (慧眼人脸核身 SaaS, API 2018-03-01): `DetectAuth` with the
 * person's name and resident ID number gives the verification page's `Url` and a `BizToken` (the ticket);
 * `GetDetectInfoEnhanced` (text only) gives the result — `ErrCode` null while the patient has not finished, 0 when
 * the face matched the public-security photo of the person the platform names in `Text.Name` / `Text.IdCard`
 * (the person proven is the platform's, not the request's). Signed TC3-HMAC-SHA256 by the official SDK's common
 * client (Tencent publishes no separate FaceID package on npm).
 */
export class TencentFaceVerification implements FaceVerification {
  readonly kind = 'real' as const;
  readonly #client: CommonClient;

  constructor(private readonly config: TencentFaceIdConfig) {
    if (config.redirectOrigins.length === 0)
      throw new Error('人脸核身缺少回跳地址（TENCENT_FACEID_REDIRECT_ORIGINS）');
    for (const origin of config.redirectOrigins) {
      if (new URL(origin).origin !== origin || !origin.startsWith('https://'))
        throw new Error(`人脸核身回跳地址须为 https:// 源（不带路径）：${origin}`);
    }
    this.#client = new CommonClient(config.endpoint ?? 'faceid.tencentcloudapi.com', '2018-03-01', {
      credential: { secretId: config.secretId, secretKey: config.secretKey },
      region: config.region ?? 'ap-guangzhou',
      profile: tencentCloudProfile({
        endpoint: config.endpoint ?? 'faceid.tencentcloudapi.com',
        connectUrl: config.connectUrl,
        timeoutSeconds: config.timeoutSeconds,
      }),
    });
  }

  async start(request: FaceVerificationRequest) {
    if (request.name.trim() === '') throw new FaceVerificationError('姓名不能为空');
    if (!RESIDENT_ID.test(request.idNumber))
      throw new FaceVerificationError('人脸核身仅支持18位居民身份证号码');
    if (!isSafeReturnPath(request.returnUrl)) throw new FaceVerificationError('返回地址须为本站路径');
    const origin =
      request.origin && this.config.redirectOrigins.includes(request.origin)
        ? request.origin
        : this.config.redirectOrigins[0];
    const answer = await this.#call('DetectAuth', {
      RuleId: this.config.ruleId,
      IdCard: request.idNumber,
      Name: request.name.trim(),
      RedirectUrl: `${origin}${request.returnUrl}`,
    });
    const url = typeof answer.Url === 'string' ? answer.Url : '';
    const ticket = typeof answer.BizToken === 'string' ? answer.BizToken : '';
    if (!url.startsWith('https://') || !TICKET.test(ticket))
      throw new FaceVerificationError('人脸核身平台返回的核身地址或 BizToken 不正确');
    return { verifyUrl: url, ticket };
  }

  async result(ticket: string): Promise<FaceVerificationResult> {
    const unknown = { status: 'UNKNOWN', passed: false, person: null } as const;
    if (!TICKET.test(ticket)) return unknown;
    let answer: Record<string, unknown>;
    try {
      answer = await this.#call('GetDetectInfoEnhanced', {
        BizToken: ticket,
        RuleId: this.config.ruleId,
        InfoType: '1',
      });
    } catch (error) {
      if (error instanceof TencentFaceIdError && UNKNOWN_TOKEN.test(error.platformCode)) return unknown;
      throw error;
    }
    const text = (answer.Text ?? null) as {
      ErrCode?: number | null;
      Name?: string | null;
      IdCard?: string | null;
    } | null;
    if (text?.ErrCode === null || text?.ErrCode === undefined)
      return { status: 'PENDING', passed: false, person: null };
    if (text.ErrCode !== 0 || !text.Name || !text.IdCard)
      return { status: 'FAILED', passed: false, person: null };
    return {
      status: 'PASSED',
      passed: true,
      person: { name: text.Name, idNumber: text.IdCard.toUpperCase() },
    };
  }

  /** One call; an answer with an error code is a FaceVerificationError, no answer at all a plain failure. */
  async #call(action: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    try {
      return (await this.#client.request(action, params)) as Record<string, unknown>;
    } catch (error) {
      const code = tencentCloudCode(error);
      if (!code) throw new Error(`腾讯云人脸核身无法访问（${action}）`);
      throw new TencentFaceIdError(code, action);
    }
  }
}

/** The platform answered a call with an error code (keys, RuleId, arrears, an unknown BizToken…). */
export class TencentFaceIdError extends FaceVerificationError {
  constructor(
    readonly platformCode: string,
    action: string,
  ) {
    super(`腾讯云人脸核身 ${action} 返回 ${platformCode}`);
  }
}

/**
 * The face verification a deployment's environment gives: Tencent FaceID when TENCENT_FACEID_SECRET_ID is set
 * (then every TENCENT_FACEID_* it needs, or the start stops naming the missing ones); otherwise the simulated one
 * outside production and none in production.
 */
export function faceVerificationFrom(
  env: NodeJS.ProcessEnv,
  production: boolean,
  now: () => number,
): FaceVerification | null {
  const value = (name: string) => env[`TENCENT_FACEID_${name}`]?.trim() ?? '';
  if (!value('SECRET_ID')) return production ? null : new SimulatedFaceVerification(now);
  const missing = ['SECRET_KEY', 'RULE_ID', 'REDIRECT_ORIGINS'].filter((n) => !value(n));
  if (missing.length > 0)
    throw new Error(`人脸核身配置不完整：缺少 ${missing.map((n) => `TENCENT_FACEID_${n}`).join('、')}`);
  return new TencentFaceVerification({
    secretId: value('SECRET_ID'),
    secretKey: value('SECRET_KEY'),
    ruleId: value('RULE_ID'),
    redirectOrigins: value('REDIRECT_ORIGINS')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    endpoint: value('ENDPOINT') || undefined,
    region: value('REGION') || undefined,
  });
}
