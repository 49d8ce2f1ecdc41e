export { useHospitalId } from '@patient/feature-kit';
