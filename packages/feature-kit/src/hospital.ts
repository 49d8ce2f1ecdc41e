import { useAppState } from '@patient/app-state';
import { useHospitalConfig } from '@patient/hospital-config';

/** The hospital the app is opened for (app state), else the build's configured one; null when neither. */
export function useHospitalId(): string | null {
  const config = useHospitalConfig();
  return useAppState((s) => s.hospitalId) ?? config.id;
}
