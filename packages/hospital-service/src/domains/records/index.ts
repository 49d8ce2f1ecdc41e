export { findOwnedReport, provenContact, type RecordPorts, visitsOf } from './access.ts';
export { EXAM_CENTRE_NAME, type ExamCentre, SimulatedExamCentre, type SourceExam } from './exam-centre.ts';
export { type HisVisit, RECORD_SYSTEM_NAME, type RecordSystem, SimulatedRecordSystem } from './his.ts';
export {
  LABORATORY_NAME,
  type Laboratory,
  ReportNotFoundError,
  SimulatedLaboratory,
  type SourceReport,
} from './lis.ts';
export { type Layout, type Mark, PAGE_HEIGHT, PAGE_WIDTH, wrap } from './pages.ts';
export { writePdf } from './pdf.ts';
export { recordRoutes } from './routes.ts';

import { defineDomain } from '../../platform/module.ts';
import './deps.ts';
import { SimulatedExamCentre } from './exam-centre.ts';
import { examRoutes } from './exam-routes.ts';
import { SimulatedRecordSystem } from './his.ts';
import { SimulatedLaboratory } from './lis.ts';
import { recordRoutes } from './routes.ts';

/** The health record and reports, read from the HIS, the LIS and the exam centre (ports; no tables, no seed). */
export const recordsModule = defineDomain({
  name: 'records',
  ports: {
    recordSystem: () => new SimulatedRecordSystem(),
    laboratory: () => new SimulatedLaboratory(),
    examCentre: () => new SimulatedExamCentre(),
  },
  routes: ({ ports }) => [...recordRoutes(ports), ...examRoutes(ports.examCentre)],
});
