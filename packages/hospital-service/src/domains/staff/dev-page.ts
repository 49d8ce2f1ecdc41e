import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../platform/http/context.ts';
import { escapeHtml, htmlPage, isSafeReturnPath, sendHtml } from '../../platform/http/html-page.ts';
import { isSameOriginForm } from '../../platform/http/origin.ts';
import { hospitals } from '../hospitals/index.ts';
import { SIMULATED_AUTHORIZE_PATH, type SimulatedCorpDirectory } from './corp-directory.ts';
import { staffMembers } from './tables.ts';

/**
 * The simulated corporate-messaging authorisation page (development and the browser suite; the real one is
 * 企业微信's own, where the member is already known): it lists the hospital's staff; choosing one issues a
 * one-time code and returns (303) to the app's `redirect_uri` with `code` and `state`. Never mounted in
 * production.
 */

type Query = { hospitalId?: string; redirect_uri?: string; state?: string; userId?: string };

const withParams = (path: string, params: Record<string, string>) =>
  `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(params)}`;

const message = (reply: FastifyReply, status: number, text: string) =>
  sendHtml(reply, status, htmlPage('企业微信授权', `<div class="card"><p>${escapeHtml(text)}</p></div>`));

const STATE = /^[A-Za-z0-9_-]{1,64}$/;

export function registerStaffDevPage(app: FastifyInstance, deps: AppDeps, directory: SimulatedCorpDirectory) {
  app.register(async (page) => {
    page.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    page.get<{ Querystring: Query }>(SIMULATED_AUTHORIZE_PATH, async (request, reply) => {
      const { query } = request;
      if (!isSafeReturnPath(query.redirect_uri) || !STATE.test(query.state ?? ''))
        return message(reply, 400, '授权参数不正确，请回到医院应用重新登录。');
      const [hospital] = await deps.db
        .select({ name: hospitals.name })
        .from(hospitals)
        .where(eq(hospitals.id, query.hospitalId ?? ''));
      if (!hospital) return message(reply, 404, '医院不存在。');
      const staff = await deps.db
        .select()
        .from(staffMembers)
        .where(and(eq(staffMembers.hospitalId, query.hospitalId ?? ''), eq(staffMembers.status, 'active')))
        .orderBy(asc(staffMembers.id));
      const action = escapeHtml(
        `${SIMULATED_AUTHORIZE_PATH}?${new URLSearchParams(query as Record<string, string>)}`,
      );
      const buttons = staff
        .map(
          (s) =>
            `<form method="post" action="${action}"><input type="hidden" name="userId" value="${escapeHtml(s.corpUserId)}"><button type="submit">以 ${escapeHtml(s.name)}（${escapeHtml(s.title)}）登录</button></form>`,
        )
        .join('\n');
      return sendHtml(
        reply,
        200,
        htmlPage(
          '企业微信授权',
          `<h1>企业微信授权（模拟）</h1>
<div class="card"><p>${escapeHtml(hospital.name)} 床位预约（护士端）请求获取你的成员身份。</p></div>
${buttons}
<p class="note">模拟的企业微信授权页，仅用于开发与测试：成员为种子数据中的工作人员。</p>`,
        ),
      );
    });

    page.post<{ Querystring: Query; Body: { userId?: string } }>(
      SIMULATED_AUTHORIZE_PATH,
      async (request, reply) => {
        if (!isSameOriginForm(request)) return message(reply, 403, '该授权请求来自其他网站，已被拒绝。');
        const { query } = request;
        if (!isSafeReturnPath(query.redirect_uri) || !STATE.test(query.state ?? ''))
          return message(reply, 400, '授权参数不正确，请回到医院应用重新登录。');
        const userId = request.body?.userId ?? '';
        const [staff] = await deps.db
          .select({ id: staffMembers.id })
          .from(staffMembers)
          .where(
            and(eq(staffMembers.hospitalId, query.hospitalId ?? ''), eq(staffMembers.corpUserId, userId)),
          );
        if (!staff) return message(reply, 404, '成员不存在。');
        const code = directory.issueCode(userId);
        return reply.redirect(withParams(query.redirect_uri, { code, state: query.state ?? '' }), 303);
      },
    );
  });
}
