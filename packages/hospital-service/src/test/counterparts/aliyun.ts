import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Alibaba Cloud RPC endpoint for tests (e.g. Dysmsapi): it checks each call as the gateway does — the V3
 * signature ACS3-HMAC-SHA256 (the AccessKey, the signed headers, x-acs-content-sha256 against the body, the
 * canonical query in RFC 3986 encoding, x-acs-date within 15 minutes, a signature nonce used once), the action
 * and version — and answers the action's JSON; a refused signature is HTTP 400/404 with `{ Code, Message,
 * RequestId }` like the gateway.
 */

/** One action: the call's query parameters → the answer's fields (HTTP 200, like SendSms's business codes). */
export type AliyunAction = (params: Record<string, string>) => Record<string, unknown>;

export interface AliyunOptions {
  version: string;
  accessKeyId: string;
  accessKeySecret: string;
  actions: Readonly<Record<string, AliyunAction>>;
}

export interface AliyunCall {
  action: string;
  params: Record<string, string>;
}

export interface AliyunCounterpart {
  /** `127.0.0.1:port`: the SDK's endpoint (protocol http). */
  endpoint: string;
  calls: AliyunCall[];
  /** The refusals of the signature check (their codes), oldest first. */
  refusals: string[];
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** RFC 3986 percent-encoding, as the V3 signature's canonical query asks. */
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const AUTHORIZATION =
  /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([a-z0-9;-]+),Signature=([0-9a-f]{64})$/;

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Starts the counterpart on 127.0.0.1 (any free port). */
export async function startAliyun(options: AliyunOptions): Promise<AliyunCounterpart> {
  const calls: AliyunCall[] = [];
  const refusals: string[] = [];
  const nonces = new Set<string>();

  const fault = (request: IncomingMessage, body: Buffer, url: URL): [number, string, string] | null => {
    const match = AUTHORIZATION.exec(request.headers.authorization ?? '');
    if (!match) return [400, 'IncompleteSignature', 'Authorization 格式不正确'];
    const [, accessKeyId, signedHeaders, signature] = match;
    if (accessKeyId !== options.accessKeyId)
      return [404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.'];
    const date = Date.parse(String(request.headers['x-acs-date'] ?? ''));
    if (!Number.isFinite(date) || Math.abs(Date.now() - date) > 15 * 60_000)
      return [400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.'];
    const nonce = String(request.headers['x-acs-signature-nonce'] ?? '');
    if (!nonce || nonces.has(nonce))
      return [400, 'SignatureNonceUsed', 'Specified signature nonce was used already.'];
    const payloadHash = sha256(body);
    if (request.headers['x-acs-content-sha256'] !== payloadHash)
      return [400, 'IncompleteSignature', 'x-acs-content-sha256 与请求体不符'];
    const names = signedHeaders.split(';');
    const mustSign = Object.keys(request.headers).filter(
      (h) => h.startsWith('x-acs-') || h === 'host' || h === 'content-type',
    );
    if (mustSign.some((h) => !names.includes(h)) || [...names].sort().join(';') !== signedHeaders)
      return [400, 'IncompleteSignature', 'SignedHeaders 须按序包含 host、content-type 和全部 x-acs-* 头'];
    const canonicalHeaders = names
      .map((name) => `${name}:${String(request.headers[name] ?? '').trim()}\n`)
      .join('');
    const canonicalQuery = [...url.searchParams.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, value]) => `${encode(key)}=${encode(value)}`)
      .join('&');
    const canonicalRequest = [
      request.method,
      url.pathname,
      canonicalQuery,
      canonicalHeaders,
      signedHeaders,
      payloadHash,
    ].join('\n');
    const stringToSign = `ACS3-HMAC-SHA256\n${sha256(canonicalRequest)}`;
    const expected = createHmac('sha256', options.accessKeySecret).update(stringToSign).digest();
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex')))
      return [400, 'SignatureDoesNotMatch', 'Specified signature does not match our calculation.'];
    nonces.add(nonce);
    return null;
  };

  const server = createServer(async (request, response) => {
    const requestId = randomUUID().toUpperCase();
    const answer = (status: number, fields: Record<string, unknown>) => {
      response.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
      response.end(JSON.stringify({ RequestId: requestId, ...fields }));
    };
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://counterpart');
    const refused = fault(request, body, url);
    if (refused) {
      refusals.push(refused[1]);
      return answer(refused[0], { Code: refused[1], Message: refused[2] });
    }
    if (request.headers['x-acs-version'] !== options.version)
      return answer(400, { Code: 'InvalidVersion', Message: 'Specified parameter Version is not valid.' });
    const name = String(request.headers['x-acs-action'] ?? '');
    const action = options.actions[name];
    if (!action)
      return answer(404, { Code: 'InvalidAction.NotFound', Message: `Specified api ${name} is not found.` });
    const params = Object.fromEntries(url.searchParams.entries());
    calls.push({ action: name, params });
    answer(200, action(params));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `127.0.0.1:${port}`,
    calls,
    refusals,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
