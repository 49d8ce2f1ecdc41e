export { ethnicityName, occupationName } from './people.ts';
export { COUNTY_PATHS } from './regions.ts';
export { STREETS } from './streets.ts';

import { defineDomain } from '../../platform/module.ts';
import { regionRoutes } from './routes.ts';

/** Static reference data (no tables, no seed). */
export const referenceModule = defineDomain({ name: 'reference', routes: () => regionRoutes });
