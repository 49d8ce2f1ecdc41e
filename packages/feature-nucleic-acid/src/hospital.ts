export { useHospitalId } from '@patient/feature-kit';

export const NO_HOSPITAL_MESSAGE = '未选择医院，请从医院首页进入';
