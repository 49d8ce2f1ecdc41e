export { findOwnedReport, provenContact, visitsOf } from './access.ts';
export { type RecordSystem, recordSystem } from './his.ts';
export { type ReportSystem, reportSystem } from './lis.ts';
export { type Layout, type Mark, PAGE_HEIGHT, PAGE_WIDTH, wrap } from './pages.ts';
export { writePdf } from './pdf.ts';
export { recordRoutes } from './routes.ts';

import { defineDomain } from '../../platform/module.ts';
import { examRoutes } from './exam-routes.ts';
import { recordRoutes } from './routes.ts';

/** The health record and reports, read from the simulated HIS, LIS and PACS (no tables, no seed). */
export const recordsModule = defineDomain({
  name: 'records',
  routes: () => [...recordRoutes, ...examRoutes],
});
