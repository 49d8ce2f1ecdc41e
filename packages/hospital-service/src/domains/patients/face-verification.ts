import { randomBytes } from 'node:crypto';
import { isSafeReturnPath } from '../../platform/http/html-page.ts';

/**
 * Face verification (人脸核身) as the service needs it to prove a contact: the platform's page compares the face
 * in front of the camera with the photo the public-security register holds for a name and a resident ID number.
 * The real adapter is Tencent Cloud FaceID's H5 flow (`face-verification-tencent.ts`); the simulated one serves
 * development and tests, never production.
 */
export interface FaceVerification {
  readonly kind: 'simulated' | 'real';
  /**
   * Starts a verification of the person: `verifyUrl` is the platform's page the patient is sent to (it comes
   * back to `returnUrl`, a path of the app), `ticket` identifies it in {@link FaceVerification.result}.
   * Throws {@link FaceVerificationError} when the platform cannot be asked or refuses the request.
   */
  start(request: FaceVerificationRequest): Promise<{ verifyUrl: string; ticket: string }>;
  /** What became of a verification (asked as often as needed; an unknown or expired ticket is UNKNOWN). */
  result(ticket: string): Promise<FaceVerificationResult>;
}

export interface FaceVerificationRequest {
  name: string;
  /** An 18-character resident ID number. */
  idNumber: string;
  returnUrl: string;
  /** The app's origin the request came from (its Origin header), for a platform that needs an absolute return address. */
  origin?: string;
}

export interface FaceVerificationResult {
  /** PASSED: the face is the person's; FAILED: it is not (or the patient gave up); PENDING: not finished yet. */
  status: 'PASSED' | 'FAILED' | 'PENDING' | 'UNKNOWN';
  passed: boolean;
  /** Whom the platform verified (PASSED only), to compare with the contact. */
  person: { name: string; idNumber: string } | null;
}

/** The platform could not be asked, or refused the request (not a failed face). */
export class FaceVerificationError extends Error {}

/** Where the simulated platform's page is served (outside production only; face-page.ts). */
export const SIMULATED_FACE_PAGE = '/hospital-service/sandbox/face/verify';

/** How long a simulated verification can be finished and read. */
const SIMULATED_TTL_MS = 30 * 60_000;

const RESIDENT_ID = /^\d{17}[\dX]$/;

interface SimulatedSession {
  request: FaceVerificationRequest;
  until: number;
  status: 'PASSED' | 'FAILED' | 'PENDING';
}

/**
 * The simulated platform: its page (face-page.ts) shows whom it verifies and lets the tester pass or fail the
 * face. Sessions live in the process for 30 minutes. Refused in production (see faceVerificationFor).
 */
export class SimulatedFaceVerification implements FaceVerification {
  /** A simulation: production refuses to start with it (simulated-ports.ts) unless DEMO_SIMULATED_PORTS allows it. */
  readonly simulated = true;
  readonly kind = 'simulated' as const;
  private readonly sessions = new Map<string, SimulatedSession>();

  constructor(private readonly now: () => number = Date.now) {}

  async start(request: FaceVerificationRequest) {
    if (request.name.trim() === '') throw new FaceVerificationError('姓名不能为空');
    if (!RESIDENT_ID.test(request.idNumber))
      throw new FaceVerificationError('人脸核身仅支持18位居民身份证号码');
    if (!isSafeReturnPath(request.returnUrl)) throw new FaceVerificationError('返回地址须为本站路径');
    const ticket = `SIMFACE${randomBytes(18).toString('base64url')}`;
    this.sessions.set(ticket, {
      request: { ...request },
      until: this.now() + SIMULATED_TTL_MS,
      status: 'PENDING',
    });
    return { verifyUrl: `${SIMULATED_FACE_PAGE}?${new URLSearchParams({ ticket })}`, ticket };
  }

  async result(ticket: string): Promise<FaceVerificationResult> {
    const session = this.sessionOf(ticket);
    if (!session) return { status: 'UNKNOWN', passed: false, person: null };
    const passed = session.status === 'PASSED';
    return {
      status: session.status,
      passed,
      person: passed ? { name: session.request.name, idNumber: session.request.idNumber } : null,
    };
  }

  /** The pending verification of a ticket, for the page (null: unknown, expired or already finished). */
  pending(ticket: string): FaceVerificationRequest | null {
    const session = this.sessionOf(ticket);
    return session?.status === 'PENDING' ? session.request : null;
  }

  /** The tester's decision on the page; returns where to send the patient back, or null (not pending). */
  decide(ticket: string, passed: boolean): string | null {
    const session = this.sessionOf(ticket);
    if (session?.status !== 'PENDING') return null;
    session.status = passed ? 'PASSED' : 'FAILED';
    return session.request.returnUrl;
  }

  private sessionOf(ticket: string): SimulatedSession | null {
    const session = this.sessions.get(ticket);
    if (session && session.until <= this.now()) this.sessions.delete(ticket);
    return session && session.until > this.now() ? session : null;
  }
}

/**
 * The face verification the service uses: the one given, else the simulated one outside production. In
 * production a simulated one is never used (null: face verification answers 人脸核身暂未开通).
 */
export function faceVerificationFor(
  production: boolean,
  given: FaceVerification | null | undefined,
  now: () => number,
): FaceVerification | null {
  if (production) return given?.kind === 'real' ? given : null;
  return given === undefined ? new SimulatedFaceVerification(now) : given;
}
