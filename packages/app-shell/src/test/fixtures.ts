export { testHospitalConfig as testHospital } from '@patient/hospital-config/testing';
