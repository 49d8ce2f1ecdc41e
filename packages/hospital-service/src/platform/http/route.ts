import { type Endpoint, type EndpointParsedInput, type EndpointResult, fullPath } from '@patient/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { clearSessionCookies, setSessionCookie, tokensOf } from '../auth/session-cookie.ts';
import { type AuthUser, lookupSession } from '../auth/sessions.ts';
import type { AppDeps, RequestContext, SessionProblem } from './context.ts';
import { banned, loggedInElsewhere, notLoggedIn, notOpen, ok, sessionGone } from './errors.ts';
import { parseInput } from './input.ts';
import { DEFAULT_BODY_LIMIT, LARGE_BODY_LIMIT } from './json-body.ts';
import { appCallRefusal } from './origin.ts';

/** A typed handler of one contract endpoint. */
export type Handler<E extends Endpoint> = (
  input: EndpointParsedInput<E>,
  ctx: RequestContext,
) => Promise<EndpointResult<E>>;

export interface RouteOptions {
  /** Largest body of this call in bytes (default DEFAULT_BODY_LIMIT, at most LARGE_BODY_LIMIT). */
  bodyLimit?: number;
}

export interface RouteDef extends RouteOptions {
  endpoint: Endpoint;
  handler: Handler<Endpoint>;
}

/** Pairs an endpoint with its handler; the handler's input and result types come from the contract. */
export function route<E extends Endpoint>(
  endpoint: E,
  handler: Handler<E>,
  options: RouteOptions = {},
): RouteDef {
  if (options.bodyLimit !== undefined && !(options.bodyLimit > 0 && options.bodyLimit <= LARGE_BODY_LIMIT)) {
    throw new Error(`${endpoint.id}: bodyLimit ${options.bodyLimit} is outside 1..${LARGE_BODY_LIMIT}`);
  }
  return { endpoint, handler: handler as unknown as Handler<Endpoint>, bodyLimit: options.bodyLimit };
}

const SEVERITY: Record<SessionProblem, number> = { gone: 1, replaced: 2, banned: 3 };

/** Per-request facts for the access log. */
export const requestFacts = new WeakMap<FastifyRequest, { userId?: number; endpointId?: string }>();

export async function authenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
): Promise<{ user: AuthUser | null; tokens: string[]; problem: SessionProblem | null }> {
  const candidates = tokensOf(request);
  const tokens = candidates.map((c) => c.token);
  let problem: SessionProblem | null = null;
  for (const candidate of candidates) {
    const found = await lookupSession(deps.db, deps.clock, candidate.token);
    if (found.kind === 'ok') {
      // A session key from the address or the app's cookie becomes the httpOnly SESSION cookie.
      if (candidate.source !== 'cookie') {
        setSessionCookie(reply, candidate.token, found.expiresAt, deps.clock.now(), deps.production);
      }
      return { user: found.user, tokens, problem: null };
    }
    if (!problem || SEVERITY[found.kind] > SEVERITY[problem]) problem = found.kind;
  }
  if (problem) clearSessionCookies(reply, deps.production);
  return { user: null, tokens, problem };
}

/** The error for an `auth: true` call without a usable session. */
export function sessionError(problem: SessionProblem | null) {
  switch (problem) {
    case 'banned':
      return banned();
    case 'replaced':
      return loggedInElsewhere();
    case 'gone':
      return sessionGone();
    default:
      return notLoggedIn();
  }
}

/** The hospital a call names (its params, query or body `hospitalId`), or null. */
function hospitalIdOf(input: { params: unknown; query: unknown; body: unknown }): string | null {
  for (const part of [input.params, input.query, input.body]) {
    const value = (part as { hospitalId?: unknown } | null | undefined)?.hospitalId;
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

const notImplemented: Handler<Endpoint> = async () => {
  throw notOpen();
};

/**
 * Registers every endpoint of the contract at SERVICE_PREFIX[service] + path. Endpoints without a
 * handler answer '暂未开放' (so a contract that grows ahead of the service still answers in envelopes).
 */
export function registerEndpoints(
  app: FastifyInstance,
  deps: AppDeps,
  endpoints: readonly Endpoint[],
  defs: readonly RouteDef[],
): { implemented: string[]; notImplemented: string[] } {
  const handlers = new Map(defs.map((d) => [d.endpoint.id, d.handler]));
  const bodyLimits = new Map(defs.map((d) => [d.endpoint.id, d.bodyLimit ?? DEFAULT_BODY_LIMIT]));
  const all = [
    ...endpoints,
    ...defs.map((d) => d.endpoint).filter((e) => !endpoints.some((x) => x.id === e.id)),
  ];
  const report = { implemented: [] as string[], notImplemented: [] as string[] };

  for (const endpoint of all) {
    const handler = handlers.get(endpoint.id) ?? notImplemented;
    (handlers.has(endpoint.id) ? report.implemented : report.notImplemented).push(endpoint.id);

    app.route({
      method: endpoint.method,
      url: fullPath(endpoint),
      bodyLimit: bodyLimits.get(endpoint.id) ?? DEFAULT_BODY_LIMIT,
      // Before the body is read: a call of the apps without the channel header, or from another site, is
      // refused first (HTTP 403). Only the payment provider's signed notification is exempt.
      onRequest:
        endpoint.caller === 'app'
          ? async (request) => {
              const refusal = appCallRefusal(request);
              if (refusal) {
                requestFacts.set(request, { endpointId: endpoint.id });
                throw refusal;
              }
            }
          : undefined,
      handler: async (request, reply) => {
        requestFacts.set(request, { endpointId: endpoint.id });
        const { user, tokens, problem } = await authenticate(request, reply, deps);
        // Staff calls (the corporate-messaging path) need a staff session, not a patient's: the staff gate
        // (403 for a patient's session, 401 without either) runs before the input is read.
        if (endpoint.auth && endpoint.service !== 'staff' && !user) throw sessionError(problem);
        if (user) requestFacts.set(request, { endpointId: endpoint.id, userId: user.id });

        const ctx: RequestContext = {
          ...deps,
          user,
          tokens,
          sessionProblem: problem,
          request,
          reply,
          log: request.log,
        };
        if (endpoint.auth && endpoint.service === 'staff') await deps.staffGate(ctx);
        const input = parseInput(endpoint, {
          params: request.params,
          query: request.query,
          body: request.body,
        });
        if (endpoint.sensitive && user && deps.sensitiveGate) {
          await deps.sensitiveGate(ctx, hospitalIdOf(input));
        }
        const result = await handler(input, ctx);

        if (deps.validateResults) {
          const checked = z.safeParse(endpoint.results, result);
          if (!checked.success) {
            const paths = checked.error.issues.map(
              (i) => `${i.path.map(String).join('.') || '(root)'}: ${i.code}`,
            );
            throw new Error(`结果不符合契约 ${endpoint.id}: ${paths.join('; ')}`);
          }
        }
        return reply.status(200).send(ok(result ?? null));
      },
    });
  }
  return report;
}
