import type { PayChannel } from '@patient/contract';

/** The channels that pay at the provider's own cashier page, in an ordinary mobile browser. */
export type CashierChannel = Extract<PayChannel, 'WECHAT_H5' | 'ALIPAY_WAP'>;

/** One way to pay the patient may choose in an ordinary mobile browser. */
export interface PayChoice {
  channel: CashierChannel;
  /** The button's text. */
  label: string;
}

/** The choices, in the order they are offered. */
export const PAY_CHOICES: readonly PayChoice[] = [
  { channel: 'WECHAT_H5', label: '微信支付' },
  { channel: 'ALIPAY_WAP', label: '支付宝' },
];

/**
 * The hosts each provider's cashier lives on, as the service's adapters answer them: WeChat Pay's h5_url
 * (wx.tenpay.com), Alipay's signed wap.pay URL on its gateway (production, or the sandbox gateway that
 * ALIPAY_GATEWAY may name). Nothing else is opened.
 */
export const CASHIER_HOSTS: Readonly<Record<CashierChannel, readonly string[]>> = {
  WECHAT_H5: ['wx.tenpay.com'],
  ALIPAY_WAP: ['openapi.alipay.com', 'openapi-sandbox.dl.alipaydev.com'],
};

/** The choices among the channels the service has open (empty: nothing to choose). */
export function payChoicesOf(open: readonly PayChannel[]): PayChoice[] {
  return PAY_CHOICES.filter((choice) => open.includes(choice.channel));
}

/** `url` when it is an https page on one of the channel's cashier hosts, else null. */
export function providerCashierUrl(channel: CashierChannel, url: string): string | null {
  try {
    const parsed = new URL(url);
    const trusted =
      parsed.protocol === 'https:' &&
      !parsed.username &&
      !parsed.password &&
      !parsed.port &&
      CASHIER_HOSTS[channel].includes(parsed.hostname);
    return trusted ? parsed.href : null;
  } catch {
    return null;
  }
}
