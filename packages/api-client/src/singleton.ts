import type { Endpoint, EndpointInput, EndpointResult } from '@patient/contract';
import { type ApiClient, type ApiClientOptions, createApiClient, type RequestOptions } from './client.ts';

let configured: ApiClient | null = null;

function current(): ApiClient {
  if (!configured) {
    throw new Error(
      '@patient/api-client: api is not configured; app-shell must call configureApi() at start-up.',
    );
  }
  return configured;
}

/** Creates the app-wide client behind `api`; app-shell calls it once at start-up. A second call replaces it. */
export function configureApi(options: ApiClientOptions): ApiClient {
  configured = createApiClient(options);
  return configured;
}

/** The app-wide client for feature code. Every member throws until configureApi has been called. */
export const api: ApiClient = {
  request<E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    options?: RequestOptions,
  ): Promise<EndpointResult<E>> {
    return current().request(endpoint, input, options);
  },
  cancelPending(reason?: string) {
    return current().cancelPending(reason);
  },
  get pendingCount() {
    return current().pendingCount;
  },
};
