import type { InsuranceCentre } from './centre.ts';

declare module '../../platform/http/context.ts' {
  interface DomainDeps {
    /** The medical insurance platform (simulated unless a real one is configured). */
    insuranceCentre: InsuranceCentre;
  }
}

declare module '../../platform/module.ts' {
  interface Ports {
    /** The medical insurance platform (default: SimulatedInsuranceCentre, its page only outside production). */
    insuranceCentre: InsuranceCentre;
  }
}
