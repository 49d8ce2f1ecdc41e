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
 * `paymentId|tradeNo|amount` (the fen as decimal digits) by the service's own secret. Refunds and closing succeed at once. Its bill comes
 * from its books (the cashier records what it collects, refund() what it pays back); without books it is empty.
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
): PaymentProvider {
  return {
    name: 'sandbox',
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
      await book?.record({
        type: 'refund',
        tradeNo: input.tradeNo,
        refundNo: input.refundNo,
        amountFen: input.amountFen,
      });
      return { refundNo: input.refundNo, state: 'SUCCESS', amountFen: input.amountFen, refundedAt: now() };
    },
    async queryRefund(refundNo) {
      // Refunds succeed at once in the sandbox; the amount is not known here, so the query is never asked
      // (the refund call's own answer finishes it).
      throw new PaymentProviderError('UNSUPPORTED', `sandbox refund query ${refundNo}`);
    },
    async downloadBill(date) {
      return book ? book.billOn(date) : [];
    },
  };
}
