export * from './tables.ts';
