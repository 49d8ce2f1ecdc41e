import type { NucleicAcidLab } from './lab.ts';

declare module '../../platform/module.ts' {
  interface Ports {
    /** The laboratory of nucleic acid tests (default: SimulatedNucleicAcidLab). */
    nucleicAcidLab: NucleicAcidLab;
  }
}
