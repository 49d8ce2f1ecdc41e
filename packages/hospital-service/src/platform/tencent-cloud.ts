import { Agent } from 'node:http';
import { connect } from 'node:net';
import type { ClientProfile } from 'tencentcloud-sdk-nodejs-common';

/** Where a Tencent Cloud API client sends its calls. */
export interface TencentCloudEndpoint {
  /** The product's API host, e.g. `sms.tencentcloudapi.com` (its first label is the service TC3 signs for). */
  endpoint: string;
  /**
   * Connect to this `http://host:port` instead of the endpoint, still signing and addressing the endpoint's
   * host: a plain-HTTP egress gateway, or the local counterpart in tests. Unset: HTTPS to the endpoint.
   */
  connectUrl?: string;
  /** Seconds one call may take (the SDK's own deadline; askOutside's is usually shorter). */
  timeoutSeconds?: number;
}

/** The SDK's client profile for an endpoint (TC3-HMAC-SHA256, POST, JSON). */
export function tencentCloudProfile({
  endpoint,
  connectUrl,
  timeoutSeconds = 10,
}: TencentCloudEndpoint): ClientProfile {
  if (!connectUrl) {
    return {
      signMethod: 'TC3-HMAC-SHA256',
      httpProfile: { endpoint, reqMethod: 'POST', reqTimeout: timeoutSeconds },
    };
  }
  const target = new URL(connectUrl);
  if (target.protocol !== 'http:') throw new Error(`connectUrl 须为 http:// 地址：${connectUrl}`);
  const port = Number(target.port || 80);
  const agent = new Agent({ keepAlive: false });
  agent.createConnection = (_options, callback) => {
    const socket = connect({ host: target.hostname, port });
    socket.once('connect', () => callback?.(null, socket));
    socket.once('error', (error) => callback?.(error, socket));
    return socket;
  };
  return {
    signMethod: 'TC3-HMAC-SHA256',
    httpProfile: { endpoint, protocol: 'http://', reqMethod: 'POST', reqTimeout: timeoutSeconds, agent },
  };
}

/** The answer code of a failed Tencent Cloud call (`AuthFailure.SignatureFailure`…), or null (no answer at all). */
export function tencentCloudCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code !== '' ? code : null;
}

/** The request id of a failed Tencent Cloud call, when the platform answered. */
export function tencentCloudRequestId(error: unknown): string | undefined {
  const id = (error as { requestId?: unknown } | null)?.requestId;
  return typeof id === 'string' && id !== '' ? id : undefined;
}
