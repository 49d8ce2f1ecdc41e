/** Test helpers of the consent screens (not used by the app): a fake of the privacy calls. */
import type { ConsentRecord, DataAccessRecord, LegalDocument } from '@patient/contract';
import { type FeatureOptions, fail, LoopbackService, ok, type Route } from '@patient/feature-kit/testing';

export { bodiesOf, bodyShows, fail, sent } from '@patient/feature-kit/testing';

export const VERSION = '2026-11-01';

export const document = (kind: 'POLICY' | 'AGREEMENT'): LegalDocument => ({
  kind,
  hospitalId: '1000',
  title: kind === 'POLICY' ? '隐私政策' : '用户协议',
  version: VERSION,
  publisher: '示范人民医院',
  sections:
    kind === 'POLICY'
      ? [
          { heading: '一、我们收集的信息及用途', paragraphs: ['手机号：用于短信验证码登录。'] },
          { heading: '四、您的权利', paragraphs: ['依据《个人信息保护法》，您有权撤回同意。'] },
        ]
      : [{ heading: '一、服务内容', paragraphs: ['本平台由示范人民医院提供。'] }],
});

export const consent = (
  consentId: string,
  kind: ConsentRecord['kind'],
  extra: Partial<ConsentRecord> = {},
) => ({
  consentId,
  hospitalId: '1000',
  kind,
  version: VERSION,
  current: true,
  agreedAt: '2026-11-02T01:30:00.000Z',
  withdrawnAt: null,
  ...extra,
});

export class FakeService extends LoopbackService {
  consents: ConsentRecord[] = [consent('2', 'AGREEMENT'), consent('1', 'POLICY')];
  accessLog: { items: DataAccessRecord[]; total: number } = { items: [], total: 0 };
  next = 10;

  protected readonly routes: Route[] = [
    ['GET', /^\/v1\/privacy\/documents\/(POLICY|AGREEMENT)$/, (_r, m) => ok(document(m[1] as 'POLICY'))],
    ['GET', /^\/v1\/privacy\/consents$/, () => ok(this.consents)],
    ['GET', /^\/v1\/privacy\/access-log$/, () => ok(this.accessLog)],
    [
      'POST',
      /^\/v1\/privacy\/consents$/,
      (r) => {
        const body = JSON.parse(r.body) as { kind: ConsentRecord['kind']; version: string };
        if (body.version !== VERSION) return fail(409, '隐私政策已更新');
        const record = consent(String(this.next++), body.kind, { agreedAt: '2026-11-03T02:00:00.000Z' });
        this.consents = [record, ...this.consents];
        return ok(record);
      },
    ],
    [
      'POST',
      /^\/v1\/privacy\/consents\/withdraw$/,
      (r) => {
        const { consentId } = JSON.parse(r.body) as { consentId: string };
        const found = this.consents.find((c) => c.consentId === consentId);
        if (!found) return fail(404, '授权记录不存在');
        found.withdrawnAt = '2026-11-05T03:00:00.000Z';
        return ok(found);
      },
    ],
  ];
}

/** The options of the harness (setupFeature): hospital 1000, logged out, contacts not loaded. */
export const harness = {
  service: FakeService,
  seed: { contacts: null },
} satisfies FeatureOptions<FakeService>;
