/** Appointments: departments, doctors, schedules and their sources, booking rules, holds and orders. */
export { doubleBookings } from './double-bookings.ts';
export { blockersOfDeletion, erasePersonalData } from './erasure.ts';
export { settlementOf, slotFull } from './order-routes.ts';
export {
  claimablePlaces,
  effectiveStatus,
  lockSources,
  type OrderRow,
  ownedOrder,
  paymentOfOrder,
  rulesOf,
  settleDueOrders,
  stopSchedule,
} from './orders.ts';
export { appointmentPayable } from './payable.ts';
export { normaliseKeyword, spell } from './pinyin.ts';
export { chinaInstant, chinaTime, PERIOD_NAME, type Period } from './rules.ts';
export {
  addMissingSources,
  refreshSchedules,
  SCHEDULE_DAYS,
  SCHEDULE_ROLL_LOCK,
  scheduleDaysFrom,
  seedSchedules,
} from './schedule-roll.ts';
export { completeBookingCatalogue, seedBookingCatalogue } from './seed.ts';
export * from './tables.ts';

import { chinaDate } from '../../platform/clock.ts';
import { transactionNow } from '../../platform/database/now.ts';
import { defineDomain } from '../../platform/module.ts';
import { setAppointmentDays } from '../hospitals/index.ts';
import { catalogueRoutes } from './catalogue-routes.ts';
import { SimulatedCityServiceEnergy } from './city-service-energy.ts';
import './deps.ts';
import { registerBookingDevRoutes } from './dev.ts';
import { energyRoutes } from './energy-routes.ts';
import { orderRoutes } from './order-routes.ts';
import { settleDueOrders } from './orders.ts';
import { appointmentPayable } from './payable.ts';
import { addMissingSources, refreshSchedules, scheduleDaysFrom, seedSchedules } from './schedule-roll.ts';
import { completeBookingCatalogue, seedBookingCatalogue } from './seed.ts';
import * as tables from './tables.ts';

/** Appointments; seeds the booking catalogue, then SCHEDULE_DAYS days of schedules with their sources. */
export const bookingModule = defineDomain({
  name: 'booking',
  tables,
  ports: { cityServiceEnergy: () => new SimulatedCityServiceEnergy() },
  routes: ({ ports }) => [...catalogueRoutes, ...orderRoutes, ...energyRoutes(ports.cityServiceEnergy)],
  payables: [appointmentPayable],
  devRoutes: (app, { deps }) => registerBookingDevRoutes(app, deps),
  jobs: ({ deps }) => [
    {
      // Expired holds become EXPIRED (their payments closed), ended bookings VISITED. Reads derive both from the
      // stored times anyway: nothing depends on the job's punctuality.
      name: 'booking-settle-due-orders',
      cron: '* * * * *',
      run: () => deps.db.transaction(async (tx) => settleDueOrders(tx, await transactionNow(tx, deps.clock))),
    },
    {
      // A new China day: the schedules move on (the day's places at the hospital's release time).
      name: 'booking-refresh-schedules',
      cron: '1 0 * * *',
      run: async () => ({ days: (await refreshSchedules(deps.db, deps.clock)) ?? 0 }),
    },
  ],
  seed: async (tx, { now }) => {
    const catalogue = await seedBookingCatalogue(tx);
    const today = chinaDate(now);
    const planned = await seedSchedules(tx, scheduleDaysFrom(today), today);
    return { summary: { ...catalogue, schedules: planned.schedules, sources: planned.sources } };
  },
  completeSeed: async (tx) => {
    // The booking window the app shows comes with the rules.
    await setAppointmentDays(tx, await completeBookingCatalogue(tx));
    await addMissingSources(tx);
    return {};
  },
});
