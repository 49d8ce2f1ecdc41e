import { getHospitalStartup, type HospitalStartup, onlineBookingOpen } from '@patient/contract';
import { BOOKING_ROUTES, type HospitalConfig } from '@patient/hospital-config';
import type { APIRequestContext } from '@playwright/test';
import { type HospitalKey, SERVICE_URL } from './env.ts';

/** The app's own config: what the journeys expect of each hospital comes from there, not from a copy. */
export async function configOf(key: HospitalKey): Promise<HospitalConfig> {
  const module = (await import(`../../apps/${key}/src/hospital.config.ts`)) as { default: HospitalConfig };
  return module.default;
}

/** What the hospital's service says at start-up (its parameters: notice, address, hotline, switches). */
export async function startupOf(request: APIRequestContext, hospitalId: string): Promise<HospitalStartup> {
  const path = getHospitalStartup.path.replace(':hospitalId', hospitalId);
  const answer = await request.get(`${SERVICE_URL}/hospital-service${path}`, {
    headers: { channelType: 'H5' },
  });
  return ((await answer.json()) as { results: HospitalStartup }).results;
}

/**
 * The route patterns that lead to the service-offline screen in this hospital: its config's overrides and,
 * where the service turns online booking off, every booking entry.
 */
export async function offlineRoutesOf(request: APIRequestContext, config: HospitalConfig): Promise<string[]> {
  if (!config.id) return config.offlineRoutes;
  const { systemParamMap } = await startupOf(request, config.id);
  return [...config.offlineRoutes, ...(onlineBookingOpen(systemParamMap) ? [] : BOOKING_ROUTES)];
}

/** The primary (text and fill) colour of each theme, as packages/ui-kit/src/styles.css defines it. */
export const THEME_PRIMARY: Record<string, string> = {
  green: 'rgb(6, 122, 82)',
  blue: 'rgb(9, 88, 217)',
  red: 'rgb(196, 45, 37)',
  orange: 'rgb(173, 78, 0)',
  purple: 'rgb(106, 64, 200)',
};

/** A payment-app (Alipay) mini-program web-view. */
export const ALIPAY_MINI_PROGRAM_UA =
  'Mozilla/5.0 (Linux; Android 13; V2227A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/105.0.5195.148 Mobile Safari/537.36 AliApp(AP/10.5.36.8000) AlipayClient/10.5.36.8000 Language/zh-Hans MiniProgram';
