import type { HospitalConfig } from '@patient/hospital-config';
import type { HospitalKey } from './env.ts';

/** The app's own config: what the journeys expect of each hospital comes from there, not from a copy. */
export async function configOf(key: HospitalKey): Promise<HospitalConfig> {
  const module = (await import(`../../apps/${key}/src/hospital.config.ts`)) as { default: HospitalConfig };
  return module.default;
}

/** The primary colour of each THEME_CONFIG value, as packages/ui-kit/src/styles.css defines it. */
export const THEME_PRIMARY: Record<string, string> = {
  green: 'rgb(7, 168, 113)',
  blue: 'rgb(22, 119, 255)',
  red: 'rgb(216, 55, 46)',
  orange: 'rgb(240, 124, 20)',
  purple: 'rgb(123, 79, 214)',
};

/** A payment-app (Alipay) mini-program web-view. */
export const ALIPAY_MINI_PROGRAM_UA =
  'Mozilla/5.0 (Linux; Android 13; V2227A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/105.0.5195.148 Mobile Safari/537.36 AliApp(AP/10.5.36.8000) AlipayClient/10.5.36.8000 Language/zh-Hans MiniProgram';
