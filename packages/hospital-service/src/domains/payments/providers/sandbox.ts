import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SandboxBook } from '../sandbox-book.ts';
import {
  type ClientPayment,
  type CreatePaymentInput,
  type PaymentProvider,
  PaymentProviderError,
} from './provider.ts';

/**
 * The development provider behind the sandbox cashier. Its notification is the JSON
 * `{ paymentId, tradeNo, amount, signature }` (amount in integer fen), signed with HMAC-SHA256 over
 * `paymentId|tradeNo|amount` (the fen as decimal digits) by the service's own secret. Closing succeeds at once;
 * a refund is paid back `refundDelayMs` after it is asked (at once when 0): until then refund() and
 * queryRefund() answer PROCESSING, as real providers do for minutes, and the sandbox refund desk
 * (sandbox-cashier.ts) can pay it back at once. Its bill comes from its books (the cashier records what it
 * collects, refund() what it pays back); without books it is empty and refunds are paid at once.
 */

/** HMAC-SHA256 (hex) over `paymentId|tradeNo|amount`, the amount in fen. */
export function signSandboxNotification(
  secret: Buffer,
  paymentId: string,
  tradeNo: string,
  amount: number,
): string {
  return createHmac('sha256', secret).update(`${paymentId}|${tradeNo}|${amount}`).digest('hex');
}

/** The sandbox provider; `now` stamps paidAt of a verified notification. */
export function sandboxProvider(
  secret: Buffer,
  now: () => Date = () => new Date(),
  book?: SandboxBook,
  refundDelayMs = 0,
): PaymentProvider {
  const delay = book ? refundDelayMs : 0;
  return {
    name: 'sandbox',
    kind: 'sandbox',
    simulated: true,
    notificationAck: { contentType: 'application/json', body: '{"code":"SUCCESS"}' },
    async createPayment(input: CreatePaymentInput): Promise<ClientPayment> {
      if (input.channel !== 'sandbox') throw new PaymentProviderError('UNSUPPORTED', input.channel);
      return { kind: 'redirect', url: input.returnUrl ?? '/' };
    },
    async parseNotification(rawBody) {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.isBuffer(rawBody) ? rawBody.toString('utf8') : rawBody);
      } catch {
        throw new PaymentProviderError('BAD_NOTIFICATION', 'sandbox notification is not JSON');
      }
      const { paymentId, tradeNo, amount, signature } = (body ?? {}) as Record<string, unknown>;
      if (
        typeof paymentId !== 'string' ||
        typeof tradeNo !== 'string' ||
        typeof amount !== 'number' ||
        !Number.isSafeInteger(amount) ||
        amount < 0 ||
        typeof signature !== 'string' ||
        !/^[0-9a-f]{64}$/.test(signature)
      ) {
        throw new PaymentProviderError('BAD_NOTIFICATION', 'sandbox notification fields');
      }
      const expected = Buffer.from(signSandboxNotification(secret, paymentId, tradeNo, amount), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
        throw new PaymentProviderError('BAD_SIGNATURE', 'sandbox notification signature');
      }
      return {
        kind: 'payment',
        tradeNo,
        providerTradeId: `SANDBOX-${paymentId}`,
        amountFen: amount,
        paidAt: now(),
      };
    },
    async queryPayment(tradeNo) {
      throw new PaymentProviderError('UNSUPPORTED', `sandbox query ${tradeNo}`);
    },
    async closePayment() {},
    async refund(input) {
      const existing = await book?.refundOf(input.refundNo);
      const paidBackAt = existing?.at ?? new Date(now().getTime() + delay);
      if (!existing) {
        await book?.record({
          type: 'refund',
          tradeNo: input.tradeNo,
          refundNo: input.refundNo,
          amountFen: input.amountFen,
          at: paidBackAt,
        });
      }
      return paidBackAt <= now()
        ? { refundNo: input.refundNo, state: 'SUCCESS', amountFen: input.amountFen, refundedAt: paidBackAt }
        : { refundNo: input.refundNo, state: 'PROCESSING', amountFen: input.amountFen };
    },
    async queryRefund(refundNo) {
      const refund = await book?.refundOf(refundNo);
      if (!refund) throw new PaymentProviderError('PROVIDER_ERROR', `sandbox has no refund ${refundNo}`);
      return refund.at <= now()
        ? { refundNo, state: 'SUCCESS', amountFen: refund.amountFen, refundedAt: refund.at }
        : { refundNo, state: 'PROCESSING', amountFen: refund.amountFen };
    },
    async downloadBill(date) {
      return book ? book.billOn(date) : [];
    },
  };
}
