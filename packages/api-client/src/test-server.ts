/**
 * Test helpers (not exported by the package): a real HTTP server on loopback and recording fakes of
 * ApiUi, navigate and redirect.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiClientOptions } from './client.ts';

export interface Received {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status?: number;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, instead of `body`. */
  raw?: string;
  headers?: Record<string, string>;
  /** Drop the connection without answering. */
  destroy?: boolean;
}

export type Handler = (request: Received) => Reply | Promise<Reply>;

/** Default answer: an envelope whose results echo what the server received. */
export const echo: Handler = (request) => ({
  body: {
    state: 200,
    msg: null,
    subMsg: null,
    subCode: null,
    results: {
      method: request.method,
      path: request.path,
      query: request.query.toString(),
      body: request.body,
    },
  },
});

export interface TestServer {
  baseURL: string;
  received: Received[];
  /** Requests whose connection the client closed before the answer. */
  aborted: number;
  handle(handler: Handler): void;
  /** Resolves once `count` requests have arrived in total. */
  arrivals(count: number): Promise<void>;
  reset(): void;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Answer CORS preflights and allow credentialed requests from this origin (for the jsdom test). */
  corsOrigin?: string;
}

export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  let handler: Handler = echo;
  let waiters: { count: number; resolve: () => void }[] = [];
  const state = { aborted: 0 };
  const received: Received[] = [];

  const cors: Record<string, string> = options.corsOrigin
    ? {
        'Access-Control-Allow-Origin': options.corsOrigin,
        'Access-Control-Allow-Credentials': 'true',
        'Access-Control-Allow-Methods': 'GET,POST,PUT,PATCH,DELETE',
        'Access-Control-Allow-Headers': 'Content-Type,channelType',
      }
    : {};

  const server: Server = createServer((req, res) => {
    if (options.corsOrigin && req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request: Received = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      res.on('close', () => {
        if (!res.writableFinished) state.aborted++;
      });
      for (const waiter of waiters.filter((w) => received.length >= w.count)) waiter.resolve();
      waiters = waiters.filter((w) => received.length < w.count);
      const reply = await handler(request);
      if (res.destroyed) return;
      if (reply.destroy) {
        req.socket.destroy();
        return;
      }
      res.writeHead(reply.status ?? 200, {
        'Content-Type': 'application/json; charset=utf-8',
        ...cors,
        ...reply.headers,
      });
      res.end(reply.raw ?? JSON.stringify(reply.body ?? null));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}`,
    received,
    get aborted() {
      return state.aborted;
    },
    handle(next) {
      handler = next;
    },
    arrivals(count) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    reset() {
      handler = echo;
      received.length = 0;
      state.aborted = 0;
      waiters = [];
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export type UiEvent =
  | ['toast', string, number]
  | ['alert', { title: string; message: string; confirmText: string }]
  | ['navigate', string]
  | ['redirect', string];

/** Recording fakes for ApiClientOptions. Dialogs stay open until closeAlerts(). */
export function fakeHost() {
  const events: UiEvent[] = [];
  let open: (() => void)[] = [];
  const host: Pick<ApiClientOptions, 'ui' | 'navigate' | 'redirect'> = {
    ui: {
      toast: (message, durationMs) => events.push(['toast', message, durationMs]),
      alert: (options) => {
        events.push(['alert', options]);
        return new Promise<void>((resolve) => open.push(resolve));
      },
    },
    navigate: (path) => events.push(['navigate', path]),
    redirect: (url) => events.push(['redirect', url]),
  };
  return {
    host,
    events,
    get openAlerts() {
      return open.length;
    },
    closeAlerts() {
      for (const close of open) close();
      open = [];
    },
    reset() {
      events.length = 0;
      open = [];
    },
  };
}

/** Lets pending promise callbacks run. */
export function flush(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 100));
}

/** Resolves as soon as `check` holds (polling every 5 ms); rejects after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('until: condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
