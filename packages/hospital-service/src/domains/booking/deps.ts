import type { CityServiceEnergy } from './city-service-energy.ts';
import type { ScheduleHis } from './schedule-his.ts';

declare module '../../platform/module.ts' {
  interface Ports {
    /** The payment app's city-service green energy (default: SimulatedCityServiceEnergy). */
    cityServiceEnergy: CityServiceEnergy;
    /** The HIS's schedules and slot stock: hold, confirm, release (default: SimulatedScheduleHis). */
    scheduleHis: ScheduleHis;
  }
}
