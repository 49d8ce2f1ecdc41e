import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local 企业微信 API for tests, on node:http: `GET /cgi-bin/gettoken` (corpid + corpsecret → a token,
 * expires_in 7200) and `GET /cgi-bin/auth/getuserinfo` (access_token + code → userid; an unknown code
 * errcode 40029; a code of someone outside the corporation an openid only; an expired token 42001).
 */
export class FakeWeCom {
  readonly corpId = 'ww0123456789abcdef';
  readonly corpSecret = 'test-corp-secret';
  /** code → userid (a member) or null (someone outside the corporation: openid only). */
  readonly codes = new Map<string, string | null>();
  /** Tokens it has given and still accepts. */
  readonly tokens = new Set<string>();
  readonly seen: string[] = [];
  /** Answer every call with this HTTP status instead (an outage). */
  failWith: number | null = null;
  private server: Server | null = null;
  private issued = 0;

  get base(): string {
    const { port } = (this.server as Server).address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  /** Makes every token given so far expire (the next getuserinfo answers 42001). */
  expireTokens(): void {
    this.tokens.clear();
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      this.seen.push(`${req.method} ${url.pathname}`);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (this.failWith !== null) return send(this.failWith, { errcode: -1, errmsg: 'system busy' });
      const q = url.searchParams;
      if (url.pathname === '/cgi-bin/gettoken') {
        if (q.get('corpid') !== this.corpId || q.get('corpsecret') !== this.corpSecret)
          return send(200, { errcode: 40001, errmsg: 'invalid credential' });
        const token = `token-${++this.issued}`;
        this.tokens.add(token);
        return send(200, { errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 });
      }
      if (url.pathname === '/cgi-bin/auth/getuserinfo') {
        if (!this.tokens.has(q.get('access_token') ?? ''))
          return send(200, { errcode: 42001, errmsg: 'access_token expired' });
        const code = q.get('code') ?? '';
        if (!this.codes.has(code)) return send(200, { errcode: 40029, errmsg: 'invalid code' });
        const userId = this.codes.get(code);
        this.codes.delete(code);
        return send(
          200,
          userId
            ? { errcode: 0, errmsg: 'ok', userid: userId, user_ticket: 'ticket' }
            : { errcode: 0, errmsg: 'ok', openid: 'oAAAAA-outsider', external_userid: 'wmAAAA' },
        );
      }
      send(404, { errcode: 404, errmsg: 'not found' });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
