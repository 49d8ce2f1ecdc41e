/** Community health screening: campaigns by street, their communities, residents' screenings and risk results. */

export { erasePersonalData } from './erasure.ts';
export { screeningRoutes } from './routes.ts';
export { completeScreening, seedScreening } from './seed.ts';
export * from './tables.ts';
