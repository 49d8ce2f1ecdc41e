import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../platform/http/context.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { PaymentProviderError } from './providers/provider.ts';
import { NOTIFY_PREFIX } from './providers/registry.ts';
import { applyRefundResult } from './refunds.ts';
import { applyPaymentNotice, paymentOfTrade } from './routes.ts';

export { NOTIFY_PREFIX };

/** Largest notification body accepted. */
const NOTIFY_BODY_LIMIT = 16 * 1024;

/** A refusal in the providers' own answer shape (WeChat reads code/message; the others only the status). */
const refuse = (reply: FastifyReply, status: number, message: string) =>
  reply.status(status).type('application/json').send({ code: 'FAIL', message });

/**
 * POST `${NOTIFY_PREFIX}/:provider`: the body is kept as the exact bytes the provider signed, verified by its
 * parseNotification, checked against the payments row (trade number and amount) and applied once; the
 * provider gets its notificationAck. Refusals are logged with the provider and trade number only.
 */
export function registerProviderNotifications(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (notify) => {
    notify.removeAllContentTypeParsers();
    notify.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: NOTIFY_BODY_LIMIT }, (_r, body, done) =>
      done(null, body),
    );

    notify.post<{ Params: { provider: string } }>(`${NOTIFY_PREFIX}/:provider`, async (request, reply) => {
      const provider = deps.paymentProviders.byName(request.params.provider);
      if (!provider) return refuse(reply, 404, '支付方式未开通');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let tradeNo: string | undefined;
      try {
        const notice = await provider.parseNotification(raw, request.headers);
        tradeNo = notice.tradeNo;
        if (notice.kind === 'refund') {
          const finished = await applyRefundResult(deps, notice);
          request.log.info({ provider: provider.name, tradeNo, finished }, 'refund notification');
        } else {
          const known = await paymentOfTrade(deps.db, notice.tradeNo);
          if (!known) return refuse(reply, 404, '支付记录不存在');
          const applied = await applyPaymentNotice(
            deps,
            known,
            { provider: provider.name, amountFen: notice.amountFen },
            request.log,
          );
          request.log.info({ provider: provider.name, paymentId: known.id, applied }, 'payment notification');
        }
        return reply
          .status(200)
          .type(provider.notificationAck.contentType)
          .send(provider.notificationAck.body);
      } catch (err) {
        if (err instanceof PaymentProviderError) {
          request.log.warn(
            { provider: provider.name, code: err.code, detail: err.detail },
            'notification refused',
          );
          return refuse(reply, err.code === 'BAD_SIGNATURE' ? 401 : 400, err.message);
        }
        if (err instanceof ApiError && err.envelope.state < 500) {
          request.log.warn({ provider: provider.name, tradeNo, reason: err.message }, 'notification refused');
          return refuse(reply, err.envelope.state, err.envelope.subMsg ?? err.message);
        }
        throw err;
      }
    });
  });
}
