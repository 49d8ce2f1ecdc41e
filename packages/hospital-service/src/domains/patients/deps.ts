import type { ContactRow } from './common.ts';
import type { FaceVerification } from './face-verification.ts';

declare module '../../platform/module.ts' {
  interface Ports {
    /**
     * The face verification platform that proves contacts (FACE). Default: the simulated one (its page) outside
     * production; in production only a real one is used (none: face verification answers 人脸核身暂未开通).
     */
    faceVerification: FaceVerification | null;
  }
  interface SeedFacts {
    /** The demo account's contacts. */
    demoContacts: ContactRow[];
  }
}
