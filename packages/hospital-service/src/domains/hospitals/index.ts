export { requireHospital } from './routes.ts';
export * from './tables.ts';
