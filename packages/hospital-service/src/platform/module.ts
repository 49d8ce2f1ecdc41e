import type { FastifyInstance } from 'fastify';
import type { Clock } from './clock.ts';
import type { Db, DbOrTx } from './database/types.ts';
import type { AppDeps } from './http/context.ts';
import type { RouteDef } from './http/route.ts';
import type { JobDefinition } from './jobs.ts';
import type { SmsSender } from './sms.ts';

/**
 * The outside systems' ports, by name — the name is also the key of `buildApp`'s options that passes a real
 * implementation. The platform declares the SMS gateway; each domain adds its own by declaration merging (its
 * `deps.ts`), as with `DomainDeps`:
 *
 * ```ts
 * declare module '../../platform/module.ts' {
 *   interface Ports { courier: Courier }
 * }
 * ```
 *
 * null: none (e.g. no staff sign-in in production).
 */
export interface Ports {
  /** The SMS gateway (accounts' default: the DevSmsSender outside production, none in production). */
  smsSender: SmsSender | null;
}

/** What a port's default is built from. */
export interface PortContext {
  production: boolean;
  clock: Clock;
  /** Where a default reads its configuration (e.g. WECOM_*). */
  env: NodeJS.ProcessEnv;
  /**
   * The service's database, for a simulation that keeps its books there so every instance sees the same (the
   * queue's calling desks). Undefined when the ports are only inspected (`portsOf`), not used.
   */
  db: Db | undefined;
}

/** The implementation of each declared port used when the app's options give none (usually the simulation). */
export type PortDefaults = { readonly [K in keyof Ports]?: (ctx: PortContext) => Ports[K] };

/**
 * Whether a port's implementation is a simulation: the `Simulated*` classes (and the DevSmsSender, the in-memory
 * file storage) carry `readonly simulated = true`.
 */
export const isSimulated = (implementation: unknown): boolean =>
  typeof implementation === 'object' &&
  implementation !== null &&
  (implementation as { simulated?: unknown }).simulated === true;

/** What a module's routes and pages are built with. */
export interface ModuleContext {
  deps: AppDeps;
  /** Every port, resolved: the app's option, else its module's default. */
  ports: Ports;
  production: boolean;
}

/**
 * What the seed of one domain hands to the domains seeded after it (the demo user's id, the demo contacts…);
 * each domain declares what it provides by declaration merging, like {@link Ports}.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the domains through declaration merging
export interface SeedFacts {}

export interface SeedContext {
  /** The seed's one instant (the clock's now; completeSeed: the wall clock). */
  now: Date;
  /** What the domains seeded so far provided. */
  facts: Partial<SeedFacts>;
}

/** What one domain's seed step gives back: facts for the next domains, counts for the seed's summary. */
export interface SeedStep {
  facts?: Partial<SeedFacts>;
  summary?: Readonly<Record<string, number>>;
}

/** A fact an earlier domain's seed provides; throws when the seed order does not provide it. */
export function seedFact<K extends keyof SeedFacts>(ctx: SeedContext, name: K): SeedFacts[K] {
  const value = ctx.facts[name];
  if (value === undefined) throw new Error(`种子数据顺序有误：尚无 ${String(name)}`);
  return value as SeedFacts[K];
}

/**
 * One domain as the composition root (`src/modules.ts`) wires it: its tables, contract routes, other HTTP
 * routes, development pages, seed and ports. Domains may add members by declaration merging (payments adds
 * `payables`).
 */
export interface DomainModule {
  readonly name: string;
  /** Its `tables.ts` (`import * as tables`), gathered in `src/schema.ts`. */
  readonly tables?: Readonly<Record<string, unknown>>;
  /** The outside systems it talks to, with their default implementation (see {@link Ports}). */
  readonly ports?: PortDefaults;
  /** Its handlers of contract endpoints. */
  readonly routes?: (ctx: ModuleContext) => readonly RouteDef[];
  /** HTTP routes outside the contract (notifications, event streams, downloads), in every environment. */
  readonly http?: (app: FastifyInstance, ctx: ModuleContext) => void;
  /** Its work outside requests, on a schedule or on request (`platform/jobs.ts`; pg-boss on our database). */
  readonly jobs?: (ctx: ModuleContext) => readonly JobDefinition[];
  /** Development-only routes and pages (never registered in production). */
  readonly devRoutes?: (app: FastifyInstance, ctx: ModuleContext) => void;
  /** Seeds its tables of an empty database, in the order of `src/modules.ts`, in one transaction. */
  readonly seed?: (tx: DbOrTx, ctx: SeedContext) => Promise<SeedStep | undefined>;
  /** Brings its seed of a database seeded by an earlier version up to date (nothing when up to date). */
  readonly completeSeed?: (tx: DbOrTx, ctx: SeedContext) => Promise<SeedStep | undefined>;
}

/** Declares a domain (each domain's `index.ts` exports one); keeps the literal type of its tables. */
export function defineDomain<const M extends DomainModule>(module: M): M {
  return module;
}

/** The tables of every module, as one object (src/schema.ts). */
export type TablesOf<M extends readonly DomainModule[]> = UnionToIntersection<
  M[number] extends infer E ? (E extends { tables: infer T } ? T : never) : never
>;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;
