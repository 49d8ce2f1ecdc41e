/** Test helpers of the consent screens (not used by the app): a fake of the privacy calls. */
import type {
  ConsentRecord,
  DataAccessRecord,
  DataCopy,
  DeletionOverview,
  LegalDocument,
} from '@patient/contract';
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
          {
            heading: '二、敏感个人信息',
            paragraphs: [
              '处理哪些信息：证件号码、证件照片和检查检验报告。',
              '保存多久：证件照片不超过 180 天。',
            ],
          },
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

export const deletionOverview = (blockers: DeletionOverview['blockers'] = []): DeletionOverview => ({
  phone: '138****8000',
  erased: ['就诊人：姓名、证件号码、手机号', '就诊卡、电子健康卡与健康码', '收货地址', '上传的照片'],
  kept: [
    {
      what: '支付与退款记录、电子票据',
      period: '自交易完成之日起 30 年',
      rule: '《会计档案管理办法》第十四条',
    },
  ],
  blockers,
});

export const CODE = '246810';

export class FakeService extends LoopbackService {
  consents: ConsentRecord[] = [consent('2', 'AGREEMENT'), consent('1', 'POLICY')];
  accessLog: { items: DataAccessRecord[]; total: number } = { items: [], total: 0 };
  next = 10;
  deletion = deletionOverview();
  deleted = false;
  copies: DataCopy[] = [];

  protected readonly routes: Route[] = [
    ['GET', /^\/v1\/account\/deletion$/, () => ok(this.deletion)],
    ['POST', /^\/v1\/account\/deletion\/sendCode$/, () => ok({ resendAfterSeconds: 60 })],
    [
      'POST',
      /^\/v1\/account\/deletion$/,
      (r) => {
        if (this.deletion.blockers.length > 0)
          return fail(409, '暂时无法注销账号', `暂时无法注销账号：${this.deletion.blockers[0].message}`);
        if ((JSON.parse(r.body) as { code: string }).code !== CODE) return fail(400, '验证码错误');
        this.deleted = true;
        return ok(true);
      },
    ],
    ['GET', /^\/v1\/account\/dataCopy$/, () => ok(this.copies)],
    [
      'POST',
      /^\/v1\/account\/dataCopy$/,
      () => {
        const copy = {
          copyId: String(this.next++),
          createdAt: '2026-11-06T02:00:00.000Z',
          expiresAt: '2026-11-13T02:00:00.000Z',
        };
        this.copies = [copy, ...this.copies];
        return ok(copy);
      },
    ],
    [
      'GET',
      /^\/v1\/account\/dataCopy\/(\w+)$/,
      (r, m) => {
        if (!this.copies.some((c) => c.copyId === m[1])) return fail(404, '个人信息副本不存在');
        const format = r.query.get('format');
        return ok({
          fileName: `个人信息副本-2026-11-06.${format}`,
          mimeType: format === 'pdf' ? 'application/pdf' : 'application/json',
          data: btoa('{}'),
        });
      },
    ],
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
