export { findOwnedReport, provenContact, visitsOf } from './access.ts';
export { type RecordSystem, recordSystem } from './his.ts';
export { type ReportSystem, reportSystem } from './lis.ts';
export { type Layout, type Mark, PAGE_HEIGHT, PAGE_WIDTH, wrap } from './pages.ts';
export { writePdf } from './pdf.ts';
export { recordRoutes } from './routes.ts';
