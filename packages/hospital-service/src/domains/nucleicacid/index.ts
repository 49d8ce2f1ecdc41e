/** Nucleic acid tests: orders for the account's contacts, their price through payments, sampling and results. */
export { registerNucleicAcidDevRoutes } from './dev.ts';
export { erasePersonalData } from './erasure.ts';
export { type NucleicAcidLab, type NucleicAcidSample, SimulatedNucleicAcidLab } from './lab.ts';
export { nucleicAcidPayable } from './payable.ts';
export { nucleicAcidRoutes } from './routes.ts';
export * from './tables.ts';

import { defineDomain } from '../../platform/module.ts';
import './deps.ts';
import { registerNucleicAcidDevRoutes } from './dev.ts';
import { SimulatedNucleicAcidLab } from './lab.ts';
import { nucleicAcidPayable } from './payable.ts';
import { nucleicAcidRoutes } from './routes.ts';
import * as tables from './tables.ts';

/** Nucleic acid tests, sampled and reported by the laboratory (no seed). */
export const nucleicacidModule = defineDomain({
  name: 'nucleicacid',
  tables,
  ports: { nucleicAcidLab: () => new SimulatedNucleicAcidLab() },
  routes: () => nucleicAcidRoutes,
  payables: [nucleicAcidPayable],
  devRoutes: (app, { deps, ports }) => registerNucleicAcidDevRoutes(app, deps, ports.nucleicAcidLab),
});
