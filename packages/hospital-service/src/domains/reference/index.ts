export { ethnicityName, occupationName } from './people.ts';
