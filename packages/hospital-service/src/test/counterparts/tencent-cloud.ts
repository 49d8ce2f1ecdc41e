import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Tencent Cloud API endpoint for tests: it checks each call as the platform does — TC3-HMAC-SHA256
 * (the credential's key and scope, the signed headers, the body's hash, the timestamp within 5 minutes),
 * the service, version and action — and answers in the platform's envelope: `{ Response: { …, RequestId } }`,
 * or `{ Response: { Error: { Code, Message }, RequestId } }`, always HTTP 200 like the platform.
 */

/** A refusal an action answers with (`InvalidParameterValue.BizTokenIllegal`…). */
export class TencentCloudFault extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** One action of the product: the request's parameters → the answer's fields (or a {@link TencentCloudFault}). */
export type TencentCloudAction = (
  params: Record<string, unknown>,
  call: { region: string | undefined },
) => Record<string, unknown> | Promise<Record<string, unknown>>;

export interface TencentCloudOptions {
  /** The product's service, the first label of its host and of the credential scope (`sms`, `faceid`). */
  service: string;
  /** The API version the product answers (`2021-01-11`). */
  version: string;
  secretId: string;
  secretKey: string;
  actions: Readonly<Record<string, TencentCloudAction>>;
  /** The platform's clock in seconds (default: now). */
  nowSeconds?: () => number;
}

export interface TencentCloudCall {
  action: string;
  region: string | undefined;
  params: Record<string, unknown>;
}

export interface TencentCloudCounterpart {
  /** `http://127.0.0.1:port`: the adapters' `connectUrl`. */
  url: string;
  /** The host the calls address and sign for (`sms.tencentcloudapi.com`). */
  endpoint: string;
  /** The calls that passed the signature check, oldest first. */
  calls: TencentCloudCall[];
  /** The refusals of the signature check (their codes), oldest first. */
  refusals: string[];
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const AUTHORIZATION =
  /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;

/** Checks a call's TC3 signature; the platform's error code, or null when it holds. */
function signatureFault(
  request: IncomingMessage,
  body: Buffer,
  options: TencentCloudOptions,
  now: number,
): [string, string] | null {
  const header = request.headers.authorization ?? '';
  const match = AUTHORIZATION.exec(header);
  if (!match) return ['AuthFailure.InvalidAuthorization', 'Authorization 格式不正确'];
  const [, secretId, date, service, signedHeaders, signature] = match;
  if (secretId !== options.secretId) return ['AuthFailure.SecretIdNotFound', '密钥不存在'];
  if (service !== options.service)
    return ['AuthFailure.InvalidAuthorization', `凭证范围的服务应为 ${options.service}`];
  const timestamp = Number(request.headers['x-tc-timestamp']);
  if (!Number.isInteger(timestamp) || Math.abs(now - timestamp) > 300)
    return ['AuthFailure.SignatureExpire', '签名过期'];
  if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date)
    return ['AuthFailure.InvalidAuthorization', '凭证日期与时间戳不符'];
  const names = signedHeaders.split(';');
  if (!names.includes('host') || !names.includes('content-type'))
    return ['AuthFailure.InvalidAuthorization', 'SignedHeaders 须包含 content-type 和 host'];
  const canonicalHeaders = names
    .map((name) => {
      const raw = request.headers[name];
      const value = name === 'host' ? String(raw ?? '').replace(/:\d+$/, '') : String(raw ?? '');
      return `${name}:${value.trim().toLowerCase()}\n`;
    })
    .join('');
  const url = new URL(request.url ?? '/', 'http://counterpart');
  const canonicalRequest = [
    request.method,
    url.pathname,
    url.search.slice(1),
    canonicalHeaders,
    signedHeaders,
    sha256(body),
  ].join('\n');
  const stringToSign = [
    'TC3-HMAC-SHA256',
    String(timestamp),
    `${date}/${service}/tc3_request`,
    sha256(canonicalRequest),
  ].join('\n');
  const key = hmac(hmac(hmac(`TC3${options.secretKey}`, date), service), 'tc3_request');
  const expected = createHmac('sha256', key).update(stringToSign).digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex')))
    return ['AuthFailure.SignatureFailure', '请求签名验证失败'];
  return null;
}

/** Starts the counterpart on 127.0.0.1 (any free port). */
export async function startTencentCloud(options: TencentCloudOptions): Promise<TencentCloudCounterpart> {
  const calls: TencentCloudCall[] = [];
  const refusals: string[] = [];
  const endpoint = `${options.service}.tencentcloudapi.com`;
  const server = createServer(async (request, response) => {
    const requestId = randomUUID();
    const answer = (fields: Record<string, unknown>) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ Response: { ...fields, RequestId: requestId } }));
    };
    const refuse = (code: string, message: string) => answer({ Error: { Code: code, Message: message } });
    const body = await readBody(request);
    if (request.method !== 'POST') return refuse('InvalidParameter', '仅支持 POST');
    if (!String(request.headers['content-type'] ?? '').startsWith('application/json'))
      return refuse('InvalidParameter', 'Content-Type 须为 application/json');
    if (String(request.headers.host ?? '').replace(/:\d+$/, '') !== endpoint)
      return refuse('InvalidParameter', `Host 应为 ${endpoint}`);
    const fault = signatureFault(request, body, options, (options.nowSeconds ?? (() => Date.now() / 1000))());
    if (fault) {
      refusals.push(fault[0]);
      return refuse(...fault);
    }
    if (request.headers['x-tc-version'] !== options.version)
      return refuse('NoSuchVersion', `接口版本应为 ${options.version}`);
    const name = String(request.headers['x-tc-action'] ?? '');
    const action = options.actions[name];
    if (!action) return refuse('InvalidAction', `接口 ${name} 不存在`);
    let params: Record<string, unknown>;
    try {
      params = JSON.parse(body.toString('utf8') || '{}');
    } catch {
      return refuse('InvalidParameter', '请求体不是合法的 JSON');
    }
    const region = request.headers['x-tc-region'] as string | undefined;
    calls.push({ action: name, region, params });
    try {
      answer(await action(params, { region }));
    } catch (error) {
      if (error instanceof TencentCloudFault) return refuse(error.code, error.message);
      refuse('InternalError', error instanceof Error ? error.message : String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    endpoint,
    calls,
    refusals,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
