import type { CityServiceEnergy } from './city-service-energy.ts';

declare module '../../platform/module.ts' {
  interface Ports {
    /** The payment app's city-service green energy (default: SimulatedCityServiceEnergy). */
    cityServiceEnergy: CityServiceEnergy;
  }
}
