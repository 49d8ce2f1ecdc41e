import { createContext, type ReactNode, useContext } from 'react';
import type { HospitalConfig } from './config.ts';

const HospitalConfigContext = createContext<HospitalConfig | null>(null);

/** Makes the app's hospital config available to every screen. */
export function HospitalConfigProvider({
  config,
  children,
}: {
  config: HospitalConfig;
  children: ReactNode;
}) {
  return <HospitalConfigContext.Provider value={config}>{children}</HospitalConfigContext.Provider>;
}

/** The current hospital's config; throws outside HospitalConfigProvider. */
export function useHospitalConfig(): HospitalConfig {
  const config = useContext(HospitalConfigContext);
  if (!config) throw new Error('useHospitalConfig 必须在 HospitalConfigProvider 内使用');
  return config;
}
