/** Hospital information: profile, notices, navigation, the visit guide and prices. */
export { informationRoutes } from './routes.ts';
export { seedInformation } from './seed.ts';
export * from './tables.ts';
