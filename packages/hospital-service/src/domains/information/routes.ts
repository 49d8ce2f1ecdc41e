import {
  getHospitalIntroduction,
  getHospitalNavigation,
  getMedicalGuide,
  type HospitalNavigation,
  type InsuranceCategory,
  listHospitalNotices,
  type PricePage,
  searchDrugPrices,
  searchServicePrices,
} from '@patient/contract';
import { and, asc, count, desc, eq, isNotNull, like, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { departments, normaliseKeyword } from '../booking/index.ts';
import { hospitalParams, requireHospital } from '../hospitals/index.ts';
import { FACILITIES, GUIDE } from './seed-data.ts';
import { hospitalNotices, hospitalProfiles, priceItems } from './tables.ts';

/** The buildings in the order a visitor meets them. */
const BUILDING_ORDER = ['门诊楼', '医技楼', '住院部'];

/** '门诊楼2层B区' / '门诊楼1层 A区' / '医技楼1层' → building, floor, area. */
export function parseLocation(location: string): { building: string; floor: string; area: string } | null {
  const match = /^(.*?)(\d+层)\s*(.*)$/.exec(location.trim());
  return match ? { building: match[1], floor: match[2], area: match[3].trim() } : null;
}

/** Where everything is: the hospital's clinics (their locations) and its facilities, by building and floor. */
async function navigationOf(db: DbOrTx, hospitalId: string): Promise<HospitalNavigation> {
  const clinics = await db
    .select({ name: departments.name, location: departments.location })
    .from(departments)
    .where(and(eq(departments.hospitalId, hospitalId), isNotNull(departments.parentId)))
    .orderBy(asc(departments.sortOrder), asc(departments.id));
  const places = [
    ...FACILITIES.map((f) => ({ ...f, kind: 'FACILITY' as const })),
    ...clinics.map((c) => ({ ...c, kind: 'DEPARTMENT' as const })),
  ];
  const buildings = new Map<string, Map<string, HospitalNavigation['buildings'][number]['floors'][number]>>();
  for (const place of places) {
    const where = parseLocation(place.location);
    if (!where) continue;
    const floors = buildings.get(where.building) ?? new Map();
    buildings.set(where.building, floors);
    const floor = floors.get(where.floor) ?? { floor: where.floor, places: [] };
    floors.set(where.floor, floor);
    floor.places.push({ name: place.name, kind: place.kind, area: where.area });
  }
  const rank = (name: string) => {
    const i = BUILDING_ORDER.indexOf(name);
    return i < 0 ? BUILDING_ORDER.length : i;
  };
  return {
    buildings: [...buildings]
      .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
      .map(([name, floors]) => ({
        name,
        floors: [...floors.values()].sort(
          (a, b) => Number.parseInt(a.floor, 10) - Number.parseInt(b.floor, 10),
        ),
      })),
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of a hospital's prices of one kind whose name, pinyin or initials match the keyword. */
async function searchPrices(
  db: DbOrTx,
  hospitalId: string,
  kind: 'DRUG' | 'SERVICE',
  query: { keyword?: string; page?: number; pageSize?: number },
): Promise<PricePage> {
  await requireHospital(db, hospitalId);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const keyword = normaliseKeyword(query.keyword ?? '');
  const filters: SQL[] = [eq(priceItems.hospitalId, hospitalId), eq(priceItems.kind, kind)];
  if (keyword) {
    const text = escapeLike(keyword);
    filters.push(
      or(
        like(priceItems.name, `%${text}%`),
        like(priceItems.pinyin, `${text}%`),
        like(priceItems.initials, `${text}%`),
      ) as SQL,
    );
  }
  const where = and(...filters);
  const [{ n }] = await db.select({ n: count() }).from(priceItems).where(where);
  const rows = await db
    .select()
    .from(priceItems)
    .where(where)
    .orderBy(asc(priceItems.code))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    items: rows.map((r) => ({
      itemId: String(r.id),
      code: r.code,
      name: r.name,
      specification: r.specification,
      unit: r.unit,
      price: r.price,
      insuranceCategory: r.insuranceCategory as InsuranceCategory,
      manufacturer: r.manufacturer,
    })),
    total: n,
    page,
    pageSize,
  };
}

export const informationRoutes = [
  route(getHospitalIntroduction, async ({ params }, ctx) => {
    const hospital = await requireHospital(ctx.db, params.hospitalId);
    const [p] = await ctx.db
      .select()
      .from(hospitalProfiles)
      .where(eq(hospitalProfiles.hospitalId, hospital.id))
      .limit(1);
    if (!p) throw notFound('医院介绍');
    const { ADDRESS: address = '', HOTLINE: hotline } = await hospitalParams(ctx.db, hospital.id);
    return {
      hospitalId: hospital.id,
      name: hospital.name,
      subtitle: p.subtitle,
      facts: address ? [...p.facts, { title: '医院地址', value: address }] : p.facts,
      website: p.website,
      introduction: p.introduction,
      address,
      hours: p.hours,
      hotlines: [...(hotline ? [{ label: '咨询电话', number: hotline }] : []), ...p.hotlines],
      transport: p.transport,
    };
  }),

  route(listHospitalNotices, async ({ params }, ctx) => {
    await requireHospital(ctx.db, params.hospitalId);
    const rows = await ctx.db
      .select()
      .from(hospitalNotices)
      .where(eq(hospitalNotices.hospitalId, params.hospitalId))
      .orderBy(desc(hospitalNotices.publishedAt), asc(hospitalNotices.id));
    return rows.map((r) => ({
      noticeId: String(r.id),
      title: r.title,
      publishedAt: r.publishedAt,
      body: r.body,
    }));
  }),

  route(getHospitalNavigation, async ({ params }, ctx) => {
    await requireHospital(ctx.db, params.hospitalId);
    return navigationOf(ctx.db, params.hospitalId);
  }),

  route(getMedicalGuide, async ({ params }, ctx) => {
    await requireHospital(ctx.db, params.hospitalId);
    return GUIDE.map((step) => ({ ...step, text: [...step.text] }));
  }),

  route(searchDrugPrices, async ({ params, query }, ctx) =>
    searchPrices(ctx.db, params.hospitalId, 'DRUG', query),
  ),
  route(searchServicePrices, async ({ params, query }, ctx) =>
    searchPrices(ctx.db, params.hospitalId, 'SERVICE', query),
  ),
];
