/**
 * What went wrong when the HIS was asked, in domain terms. A port built on the adapter lets the first two
 * through `askOutside`'s `passThrough` (they are answers) and leaves {@link HisUnavailableError} to become its
 * 503 (`医院信息系统暂不可用…`, nothing written).
 */
export abstract class HisError extends Error {}

/** The HIS does not know it (HTTP 404/410, or a search that found nothing where one was required). */
export class HisNotFoundError extends HisError {
  override name = 'HisNotFoundError';
}

/**
 * The HIS refused the request, with its reason (Chinese when the HIS gives one): a busy slot (409), a
 * conflicting order number, an amount that does not match the bills (400/409/412/422).
 */
export class HisRefusedError extends HisError {
  override name = 'HisRefusedError';
  constructor(
    readonly reason: string,
    readonly status: number | null = null,
  ) {
    super(reason);
  }
}

/**
 * The HIS could not be asked or did not answer: a network failure, a 5xx, a time-out (`timeout`), our
 * credentials refused (401/403: a configuration error, `credentials`), or the caller gave up (`aborted`).
 */
export class HisUnavailableError extends HisError {
  override name = 'HisUnavailableError';
  constructor(
    readonly reason: 'timeout' | 'aborted' | 'credentials' | 'failure',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

interface FhirIssue {
  severity?: string;
  code?: string;
  diagnostics?: string;
  details?: { text?: string };
}

/** The first issue's text of an OperationOutcome body (what a FHIR server says when it refuses), if any. */
function outcomeText(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const body = data as { resourceType?: string; issue?: FhirIssue[] };
  if (body.resourceType !== 'OperationOutcome' || !Array.isArray(body.issue)) return null;
  const texts = body.issue.map((i) => i.details?.text ?? i.diagnostics).filter((t): t is string => !!t);
  return texts.length > 0 ? texts.join('；') : null;
}

/** Maps what the FHIR client threw (an HTTP error with `response.status` and body, an abort, a network error). */
export function toHisError(error: unknown): HisError {
  if (error instanceof HisError) return error;
  const e = error as { name?: string; response?: { status?: number; data?: unknown } } | null;
  if (e?.name === 'TimeoutError') {
    return new HisUnavailableError('timeout', '医院信息系统响应超时', { cause: error });
  }
  if (e?.name === 'AbortError') {
    return new HisUnavailableError('aborted', '对医院信息系统的请求已取消', { cause: error });
  }
  const status = e?.response?.status;
  if (typeof status !== 'number') {
    return new HisUnavailableError('failure', '无法连接医院信息系统', { cause: error });
  }
  const text = outcomeText(e?.response?.data);
  if (status === 404 || status === 410) return new HisNotFoundError(text ?? '医院信息系统中没有该记录');
  if (status === 401 || status === 403) {
    return new HisUnavailableError('credentials', `医院信息系统拒绝了本服务的凭据（HTTP ${status}）`, {
      cause: error,
    });
  }
  if (status >= 400 && status < 500)
    return new HisRefusedError(text ?? `医院信息系统拒绝了请求（HTTP ${status}）`, status);
  return new HisUnavailableError('failure', `医院信息系统出错（HTTP ${status}）${text ? `：${text}` : ''}`, {
    cause: error,
  });
}
