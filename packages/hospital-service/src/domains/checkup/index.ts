export { seedDemoCheckups } from './seed.ts';
export * from './tables.ts';
