import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/sessions.ts';
import type { Clock } from '../clock.ts';
import type { SmsLimits } from '../config.ts';
import type { Db } from '../database/connect.ts';
import type { SmsSender } from '../sms.ts';
import { notLoggedIn } from './errors.ts';

/** Why a request that carried a token is not logged in. */
export type SessionProblem = 'banned' | 'replaced' | 'gone';

/**
 * What the domains add to {@link AppDeps}: each domain that needs a shared dependency (an outside system's port,
 * a registry built at start-up) declares it in its own `deps.ts` by declaration merging, so that the platform
 * names no domain:
 *
 * ```ts
 * declare module '../../platform/http/context.ts' {
 *   interface DomainDeps { insuranceCentre: InsuranceCentre }
 * }
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the domains through declaration merging
export interface DomainDeps {}

/** What the whole app shares. */
export interface AppDeps extends DomainDeps {
  db: Db;
  clock: Clock;
  smsSender: SmsSender;
  /** Key of the code hashes and patient codes. */
  secret: Buffer;
  production: boolean;
  /** A demonstration deployment with simulated outside systems (DEMO_SIMULATED_PORTS): the apps show a banner. */
  demo?: boolean;
  /** Check every result against the contract (on outside production). */
  validateResults: boolean;
  settings: ServiceSettings;
  /**
   * The gate of every staff call (`service: 'staff'`, `auth: true`), run before its input is read: throws unless
   * the request carries a staff session (the staff domain's requireStaff: 403 to a patient, 401 without one).
   */
  staffGate: (ctx: RequestContext) => Promise<unknown>;
  /**
   * The gate of every `sensitive` call of a logged-in patient, run after its input is read and before its
   * handler: throws unless the account has a standing consent to sensitive personal information (the consent
   * domain's; `hospitalId` from the call's input, null when it names none). Absent: no gate.
   */
  sensitiveGate?: (ctx: RequestContext, hospitalId: string | null) => Promise<void>;
}

/** Business settings of this deployment. */
export interface ServiceSettings {
  /** Most contacts one account may hold (MAX_CONTACTS, default 5). */
  maxContacts: number;
  /** Hold period of a locked slot for every hospital (HOLD_MINUTES), or null: each hospital's own. */
  holdMinutes: number | null;
  /** SMS sending limits per client address, per account and for the whole service (SMS_LIMIT_*). */
  sms: SmsLimits;
}

/** What a handler gets besides its parsed input. */
export interface RequestContext extends AppDeps {
  /** The logged-in user; always set for endpoints with `auth: true`. */
  user: AuthUser | null;
  /** Tokens the request carried (SESSION cookie, sessionKey cookie, sessionKey query), in that order. */
  tokens: string[];
  /** Why the request's token did not log it in (for getSession), or null. */
  sessionProblem: SessionProblem | null;
  request: FastifyRequest;
  reply: FastifyReply;
  log: FastifyBaseLogger;
}

/** The logged-in user of an `auth: true` endpoint. */
export function userOf(ctx: RequestContext): AuthUser {
  if (!ctx.user) throw notLoggedIn();
  return ctx.user;
}
