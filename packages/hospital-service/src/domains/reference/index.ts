export { ethnicityName, occupationName } from './people.ts';
export { COUNTY_PATHS } from './regions.ts';
export { STREETS } from './streets.ts';
