/** Test helpers of the screening screens (not used by the app): a fake of the screening calls. */
import type { ScreeningForm, ScreeningResult, ScreeningStreet } from '@patient/contract';
import {
  type FeatureOptions,
  fail,
  LoopbackService,
  makeContact,
  ok,
  type Route,
} from '@patient/feature-kit/testing';

export { answerDialog, bodiesOf, bodyShows, pause, sent } from '@patient/feature-kit/testing';

/** 张伟's ID number (the contact of the fixtures) and 王秀兰's. */
export const ZHANG_ID = '110105198503152313';
export const WANG_ID = '410102195806120026';

export function makeStreet(extra: Partial<ScreeningStreet> = {}): ScreeningStreet {
  return {
    streetId: '1',
    name: '城东街道',
    title: '城东街道2025年慢性病风险筛查',
    intro: ['面向辖区内35岁及以上常住居民。'],
    place: '城东街道社区卫生服务中心一楼',
    startDate: '2030-05-01',
    endDate: '2030-07-01',
    status: 'OPEN',
    communities: [
      { communityId: '11', name: '幸福里社区' },
      { communityId: '12', name: '和平社区' },
    ],
    ...extra,
  };
}

export const FORM: ScreeningForm = {
  community: { communityId: '11', name: '幸福里社区' },
  street: { streetId: '1', name: '城东街道', title: '城东街道2025年慢性病风险筛查' },
  status: 'OPEN',
  questions: [
    {
      questionId: 'q1',
      title: '近半年是否经常出现头晕、头痛或心慌？',
      type: 'SINGLE',
      required: true,
      options: [
        { value: 'often', label: '经常', none: false },
        { value: 'no', label: '没有', none: false },
      ],
    },
    {
      questionId: 'q7',
      title: '目前正在服用的药物（可多选）',
      type: 'MULTIPLE',
      required: false,
      options: [
        { value: 'bp', label: '降压药', none: false },
        { value: 'none', label: '以上都没有', none: true },
      ],
    },
  ],
};

export function makeResult(extra: Partial<ScreeningResult> = {}): ScreeningResult {
  return {
    screeningId: '5',
    streetName: '城东街道',
    communityName: '幸福里社区',
    title: '城东街道2025年慢性病风险筛查',
    name: '张*',
    identityCard: '11010*************',
    phone: '*******8000',
    submittedAt: '2030-05-10T01:00:00.000Z',
    level: 'MEDIUM',
    score: 5,
    bmi: 25.1,
    factors: ['超重（体重指数25.1）', '血压偏高（142/92 mmHg）'],
    advice: ['您存在一定的慢性病风险，建议3个月内复查。', '控制体重。'],
    ...extra,
  };
}

export class FakeService extends LoopbackService {
  streets: ScreeningStreet[] = [
    makeStreet(),
    makeStreet({ streetId: '3', name: '南湖街道', status: 'ENDED' }),
  ];
  results: ScreeningResult[] = [makeResult()];

  protected readonly routes: Route[] = [
    ['GET', /^\/v1\/healthScreening\/list$/, () => ok(this.streets)],
    [
      'GET',
      /^\/v1\/healthScreening\/list\/street$/,
      (r) => {
        const street = this.streets.find((s) => s.streetId === r.query.get('streetId'));
        return street ? ok(street) : fail(404, '筛查街道不存在');
      },
    ],
    [
      'GET',
      /^\/v1\/healthScreening\/form$/,
      (r) => (r.query.get('communityId') === '11' ? ok(FORM) : fail(404, '筛查社区不存在')),
    ],
    [
      'POST',
      /^\/v1\/healthScreening$/,
      () => {
        const result = makeResult({ screeningId: '9', level: 'HIGH' });
        this.results.unshift(result);
        return ok(result);
      },
    ],
    ['POST', /^\/v1\/healthScreening\/last$/, () => ok(this.results[0] ?? null)],
    [
      'POST',
      /^\/v1\/healthScreening\/answer$/,
      (r) => ok(JSON.parse(r.body).identityCard === ZHANG_ID ? this.results : []),
    ],
  ];
}

/** The options of the harness (setupFeature): 张伟 with his address, and his mother 王秀兰. */
export const harness = {
  service: FakeService,
  seed: {
    contacts: [
      makeContact('1', '张伟', { isDefault: true, address: '城东街道幸福里社区3栋501室' }),
      makeContact('2', '王秀兰', { documentNumber: WANG_ID, relation: 'PARENT', phone: '13900001234' }),
    ],
  },
} satisfies FeatureOptions<FakeService>;
