import type { InsuranceCentre } from './centre.ts';

declare module '../../platform/http/context.ts' {
  interface DomainDeps {
    /** The medical insurance platform (simulated unless a real one is configured). */
    insuranceCentre: InsuranceCentre;
  }
}
