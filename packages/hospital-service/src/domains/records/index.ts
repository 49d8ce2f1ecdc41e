export { findOwnedReport, provenContact, visitsOf } from './access.ts';
export { type RecordSystem, recordSystem } from './his.ts';
export { type ReportSystem, reportSystem } from './lis.ts';
export { recordRoutes } from './routes.ts';
