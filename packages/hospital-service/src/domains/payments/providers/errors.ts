/** The payment providers' typed failure, apart from the provider interface (provider.ts) that names it. */
export type PaymentProviderErrorCode =
  /** The notification or response signature does not verify. */
  | 'BAD_SIGNATURE'
  /** The notification is not of the expected form (or is too old, or for another merchant). */
  | 'BAD_NOTIFICATION'
  /** The provider refused the call (its code is in `providerCode`). */
  | 'PROVIDER_ERROR'
  /** The provider could not be reached or answered something unreadable. */
  | 'NETWORK'
  /** This provider does not do that channel. */
  | 'UNSUPPORTED';

const MESSAGES: Record<PaymentProviderErrorCode, string> = {
  BAD_SIGNATURE: '支付通知验签失败',
  BAD_NOTIFICATION: '支付通知格式错误',
  PROVIDER_ERROR: '支付渠道处理失败，请稍后再试',
  NETWORK: '支付渠道暂时无法连接，请稍后再试',
  UNSUPPORTED: '暂不支持该支付方式',
};

/** A typed provider failure; `message` is safe to show a patient, `detail` is for the log only. */
export class PaymentProviderError extends Error {
  readonly code: PaymentProviderErrorCode;
  readonly providerCode?: string;
  readonly detail?: string;
  constructor(
    code: PaymentProviderErrorCode,
    detail?: string,
    providerCode?: string,
    options?: ErrorOptions,
  ) {
    super(MESSAGES[code], options);
    this.name = 'PaymentProviderError';
    this.code = code;
    this.detail = detail;
    this.providerCode = providerCode;
  }
}
