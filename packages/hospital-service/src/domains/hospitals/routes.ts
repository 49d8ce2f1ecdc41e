import {
  getCanGoToHealthCard,
  getHospitalDescription,
  getHospitalStartup,
  getSystemParamMap,
} from '@patient/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { businessError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { hospitals, systemParams } from './tables.ts';

/** The hospital row, or the business error every hospital-scoped call gives for an unknown id. */
export async function requireHospital(db: DbOrTx, hospitalId: string) {
  const [hospital] = await db.select().from(hospitals).where(eq(hospitals.id, hospitalId)).limit(1);
  if (!hospital) {
    throw businessError(404, '医院不存在', `未找到编号为 ${hospitalId} 的医院，请检查链接是否正确`);
  }
  return hospital;
}

/**
 * requireHospital for the start-up call, which also says when the service holds no hospital at all (a
 * production database migrated before any catalogue was imported): `state` 404 `医院尚未开通`.
 */
async function requireHospitalOrEmptyState(db: DbOrTx, hospitalId: string) {
  const [hospital] = await db.select().from(hospitals).where(eq(hospitals.id, hospitalId)).limit(1);
  if (hospital) return hospital;
  const [any] = await db.select({ id: hospitals.id }).from(hospitals).limit(1);
  if (!any) {
    throw businessError(
      404,
      '医院尚未开通',
      '本服务还没有导入任何医院的数据，暂时无法使用，请稍后再试或联系医院',
    );
  }
  return requireHospital(db, hospitalId);
}

/** The theme when a hospital has none configured (000 §9). */
export const DEFAULT_THEME = 'green';

type Hospital = Awaited<ReturnType<typeof requireHospital>>;

const descriptionOf = (h: Hospital) => ({
  hospitalId: h.id,
  hospitalName: h.name,
  originCode: h.originCode,
  mdid: h.mdid,
});

/** The hospital's system parameters, THEME_CONFIG defaulted. */
async function systemParamMapOf(db: DbOrTx, h: Hospital): Promise<Record<string, string>> {
  const rows = await db
    .select()
    .from(systemParams)
    .where(eq(systemParams.hospitalId, h.id))
    .orderBy(systemParams.key);
  const map: Record<string, string> = { THEME_CONFIG: DEFAULT_THEME };
  for (const row of rows) map[row.key] = row.value;
  return map;
}

/** A hospital's system parameters (HOTLINE, ADDRESS, NOTICE, …): the one place they are kept. */
export async function hospitalParams(db: DbOrTx, hospitalId: string): Promise<Record<string, string>> {
  return systemParamMapOf(db, await requireHospital(db, hospitalId));
}

export const startupRoutes = [
  route(getHospitalDescription, async ({ params }, { db }) =>
    descriptionOf(await requireHospital(db, params.hospitalId)),
  ),

  route(getCanGoToHealthCard, async ({ params }, { db }) => {
    const h = await requireHospital(db, params.hospitalId);
    return h.canGoToHealthCard;
  }),

  route(getSystemParamMap, async ({ params }, { db }) =>
    systemParamMapOf(db, await requireHospital(db, params.hospitalId)),
  ),

  // The three above in one answer, from the same reads (the apps' only start-up call).
  route(getHospitalStartup, async ({ params }, { db, demo }) => {
    const h = await requireHospitalOrEmptyState(db, params.hospitalId);
    return {
      description: descriptionOf(h),
      canGoToHealthCard: h.canGoToHealthCard,
      systemParamMap: await systemParamMapOf(db, h),
      demo: demo === true,
    };
  }),
];
