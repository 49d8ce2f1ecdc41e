import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { fen, id } from './primitives.ts';

/**
 * Hospital information (001 §2 'Hospital information', §7 'Price inquiry'): what the service holds about the
 * hospital — its introduction, address, hours, hotlines and transport, notices, where its departments are,
 * the visit step by step — and the prices of its drugs and medical services. Content that changes without a
 * release of the apps; all public (no login).
 */

const byHospital = z.object({ hospitalId: id() });

export const hospitalIntroduction = z.object({
  hospitalId: z.string(),
  name: z.string(),
  /** '三级甲等综合医院'. */
  subtitle: z.string(),
  /** Title/value rows: level, beds, founded… */
  facts: z.array(z.object({ title: z.string(), value: z.string() })),
  website: z.string(),
  /** Paragraphs. */
  introduction: z.array(z.string()),
  address: z.string(),
  /** '门诊：周一至周日 08:00-12:00 14:00-17:30' lines. */
  hours: z.array(z.string()),
  hotlines: z.array(z.object({ label: z.string(), number: z.string() })),
  /** How to get there: bus, metro, parking. */
  transport: z.array(z.string()),
});
export type HospitalIntroduction = z.output<typeof hospitalIntroduction>;

export const getHospitalIntroduction = endpoint({
  id: 'getHospitalIntroduction',
  method: 'GET',
  path: '/v1/hospital/:hospitalId/introduction',
  summary: '医院介绍与医院信息（地址、时间、电话、交通）',
  auth: false,
  params: byHospital,
  results: hospitalIntroduction,
});

export const hospitalNotice = z.object({
  noticeId: z.string(),
  title: z.string(),
  /** YYYY-MM-DD. */
  publishedAt: z.string(),
  body: z.array(z.string()),
});
export type HospitalNotice = z.output<typeof hospitalNotice>;

export const listHospitalNotices = endpoint({
  id: 'listHospitalNotices',
  method: 'GET',
  path: '/v1/hospital/:hospitalId/notices',
  summary: '医院公告与就诊须知',
  auth: false,
  params: byHospital,
  results: z.array(hospitalNotice),
});

export const placeKind = z.enum(['DEPARTMENT', 'FACILITY']);
export const hospitalPlace = z.object({
  name: z.string(),
  kind: placeKind,
  /** 'B区', or '' when the floor is one area. */
  area: z.string(),
});
export type HospitalPlace = z.output<typeof hospitalPlace>;

export const hospitalNavigation = z.object({
  buildings: z.array(
    z.object({
      name: z.string(),
      floors: z.array(z.object({ floor: z.string(), places: z.array(hospitalPlace) })),
    }),
  ),
});
export type HospitalNavigation = z.output<typeof hospitalNavigation>;

export const getHospitalNavigation = endpoint({
  id: 'getHospitalNavigation',
  method: 'GET',
  path: '/v1/hospital/:hospitalId/navigation',
  summary: '院内导航（楼宇、楼层与科室位置）',
  auth: false,
  params: byHospital,
  results: hospitalNavigation,
});

export const guideStep = z.object({
  title: z.string(),
  text: z.array(z.string()),
  /** The app's screen for the step, e.g. '/callingQueuing', or null. */
  path: z.nullable(z.string()),
  /** What the link says: '预约挂号'. */
  action: z.nullable(z.string()),
});
export type GuideStep = z.output<typeof guideStep>;

export const getMedicalGuide = endpoint({
  id: 'getMedicalGuide',
  method: 'GET',
  path: '/v1/hospital/:hospitalId/guide',
  summary: '就医指南（就诊流程）',
  auth: false,
  params: byHospital,
  results: z.array(guideStep),
});

export const insuranceCategory = z.enum(['A', 'B', 'SELF']);
export type InsuranceCategory = z.output<typeof insuranceCategory>;
/** 甲类 fully covered, 乙类 partly (a share paid first), 自费 not covered. */
export const INSURANCE_CATEGORY_NAMES: Record<InsuranceCategory, string> = {
  A: '医保甲类',
  B: '医保乙类',
  SELF: '自费',
};

export const priceItem = z.object({
  itemId: z.string(),
  code: z.string(),
  name: z.string(),
  /** Drugs: '0.25g×24粒'; services: what it covers, or ''. */
  specification: z.string(),
  unit: z.string(),
  /** Per unit, in fen. */
  price: fen(),
  insuranceCategory,
  /** Drugs only. */
  manufacturer: z.nullable(z.string()),
});
export type PriceItem = z.output<typeof priceItem>;

const priceQuery = z.object({
  /** Part of the name, its pinyin or its initials ('amxl' finds 阿莫西林); empty lists everything. */
  keyword: z.optional(z.string().check(z.trim(), z.maxLength(20))),
  page: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(1000))),
  pageSize: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(50))),
});
const pricePage = z.object({
  items: z.array(priceItem),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
export type PricePage = z.output<typeof pricePage>;

export const searchDrugPrices = endpoint({
  id: 'searchDrugPrices',
  method: 'GET',
  path: '/v1/prices/drugPriceInfo/:hospitalId',
  summary: '药品价格查询（名称、拼音或首字母）',
  auth: false,
  params: byHospital,
  query: priceQuery,
  results: pricePage,
});

export const searchServicePrices = endpoint({
  id: 'searchServicePrices',
  method: 'GET',
  path: '/v1/prices/medicalServicePriceInfo/:hospitalId',
  summary: '医疗服务价格查询（名称、拼音或首字母）',
  auth: false,
  params: byHospital,
  query: priceQuery,
  results: pricePage,
});
