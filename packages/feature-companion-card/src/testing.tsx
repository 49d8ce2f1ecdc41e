/** Test helpers of the companion card screens (not used by the app): a fake of their calls. */
import type { CompanionCard, CompanionDeclaration, CompanionInpatient } from '@patient/contract';
import { type FeatureOptions, fail, LoopbackService, ok, type Route } from '@patient/feature-kit/testing';

export { answerDialog, bodiesOf, bodyShows, fail, pause, sent } from '@patient/feature-kit/testing';

export const INPATIENT: CompanionInpatient = {
  stayId: '31',
  contactId: '1',
  patientName: '张伟',
  admissionNo: 'ZY0012345678',
  department: '心血管内科',
  ward: '心血管内科一病区（住院部5楼）',
  bed: '12床',
  admittedOn: '2030-05-06',
};

export const DECLARATION: CompanionDeclaration = {
  notice: ['每位住院患者原则上限一名固定陪护人。'],
  questions: [
    { code: 'FEVER', text: '近14天内是否有发热？', allowedAnswer: false },
    { code: 'HEALTHY', text: '身体状况是否能胜任陪护工作？', allowedAnswer: true },
  ],
  promise: '本人承诺以上申报信息真实准确。',
};

export function makeCard(extra: Partial<CompanionCard> = {}): CompanionCard {
  return {
    cardId: '5',
    hospitalId: '1000',
    status: 'APPLYING',
    patientName: '张伟',
    admissionNo: INPATIENT.admissionNo,
    department: INPATIENT.department,
    ward: INPATIENT.ward,
    bed: INPATIENT.bed,
    companion: { name: '王小明', idCard: '11010*************', phone: '*******5678', relation: 'CHILD' },
    declaration: [
      { code: 'FEVER', text: '近14天内是否有发热？', answer: false },
      { code: 'HEALTHY', text: '身体状况是否能胜任陪护工作？', answer: true },
    ],
    rejectReason: null,
    createdAt: '2030-05-10T01:00:00.000Z',
    reviewedAt: null,
    withdrawnAt: null,
    cancelledAt: null,
    canWithdraw: true,
    canCancel: false,
    ...extra,
  };
}

export class FakeService extends LoopbackService {
  inpatients: CompanionInpatient[] = [INPATIENT];
  cards: CompanionCard[] = [
    makeCard(),
    makeCard({
      cardId: '6',
      status: 'EFFECTIVE',
      canWithdraw: false,
      canCancel: true,
      reviewedAt: '2030-05-10T02:00:00.000Z',
    }),
  ];
  passes = 0;

  private card = (id: string) => this.cards.find((c) => c.cardId === id);

  protected readonly routes: Route[] = [
    ['GET', /^\/v1\/chaperonage\/getChaperonageList$/, () => ok(this.inpatients)],
    ['GET', /^\/v1\/chaperonage\/declaration$/, () => ok(DECLARATION)],
    [
      'POST',
      /^\/v1\/chaperonage\/addChaperonageInfo$/,
      () => {
        const card = makeCard({ cardId: '9' });
        this.cards.unshift(card);
        return ok(card);
      },
    ],
    [
      'POST',
      /^\/v1\/chaperonage\/userChaperonageListForPage$/,
      (r) => {
        const { statuses } = JSON.parse(r.body) as { statuses?: string[] };
        const list = this.cards.filter((c) => !statuses || statuses.includes(c.status));
        return ok({ list, total: list.length });
      },
    ],
    [
      'GET',
      /^\/v1\/chaperonage\/getChaperonageDO$/,
      (r) => {
        const card = this.card(r.query.get('cardId') ?? '');
        return card ? ok(card) : fail(404, '陪护证不存在');
      },
    ],
    [
      'GET',
      /^\/v1\/chaperonage\/queryChaperonageStatus$/,
      (r) => {
        const card = this.card(r.query.get('cardId') ?? '');
        return card ? ok({ cardId: card.cardId, status: card.status }) : fail(404, '陪护证不存在');
      },
    ],
    [
      'GET',
      /^\/v1\/chaperonage\/cancelApplying$/,
      (r) => {
        const card = this.card(r.query.get('cardId') ?? '');
        if (!card) return fail(404, '陪护证不存在');
        Object.assign(card, {
          status: 'WITHDRAWN',
          canWithdraw: false,
          withdrawnAt: '2030-05-10T03:00:00.000Z',
        });
        return ok(card);
      },
    ],
    [
      'POST',
      /^\/v1\/chaperonage\/changeSpecialUserIuid$/,
      (r) => {
        const { cardId } = JSON.parse(r.body) as { cardId?: string };
        const card = this.card(cardId ?? '');
        if (!card) return fail(404, '陪护证不存在');
        this.cards = this.cards.filter((c) => c !== card);
        return ok(card);
      },
    ],
    [
      'GET',
      /^\/v1\/chaperonage\/cancellationChaperonage$/,
      (r) => {
        const card = this.card(r.query.get('cardId') ?? '');
        if (!card) return fail(404, '陪护证不存在');
        Object.assign(card, {
          status: 'CANCELLED',
          canCancel: false,
          cancelledAt: '2030-05-10T04:00:00.000Z',
        });
        return ok(card);
      },
    ],
    [
      'GET',
      /^\/v1\/chaperonage\/qrCode$/,
      (r) => {
        const card = this.card(r.query.get('cardId') ?? '');
        if (!card) return fail(404, '陪护证不存在');
        if (card.status !== 'EFFECTIVE') return fail(400, '陪护证不可用', '陪护证已失效，不能出示二维码');
        this.passes += 1;
        return ok({
          cardId: card.cardId,
          token: `PC1.${card.cardId}.${this.passes}.signature`,
          expiresAt: '2030-05-10T01:01:00.000Z',
          refreshInSeconds: 2,
        });
      },
    ],
  ];
}

/** The options of the harness (setupFeature): hospital 1000, contacts not loaded. */
export const harness = {
  service: FakeService,
  seed: { contacts: null },
} satisfies FeatureOptions<FakeService>;
