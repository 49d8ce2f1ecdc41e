export {
  type CallOptions,
  FhirHis,
  type FhirHisConfig,
  fhirHisConfigFromEnv,
  type HisAppointment,
  type HisChargeItem,
  type HisChargeOrder,
  type HisDoctor,
  type HisEncounter,
  type HisLabItem,
  type HisPatientRecord,
  type HisReport,
  type HisSex,
  type HisSlot,
} from './client.ts';
export { HisError, HisNotFoundError, HisRefusedError, HisUnavailableError, toHisError } from './errors.ts';
export { FhirPatientIndex } from './patient-index.ts';
export { type StoryHospital, storyResources } from './story-resources.ts';
export { DEFAULT_SYSTEMS, type FhirSystems } from './systems.ts';
export { type FhirTestServer, type FhirTestServerOptions, startFhirTestServer } from './test-server.ts';
