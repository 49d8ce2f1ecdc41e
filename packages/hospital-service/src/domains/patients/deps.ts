import type { ContactRow } from './common.ts';
import type { FaceVerification } from './face-verification.ts';
import type { HealthCardPlatform } from './health-code-platform.ts';
import type { PatientIndex } from './his.ts';

declare module '../../platform/module.ts' {
  interface Ports {
    /**
     * The face verification platform that proves contacts (FACE). Default: the simulated one (its page) outside
     * production; in production only a real one is used (none: face verification answers 人脸核身暂未开通).
     */
    faceVerification: FaceVerification | null;
    /** The HIS's patient index: cards, filing (建档), the phone it holds (default: SimulatedPatientIndex). */
    patientIndex: PatientIndex;
    /** The provincial health platform: electronic health cards, health codes (default: simulated). */
    healthCardPlatform: HealthCardPlatform;
  }
  interface SeedFacts {
    /** The demo account's contacts. */
    demoContacts: ContactRow[];
  }
}
