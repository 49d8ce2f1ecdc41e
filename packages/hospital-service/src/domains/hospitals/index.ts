export { hospitalParams, requireHospital } from './routes.ts';
export { seedHospitals, setAppointmentDays } from './seed.ts';
export { type BookingRuleSeed, HOSPITALS, type HospitalSeed, type Theme } from './seed-data.ts';
export * from './tables.ts';
