export * from './config.ts';
export { HospitalConfigProvider, useHospitalConfig } from './context.tsx';
