/** Staff identity: the corporate-messaging sign-in (企业微信 OAuth), staff sessions, the staff role. */

export { type DataAccess, dataAccessRoutes, recordDataAccess } from './access.ts';
export {
  type CorpDirectory,
  CorpDirectoryError,
  corpDirectoryFrom,
  SimulatedCorpDirectory,
  WeComDirectory,
} from './corp-directory.ts';
export { registerStaffDevPage } from './dev-page.ts';
export { staffRoutes, type WardsOf } from './routes.ts';
export { seedStaff } from './seed.ts';
export { STAFF_SEED } from './seed-data.ts';
export { requireStaff, STAFF_COOKIE, type StaffRow } from './sessions.ts';
export * from './tables.ts';
