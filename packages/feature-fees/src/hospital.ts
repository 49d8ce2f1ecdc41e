import { useAppState } from '@patient/app-state';
import { useHospitalConfig } from '@patient/hospital-config';

/** The hospital the app is opened for (app state), else the build's configured one; null when neither. */
export function useHospitalId(): string | null {
  const config = useHospitalConfig();
  return useAppState((s) => s.hospitalId) ?? config.id;
}

export const NO_HOSPITAL_MESSAGE = '未选择医院，请从医院首页进入';
