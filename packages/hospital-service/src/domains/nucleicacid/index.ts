/** Nucleic acid tests: orders for the account's contacts, their price through payments, sampling and results. */
export { registerNucleicAcidDevRoutes } from './dev.ts';
export { erasePersonalData } from './erasure.ts';
export { type NucleicAcidLab, type NucleicAcidSample, SimulatedNucleicAcidLab } from './lab.ts';
export { nucleicAcidPayable } from './payable.ts';
export { nucleicAcidRoutes } from './routes.ts';
export * from './tables.ts';
