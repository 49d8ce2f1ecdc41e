import { buildPath, type Endpoint, SERVICE_PREFIX } from '@patient/contract';
import type { AxiosRequestConfig } from 'axios';
import { BROWSER_CHANNEL, CHANNEL_HEADER, type ChannelType } from './channel.ts';

/** The loosest shape of EndpointInput, for code that handles every endpoint. */
export interface AnyEndpointInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Query string of `query`, with a leading '?' (or '' when empty). null and undefined values are left out,
 * arrays repeat the key (`a=1&a=2`), dates are sent as ISO strings.
 */
export function serializeQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      search.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The axios config of one call (000 §7): URL = baseURL + service prefix + filled path (+ query),
 * JSON body for POST/PUT/PATCH only (a FormData body as multipart), JSON content type, channel header (always), credentials, no timeout,
 * and every status resolved so that the client applies the error catalogue itself.
 * Throws when a path parameter is missing.
 */
export function buildRequestConfig(
  endpoint: Pick<Endpoint, 'method' | 'service' | 'path'>,
  input: AnyEndpointInput,
  context: { baseURL?: string; channel?: ChannelType | null },
): AxiosRequestConfig {
  const origin = (context.baseURL ?? '').replace(/\/+$/, '');
  const url =
    origin +
    SERVICE_PREFIX[endpoint.service] +
    buildPath(endpoint.path, input.params) +
    serializeQuery(input.query);
  // The channel header goes on every call, BROWSER_CHANNEL from an ordinary browser: the service refuses
  // calls without it (no other site can make a browser send it, see @patient/contract CHANNEL_HEADER).
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    [CHANNEL_HEADER]: context.channel ?? BROWSER_CHANNEL,
  };
  const config: AxiosRequestConfig = {
    method: endpoint.method,
    url,
    headers,
    withCredentials: true,
    timeout: 0,
    responseType: 'json',
    validateStatus: () => true,
  };
  if (BODY_METHODS.has(endpoint.method) && input.body !== undefined) config.data = input.body;
  // An upload (FormData): the browser writes the multipart content type with its boundary.
  if (typeof FormData !== 'undefined' && input.body instanceof FormData) delete headers['Content-Type'];
  return config;
}
