import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { id } from './primitives.ts';

/**
 * Start-up calls (000 §1, §7). The spec does not give their paths; these are ours.
 * Only `state` 200 counts as success for the description.
 */
const byHospital = z.object({ hospitalId: id() });

export const hospitalDescription = z.object({
  hospitalId: z.string(),
  hospitalName: z.string(),
  /** The hospital's own organisation code. */
  originCode: z.string(),
  /** The organisation code used by the four hospitals flagged `organizationCodeFromMdid`. */
  mdid: z.string(),
});
export type HospitalDescription = z.output<typeof hospitalDescription>;

export const getHospitalDescription = endpoint({
  id: 'getHospitalDescription',
  method: 'GET',
  path: '/v1/hospital/:hospitalId/description',
  summary: '医院描述（名称、机构编码、mdid）',
  auth: false,
  params: byHospital,
  results: hospitalDescription,
});

export const getCanGoToHealthCard = endpoint({
  id: 'getCanGoToHealthCard',
  method: 'GET',
  path: '/v1/hospital/:hospitalId/canGoToHealthCard',
  summary: '电子健康卡页面是否可用',
  auth: false,
  params: byHospital,
  results: z.boolean(),
});

/** The system parameter map: THEME_CONFIG (default 'green') and the hospital's other switches. */
export const systemParamMap = z.record(z.string(), z.string());
export type SystemParamMap = z.output<typeof systemParamMap>;

/** System parameters with a meaning for both the apps and the service. */
export const SYSTEM_PARAM = {
  /**
   * 'false': the hospital takes no booking online (scheduled or same-day). Every booking entry of the app leads
   * to the service-offline screen and the service refuses to hold a place. Absent or any other value: open.
   */
  ONLINE_BOOKING: 'ONLINE_BOOKING',
} as const;

/** Whether the hospital with these system parameters books online (see SYSTEM_PARAM.ONLINE_BOOKING). */
export const onlineBookingOpen = (params: Readonly<Record<string, string>>): boolean =>
  params[SYSTEM_PARAM.ONLINE_BOOKING] !== 'false';

export const getSystemParamMap = endpoint({
  id: 'getSystemParamMap',
  method: 'GET',
  path: '/v1/hospital/:hospitalId/systemParamMap',
  summary: '系统参数表（主题色 THEME_CONFIG 等）',
  auth: false,
  params: byHospital,
  results: systemParamMap,
});

/** The three start-up answers in one: what the app needs before its first screen is complete. */
export const hospitalStartup = z.object({
  description: hospitalDescription,
  canGoToHealthCard: z.boolean(),
  systemParamMap,
  /**
   * A demonstration deployment: outside systems are simulated (no real payment, insurance, courier…). The apps
   * show a 演示环境 strip on every screen. Absent: false.
   */
  demo: z.optional(z.boolean()),
});
export type HospitalStartup = z.output<typeof hospitalStartup>;

/**
 * description + canGoToHealthCard + systemParamMap in one call: the apps make this one request at start-up
 * (one round trip instead of three in a row on a slow network). The three single calls stay for other clients.
 */
export const getHospitalStartup = endpoint({
  id: 'getHospitalStartup',
  method: 'GET',
  path: '/v1/hospital/:hospitalId/startup',
  summary: '启动数据（医院描述、电子健康卡是否可用、系统参数表，一次返回）',
  auth: false,
  params: byHospital,
  results: hospitalStartup,
});
