import { maskIdCard, maskName } from '@patient/validation';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseId } from '../../platform/database/ids.ts';
import type { AppDeps } from '../../platform/http/context.ts';
import {
  escapeHtml,
  htmlPage,
  isSafeReturnPath,
  pageUserId,
  sendHtml,
} from '../../platform/http/html-page.ts';
import { isSameOriginForm } from '../../platform/http/origin.ts';
import { hospitals } from '../hospitals/index.ts';
import { contacts } from '../patients/index.ts';
import { SIM_AUTH_PAGE, type SimulatedInsuranceCentre } from './simulated-centre.ts';

/**
 * The simulated insurance centre's credential authorisation page (development and the browser suite; the
 * real page belongs to the insurance platform). Agreeing gives a one-time code and returns (303) to the app's
 * `returnUrl` with `authCode`; declining returns with `authCancelled=1`. Never mounted in production.
 */

type Query = { hospitalId?: string; contactId?: string; returnUrl?: string };

const withParam = (path: string, name: string, value: string) =>
  `${path}${path.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;

const message = (reply: FastifyReply, status: number, text: string) =>
  sendHtml(reply, status, htmlPage('医保电子凭证授权', `<div class="card"><p>${escapeHtml(text)}</p></div>`));

/** The logged-in user's contact the page is asked for, or null. */
async function insuredOf(deps: AppDeps, request: FastifyRequest, query: Query) {
  const userId = await pageUserId(deps, request);
  const id = parseId(query.contactId ?? '');
  if (userId === null || id === null) return null;
  const [contact] = await deps.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.userId, userId)));
  return contact ?? null;
}

export function registerInsuranceAuthPage(
  app: FastifyInstance,
  deps: AppDeps,
  centre: SimulatedInsuranceCentre,
): void {
  app.register(async (page) => {
    page.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );

    page.get<{ Querystring: Query }>(SIM_AUTH_PAGE, async (request, reply) => {
      const { query } = request;
      if (!isSafeReturnPath(query.returnUrl))
        return message(reply, 400, '返回地址不正确，请回到医院应用重新发起医保支付。');
      const contact = await insuredOf(deps, request, query);
      if (!contact) return message(reply, 404, '就诊人不存在，请登录后回到医院应用重新发起医保支付。');
      const [hospital] = await deps.db
        .select({ name: hospitals.name })
        .from(hospitals)
        .where(eq(hospitals.id, query.hospitalId ?? ''));
      const action = `${SIM_AUTH_PAGE}?${new URLSearchParams(query as Record<string, string>)}`;
      return sendHtml(
        reply,
        200,
        htmlPage(
          '医保电子凭证授权',
          `<h1>医保电子凭证授权（模拟）</h1>
<div class="card">
<dl>
<dt>授权给</dt><dd>${escapeHtml(hospital?.name ?? '医院')}</dd>
<dt>参保人</dt><dd>${escapeHtml(maskName(contact.name))}</dd>
<dt>证件号码</dt><dd>${escapeHtml(maskIdCard(contact.documentNumber))}</dd>
<dt>用途</dt><dd>本次就医的医保结算</dd>
</dl>
</div>
<form method="post" action="${escapeHtml(action)}"><button type="submit">同意授权</button></form>
<a href="${escapeHtml(withParam(query.returnUrl, 'authCancelled', '1'))}">暂不授权</a>
<p class="note">模拟的医保平台授权页，仅用于开发与测试。</p>`,
        ),
      );
    });

    page.post<{ Querystring: Query }>(SIM_AUTH_PAGE, async (request, reply) => {
      if (!isSameOriginForm(request)) {
        return message(reply, 403, '该授权请求来自其他网站，已被拒绝。请回到医院应用重新发起医保支付。');
      }
      const { query } = request;
      if (!isSafeReturnPath(query.returnUrl))
        return message(reply, 400, '返回地址不正确，请回到医院应用重新发起医保支付。');
      const contact = await insuredOf(deps, request, query);
      if (!contact) return message(reply, 404, '就诊人不存在，请登录后回到医院应用重新发起医保支付。');
      const authCode = await centre.grant(
        deps.db,
        { name: contact.name, identityNumber: contact.documentNumber },
        deps.clock.now(),
      );
      return reply.redirect(withParam(query.returnUrl, 'authCode', authCode), 303);
    });
  });
}
