import type * as z from 'zod/mini';

/** HTTP methods the apps use. GET and DELETE carry their input as query; the others as a JSON body. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Which backend a call goes to. Each has its own path prefix (see SERVICE_PREFIX):
 * hospital = hospital-service (default), product = product-service (medical-record copy),
 * staff = the corporate-messaging backend of the nurse side of bed reservation.
 */
export type ServiceName = 'hospital' | 'product' | 'staff';

/** Path prefix of each backend, shared by api-client and hospital-service. */
export const SERVICE_PREFIX: Record<ServiceName, string> = {
  hospital: '/hospital-service',
  product: '/product-service',
  staff: '/wxcorp-service',
};

type AnyObject = z.ZodMiniObject | z.ZodMiniType<Record<string, unknown>>;

/** One call of the API: the single truth for its method, path, inputs and result. */
export interface Endpoint<
  Params extends AnyObject | undefined = AnyObject | undefined,
  Query extends AnyObject | undefined = AnyObject | undefined,
  Body extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Results extends z.ZodMiniType = z.ZodMiniType,
> {
  /** Stable operation id (used in OpenAPI and logs). */
  id: string;
  method: HttpMethod;
  service: ServiceName;
  /** Express-style template, e.g. `/contact_id/:contactId`. */
  path: string;
  /** One line, in Chinese, for the API reference. */
  summary: string;
  /** false for calls an anonymous visitor may make (start-up, login). */
  auth: boolean;
  /**
   * Who calls it: 'app' (the apps, through api-client, with the channel header; the service refuses such a
   * call without that header or from another site), or 'server' (another party's server, e.g. the payment
   * provider's notification, which proves itself otherwise: a signature).
   */
  caller: 'app' | 'server';
  /**
   * The call returns or takes sensitive personal information (个人信息保护法 §28: ID numbers, ID photos, medical
   * data): without the account's standing SENSITIVE consent the service answers subCode
   * SENSITIVE_CONSENT_REQUIRED and does nothing.
   */
  sensitive: boolean;
  params: Params;
  query: Query;
  body: Body;
  results: Results;
}

type Out<S> = S extends z.ZodMiniType ? z.output<S> : undefined;
type In<S> = S extends z.ZodMiniType ? z.input<S> : undefined;

/** The request input of an endpoint, as the client passes it. Keys without a schema are absent. */
export type EndpointInput<E extends Endpoint> = OmitUndefined<{
  params: In<E['params']>;
  query: In<E['query']>;
  body: In<E['body']>;
}>;

/** The parsed input of an endpoint, as the service receives it. */
export type EndpointParsedInput<E extends Endpoint> = {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
};

/** The `results` of an endpoint's envelope. */
export type EndpointResult<E extends Endpoint> = z.output<E['results']>;

type OmitUndefined<T> = { [K in keyof T as T[K] extends undefined ? never : K]: T[K] };

/** Defines an endpoint; missing input schemas become `undefined`. */
/* #__NO_SIDE_EFFECTS__ */
export function endpoint<
  R extends z.ZodMiniType,
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends z.ZodMiniType | undefined = undefined,
>(definition: {
  id: string;
  method: HttpMethod;
  path: string;
  summary: string;
  results: R;
  service?: ServiceName;
  auth?: boolean;
  caller?: 'app' | 'server';
  sensitive?: boolean;
  params?: P;
  query?: Q;
  body?: B;
}): Endpoint<P, Q, B, R> {
  return {
    service: 'hospital',
    auth: true,
    caller: 'app',
    sensitive: false,
    params: undefined as P,
    query: undefined as Q,
    body: undefined as B,
    ...definition,
  };
}

/** Fills `:name` placeholders of an endpoint path; values are URI-encoded. */
export function buildPath(template: string, params: Record<string, unknown> | undefined): string {
  return template.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`缺少路径参数 ${name}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** The full URL path of an endpoint: service prefix + template. */
export function fullPath(e: Pick<Endpoint, 'service' | 'path'>): string {
  return SERVICE_PREFIX[e.service] + e.path;
}
