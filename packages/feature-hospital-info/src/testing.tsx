/** Test helpers of the hospital information screens (not used by the app): a fake of the information calls. */
import type { HospitalIntroduction, HospitalNavigation, HospitalNotice, PriceItem } from '@patient/contract';
import { type FeatureOptions, LoopbackService, ok, type Route } from '@patient/feature-kit/testing';

export { bodyShows, pause, sent } from '@patient/feature-kit/testing';

export const INTRO: HospitalIntroduction = {
  hospitalId: '1000',
  name: '示范人民医院',
  subtitle: '三级甲等综合医院',
  facts: [
    { title: '医院等级', value: '三级甲等' },
    { title: '开放床位', value: '1500张' },
  ],
  website: 'https://www.example-hospital.cn',
  introduction: ['示范人民医院始建于1952年。', '年门诊量逾200万人次。'],
  address: '北京市朝阳区示范路1号',
  hours: ['门诊：周一至周日 08:00-12:00，14:00-17:30'],
  hotlines: [
    { label: '咨询电话', number: '010-65123456' },
    { label: '急诊', number: '010-65123120' },
  ],
  transport: ['地铁：6号线“示范路”站 B 出口'],
};

export const NOTICES: HospitalNotice[] = [
  { noticeId: '1', title: '就诊提示', publishedAt: '2030-05-09', body: ['请提前30分钟到院签到。'] },
  { noticeId: '2', title: '门诊就诊须知', publishedAt: '2030-05-07', body: ['就诊时请携带身份证。'] },
  { noticeId: '3', title: '检查检验须知', publishedAt: '2030-05-01', body: ['空腹检查请于上午完成。'] },
  { noticeId: '4', title: '医保结算说明', publishedAt: '2030-04-20', body: ['已开通医保移动支付。'] },
];

export const NAVIGATION: HospitalNavigation = {
  buildings: [
    {
      name: '门诊楼',
      floors: [
        { floor: '1层', places: [{ name: '西药房', kind: 'FACILITY', area: 'B区' }] },
        { floor: '2层', places: [{ name: '心血管内科', kind: 'DEPARTMENT', area: 'A区' }] },
      ],
    },
    { name: '医技楼', floors: [{ floor: '1层', places: [{ name: 'CT室', kind: 'FACILITY', area: '' }] }] },
  ],
};

const drug = (n: number, name = `药品${n}`): PriceItem => ({
  itemId: String(n),
  code: `YP${String(n).padStart(4, '0')}`,
  name,
  specification: '0.25g×24粒',
  unit: '盒',
  price: 1250 + n,
  insuranceCategory: n % 2 ? 'A' : 'B',
  manufacturer: '华北制药股份有限公司',
});

export class FakeService extends LoopbackService {
  drugs: PriceItem[] = [drug(1, '阿莫西林胶囊'), ...Array.from({ length: 24 }, (_, i) => drug(i + 2))];
  services: PriceItem[] = [
    {
      ...drug(100, '血常规检查'),
      specification: '五分类',
      unit: '次',
      manufacturer: null,
      insuranceCategory: 'SELF',
    },
  ];

  private page(items: PriceItem[], query: URLSearchParams) {
    const keyword = query.get('keyword') ?? '';
    const page = Number(query.get('page') ?? 1);
    const size = Number(query.get('pageSize') ?? 20);
    const found = items.filter(
      (i) => !keyword || i.name.includes(keyword) || (keyword === 'amxl' && i.code === 'YP0001'),
    );
    return ok({
      items: found.slice((page - 1) * size, page * size),
      total: found.length,
      page,
      pageSize: size,
    });
  }

  protected readonly routes: Route[] = [
    ['GET', /^\/v1\/hospital\/\w+\/introduction$/, () => ok(INTRO)],
    ['GET', /^\/v1\/hospital\/\w+\/notices$/, () => ok(NOTICES)],
    ['GET', /^\/v1\/hospital\/\w+\/navigation$/, () => ok(NAVIGATION)],
    [
      'GET',
      /^\/v1\/hospital\/\w+\/guide$/,
      () =>
        ok([
          { title: '预约挂号', text: ['在线选择科室和医生。'], path: '/depts', action: '预约挂号' },
          { title: '查看报告', text: ['报告一般次日出具。'], path: null, action: null },
        ]),
    ],
    ['GET', /^\/v1\/prices\/drugPriceInfo\/\w+$/, (r) => this.page(this.drugs, r.query)],
    ['GET', /^\/v1\/prices\/medicalServicePriceInfo\/\w+$/, (r) => this.page(this.services, r.query)],
  ];
}

/** The options of the harness (setupFeature): hospital 1000, contacts not loaded. */
export const harness = {
  service: FakeService,
  seed: { contacts: null },
} satisfies FeatureOptions<FakeService>;
