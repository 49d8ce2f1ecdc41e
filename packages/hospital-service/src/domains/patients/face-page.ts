import { maskIdCard, maskName } from '@patient/validation';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml, htmlPage, sendHtml } from '../../platform/http/html-page.ts';
import { isSameOriginForm } from '../../platform/http/origin.ts';
import { SIMULATED_FACE_PAGE, type SimulatedFaceVerification } from './face-verification.ts';

/**
 * The simulated face verification platform's page (development and the browser suite; the real page is the
 * platform's): it shows whom it verifies and lets the tester pass or fail the face, then returns (303) to the
 * app's page. Never mounted in production.
 */

type Query = { ticket?: string; outcome?: string };

const TITLE = '人脸识别验证';

const message = (reply: FastifyReply, status: number, text: string) =>
  sendHtml(reply, status, htmlPage(TITLE, `<div class="card"><p>${escapeHtml(text)}</p></div>`));

const GONE = '本次人脸识别验证已完成或已失效，请回到医院应用重新发起。';

export function registerFaceVerificationPage(app: FastifyInstance, face: SimulatedFaceVerification): void {
  app.register(async (page) => {
    page.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );

    page.get<{ Querystring: Query }>(SIMULATED_FACE_PAGE, async (request, reply) => {
      const ticket = request.query.ticket ?? '';
      const pending = face.pending(ticket);
      if (!pending) return message(reply, 404, GONE);
      const action = (outcome: string) =>
        escapeHtml(`${SIMULATED_FACE_PAGE}?${new URLSearchParams({ ticket, outcome })}`);
      return sendHtml(
        reply,
        200,
        htmlPage(
          TITLE,
          `<h1>人脸识别验证（模拟）</h1>
<div class="card">
<dl>
<dt>姓名</dt><dd>${escapeHtml(maskName(pending.name))}</dd>
<dt>证件号码</dt><dd>${escapeHtml(maskIdCard(pending.idNumber))}</dd>
</dl>
</div>
<form method="post" action="${action('pass')}"><button type="submit">模拟验证通过</button></form>
<form method="post" action="${action('fail')}"><button type="submit" style="background:#e34d59;margin-top:12px">模拟验证不通过</button></form>
<p class="note">模拟的人脸核身页面，仅用于开发与测试；正式环境由人脸核身平台完成。</p>`,
        ),
      );
    });

    page.post<{ Querystring: Query }>(SIMULATED_FACE_PAGE, async (request, reply) => {
      if (!isSameOriginForm(request)) {
        return message(reply, 403, '该请求来自其他网站，已被拒绝。请回到医院应用重新发起人脸识别验证。');
      }
      const { ticket = '', outcome } = request.query;
      if (outcome !== 'pass' && outcome !== 'fail') return message(reply, 400, '请选择验证结果。');
      const returnUrl = face.decide(ticket, outcome === 'pass');
      if (!returnUrl) return message(reply, 404, GONE);
      return reply.redirect(returnUrl, 303);
    });
  });
}
