import type { ExamCentre } from './exam-centre.ts';
import type { RecordSystem } from './his.ts';
import type { Laboratory } from './lis.ts';

declare module '../../platform/module.ts' {
  interface Ports {
    /** The HIS's visits, prescriptions and drug catalogue (default: SimulatedRecordSystem). */
    recordSystem: RecordSystem;
    /** The LIS's lab reports (default: SimulatedLaboratory). */
    laboratory: Laboratory;
    /** The PACS's imaging and pathology reports and the exam centre's check-ups (default: SimulatedExamCentre). */
    examCentre: ExamCentre;
  }
}
